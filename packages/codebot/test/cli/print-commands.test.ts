/**
 * `-p "/clear"`, `"/cost"` (`/usage`), `"/context"`: run by codebot itself, as claude 2.1.328's `-p`
 * runs them (recorded against a loopback server): no model call, no UserPromptSubmit, a `success`
 * result with `local_command` (the name as typed) and the command's output as `result`. `/clear`
 * ends the session (SessionEnd `clear`) and goes on in a new one (SessionStart `clear`): the
 * result names the new session.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { CLAUDE_COST_STATE_KEYS } from "../support/claude-cost-state-keys.js";
import { command, modelEnv, modelServer, printRun, requestText, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli, userLine } from "./support/cli-process.js";
import { earlierSession } from "./support/earlier-session.js";

useBuiltCli();

/** Hooks that append their payload, one line each, to `hooks.jsonl` in the sandbox. */
const logging = (file: string) => {
  const group = [{ hooks: [command(`cat >> ${file}; echo >> ${file}`)] }];
  return { hooks: { SessionStart: group, SessionEnd: group, UserPromptSubmit: group } };
};
const payloads = (file: string) =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("-p built-in commands", () => {
  it("/cost is answered by codebot in claude 2.1.328's words: the session's cost as the result, local_command cost, no model call, no UserPromptSubmit", async () => {
    const box = sandbox();
    const { r, server } = await printRun("/cost", [reply.text("not asked")], {
      box,
      flags: ["--output-format", "json"],
      settings: logging(box.at("hooks.jsonl")),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: false,
      num_turns: 0,
      local_command: "cost",
    });
    // claude's fresh-session text (recorded).
    expect(JSON.parse(r.stdout).result).toMatch(
      /^Estimated cost: {8}\$0\.0000\nTotal duration \(API\): {2}0s\nTotal duration \(wall\): \d+s\nTotal code changes: {4}0 lines added, 0 lines removed\nUsage: {17}0 input, 0 output, 0 cache read, 0 cache write$/,
    );
    expect(server.requests).toHaveLength(0);
    expect(payloads(box.at("hooks.jsonl")).map((p) => p.hook_event_name)).not.toContain("UserPromptSubmit");
  });

  it("/cost counts the lines write and edit changed in the session, as claude's Total code changes", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("write", { file_path: "a.txt", content: "one\ntwo\nthree\n" }, "w1"),
      reply.toolCall("edit", { file_path: "a.txt", old_string: "two", new_string: "TWO" }, "e1"),
      reply.text("done"),
    ]);
    const r = await runCli(
      [
        "-p",
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        "--permission-mode",
        "acceptEdits",
        "--cwd",
        box.project,
      ],
      { env: modelEnv(server, box.home), input: userLine("go") + userLine("/cost") },
    );
    expect(r.code, r.stderr).toBe(0);
    // claude 2.1.328's count for the same calls (recorded): the new file's text split at its 3
    // newlines (4), then 1 line changed (one removed, one added).
    expect(jsonLines(r.stdout).at(-1)?.result).toContain(
      "Total code changes:    5 lines added, 1 line removed\n",
    );
  });

  it("-c -p /cost: the session's times and code changes are restored from its cost-state line, as claude 2.1.328's -c restores them (recorded)", async () => {
    const box = sandbox();
    const written = await earlierSession(box);
    // claude's names, in claude's order (recorded), between its cost and modelUsage: every one
    // claude's reader needs (recorded: without them claude -c counts from $0).
    expect(Object.keys(written)).toEqual(CLAUDE_COST_STATE_KEYS);
    expect(Object.values(written.modelUsage as object)[0]).toMatchObject({ webSearchRequests: 0 });
    expect(written).toMatchObject({ totalLinesAdded: 5, totalLinesRemoved: 1 });
    const server = await modelServer([reply.text("not asked")]);
    const r = await runCli(["-c", "-p", "/cost", "--output-format", "json", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    // claude's text after the same line (recorded): its times and lines, this run's time added.
    expect(result.result).toMatch(
      /^Total duration \(API\): {2}5s\nTotal duration \(wall\): 1m \d+s\nTotal code changes: {4}5 lines added, 1 line removed$/m,
    );
    // The result's own API time is this run's, as claude's (recorded: 0 after -c -p /cost).
    expect(result.duration_api_ms).toBe(0);
  });

  it("-c -p /cost: a transcript's model names print without their escape sequences, and a model entry that is no object is skipped, not the resume's end", async () => {
    const box = sandbox();
    // OSC 52 writes the terminal's clipboard; ESC [2J clears the screen.
    const crafted = "anthropic/x\u001b]52;c;ZWNobyBvd25lZA==\u0007\u001b[2Jy";
    await earlierSession(box, (state) => {
      state.modelUsage = {
        ...(state.modelUsage as object),
        [crafted]: { inputTokens: 1, outputTokens: 1 },
        broken: null,
      };
    });
    const server = await modelServer([reply.text("not asked")]);
    const r = await runCli(["-c", "-p", "/cost", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Usage by model:");
    expect(r.stdout).toMatch(/^ +xy: {2}1 input, 1 output/m);
    expect(r.stdout).toContain("no price for anthropic/xy:");
    expect(r.stdout).not.toContain("\u001b");
    expect(r.stdout).not.toContain("\u0007");
    expect(r.stdout).not.toContain("broken");
  });

  it("-c then /clear starts the times and code changes over with the new session, as claude 2.1.328's (recorded)", async () => {
    const box = sandbox();
    await earlierSession(box);
    const server = await modelServer([reply.text("not asked")]);
    const r = await runCli(
      [
        "-c",
        "-p",
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        "--cwd",
        box.project,
      ],
      { env: modelEnv(server, box.home), input: userLine("/clear") + userLine("/cost") },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(jsonLines(r.stdout).at(-1)?.result).toMatch(
      /^Total duration \(API\): {2}0s\nTotal duration \(wall\): \d+s\nTotal code changes: {4}0 lines added, 0 lines removed$/m,
    ); // Each result's own API time: none asked of the model (claude's 0 for both, recorded).
    const results = jsonLines(r.stdout).filter((l) => l.type === "result");
    expect(results.map((l) => l.duration_api_ms)).toEqual([0, 0]);
  });

  it("/context prints the context in use as claude's -p does, in markdown, without the model", async () => {
    const { r, server } = await printRun("/context", [reply.text("not asked")]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("## Context Usage");
    expect(r.stdout).toMatch(/\*\*Tokens:\*\* \S+ \/ \S+ \(\d+%\)/);
    expect(r.stdout).toContain("| Category | Tokens | Percentage |");
    expect(r.stdout).toMatch(/\| Free space \| \S+ \| [\d.]+% \|/);
    expect(server.requests).toHaveLength(0);
  });

  it("-p /cost is recorded as claude 2.1.328 records it (caveat, the command as usage, its output): -c goes on with that session and sends them", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("went on")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    const cost = JSON.parse((await runCli(["-p", "/cost", ...args], { env })).stdout);
    const [file] = fs
      .readdirSync(path.join(box.home, "projects"), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(`${cost.session_id}.jsonl`));
    const lines = fs
      .readFileSync(path.join(box.home, "projects", file as string), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    const [caveat, named, output] = lines;
    expect(caveat).toMatchObject({ type: "user", isMeta: true, parentUuid: null });
    expect(caveat.message.content).toMatch(/^<local-command-caveat>The command below was run directly/);
    expect(named).toMatchObject({
      type: "user",
      parentUuid: caveat.uuid,
      message: { content: expect.stringMatching(/^<command-name>\/usage<\/command-name>/) },
    });
    expect(output).toMatchObject({
      type: "system",
      subtype: "local_command",
      parentUuid: named.uuid,
      commandRun: { command: "usage", args: "" },
      content: expect.stringMatching(
        /^<local-command-stdout>Estimated cost: {8}\$0\.0000[\s\S]*<\/local-command-stdout>$/,
      ),
    });

    const r = await runCli(["-c", "-p", "go on", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).session_id).toBe(cost.session_id);
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("<command-name>/usage</command-name>");
    expect(sent).toContain("<local-command-stdout>Estimated cost:        $0.0000");
  });

  it("-p /context is recorded too: -c goes on with a session that has only it", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("went on")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    const context = JSON.parse((await runCli(["-p", "/context", ...args], { env })).stdout);
    const r = await runCli(["-c", "-p", "go on", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).session_id).toBe(context.session_id);
    expect(requestText(server.requests[0])).toContain("## Context Usage");
  });

  it("-c then /clear: SessionEnd clear for the old session, SessionStart clear for a new one, which the result names", async () => {
    const box = sandbox();
    const settings = box.json("s.json", logging(box.at("hooks.jsonl")));
    const server = await modelServer([reply.text("hello there")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--settings", settings, "--cwd", box.project];
    const first = JSON.parse((await runCli(["-p", "hi", ...args], { env })).stdout);
    fs.writeFileSync(box.at("hooks.jsonl"), "");

    const r = await runCli(["-c", "-p", "/clear", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ subtype: "success", result: "", local_command: "clear", num_turns: 0 });
    expect(result.session_id).not.toBe(first.session_id);
    expect(server.requests).toHaveLength(1);
    const hooks = payloads(box.at("hooks.jsonl"));
    expect(hooks).toContainEqual(
      expect.objectContaining({
        hook_event_name: "SessionEnd",
        reason: "clear",
        session_id: first.session_id,
      }),
    );
    expect(hooks).toContainEqual(
      expect.objectContaining({
        hook_event_name: "SessionStart",
        source: "clear",
        session_id: result.session_id,
      }),
    );
  });

  it("-c after -p /clear goes on in the cleared session, as claude's: its id, none of the earlier conversation", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("EARLIER-ANSWER"), reply.text("fresh answer")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    await runCli(["-p", "EARLIER-PROMPT", ...args], { env });
    const cleared = JSON.parse((await runCli(["-c", "-p", "/clear", ...args], { env })).stdout);

    const r = await runCli(["-c", "-p", "after the clear", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).session_id).toBe(cleared.session_id);
    const text = requestText(server.requests[1]);
    expect(text).toContain("after the clear");
    expect(text).not.toContain("EARLIER");
  });

  it("stream-json: /clear gives claude's conversation_reset line in the old session's name first (no init line before it), then the new session's init line and result", async () => {
    const { r } = await printRun("/reset", [reply.text("not asked")], {
      flags: ["--output-format", "stream-json", "--verbose"],
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = jsonLines(r.stdout);
    const inits = lines.filter((line) => line.subtype === "init");
    // As claude 2.1.328's `-p /clear` (recorded): nothing in the session left but the reset line.
    expect(lines[0]).toMatchObject({ type: "conversation_reset", trigger: "clear" });
    // claude's keys, in its order; `user_message_uuid` the prompt's (a new one for `-p /reset`).
    expect(Object.keys(lines[0] ?? {})).toEqual([
      "type",
      "new_conversation_id",
      "uuid",
      "trigger",
      "user_message_uuid",
      "timestamp",
      "session_id",
    ]);
    expect(lines[0]?.user_message_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(inits).toHaveLength(1);
    expect(lines[1]).toBe(inits[0]);
    expect(lines[0]?.session_id).toEqual(expect.any(String));
    expect(inits[0]?.session_id).not.toBe(lines[0]?.session_id);
    expect(lines.at(-1)).toMatchObject({
      type: "result",
      local_command: "reset",
      session_id: inits[0]?.session_id,
    });
  });

  it("with --disable-slash-commands /clear is refused in claude's words: the session stays, nothing is sent", async () => {
    const box = sandbox();
    const { r, server } = await printRun("/clear", [reply.text("not asked")], {
      box,
      flags: ["--output-format", "json", "--disable-slash-commands"],
      settings: logging(box.at("hooks.jsonl")),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      subtype: "success",
      result: "/clear isn't available in this environment.",
    });
    expect(server.requests).toHaveLength(0);
    expect(payloads(box.at("hooks.jsonl")).some((p) => p.reason === "clear" || p.source === "clear")).toBe(
      false,
    );
  });

  it.each(["/permissions add allow Bash(rm:*)", "/status"])(
    "%s, a command of the interactive session, is refused in claude's words: nothing is sent, no UserPromptSubmit, no settings written",
    async (prompt) => {
      const box = sandbox();
      const { r, server } = await printRun(prompt, [reply.text("not asked")], {
        box,
        flags: ["--output-format", "json"],
        settings: logging(box.at("hooks.jsonl")),
      });
      expect(r.code, r.stderr).toBe(0);
      const name = prompt.split(" ")[0];
      expect(JSON.parse(r.stdout)).toMatchObject({
        subtype: "success",
        is_error: false,
        num_turns: 0,
        result: `${name} isn't available in this environment.`,
      });
      expect(server.requests).toHaveLength(0);
      expect(payloads(box.at("hooks.jsonl")).map((p) => p.hook_event_name)).not.toContain("UserPromptSubmit");
      expect(fs.existsSync(box.at(".claude/settings.local.json"))).toBe(false);
    },
  );

  it("a /name that is no built-in command still goes to the session", async () => {
    const { r, server } = await printRun("/nosuchcommand please", [reply.text("answered")]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("answered");
    expect(server.requests).toHaveLength(1);
  });
});
