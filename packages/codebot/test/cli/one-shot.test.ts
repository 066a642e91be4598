import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { conversations } from "../support/conversations.js";
import { waitFor } from "../support/wait-for.js";
import {
  command,
  modelEnv,
  modelServer,
  printRun,
  requestText,
  sandbox,
  startPrintRun,
  streamJsonBashRun,
} from "./support/cli-fixtures.js";
import { cliEnv, expectNoStackTrace, jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("codebot -p", () => {
  it("prints the model's final answer and exits 0", async () => {
    const { server, r } = await printRun("say hello", [reply.text("Hello from the model")]);
    expect(r.stdout).toBe("Hello from the model\n");
    expect(r.code).toBe(0);
    expectNoStackTrace(r.stderr);
    expect(requestText(server.requests[0])).toContain("say hello");
  });

  it("--output-format json prints one result object", async () => {
    const { r } = await printRun(
      "look",
      [reply.toolCall("glob", { pattern: "*" }), reply.text("found nothing")],
      {
        flags: ["--output-format", "json"],
      },
    );
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      type: "result",
      result: "found nothing",
      num_turns: 2,
      is_error: false,
      subtype: "success",
      stop_reason: "end_turn",
      terminal_reason: "completed",
    });
    expect(result.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof result.duration_ms).toBe("number");
  });

  it("--output-format stream-json prints Claude Code's init, assistant, user and result lines, hooks as system lines", async () => {
    const { result: r } = await streamJsonBashRun(
      [command("exit 0", { name: "observer", matcher: "bash" })],
      "ran it",
    );
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(lines[0]).toMatchObject({ type: "system", subtype: "init", permissionMode: "bypassPermissions" });
    expect(lines[0]?.tools).toEqual(expect.arrayContaining(["Bash", "Read", "Write", "Edit"]));
    expect(lines.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      result: "ran it",
      is_error: false,
    });
    expect(lines.map((l) => (l.type === "system" ? `system/${l.subtype}` : l.type))).toEqual([
      "system/init",
      "assistant",
      "system/hook_start",
      "system/hook",
      "user",
      "assistant",
      "result",
    ]);
    expect(lines[1]).toMatchObject({
      type: "assistant",
      message: {
        role: "assistant",
        content: [{ type: "tool_use", id: "c1", name: "Bash", input: { command: "echo hi" } }],
      },
      parent_tool_use_id: null,
      session_id: lines[0]?.session_id,
    });
    expect(lines[3]).toMatchObject({
      event: "PreToolUse",
      hook: "observer",
      matched: true,
      exit_code: 0,
      outcome: "allowed",
    });
    expect(lines[3]).toHaveProperty("duration_ms");
    expect(lines[4]).toMatchObject({
      type: "user",
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "c1", content: "hi", is_error: false }],
      },
    });
  });

  it("stream-json and json carry the fields Claude Code 2.1.328 writes (its real output is the fixture)", async () => {
    const fixtures = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      "../fixtures/claude-code-2.1.328",
    );
    const claude = jsonLines(fs.readFileSync(path.join(fixtures, "stream-json.jsonl"), "utf8"));
    const { result: r } = await streamJsonBashRun([], "ran it");
    const ours = jsonLines(r.stdout);
    const keysOf = (lines: Record<string, unknown>[], type: string) =>
      Object.keys(lines.find((l) => l.type === type) ?? {});
    const wanted: Record<string, string[]> = {
      system: [
        "type",
        "subtype",
        "cwd",
        "session_id",
        "tools",
        "mcp_servers",
        "model",
        "permissionMode",
        "uuid",
      ],
      assistant: ["type", "message", "parent_tool_use_id", "session_id", "uuid"],
      user: ["type", "message", "parent_tool_use_id", "session_id", "uuid"],
      result: [
        "type",
        "subtype",
        "is_error",
        "duration_ms",
        "duration_api_ms",
        "num_turns",
        "result",
        "session_id",
        "total_cost_usd",
        "usage",
        "modelUsage",
        "permission_denials",
        "stop_reason",
        "terminal_reason",
        "result_index",
        "uuid",
      ],
    };
    for (const [type, keys] of Object.entries(wanted)) {
      expect(keysOf(claude, type), `claude ${type}`).toEqual(expect.arrayContaining(keys));
      expect(keysOf(ours, type), `codebot ${type}`).toEqual(expect.arrayContaining(keys));
    }
    const usageKeys = [
      "input_tokens",
      "cache_creation_input_tokens",
      "cache_read_input_tokens",
      "output_tokens",
    ];
    expect(Object.keys(claude.at(-1)?.usage as object)).toEqual(expect.arrayContaining(usageKeys));
    expect(Object.keys(ours.at(-1)?.usage as object)).toEqual(expect.arrayContaining(usageKeys));
    const claudeResult = JSON.parse(fs.readFileSync(path.join(fixtures, "result.json"), "utf8"));
    expect(Object.keys(claudeResult)).toEqual(expect.arrayContaining(wanted.result as string[]));
  });

  it("--output-format json: total_cost_usd and modelUsage count a sub-agent's model calls, usage only the main agent's, as claude's", async () => {
    const box = sandbox();
    const server = await modelServer(
      conversations({
        "SUB-TASK": [reply.toolCall("bash", { command: "echo hi" }), reply.text("sub report")],
        go: [reply.toolCall("agent", { prompt: "SUB-TASK: run it" }), reply.text("done")],
      }),
    );
    const r = await runCli(["-p", "go", "--output-format", "json", "--dangerously-skip-permissions"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    // Four model calls of 10 input tokens each (DEFAULT_USAGE): two of the main agent's, two of its sub-agent's.
    expect(server.requests).toHaveLength(4);
    expect(result.modelUsage).toEqual({
      "claude-sonnet-4-5": { inputTokens: 40, outputTokens: 20, costUSD: result.total_cost_usd },
    });
    expect(result.usage).toMatchObject({ input_tokens: 20, output_tokens: 10 });
  });

  it("--output-format stream-json marks the trace record of an async hook as background", async () => {
    const { result: r } = await streamJsonBashRun(
      [{ matcher: "bash", hooks: [command("exit 0", { name: "audit", async: true })] }],
      "ran it",
    );
    expect(r.code).toBe(0);
    const hook = jsonLines(r.stdout).find((l) => l.subtype === "hook" && l.hook === "audit");
    expect(hook).toMatchObject({ event: "PreToolUse", matched: true, outcome: "allowed", background: true });
  });

  it("reads the prompt from stdin when -p has no text", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("got it")]);
    const r = await runCli(["-p", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: "a prompt that came on stdin\n",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("got it\n");
    expect(requestText(server.requests[0])).toContain("a prompt that came on stdin");
  });

  it("prints claude's notice when a UserPromptSubmit hook blocks the prompt, exits 0, and nothing reaches the model", async () => {
    const { server, r } = await printRun("my password is hunter2", [reply.text("never")], {
      settings: {
        hooks: {
          UserPromptSubmit: [command("echo 'no secrets in prompts' >&2; exit 2", { blocking: true })],
        },
      },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      "UserPromptSubmit operation blocked by hook:\nno secrets in prompts\n\nOriginal prompt: my password is hunter2\n",
    );
    expect(server.requests).toHaveLength(0);
    expectNoStackTrace(r.stderr);
  });

  it("json output of a blocked prompt is claude's success, with exit 0", async () => {
    const { r } = await printRun("x", [], {
      flags: ["--output-format", "json"],
      settings: { hooks: { UserPromptSubmit: [command("echo nope >&2; exit 2", { blocking: true })] } },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      type: "result",
      is_error: false,
      subtype: "success",
      num_turns: 0,
      result: "UserPromptSubmit operation blocked by hook:\nnope\n\nOriginal prompt: x",
      terminal_reason: "blocked",
      reason: "nope",
    });
  });

  it("exits 0 when a hook ends the run (continue: false), as claude: hook_stopped, its reason on stderr", async () => {
    const { r } = await printRun("go", [reply.toolCall("glob", { pattern: "*" }), reply.text("never")], {
      flags: ["--output-format", "json"],
      settings: {
        // Claude Code's shape: a group whose hook answers `continue: false`.
        hooks: {
          PreToolUse: [
            { matcher: "", hooks: [command(`echo '{"continue": false, "stopReason": "budget used up"}'`)] },
          ],
        },
      },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^codebot: stopped by hook .*: budget used up$/m);
    expect(JSON.parse(r.stdout)).toMatchObject({
      is_error: false,
      subtype: "success",
      terminal_reason: "hook_stopped",
    });
  });

  it("exits 1 when a PermissionRequest hook's deny interrupts, as claude: error_during_execution, aborted_tools", async () => {
    const box = sandbox();
    const decision = { behavior: "deny", message: "no shell here", interrupt: true };
    const settings = box.json("s.json", {
      hooks: {
        PermissionRequest: [
          {
            matcher: "Bash",
            hooks: [
              command(
                `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision } })}'`,
              ),
            ],
          },
        ],
      },
    });
    const server = await modelServer([reply.toolCall("bash", { command: "touch ran" }), reply.text("never")]);
    const r = await runCli(
      ["-p", "go", "--output-format", "json", "--settings", settings, "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(1);
    expect(fs.existsSync(path.join(box.project, "ran"))).toBe(false);
    expect(JSON.parse(r.stdout)).toMatchObject({
      is_error: true,
      subtype: "error_during_execution",
      terminal_reason: "aborted_tools",
      reason: expect.stringMatching(/: no shell here$/),
    });
    expect(server.requests).toHaveLength(1);
  });

  it("stream-json: a UserPromptSubmit hook's block or continue: false is a system informational line, then a success result", async () => {
    const streamOf = async (hookOutput: string) => {
      const { server, r } = await printRun("go", [reply.text("never")], {
        flags: ["--output-format", "stream-json", "--verbose"],
        settings: { hooks: { UserPromptSubmit: [{ hooks: [command(`echo '${hookOutput}'`)] }] } },
      });
      expect(r.code).toBe(0);
      expect(server.requests).toHaveLength(0);
      return jsonLines(r.stdout).filter((l) => l.subtype === "informational" || l.type === "result");
    };
    expect(await streamOf('{"decision":"block","reason":"ups says no"}')).toMatchObject([
      {
        type: "system",
        content: "UserPromptSubmit operation blocked by hook:\nups says no\n\nOriginal prompt: go",
        level: "warning",
        prevent_continuation: true,
        prompt_submit_outcome: { kind: "blocked_by_hook", prompt_kept: false, reason: "ups says no" },
      },
      { type: "result", subtype: "success", is_error: false, num_turns: 0 },
    ]);
    expect(await streamOf('{"continue":false,"stopReason":"ups says stop"}')).toMatchObject([
      {
        type: "system",
        content: "Operation stopped by hook: ups says stop",
        prompt_submit_outcome: { kind: "stopped_by_hook", prompt_kept: true, reason: "ups says stop" },
      },
      {
        type: "result",
        subtype: "success",
        is_error: false,
        result: "Operation stopped by hook: ups says stop",
      },
    ]);
  });

  it("a Stop hook's continue: false ends the run as claude's stop_hook_prevented: success, the answer, exit 0", async () => {
    const { r } = await printRun("go", [reply.text("answer")], {
      flags: ["--output-format", "json"],
      settings: {
        hooks: { Stop: [{ hooks: [command(`echo '{"continue":false,"stopReason":"enough"}'`)] }] },
      },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      subtype: "success",
      is_error: false,
      result: "answer",
      stop_reason: "end_turn",
      terminal_reason: "stop_hook_prevented",
    });
  });

  it("exits 1 with one line on stderr when the model call fails", async () => {
    const { r } = await printRun("hi", [reply.httpError(400, { message: "the request is malformed" })]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^codebot: .*the request is malformed/m);
    expectNoStackTrace(r.stderr);
  });

  it("a model call that fails for good: json's result is what went wrong and what to do, as claude 2.1.328's api_error result", async () => {
    const box = sandbox();
    const fail = reply.httpError(500, {
      message: "Internal server error",
      headers: { "retry-after-ms": "1" },
    });
    const server = await modelServer([fail, fail, fail, fail]);
    const r = await runCli(["-p", "hi", "--cwd", box.project, "--output-format", "json"], {
      env: modelEnv(server, box.home, { CLAUDE_CODE_MAX_RETRIES: "3" }),
    });
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({
      subtype: "success",
      is_error: true,
      result: expect.stringMatching(
        /^API Error: 500 Internal server error\. This is a server-side issue, usually temporary — send your message again in a moment\./,
      ),
      terminal_reason: "api_error",
      api_error_status: 500,
      api_error_type: "api_error",
    });
    expect(r.stderr).toContain(`codebot: ${result.reason}`);
  });

  it("stream-json: a model call that fails for good is an assistant line holding the failure before the result, as claude 2.1.328's", async () => {
    const box = sandbox();
    const fail = reply.httpError(529, { message: "Overloaded", headers: { "retry-after-ms": "1" } });
    const server = await modelServer([fail, fail, fail, fail]);
    const r = await runCli(
      ["-p", "hi", "--cwd", box.project, "--output-format", "stream-json", "--verbose"],
      {
        env: modelEnv(server, box.home, { CLAUDE_CODE_MAX_RETRIES: "3" }),
      },
    );
    expect(r.code).toBe(1);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const [failure, result] = lines.slice(-2);
    expect(failure).toMatchObject({
      type: "assistant",
      message: { model: "<synthetic>", role: "assistant", content: [{ type: "text", text: result.result }] },
      error: "server_error",
      is_api_error_message: true,
      api_error_status: 529,
      api_error_type: "overloaded_error",
    });
    expect(result).toMatchObject({ type: "result", terminal_reason: "api_error" });
    expect(result.result).toMatch(/^API Error: 529 Overloaded\. This is a server-side issue/);
  });

  it("applies the hooks of every --settings file, in order: a PreToolUse guard blocks rm -rf and the model is told", async () => {
    const box = sandbox();
    box.write("build/app.js", "built\n");
    const guard = box.json("guard.json", {
      hooks: {
        PreToolUse: [
          command("echo 'rm -rf is not allowed' >&2; exit 2", {
            matcher: "bash",
            if: "/rm -rf/",
            blocking: true,
          }),
        ],
      },
    });
    const audit = box.json("audit.json", { hooks: { PreToolUse: [command("cat > seen.json")] } });
    const { server, r } = await printRun(
      "clean",
      [reply.toolCall("bash", { command: "rm -rf build" }), reply.text("ok, leaving it")],
      { box, flags: ["--permission-mode", "bypassPermissions", "--settings", guard, "--settings", audit] },
    );
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("build/app.js"))).toBe(true);
    expect(requestText(server.requests[1])).toContain("hook: rm -rf is not allowed");
    // The guard came first and vetoed, so the second file's hook never ran.
    expect(fs.existsSync(box.at("seen.json"))).toBe(false);
  });

  it("denies a mutating tool in ask mode when no rule allows it, and the model is told why", async () => {
    const { box, server, r } = await printRun("write a file", [
      reply.toolCall("write", { file_path: "a.txt", content: "x" }),
      reply.text("could not"),
    ]);
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("a.txt"))).toBe(false);
    expect(requestText(server.requests[1])).toContain("permission denied: write needs approval");
  });

  it("does not run untrusted project hooks and says so on stderr; --trust-project-hooks runs them", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { hooks: { UserPromptSubmit: [command("touch ran.txt")] } });
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const first = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(first.code).toBe(0);
    expect(fs.existsSync(box.at("ran.txt"))).toBe(false);
    expect(first.stderr).toContain(
      '1 project hook was not run because it is not trusted (.codebot/settings.json); run "codebot hooks trust"',
    );
    const second = await runCli(["-p", "hi", "--trust-project-hooks", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(second.code).toBe(0);
    expect(fs.existsSync(box.at("ran.txt"))).toBe(true);
  });

  it("--max-turns stops a run that keeps calling tools, with exit 1", async () => {
    const { server, r } = await printRun(
      "loop",
      [
        reply.toolCall("glob", { pattern: "*" }),
        reply.toolCall("glob", { pattern: "*" }),
        reply.text("never reached"),
      ],
      { flags: ["--max-turns", "2"] },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("codebot: stopped after 2 model steps (--max-turns)");
    expect(server.requests).toHaveLength(2);
  });

  it("--max-turns: the json result's reason says why the run stopped, in the words of the stderr line", async () => {
    const { r } = await printRun(
      "loop",
      [reply.toolCall("glob", { pattern: "*" }), reply.text("never reached")],
      {
        flags: ["--max-turns", "1", "--output-format", "json"],
      },
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      terminal_reason: "max_turns",
      reason: "stopped after 1 model steps (--max-turns)",
    });
    expect(r.stderr).toContain("codebot: stopped after 1 model steps (--max-turns)");
  });

  it("SIGTERM while a hook hangs: the stream-json result line says the run was cancelled", async () => {
    const box = sandbox();
    const { cli } = await startPrintRun(
      "go",
      [reply.toolCall("glob", { pattern: "*" }), reply.text("never reached")],
      {
        box,
        flags: ["--output-format", "stream-json"],
        settings: { hooks: { PreToolUse: [command(`touch ${box.at("hook-started")}; sleep 30`)] } },
      },
    );
    await waitFor(() => fs.existsSync(box.at("hook-started")), 30_000, `the hook to start (${cli.stderr()})`);
    cli.child.kill("SIGTERM");
    const r = await cli.done;
    expect(r.code).toBe(143);
    expect(jsonLines(r.stdout).at(-1)).toMatchObject({
      type: "result",
      terminal_reason: "aborted",
      reason: "the run was cancelled",
    });
  });

  it("Ctrl+C (SIGINT) while the model writes: the transcript ends with the user's interruption, as in a session", async () => {
    const { server, cli } = await startPrintRun("go", [reply.hang("half an ans")], {
      flags: ["--output-format", "stream-json"],
    });
    await waitFor(() => server.requests.length > 0, 30_000, `the model request (${cli.stderr()})`);
    await new Promise((r) => setTimeout(r, 300));
    cli.child.kill("SIGINT");
    const r = await cli.done;
    expect(r.code).toBe(130);
    const transcript = String(jsonLines(r.stdout)[0]?.transcript_path);
    const last = jsonLines(fs.readFileSync(transcript, "utf8")).at(-1);
    expect(last).toMatchObject({
      type: "user",
      message: { role: "user", content: "[Request interrupted by user]" },
    });
  });

  it("--debug hooks prints each trace record as a readable line on stderr", async () => {
    const { r } = await printRun("hi", [reply.toolCall("glob", { pattern: "*" }), reply.text("done")], {
      flags: ["--debug", "hooks"],
      settings: {
        hooks: {
          UserPromptSubmit: [command("exit 0", { name: "greeter" })],
          PreToolUse: [command("exit 0", { name: "only-bash", matcher: "bash" })],
        },
      },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /hook UserPromptSubmit "greeter" \(cli: .*s\.json\) · allowed · exit 0 · \d+ ms/,
    );
    expect(r.stderr).toMatch(/hook PreToolUse "only-bash" .* · skipped: matcher did not match/);
  });

  it("--trace-file appends every hook trace record to a JSONL file", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { r } = await printRun("hi", [reply.text("ok")], {
      box,
      flags: ["--trace-file", trace],
      settings: {
        hooks: {
          UserPromptSubmit: [command("exit 0", { name: "first" })],
          SessionEnd: [command("exit 0", { name: "last" })],
        },
      },
    });
    expect(r.code).toBe(0);
    const records = jsonLines(fs.readFileSync(trace, "utf8"));
    expect(records.map((l) => `${l.event}:${l.hook}:${l.outcome}`)).toEqual([
      "UserPromptSubmit:first:allowed",
      "SessionEnd:last:allowed",
    ]);
  });

  it("--trace-file records name the session and, for tool events, the tool call: a failed delivery can be matched to its call", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { r } = await printRun(
      "hi",
      [reply.toolCall("bash", { command: "true" }, "call-42"), reply.text("ok")],
      {
        box,
        flags: ["--output-format", "json", "--trace-file", trace, "--permission-mode", "bypassPermissions"],
        settings: { hooks: { PostToolUse: [command("exit 1", { name: "audit", matcher: "bash" })] } },
      },
    );
    expect(r.code).toBe(0);
    const [record] = jsonLines(fs.readFileSync(trace, "utf8"));
    expect(record).toMatchObject({
      sessionId: JSON.parse(r.stdout).session_id,
      event: "PostToolUse",
      toolUseId: "call-42",
      hook: "audit",
      outcome: "failed",
    });
  });

  it("a --trace-file that cannot be written is refused before the session starts", async () => {
    const box = sandbox();
    const trace = box.at("no-such-folder/trace.jsonl");
    const { server, r } = await printRun("hi", [reply.text("ok")], { box, flags: ["--trace-file", trace] });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^codebot: --trace-file .*no-such-folder\/trace\.jsonl: cannot write to it \(ENOENT/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)(
    "%s during a run (SIGHUP: a closed terminal) closes the session first: SessionEnd hooks run before the exit",
    async (signal, code) => {
      const { box, cli } = await startPrintRun("think", [reply.hang("thinking")], {
        flags: ["--output-format", "stream-json", "--include-partial-messages"],
        settings: { hooks: { SessionEnd: [command("sleep 0.3; echo ended > ended.txt")] } },
      });
      await waitFor(() => cli.stdout().includes('"text_delta"'), 20_000, "the model's first words");
      cli.child.kill(signal);
      const r = await cli.done;
      expect(r.code).toBe(code);
      expect(fs.readFileSync(box.at("ended.txt"), "utf8")).toBe("ended\n");
      expectNoStackTrace(r.stderr);
    },
  );
});

