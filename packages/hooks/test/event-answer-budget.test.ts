/**
 * The answers of one firing's hooks, read side by side, share a budget past each hook's first
 * 1 MiB (answer-budget.ts): 8 Claude Code hooks each answering 30 MB took codebot to 877 MB, 24 to
 * 2.3 GB, each reading its own 32 MiB. Now as many whole answers as 64 MiB holds are read; a hook
 * cut by it keeps its first 1 MiB, gives the rest back, and says why.
 */
import fs from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AnswerBudget } from "../src/answer-budget.js";
import { ANSWER_CAP } from "../src/answer-cap.js";
import { CappedBuffer } from "../src/capped-buffer.js";
import { createCommandExecutor } from "../src/command-executor.js";
import type { RunContext } from "../src/executor.js";
import { createHttpExecutor } from "../src/http-executor.js";
import { loopbackServers } from "./http-loopback.js";
import { bashTool, callTool, q, runnerFor, tempDir } from "./support.js";

const ANSWER_CHARS = 30_000_000;

/** A hook script printing a PostToolUse answer whose additionalContext is 30 MB, marked `n`. */
function bigAnswerHook(): string {
  const file = join(tempDir(), "answer.mjs");
  fs.writeFileSync(
    file,
    `const context = "CONTEXT-" + process.argv[2] + "-" + "x".repeat(${ANSWER_CHARS});
process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: context } }));
`,
  );
  return file;
}

const CUT =
  "stdout looks like JSON but does not parse: it was cut, as the hooks of this event answered more than codebot reads for one event together (64 MiB past each hook's first 1 MiB); treated as text";

describe("one firing's hook answers past 1 MiB share a budget", () => {
  it("three Claude Code hooks answering 30 MB each: two are read whole, the third is cut and says why", async () => {
    const script = bigAnswerHook();
    const hooks = [1, 2, 3].map((n) => ({ type: "command", command: `node ${q(script)} ${n}` }));
    const { runner, traces } = runnerFor({ PostToolUse: [{ matcher: "Bash", hooks }] });
    await callTool(runner, bashTool, { command: "true" });
    expect(traces).toHaveLength(3);
    const whole = traces.filter((t) => t.decision?.additionalContext !== undefined);
    const cut = traces.filter((t) => t.truncated !== undefined);
    expect(whole).toHaveLength(2);
    expect(cut).toHaveLength(1);
    expect(cut[0]?.warnings).toEqual([CUT]);
  }, 120_000);

  it("a hook cut by it keeps its first 1 MiB and gives the rest back; another still reads its first 1 MiB", () => {
    const budget = new AnswerBudget(4 * ANSWER_CAP);
    const first = new CappedBuffer(32 * ANSWER_CAP, budget);
    const second = new CappedBuffer(32 * ANSWER_CAP, budget);
    first.push(Buffer.alloc(3 * ANSWER_CAP, "a"));
    second.push(Buffer.alloc(3 * ANSWER_CAP, "b"));
    // first drew 2 MiB, second 2 MiB: the budget is spent, and the next bytes cut first.
    first.push(Buffer.alloc(10, "a"));
    expect(first).toMatchObject({ truncated: true, cutByBudget: true });
    expect(first.text()).toHaveLength(ANSWER_CAP);
    // What first drew (2 MiB) is back: second reads on.
    second.push(Buffer.alloc(2 * ANSWER_CAP, "b"));
    expect(second).toMatchObject({ truncated: false, cutByBudget: false });
    expect(second.text()).toHaveLength(5 * ANSWER_CAP);
    // Spent again, a third answer still reads its first 1 MiB whole (HOOKS.md §6.1).
    const third = new CappedBuffer(32 * ANSWER_CAP, budget);
    third.push(Buffer.alloc(ANSWER_CAP, "c"));
    expect(third).toMatchObject({ truncated: false });
    expect(third.text()).toHaveLength(ANSWER_CAP);
  });
});

/** 3 MiB of `a` on stdout: 2 MiB past a hook's first 1 MiB. */
const THREE_MIB = "head -c 3145728 /dev/zero | tr '\\0' a";

/** A Claude Code group's run (its answer may pass 1 MiB) drawing from `budget`. */
function claudeRun(budget: AnswerBudget, over: Partial<RunContext> = {}): RunContext {
  return {
    payload: "{}",
    cwd: tempDir(),
    env: {},
    timeoutMs: 60_000,
    signal: new AbortController().signal,
    answerCap: 32 * ANSWER_CAP,
    answerBudget: budget,
    ...over,
  };
}

const server = loopbackServers();

