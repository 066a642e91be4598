/**
 * A message an Agent SDK program sends while a turn runs is recorded as claude 2.1.328 records it
 * (recorded, docs/agents.md): no user line but a `queued_command` attachment line in the turn's
 * chain. A resume sends the model that message where it was, and reads it as claude's: no prompt
 * `/rewind` goes back to, shown in the recap as it was sent.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { sessionDirectory } from "../../src/transcript/session-files.js";
import { waitFor } from "../support/wait-for.js";
import { writeClaudeQueuedTurn } from "./support/claude-queued-turn.js";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";
import { type SdkSessionOptions, sdkSession } from "./support/sdk-session.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** The wrapper the model read the message in (mid-turn-text.ts). */
const WRAPPED = "The user sent a new message while you were working:\\nsecond message";

/** The lines of the sandbox's one session, and its id. */
function sessionLines(box: Sandbox): { id: string; lines: Record<string, unknown>[] } {
  const folder = sessionDirectory(box.home, fs.realpathSync(box.project));
  const [name = ""] = fs.readdirSync(folder).filter((entry) => entry.endsWith(".jsonl"));
  return {
    id: path.basename(name, ".jsonl"),
    lines: jsonLines(fs.readFileSync(path.join(folder, name), "utf8")),
  };
}

/** A UserPromptSubmit callback that adds context to the mid-turn message only. */
const CONTEXT_ON_SECOND: SdkSessionOptions = {
  hooks: { UserPromptSubmit: [{ hookCallbackIds: ["ups"] }] },
  answers: {
    hook_callback: (request) =>
      (request.input as { prompt?: string }).prompt === "second message"
        ? {
            hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "CONTEXT-FROM-HOOK" },
          }
        : {},
  },
};

/** An SDK session in which "second message" (with `uuid`) was sent while "first message"'s turn ran a command. */
async function sentMidTurn(uuid: string, options: SdkSessionOptions = {}): Promise<Sandbox> {
  const { box, run } = await sdkSession(
    [reply.toolCall("bash", { command: "sleep 1" }, "toolu_1"), reply.text("both answered")],
    { args: ["--permission-mode", "bypassPermissions"], ...options },
  );
  run.say("first message");
  await waitFor(() => run.lines().some((l) => l.type === "assistant"), 30_000, "the tool call");
  run.say("second message", uuid);
  expect(await run.result()).toMatchObject({ result: "both answered" });
  expect((await run.end()).code).toBe(0);
  return box;
}

describe("a message an SDK program sent mid-turn, in the transcript", { timeout: 120_000 }, () => {
  it("is claude's queued_command attachment line in the turn's chain, and no user line", async () => {
    const uuid = randomUUID();
    const { lines } = sessionLines(await sentMidTurn(uuid));
    const queued = lines.filter(
      (l) => l.type === "attachment" && JSON.stringify(l).includes("second message"),
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      attachment: {
        type: "queued_command",
        prompt: [{ type: "text", text: "second message" }],
        source_uuid: uuid,
        commandMode: "prompt",
        timestamp: expect.any(String),
      },
      isSidechain: false,
    });
    expect(queued[0]).not.toHaveProperty("origin");
    expect(lines.filter((l) => l.type === "user" && JSON.stringify(l).includes("second message"))).toEqual(
      [],
    );
    const toolResult = lines.find(
      (l) => l.type === "user" && JSON.stringify(l.message).includes("tool_result"),
    );
    const answer = lines.find(
      (l) => l.type === "assistant" && JSON.stringify(l.message).includes("both answered"),
    );
    expect(queued[0]?.parentUuid).toBe(toolResult?.uuid);
    expect(answer?.parentUuid).toBe(queued[0]?.uuid);
  });

  it("resumed, the model is sent the message where it read it, between the command's result and the answer", async () => {
    const box = await sentMidTurn(randomUUID());
    const server = await modelServer([reply.text("resumed")]);
    const r = await runCli(["-c", "-p", "third message", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    const sent = requestText(server.requests[0]);
    expect(sent.indexOf("tool_result")).toBeLessThan(sent.indexOf(WRAPPED));
    expect(sent.indexOf(WRAPPED)).toBeLessThan(sent.indexOf("both answered"));
    expect(sent.split("second message")).toHaveLength(2);
  });

  it("resumed, a UserPromptSubmit hook's context on it is sent again with it, as the model first read it", async () => {
    const box = await sentMidTurn(randomUUID(), CONTEXT_ON_SECOND);
    const server = await modelServer([reply.text("resumed")]);
    const r = await runCli(["-c", "-p", "third message", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    const sent = requestText(server.requests[0]);
    expect(sent.indexOf("CONTEXT-FROM-HOOK")).toBeGreaterThan(sent.indexOf("tool_result"));
    expect(sent.indexOf("CONTEXT-FROM-HOOK")).toBeLessThan(sent.indexOf(WRAPPED));
  });

  it("resumed in the terminal, the recap shows it as sent and /rewind does not offer it", async () => {
    const box = await sentMidTurn(randomUUID());
    const term = await startSession(box, await modelServer([]), {
      args: ["-c"],
      size: { columns: 120, rows: 40 },
    });
    const recap = await term.waitForScreen(/^both answered$/m);
    expect(recap).toMatch(/^› first message$/m);
    expect(recap).toMatch(/^› second message$/m);
    expect(recap).not.toContain("while you were working");
    term.submit("/rewind");
    const screen = await term.waitForScreen("Enter to continue · Esc to cancel");
    const list = screen.slice(screen.lastIndexOf("/rewind"));
    expect(list).toMatch(/^ {2}first message$/m);
    expect(list).not.toContain("second message");
  });

  it("claude 2.1.328's own queued_command line (no message) is sent as the wrapper around its prompt", async () => {
    const box = sandbox();
    // As claude 2.1.328 wrote it (recorded), its `rendered` left out.
    const id = writeClaudeQueuedTurn(box, {
      first: {
        promptSource: "sdk",
        message: { role: "user", content: [{ type: "text", text: "first message" }] },
      },
      command: "sleep 4",
      result: "slept",
      queued: {
        prompt: [{ type: "text", text: "second message" }],
        source_uuid: randomUUID(),
        delivery_id: randomUUID(),
        commandMode: "prompt",
      },
      answer: "both answered",
    });
    const server = await modelServer([reply.text("resumed")]);
    const r = await runCli(["-r", id, "-p", "third message", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const sent = requestText(server.requests[0]);
    expect(sent.indexOf("slept")).toBeLessThan(sent.indexOf(WRAPPED));
    expect(sent.indexOf(WRAPPED)).toBeLessThan(sent.indexOf("both answered"));
  });
});