describe("codebot -p errors are one clear line, never a stack trace", () => {
  it("a missing API key gives the kernel's message", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'codebot: model: ANTHROPIC_API_KEY is not set (needed for anthropic/claude-sonnet-4-5); for OpenAI set OPENAI_API_KEY and use --model openai/gpt-4.1, for a local server see "Choosing a model" in docs/cli.md\n',
    );
  });

  it("an unknown provider names the known ones", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--model", "acme/gpt-9", "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'codebot: model: unknown provider "acme" in "acme/gpt-9" (known: anthropic/, openai/, compat/)\n',
    );
  });

  it("a malformed settings file names the file, line and column, and nothing runs", async () => {
    const box = sandbox();
    const file = box.write("broken.json", '{\n  "hooks": {\n    "PreToolUse": [,]\n  }\n}\n');
    const { server, r } = await printRun("hi", [reply.text("never")], { box, flags: ["--settings", file] });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^codebot: settings: ${file}:3:20: value expected`, "m"));
    expect(server.requests).toHaveLength(0);
    expectNoStackTrace(r.stderr);
  });

  it("a bad hook entry names the file, event, index and field, and nothing runs", async () => {
    const {
      settings: file,
      server,
      r,
    } = await printRun("hi", [reply.text("never")], {
      settings: {
        hooks: { PreToolUse: [command("true"), { type: "command", matcher: "/(/", command: "x" }] },
      },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^codebot: ${file}: hooks\\.PreToolUse\\[1\\]\\.matcher: `, "m"));
    expect(server.requests).toHaveLength(0);
    expectNoStackTrace(r.stderr);
  });

  it("a settings error's last line says nothing was run, not that the file was skipped", async () => {
    const box = sandbox();
    const claudeSettings = path.join(box.home, ".claude", "settings.json");
    box.write(claudeSettings, "[]\n");
    const { server, r } = await printRun("hi", [reply.text("never")], { box });
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split("\n")).toEqual([
      `codebot: settings: ${claudeSettings}: the settings file must contain one JSON object (layer skipped)`,
      "codebot: nothing was run: a settings file has an error, and a hook or rule in it would be left out (fix it; codebot hooks validate lists the errors)",
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it("a --cwd that is not a directory is one line", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--cwd", box.at("nope")], { env: cliEnv(box.home) });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`codebot: --cwd: ${box.at("nope")} does not exist or is not a directory\n`);
  });

  it("an unknown option is a usage error with exit 1", async () => {
    const box = sandbox();
    const r = await runCli(["--frobnicate"], { env: cliEnv(box.home) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown option '--frobnicate'");
    expectNoStackTrace(r.stderr);
  });
});

describe("codebot --version", () => {
  it("prints the package version", async () => {
    const box = sandbox();
    const r = await runCli(["--version"], { env: cliEnv(box.home) });
    const pkg = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(r.stdout).toBe(`${pkg.version}\n`);
    expect(r.code).toBe(0);
  });
});
