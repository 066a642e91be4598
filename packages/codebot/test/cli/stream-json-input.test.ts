import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import type { Sandbox } from "./support/cli-fixtures.js";
import { heldReply, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import {
  expectNoStackTrace,
  jsonLines,
  runCli,
  startCli,
  useBuiltCli,
  userLine,
} from "./support/cli-process.js";

useBuiltCli();

const STREAM = ["-p", "--input-format", "stream-json", "--output-format", "stream-json"];

/** `system/init` for init lines, the type for the others; codebot's hook reports left out. */
function shapes(stdout: string): string[] {
  return jsonLines(stdout)
    .filter((l) => !(l.type === "system" && l.subtype !== "init"))
    .map((l) => (l.type === "system" ? "system/init" : String(l.type)));
}

/** Claude Code–style hooks appending each payload, one JSON line each, to `<project>/hooks.log`. */
function loggingHooks(
  box: Sandbox,
  events: readonly string[],
): { settings: string; payloads: () => Record<string, unknown>[] } {
  const log = box.at("hooks.log");
  const group = [{ hooks: [{ type: "command", command: `cat >> '${log}'; echo >> '${log}'` }] }];
  const settings = box.json("hooks.json", { hooks: Object.fromEntries(events.map((e) => [e, group])) });
  return { settings, payloads: () => jsonLines(fs.readFileSync(log, "utf8")) };
}

describe("codebot -p --input-format stream-json", () => {
  it("answers each stdin line as a turn of one session: an init line and a result line per turn, the history carried on", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("answer one"), reply.text("answer two")]);
    const r = await runCli([...STREAM, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: userLine("first prompt") + userLine([{ type: "text", text: "second prompt" }]),
    });
    expectNoStackTrace(r.stderr);
    expect(r.code).toBe(0);
    expect(shapes(r.stdout)).toEqual([
      "system/init",
      "assistant",
      "result",
      "system/init",
      "assistant",
      "result",
    ]);
    const results = jsonLines(r.stdout).filter((l) => l.type === "result");
    expect(results.map((l) => [l.result, l.result_index])).toEqual([
      ["answer one", 0],
      ["answer two", 1],
    ]);
    const ids = new Set(jsonLines(r.stdout).map((l) => l.session_id));
    expect(ids.size).toBe(1);
    expect(server.requests).toHaveLength(2);
    const second = requestText(server.requests[1]);
    expect(second).toContain("first prompt");
    expect(second).toContain("answer one");
    expect(second).toContain("second prompt");
  });

  it("hooks see one session across turns: UserPromptSubmit and Stop each turn, SessionStart and SessionEnd once, one session_id", async () => {
    const box = sandbox();
    const hooks = loggingHooks(box, ["SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"]);
    const server = await modelServer([reply.text("answer one"), reply.text("answer two")]);
    const r = await runCli([...STREAM, "--settings", hooks.settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: userLine("first prompt") + userLine("second prompt"),
    });
    expect(r.code).toBe(0);
    const payloads = hooks.payloads();
    expect(payloads.map((p) => [p.hook_event_name, p.prompt])).toEqual([
      ["SessionStart", undefined],
      ["UserPromptSubmit", "first prompt"],
      ["Stop", undefined],
      ["UserPromptSubmit", "second prompt"],
      ["Stop", undefined],
      ["SessionEnd", undefined],
    ]);
    const init = jsonLines(r.stdout).find((l) => l.subtype === "init");
    expect(new Set(payloads.map((p) => p.session_id))).toEqual(new Set([init?.session_id]));
    expect(new Set(payloads.map((p) => p.transcript_path))).toEqual(new Set([init?.transcript_path]));
  });

  it("--replay-user-messages echoes each user message after its init line, as given, with the uuid it came with", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("answer one"), reply.text("answer two")]);
    const uuid = "11111111-1111-4111-8111-111111111111";
    const blocks = [{ type: "text", text: "second prompt" }];
    const r = await runCli([...STREAM, "--replay-user-messages", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: userLine("first prompt", { uuid }) + userLine(blocks),
    });
    expect(r.code).toBe(0);
    expect(shapes(r.stdout)).toEqual([
      "system/init",
      "user",
      "assistant",
      "result",
      "system/init",
      "user",
      "assistant",
      "result",
    ]);
    const echoes = jsonLines(r.stdout).filter((l) => l.type === "user");
    expect(echoes[0]).toMatchObject({
      message: { role: "user", content: "first prompt" },
      uuid,
      isReplay: true,
      parent_tool_use_id: null,
    });
    expect(echoes[1]).toMatchObject({ message: { role: "user", content: blocks }, isReplay: true });
  });

  it("a /clear line's conversation_reset names that line's uuid as user_message_uuid, as claude 2.1.328's does", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("not asked")]);
    const uuid = "22222222-2222-4222-8222-222222222222";
    const r = await runCli([...STREAM, "--verbose", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: userLine("/clear", { uuid }),
    });
    expect(r.code, r.stderr).toBe(0);
    const reset = jsonLines(r.stdout).find((l) => l.type === "conversation_reset");
    expect(reset).toMatchObject({ trigger: "clear", user_message_uuid: uuid });
    expect(server.requests).toHaveLength(0);
  });

  it("a prompt a UserPromptSubmit hook blocks is not echoed; its result says so and the next line still runs", async () => {
    const box = sandbox();
    const settings = box.json("hooks.json", {
      hooks: {
        UserPromptSubmit: [
          {
            hooks: [
              { type: "command", command: `grep -q BLOCKME && { echo 'not this one' >&2; exit 2; }; exit 0` },
            ],
          },
        ],
      },
    });
    const server = await modelServer([reply.text("answer two")]);
    const r = await runCli(
      [...STREAM, "--replay-user-messages", "--settings", settings, "--cwd", box.project],
      {
        env: modelEnv(server, box.home),
        input: userLine("BLOCKME please") + userLine("second prompt"),
      },
    );
    expect(shapes(r.stdout)).toEqual(["system/init", "result", "system/init", "user", "assistant", "result"]);
    const results = jsonLines(r.stdout).filter((l) => l.type === "result");
    expect(results[0]).toMatchObject({ terminal_reason: "blocked", result_index: 0 });
    expect(results[1]).toMatchObject({ result: "answer two", result_index: 1 });
    // The exit code is the last turn's.
    expect(r.code).toBe(0);
  });

  it("a SessionStart hook's initialUserMessage is the first turn, echoed by --replay-user-messages as claude echoes it", async () => {
    const box = sandbox();
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "SessionStart", initialUserMessage: "HOOK-FIRST-MESSAGE" },
    });
    const settings = box.json("hooks.json", {
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: `echo '${output}'` }] }] },
    });
    const server = await modelServer([reply.text("answer one"), reply.text("answer two")]);
    const r = await runCli(
      [...STREAM, "--replay-user-messages", "--settings", settings, "--cwd", box.project],
      {
        env: modelEnv(server, box.home),
        input: userLine("first prompt"),
      },
    );
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(lines.filter((l) => l.type === "user").map((l) => l.message)).toEqual([
      { role: "user", content: "HOOK-FIRST-MESSAGE" },
      { role: "user", content: "first prompt" },
    ]);
    expect(lines.filter((l) => l.type === "result").map((l) => [l.result, l.result_index])).toEqual([
      ["answer one", 0],
      ["answer two", 1],
    ]);
  });

  it("a malformed line is one error naming it, exit 1: the turns before it are answered and in the transcript, none after it runs", async () => {
    const box = sandbox();
    const hooks = loggingHooks(box, ["SessionEnd"]);
    const server = await modelServer([reply.text("answer one"), reply.text("never sent")]);
    const r = await runCli([...STREAM, "--settings", hooks.settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: `${userLine("first prompt")}this is not json\n${userLine("third prompt")}`,
    });
    expect(r.code).toBe(1);
    expectNoStackTrace(r.stderr);
    expect(r.stderr).toContain("codebot: --input-format stream-json: line 2: not JSON");
    expect(shapes(r.stdout)).toEqual(["system/init", "assistant", "result"]);
    expect(server.requests).toHaveLength(1);
    const transcript = fs.readFileSync(String(jsonLines(r.stdout)[0]?.transcript_path), "utf8");
    expect(transcript).toContain("first prompt");
    expect(transcript).toContain("answer one");
    expect(transcript).not.toContain("third prompt");
    // The session ended as a run does: SessionEnd fired.
    expect(hooks.payloads().map((p) => p.hook_event_name)).toEqual(["SessionEnd"]);
  });

  it("a line written after a result starts the next turn; stdin closed mid-turn ends the process after that turn", async () => {
    const box = sandbox();
    const { step: held, release } = heldReply("answer two");
    const server = await modelServer([reply.text("answer one"), held]);
    const cli = startCli([...STREAM, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      openStdin: true,
    });
    cli.child.stdin?.write(userLine("first prompt"));
    await waitFor(
      () => cli.stdout().includes('"type":"result"'),
      30_000,
      `the first result (${cli.stderr()})`,
    );
    cli.child.stdin?.write(userLine("second prompt"));
    await waitFor(() => server.requests.length === 2, 30_000, "the second turn's request");
    cli.child.stdin?.end();
    // The end of stdin arrives while the second turn still waits for its answer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const r = await cli.done;
    expect(r.code).toBe(0);
    const results = jsonLines(r.stdout).filter((l) => l.type === "result");
    expect(results.map((l) => l.result)).toEqual(["answer one", "answer two"]);
  });

  it("SIGINT between turns, waiting for the next line, ends the run with 130: SessionEnd fires, the answered turn is in the transcript", async () => {
    const box = sandbox();
    const hooks = loggingHooks(box, ["SessionEnd"]);
    const server = await modelServer([reply.text("answer one")]);
    const cli = startCli([...STREAM, "--settings", hooks.settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      openStdin: true,
    });
    cli.child.stdin?.write(userLine("first prompt"));
    await waitFor(
      () => cli.stdout().includes('"type":"result"'),
      30_000,
      `the first result (${cli.stderr()})`,
    );
    cli.child.kill("SIGINT");
    const r = await cli.done;
    expect(r.code).toBe(130);
    expectNoStackTrace(r.stderr);
    const transcript = fs.readFileSync(String(jsonLines(r.stdout)[0]?.transcript_path), "utf8");
    expect(transcript).toContain("answer one");
    expect(transcript.endsWith("\n")).toBe(true);
    expect(hooks.payloads().map((p) => p.hook_event_name)).toEqual(["SessionEnd"]);
  });

  it("invalid UTF-8 in a line is read as replacement characters, as Node reads any text stream: the turn runs", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("answer one")]);
    const bad = Buffer.concat([
      Buffer.from('{"type":"user","message":{"role":"user","content":"caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}\n'),
    ]);
    const cli = startCli([...STREAM, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      openStdin: true,
    });
    cli.child.stdin?.end(bad);
    const r = await cli.done;
    expect(r.code, r.stderr).toBe(0);
    expect(requestText(server.requests[0])).toContain("caf\ufffd(");
  });

  it("each result's duration_ms and duration_api_ms are its own turn's, as claude's", async () => {
    const box = sandbox();
    const slowMs = 2000;
    const server = await modelServer([
      async () => {
        await new Promise((resolve) => setTimeout(resolve, slowMs));
        return reply.text("slow answer");
      },
      reply.text("quick answer"),
    ]);
    const r = await runCli([...STREAM, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: userLine("first prompt") + userLine("second prompt"),
    });
    expect(r.code).toBe(0);
    const [slow, quick] = jsonLines(r.stdout).filter((l) => l.type === "result");
    expect(slow?.duration_api_ms).toBeGreaterThanOrEqual(slowMs);
    expect(quick?.duration_ms).toBeLessThan(slowMs);
    expect(quick?.duration_api_ms).toBeLessThan(slowMs);
  });

  it("stdin that ends without a line: no turn, exit 0", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("never sent")]);
    const r = await runCli([...STREAM, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: "\n",
    });
    expect(r.code).toBe(0);
    expect(shapes(r.stdout)).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [
      ["-p", "--input-format", "stream-json"],
      "--input-format stream-json requires --output-format stream-json",
    ],
    [
      ["-p", "--output-format", "stream-json", "--replay-user-messages"],
      "--replay-user-messages requires both --input-format stream-json and --output-format stream-json",
    ],
    [[...STREAM, "a prompt"], "--input-format stream-json takes its prompts from stdin"],
  ])("%j is refused in one line", async (args, message) => {
    const box = sandbox();
    const r = await runCli([...args, "--cwd", box.project], {
      env: modelEnv(await modelServer([]), box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`codebot: ${message}`);
    expectNoStackTrace(r.stderr);
  });
});
