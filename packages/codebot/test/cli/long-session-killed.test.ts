/**
 * A long session as a daily user has it: 420 calls of real tools on real files, a PreToolUse and a
 * PostToolUse command hook on each, a window small enough that the conversation is compacted again
 * and again, the process killed with SIGKILL in the middle of a call, then `-c` and `-r <id>`.
 * Each hook fires once per call, the transcript reads back whole, and each resume sends the model
 * the conversation the killed (or ended) run had, plus what the resume adds — as claude 2.1.328's
 * `-c` after an automatic compaction sent its compacted history (recorded: docs/runtime.md).
 */
import fs from "node:fs";
import path from "node:path";
import { type RecordedRequest, type ReplyTurn, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, startCli, useBuiltCli } from "./support/cli-process.js";
import {
  growingUsage,
  isSummaryRequest,
  longSessionCall,
  longSessionSettings,
} from "./support/long-session.js";

useBuiltCli();

const ID = "5e551011-1111-4222-8333-444455556666";
/** The call during which the first run is killed (a bash call: no later call needs what it does). */
const KILLED = 303;
const RESUMED_UNTIL = 400;
const CALLS = 420;

/** Call `k` of the long session; the killed call waits to be killed. */
const callOf = (k: number): ReplyTurn =>
  k === KILLED
    ? reply.toolCall("bash", { command: "echo $$ > sleeper.pid; exec sleep 600" }, `c${k}`)
    : longSessionCall(k);

/** The model: calls up to `until()` (exclusive), then an answer. Summary requests get a summary. */
function model(until: () => number) {
  let next = 0;
  return (request: RecordedRequest): ReplyTurn => {
    const usage = growingUsage(request);
    if (isSummaryRequest(request)) return { ...reply.text(`Summary: ${next} calls have run.`), usage };
    const turn = next < until() ? callOf(next++) : reply.text(`stopped before call ${next}`);
    return { ...turn, usage };
  };
}

/** A request's messages without prompt-cache marks (which move to the newest message each step). */
function messagesOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(JSON.stringify(request?.body?.messages ?? null), (key, value) =>
    key === "cache_control" ? undefined : value,
  );
}

/** The tool_use ids each hook log holds, one line per hook run. */
const hookIds = (log: string) =>
  fs
    .readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(`{${line}}`).tool_use_id as string);

/** Kills the call's `sleep` should it have outlived codebot (codebot's process host usually takes it along). */
function stopIfRunning(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `c${from + i}`);
const sorted = (values: string[]) => [...values].sort();

describe("a long session killed mid-call, then resumed with -c and -r", () => {
  it("fires each hook once per call, keeps every line, and resumes the conversation the run had", async () => {
    const box = sandbox();
    const log = (name: string) => path.join(box.home, `${name}.log`);
    const settings = box.json(path.join(box.home, "long-session-settings.json"), longSessionSettings(log));
    let until = CALLS;
    const step = model(() => until);
    const server = await modelServer(Array.from({ length: 2 * CALLS }, () => step));
    const options = { env: modelEnv(server, box.home), cwd: box.project, timeoutMs: 600_000 };
    const args = ["--permission-mode", "bypassPermissions", "--settings", settings];

    const first = startCli(["-p", "go", "--session-id", ID, ...args], options);
    let exited = false;
    void first.done.then(() => {
      exited = true;
    });
    await waitFor(() => fs.existsSync(box.at("sleeper.pid")) || exited, 500_000, "the call to be killed");
    expect(exited, first.stderr()).toBe(false);
    first.child.kill("SIGKILL");
    const killed = await first.done;
    stopIfRunning(Number(fs.readFileSync(box.at("sleeper.pid"), "utf8")));
    expect(killed.signal).toBe("SIGKILL");
    expect(killed.stderr.match(/conversation compacted \(auto\)/g)?.length).toBeGreaterThanOrEqual(2);
    const lastBeforeKill = server.requests.filter((r) => !isSummaryRequest(r)).at(-1);

    until = RESUMED_UNTIL;
    const before = server.requests.length;
    const resumed = await runCli(["-p", "continue", "-c", ...args], options);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`tool call c${KILLED} (bash) has no result; it is marked interrupted`);
    const afterKill = server.requests.slice(before).filter((r) => !isSummaryRequest(r));
    // The killed run's conversation, its last call with the interrupted result, then the new prompt.
    const interrupted = messagesOf(afterKill[0]) as unknown[];
    expect(interrupted.slice(0, -2)).toEqual(messagesOf(lastBeforeKill));
    expect(JSON.stringify(interrupted.at(-2))).toContain(`"id":"c${KILLED}"`);
    expect(JSON.stringify(interrupted.at(-1))).toContain("the session ended before this call finished");
    expect(JSON.stringify(interrupted.at(-1))).toContain('"text":"continue"');

    until = CALLS;
    const endedWith = afterKill.at(-1);
    const again = server.requests.length;
    const byId = await runCli(["-p", "more", "-r", ID, ...args], options);
    expect(byId.code, byId.stderr).toBe(0);
    const afterEnd = messagesOf(server.requests.slice(again).find((r) => !isSummaryRequest(r))) as unknown[];
    expect(afterEnd.slice(0, -2)).toEqual(messagesOf(endedWith));
    expect(afterEnd.slice(-2)).toEqual([
      { role: "assistant", content: [{ type: "text", text: `stopped before call ${RESUMED_UNTIL}` }] },
      { role: "user", content: [{ type: "text", text: "more" }] },
    ]);

    expect(sorted(hookIds(log("pre")))).toEqual(sorted(ids(0, CALLS)));
    expect(sorted(hookIds(log("post")))).toEqual(sorted(ids(0, CALLS).filter((id) => id !== `c${KILLED}`)));

    const transcript = path.join(
      box.home,
      "projects",
      fs.readdirSync(path.join(box.home, "projects"))[0] as string,
    );
    const lines = fs
      .readFileSync(path.join(transcript, `${ID}.jsonl`), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const uuids = lines.flatMap((line) => (line.uuid ? [line.uuid] : []));
    expect(new Set(uuids).size).toBe(uuids.length);
    const blocks = lines.flatMap((line) =>
      Array.isArray(line.message?.content) ? line.message.content : [],
    );
    const called = new Set(blocks.filter((b) => b.type === "tool_use").map((b) => b.id));
    const answered = new Set(blocks.filter((b) => b.type === "tool_result").map((b) => b.tool_use_id));
    expect(sorted([...called])).toEqual(sorted(ids(0, CALLS)));
    expect(sorted([...answered])).toEqual(sorted(ids(0, CALLS)));
  }, 900_000);
});