describe("a hook whose answer is not read gives back what it drew of the budget", () => {
  it("a command hook stopped mid-answer: the next hook of the event reads its 3 MiB whole", async () => {
    const budget = new AnswerBudget(2 * ANSWER_CAP);
    const executor = createCommandExecutor();
    const stop = new AbortController();
    const killed = await executor.run(
      { type: "command", command: `${THREE_MIB}; sleep 60` },
      claudeRun(budget, {
        signal: stop.signal,
        // Stopped once all 3 MiB were read: it drew the whole budget.
        onOutput: (stdout) => {
          if (stdout.length >= 3 * ANSWER_CAP) stop.abort();
        },
      }),
    );
    expect(killed.error).toBe("aborted");
    const next = await executor.run({ type: "command", command: THREE_MIB }, claudeRun(budget));
    expect(next.truncated).toBeUndefined();
    expect(next.stdout).toHaveLength(3 * ANSWER_CAP);
  }, 120_000);

  it("an http hook whose server closes mid-answer: a command hook of the event reads its 3 MiB whole", async () => {
    const budget = new AnswerBudget(2 * ANSWER_CAP);
    const target = await server((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      // 3 MiB of an answer that never ends: the connection closes under it.
      res.write("a".repeat(3 * ANSWER_CAP), () => setTimeout(() => res.socket?.end(), 200));
    });
    const http = createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] });
    const cut = await http.run({ type: "http", url: target.origin }, claudeRun(budget));
    expect(cut.error).toMatch(/^http hook /);
    const next = await createCommandExecutor().run(
      { type: "command", command: THREE_MIB },
      claudeRun(budget),
    );
    expect(next.truncated).toBeUndefined();
    expect(next.stdout).toHaveLength(3 * ANSWER_CAP);
  }, 120_000);
});

/** Resolves once `file` exists (a hook's sign that it got this far). */
async function until(file: string): Promise<void> {
  while (!fs.existsSync(file)) await new Promise((r) => setTimeout(r, 20));
}

describe("an async hook's output after its reply does not hold its event's budget", () => {
  // 2 MiB after the reply: past its first 1 MiB, it would draw half the event's budget.
  const ASYNC = `echo '{"async": true}'; head -c 2097152 /dev/zero | tr '\\0' a`;

  it("a hook that printed 2 MiB after its reply and ended: the event's next hook reads its 3 MiB whole", async () => {
    const budget = new AnswerBudget(2 * ANSWER_CAP);
    const executor = createCommandExecutor();
    let later = "";
    const ended = new Promise<void>((end) => {
      void executor.run(
        { type: "command", command: ASYNC, asyncReply: true },
        claudeRun(budget, {
          onLaterOutput: (text) => {
            later = text;
            end();
          },
        }),
      );
    });
    await ended;
    expect(later).toHaveLength(2 * ANSWER_CAP);
    const next = await executor.run({ type: "command", command: THREE_MIB }, claudeRun(budget));
    expect(next.truncated).toBeUndefined();
    expect(next.stdout).toHaveLength(3 * ANSWER_CAP);
  }, 120_000);

  it("async hooks that printed 31 MiB each after their reply and ended: a third one's is read whole too", async () => {
    const executor = createCommandExecutor();
    const lateOutput = () =>
      new Promise<string>((done) => {
        void executor.run(
          {
            type: "command",
            command: `echo '{"async": true}'; head -c 32505856 /dev/zero | tr '\\0' a`,
            asyncReply: true,
          },
          claudeRun(new AnswerBudget(), { onLaterOutput: done }),
        );
      });
    // Each drew 30 MiB of what detached hooks' output may hold together (64 MiB), and gave it back at its end.
    for (const _ of [1, 2, 3]) expect(await lateOutput()).toHaveLength(31 * ANSWER_CAP);
  }, 120_000);

  it("a hook still running after printing 2 MiB past its reply: the event's next hook reads its 3 MiB whole", async () => {
    const budget = new AnswerBudget(2 * ANSWER_CAP);
    const executor = createCommandExecutor();
    const dir = tempDir();
    const replied = await executor.run(
      { type: "command", command: `${ASYNC}; touch printed; sleep 60`, asyncReply: true },
      claudeRun(budget, { cwd: dir }),
    );
    expect(replied).toMatchObject({ stdout: "", exitCode: 0 });
    await until(join(dir, "printed"));
    // The last of its output still in the pipe is read meanwhile.
    await new Promise((r) => setTimeout(r, 300));
    const next = await executor.run({ type: "command", command: THREE_MIB }, claudeRun(budget));
    expect(next.truncated).toBeUndefined();
    expect(next.stdout).toHaveLength(3 * ANSWER_CAP);
    await executor.close?.();
  }, 120_000);
});
