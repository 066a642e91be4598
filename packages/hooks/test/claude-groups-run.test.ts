import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Tool } from "@codebot/agentcore";
import { afterEach, describe, expect, it } from "vitest";
import {
  type BackgroundContext,
  createHookRunner,
  type HookRunner,
  type HookRunnerOptions,
  type LoadedHooks,
  loadHooks,
  type SettingsLayer,
  type TraceRecord,
} from "../src/index.js";
import {
  bashTool,
  callTool,
  cmd,
  group,
  isRunning,
  q,
  readJson,
  tempDir,
  waitFor,
  writeTool,
} from "./support.js";

/** A bash-like tool giving its result as data too, in a Bash-like shape it reads back. */
const shapedBash: Tool<{ command: string }> = {
  ...bashTool,
  execute: async (args) => {
    const content = `ran: ${args.command}`;
    return { content, isError: false, data: { stdout: content, stderr: "", interrupted: false } };
  },
  contentFromData: (data) => {
    const d = data as { stdout?: unknown; stderr?: unknown; interrupted?: unknown } | null;
    return typeof d?.stdout === "string" && typeof d.stderr === "string" && typeof d.interrupted === "boolean"
      ? d.stdout
      : undefined;
  },
};

const runners: HookRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});

/** A runner over the given layers (default: one user layer), in a temp project. */
function setup(
  hooks: Record<string, unknown[]> | SettingsLayer[],
  extra: {
    permissionMode?: string;
    dir?: string;
    onBackgroundContext?: HookRunnerOptions["onBackgroundContext"];
  } = {},
) {
  const dir = extra.dir ?? tempDir();
  const layers: SettingsLayer[] = Array.isArray(hooks)
    ? hooks
    : [{ source: "user", path: "/settings/user.json", settings: { hooks } }];
  const loaded: LoadedHooks = loadHooks(layers);
  expect(loaded.problems.filter((p) => p.severity === "error")).toEqual([]);
  const traces: TraceRecord[] = [];
  const runner = createHookRunner({
    hooks: loaded,
    session: {
      sessionId: "sess-1",
      cwd: dir,
      transcriptPath: join(dir, "t.jsonl"),
      ...(extra.permissionMode ? { permissionMode: extra.permissionMode } : {}),
    },
    onTrace: (r) => traces.push(r),
    ...(extra.onBackgroundContext ? { onBackgroundContext: extra.onBackgroundContext } : {}),
  });
  runners.push(runner);
  return { runner, dir, traces };
}

describe("Claude Code groups at run time", () => {
  it("get Claude Code's payload and environment while a native entry beside them keeps codebot's", async () => {
    const { runner, dir } = setup(
      {
        PreToolUse: [
          cmd("cat > native.json", { matcher: "write" }),
          group("Write", cmd('cat > claude.json; printf "%s|%s" "$CLAUDE_PROJECT_DIR" "$PWD" > claude.env')),
        ],
      },
      { permissionMode: "ask" },
    );
    await callTool(runner, writeTool, { file_path: "src/a.ts", content: "x" }, { id: "tu-1" });
    expect(readJson(join(dir, "native.json"))).toEqual({
      event: "PreToolUse",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "t.jsonl"),
      tool: "write",
      tool_use_id: "tu-1",
      agent: "main",
      args: { file_path: "src/a.ts", content: "x" },
    });
    expect(readJson(join(dir, "claude.json"))).toEqual({
      session_id: "sess-1",
      transcript_path: join(dir, "t.jsonl"),
      cwd: dir,
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { file_path: join(dir, "src/a.ts"), content: "x" },
      tool_use_id: "tu-1",
    });
    expect(readFileSync(join(dir, "claude.env"), "utf8")).toBe(`${dir}|${dir}`);
  });

  it("a group hook blocks with exit 2 and its stderr while a native non-blocking entry's block is ignored", async () => {
    const { runner } = setup({
      PreToolUse: [
        cmd("echo native says no >&2; exit 2", { name: "native" }),
        group("Bash", cmd("echo 'rm is not allowed' >&2; exit 2")),
      ],
    });
    const { result, executed } = await callTool(runner, bashTool, { command: "rm -rf /" });
    expect(executed).toEqual([]);
    expect(result).toEqual({ content: "hook: rm is not allowed", isError: true });
  });

  // Recorded with claude 2.1.328: an exit 2 printing {"reason": …} without a decision was given
  // its stderr as the reason (sd0xdev/sd0x-dev-flow's Stop guard prints {"ok":false,"reason":…});
  // beside `decision: "block"` the JSON reason wins over stderr. codebot's own entries keep §7.1.
  it("a group hook's exit 2 gives stderr as its reason unless its JSON reason comes with decision block", async () => {
    const both = (json: string) => `printf '%s' '${json}'; echo 'E-stderr' >&2; exit 2`;
    const reasonOf = async (hooks: unknown[]) => {
      const { runner } = setup({ PreToolUse: hooks });
      return (await callTool(runner, bashTool, { command: "ls" })).result.content;
    };
    expect(await reasonOf([group("Bash", cmd(both('{"ok":false,"reason":"R-json"}')))])).toBe(
      "hook: E-stderr",
    );
    expect(await reasonOf([group("Bash", cmd(both('{"decision":"block","reason":"R-json"}')))])).toBe(
      "hook: R-json",
    );
    expect(
      await reasonOf([cmd(both('{"reason":"R-json"}'), { matcher: "bash", blocking: true, name: "native" })]),
    ).toBe("hook: R-json");
  });

  it("the matcher is compared with source, reason, notification_type and agent_type", async () => {
    const { runner, dir } = setup({
      SessionStart: [group("startup", cmd("cat > start.json")), group("resume", cmd("touch resumed"))],
      SessionEnd: [group("prompt_input_exit", cmd("cat > end.json")), group("clear", cmd("touch cleared"))],
      Notification: [
        group("idle_prompt", cmd("cat > note.json")),
        group("permission_prompt", cmd("touch perm")),
      ],
      SubagentStop: [group("reviewer", cmd("cat > sub.json")), group("tester", cmd("touch tester"))],
    });
    await runner.sessionStart({ source: "startup" });
    runner.notification({ message: "agent response complete", notificationType: "idle_prompt" });
    runner.subagentStop({ agent: "reviewer", lastAssistantMessage: "looks good" });
    runner.sessionEnd({ reason: "prompt_input_exit" });
    await runner.close();
    expect(readJson(join(dir, "start.json"))).toMatchObject({
      hook_event_name: "SessionStart",
      source: "startup",
    });
    expect(readJson(join(dir, "end.json"))).toMatchObject({
      hook_event_name: "SessionEnd",
      reason: "prompt_input_exit",
    });
    expect(readJson(join(dir, "note.json"))).toMatchObject({
      hook_event_name: "Notification",
      message: "agent response complete",
      notification_type: "idle_prompt",
    });
    expect(readJson(join(dir, "sub.json"))).toMatchObject({
      hook_event_name: "SubagentStop",
      agent_type: "reviewer",
      stop_hook_active: false,
      last_assistant_message: "looks good",
    });
    for (const f of ["resumed", "cleared", "perm", "tester"]) expect(existsSync(join(dir, f))).toBe(false);
  });

  it("identical commands from several layers and groups run once, the first one kept", async () => {
    const dir = tempDir();
    const counter = `echo x >> ${q(join(dir, "count"))}`;
    const { runner, traces } = setup(
      [
        {
          source: "user",
          path: "/u.json",
          settings: { hooks: { PreToolUse: [group("Bash", cmd(counter))] } },
        },
        {
          source: "project",
          path: "/p.json",
          settings: { hooks: { PreToolUse: [group("*", cmd(counter)), group("Write", cmd("touch other"))] } },
        },
        { source: "local", path: "/l.json", settings: { hooks: { PreToolUse: [cmd(counter)] } } },
      ],
      { dir },
    );
    await callTool(runner, bashTool, { command: "ls" });
    // Two runs: the Claude Code hook once (deduplicated), and the native entry, which is not a Claude Code hook.
    expect(readFileSync(join(dir, "count"), "utf8")).toBe("x\nx\n");
    expect(traces.filter((t) => t.skipped === "duplicate").map((t) => t.file)).toEqual(["/p.json"]);
  });

  it("of identical commands, the user's own runs rather than an untrusted project copy written before it", async () => {
    const dir = tempDir();
    const counter = `echo x >> ${q(join(dir, "count"))}`;
    const loaded = loadHooks([
      {
        source: "project",
        path: "/p.json",
        settings: { hooks: { PostToolUse: [group("Bash", cmd(counter))] } },
      },
      {
        source: "cli",
        path: "/team.json",
        settings: { hooks: { PostToolUse: [group("Bash", cmd(counter))] } },
      },
    ]);
    const traces: TraceRecord[] = [];
    const runner = createHookRunner({
      hooks: loaded,
      session: { sessionId: "sess-1", cwd: dir, transcriptPath: join(dir, "t.jsonl") },
      onTrace: (r) => traces.push(r),
      approveHook: (request) =>
        request.source === "project" ? { approved: false, reason: "not trusted" } : { approved: true },
    });
    runners.push(runner);
    await callTool(runner, bashTool, { command: "ls" });
    expect(readFileSync(join(dir, "count"), "utf8")).toBe("x\n");
    expect(traces.map((t) => [t.file, t.skipped ?? "ran"])).toEqual([
      ["/p.json", "duplicate"],
      ["/team.json", "ran"],
    ]);
  });

  it("an async hook starts in the background: nobody waits for it and its block is ignored", async () => {
    const { runner, dir } = setup({
      PreToolUse: [group("Bash", cmd("sleep 1; echo no >&2; touch async-done; exit 2", { async: true }))],
    });
    const started = performance.now();
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(performance.now() - started).toBeLessThan(900);
    expect(result.isError).toBe(false);
    expect(executed).toHaveLength(1);
    expect(existsSync(join(dir, "async-done"))).toBe(false);
    await runner.close();
    expect(existsSync(join(dir, "async-done"))).toBe(true);
  });

  it('a hook answering {"async": true} on its first line is not waited for, and its later block is ignored', async () => {
    const { runner, dir } = setup({
      PreToolUse: [
        group("Bash", cmd(`echo '{"async": true}'; sleep 0.5; echo no >&2; touch late-done; exit 2`)),
      ],
    });
    const started = performance.now();
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(performance.now() - started).toBeLessThan(450);
    expect(result.isError).toBe(false);
    expect(executed).toHaveLength(1);
    await waitFor(() => existsSync(join(dir, "late-done")), 10_000, "the hook's end");
    const again = await callTool(runner, bashTool, { command: "ls" });
    expect(again.result.isError).toBe(false);
  });

  it('close() kills the process group of a hook still running after its {"async": true} reply (as claude does at exit)', async () => {
    const { runner, dir } = setup({
      SessionStart: [
        group("", cmd(`echo $$ > hook.pid; echo '{"async": true}'; sleep 20 & echo $! > kid.pid; wait`)),
      ],
    });
    await runner.sessionStart({ source: "startup" });
    await waitFor(() => existsSync(join(dir, "kid.pid")), 10_000, "the hook's child");
    const started = performance.now();
    await runner.close();
    expect(performance.now() - started).toBeLessThan(10_000);
    for (const file of ["hook.pid", "kid.pid"])
      expect(isRunning(Number(readFileSync(join(dir, file), "utf8"))), file).toBe(false);
  });

  it('what a hook says after its {"async": true} reply goes to onBackgroundContext: systemMessage, then additionalContext', async () => {
    const said: BackgroundContext[] = [];
    const later = `'{"systemMessage":"scan done","decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"eval() in a.py"}}'`;
    const { runner } = setup(
      { PostToolUse: [group("Bash", cmd(`echo '{"async": true}'; echo ${later}`))] },
      { onBackgroundContext: (c) => said.push(c) },
    );
    await callTool(runner, bashTool, { command: "ls" });
    await waitFor(() => said.length > 0, 10_000, "the hook's later output");
    expect(said).toEqual([
      { event: "PostToolUse", hook: expect.any(String), context: "scan done\neval() in a.py" },
    ]);
  });

  it('a SessionStart hook\'s {"async": true} line and what follows it are not context for the model', async () => {
    const { runner } = setup({
      SessionStart: [group("", cmd(`echo '{"async": true, "asyncTimeout": 5000}'; echo 'late context'`))],
    });
    const decision = await runner.sessionStart({ source: "startup" });
    expect(decision).toMatchObject({ kind: "allow" });
    expect(decision).not.toHaveProperty("context");
  });

  it("the asyncTimeout of an async reply replaces the hook's timeout for the rest of its run", async () => {
    const { runner, dir } = setup({
      PreToolUse: [
        group(
          "Bash",
          cmd(`echo $$ > hook.pid; echo '{"async": true, "asyncTimeout": 300}'; sleep 8`, { timeout: 30 }),
        ),
      ],
    });
    await callTool(runner, bashTool, { command: "ls" });
    const pid = Number(readFileSync(join(dir, "hook.pid"), "utf8"));
    // Killed well before its sleep ends, long before its own 30 s.
    await waitFor(() => !isRunning(pid), 5_000, "the hook's end at its asyncTimeout");
  });

  it("an asyncTimeout too long for a timer (meant as 'no limit') does not end the hook at once", async () => {
    const { runner, dir } = setup({
      PreToolUse: [
        group("Bash", cmd(`echo '{"async": true, "asyncTimeout": 9999999999}'; sleep 0.5; echo > done.txt`)),
      ],
    });
    await callTool(runner, bashTool, { command: "ls" });
    await waitFor(() => existsSync(join(dir, "done.txt")), 10_000, "the hook's end on its own");
  });

  it("plain stdout is context for UserPromptSubmit, not for PreToolUse", async () => {
    const { runner } = setup({
      UserPromptSubmit: [group("", cmd("echo 'the branch is main'"))],
      PreToolUse: [group("*", cmd("echo 'plain text'"))],
    });
    expect(await runner.userPromptSubmit({ prompt: "hi" })).toMatchObject({
      kind: "allow",
      context: "the branch is main",
    });
    const { result } = await callTool(runner, bashTool, { command: "ls" });
    expect(result.content).toBe("ran: ls");
  });

  it("context a hook adds is capped as a block reason is: 100,000 characters of plain stdout give head, tail and the cut", async () => {
    const { runner } = setup({
      UserPromptSubmit: [
        group("", cmd("head -c 60000 /dev/zero | tr '\\0' a; head -c 40000 /dev/zero | tr '\\0' z")),
      ],
    });
    const decision = await runner.userPromptSubmit({ prompt: "hi" });
    expect(decision.kind).toBe("allow");
    const context = decision.kind === "allow" ? (decision.context ?? "") : "";
    expect(context).toBe(
      `${"a".repeat(15_000)}\n[… 70000 characters of output cut …]\n${"z".repeat(15_000)}`,
    );
  });

  it("PostToolUse groups are waited for; their block reason and context reach the model with the result", async () => {
    const { runner } = setup({
      PostToolUse: [
        group(
          "Write",
          cmd(
            `sleep 0.3; echo '{"decision":"block","reason":"lint failed: missing semicolon","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"ran eslint"}}'`,
          ),
        ),
      ],
    });
    const { result } = await callTool(runner, writeTool, { file_path: "a.ts", content: "x" });
    expect(result.isError).toBe(false);
    expect(result.content).toBe(
      "wrote a.ts\n\n<system-reminder>\nPostToolUse hook feedback:\nlint failed: missing semicolon\n</system-reminder>\n\n<system-reminder>\nPostToolUse hook context:\nran eslint\n</system-reminder>",
    );
  });

  it("a failed call skips PostToolUse groups and fires PostToolUseFailure with the error", async () => {
    const failing = { ...bashTool, execute: async () => ({ content: "boom [exit code 1]", isError: true }) };
    const { runner, dir, traces } = setup({
      PostToolUse: [group("Bash", cmd("touch post-ran"))],
      PostToolUseFailure: [group("Bash", cmd("cat > failure.json"))],
    });
    await callTool(runner, failing, { command: "false" }, { id: "tu-9" });
    expect(existsSync(join(dir, "post-ran"))).toBe(false);
    expect(traces.find((t) => t.event === "PostToolUse")?.skipped).toBe("failed call");
    expect(readJson(join(dir, "failure.json"))).toMatchObject({
      hook_event_name: "PostToolUseFailure",
      tool_name: "Bash",
      tool_input: { command: "false" },
      tool_use_id: "tu-9",
      error: "boom [exit code 1]",
    });
  });

  it("PostToolUse gets tool_response with the output, the tool's structured result and, for file tools, the absolute path", async () => {
    const { runner, dir } = setup({ PostToolUse: [group("Write|Bash", cmd("cat >> post.jsonl"))] });
    await callTool(runner, writeTool, { file_path: "d/a.ts", content: "x" });
    await callTool(runner, shapedBash, { command: "ls" });
    const lines = readFileSync(join(dir, "post.jsonl"), "utf8").trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).tool_response)).toEqual([
      { filePath: join(dir, "d/a.ts"), output: "wrote d/a.ts", success: true },
      { stdout: "ran: ls", stderr: "", interrupted: false, output: "ran: ls", success: true },
    ]);
  });

  describe("PostToolUse updatedToolOutput", () => {
    const replace = (value: unknown, field = "updatedToolOutput") =>
      cmd(
        `echo ${q(JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", [field]: value } }))}`,
      );
    const bashShape = (stdout: string) => ({ stdout, stderr: "", interrupted: false });

    it("the last replacement in the tool's shape is what the model reads; one not in it is skipped", async () => {
      const { runner } = setup({
        PostToolUse: [
          group("Bash", replace(bashShape("first")), replace(bashShape("second")), replace("plain")),
        ],
      });
      const { result } = await callTool(runner, shapedBash, { command: "ls" });
      expect(result.content).toBe("second");
    });

    it("updatedMCPToolOutput leaves a built-in tool's result alone", async () => {
      const { runner } = setup({
        PostToolUse: [group("Bash", replace(bashShape("x"), "updatedMCPToolOutput"))],
      });
      const { result } = await callTool(runner, shapedBash, { command: "ls" });
      expect(result.content).toBe("ran: ls");
    });

    it("an MCP tool takes updatedToolOutput before the same hook's updatedMCPToolOutput", async () => {
      const both = cmd(
        `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"new","updatedMCPToolOutput":"old"}}'`,
      );
      const { runner } = setup({ PostToolUse: [group("mcp__srv__echo", both)] });
      const { result } = await callTool(runner, { ...bashTool, name: "mcp__srv__echo" }, { command: "x" });
      expect(result.content).toBe("new");
    });
  });

  it("continue: false asks to end the run, with its stopReason", async () => {
    const stops: { reason: string; hook: string }[] = [];
    const loaded = loadHooks([
      {
        source: "user",
        path: "/u.json",
        settings: {
          hooks: {
            PreToolUse: [
              group(
                "Bash",
                cmd(`echo '{"continue":false,"stopReason":"budget used up"}'`, { name: "budget" }),
              ),
            ],
            UserPromptSubmit: [group("", cmd(`echo '{"continue":false,"stopReason":"quiet hours"}'`))],
          },
        },
      },
    ]);
    const dir = tempDir();
    const runner = createHookRunner({
      hooks: loaded,
      session: { sessionId: "s", cwd: dir, transcriptPath: "" },
      onStopRun: (stop) => stops.push(stop),
    });
    runners.push(runner);
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed).toEqual([]);
    expect(result).toEqual({ content: "hook: run stopped by budget: budget used up", isError: true });
    expect(stops).toEqual([{ reason: "budget used up", hook: "budget" }]);
    expect(await runner.userPromptSubmit({ prompt: "hi" })).toMatchObject({
      kind: "stop",
      reason: "quiet hours",
    });
  });

  it("permissionDecision ask and allow reach the harness; without one, ask refuses the call with the reason", async () => {
    const ask = (reason: string) =>
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"${reason}"}}'`;
    const allow = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
    const hooks = {
      PreToolUse: [group("Bash", cmd(ask("deploys need a human"))), group("Write", cmd(allow))],
    };
    const plain = setup(hooks);
    expect(await callTool(plain.runner, bashTool, { command: "deploy" })).toEqual({
      result: { content: "hook: deploys need a human", isError: true },
      executed: [],
    });

    const asked: string[] = [];
    const runner = createHookRunner({
      hooks: loadHooks([{ source: "user", path: "/u.json", settings: { hooks } }]),
      session: { sessionId: "s", cwd: plain.dir, transcriptPath: "" },
      toolPermissions: {
        ask: async (request) => {
          asked.push(`${request.call.name}: ${request.reason}`);
          return request.call.args.command === "deploy prod"
            ? { allowed: false, reason: "the user said no" }
            : { allowed: true };
        },
      },
    });
    runners.push(runner);
    expect((await callTool(runner, bashTool, { command: "deploy staging" })).executed).toHaveLength(1);
    expect((await callTool(runner, bashTool, { command: "deploy prod" })).result).toEqual({
      content: "hook: the user said no",
      isError: true,
    });
    const slot = {};
    await callTool(runner, writeTool, { file_path: "a", content: "" }, { permission: slot });
    expect(asked).toEqual(["bash: deploys need a human", "bash: deploys need a human"]);
    // The allow is written into the call's permission slot, which the harness's approval reads.
    expect(slot).toEqual({ preApprovedBy: expect.stringContaining("PreToolUse[1].hooks[0]") });
  });

  it("${CLAUDE_PROJECT_DIR} and a plugin's ${CLAUDE_PLUGIN_ROOT} are substituted, and the plugin folders are in the environment", async () => {
    const dir = tempDir();
    const root = join(tempDir(), "my plugin");
    mkdirSync(join(root, "hooks"), { recursive: true });
    writeFileSync(
      join(root, "hooks", "show.sh"),
      'printf "%s|%s" "$CLAUDE_PLUGIN_ROOT" "$CLAUDE_PLUGIN_DATA" > "$1"\n',
    );
    const { runner } = setup(
      [
        {
          source: "plugin",
          path: join(root, "hooks/hooks.json"),
          plugin: { name: "my-plugin", root, dataDir: "/data/my-plugin" },
          settings: {
            hooks: {
              PreToolUse: [
                group(
                  "Bash",
                  cmd(`sh '\${CLAUDE_PLUGIN_ROOT}/hooks/show.sh' '\${CLAUDE_PROJECT_DIR}/plugin.txt'`),
                ),
              ],
            },
          },
        },
      ],
      { dir },
    );
    await callTool(runner, bashTool, { command: "ls" });
    expect(readFileSync(join(dir, "plugin.txt"), "utf8")).toBe(`${root}|/data/my-plugin`);
  });

  it("a variable whose value is not shell-safe is left for sh to expand, never pasted into the command", async () => {
    const dir = join(tempDir(), "proj$(touch pwned)");
    mkdirSync(dir);
    const { runner } = setup(
      { PreToolUse: [group("Bash", cmd('echo "${CLAUDE_PROJECT_DIR}" > where.txt'))] },
      { dir },
    );
    await callTool(runner, bashTool, { command: "ls" });
    expect(readFileSync(join(dir, "where.txt"), "utf8")).toBe(`${dir}\n`);
    expect(existsSync(join(dir, "pwned"))).toBe(false);
  });

  it("a systemMessage goes to the user", async () => {
    const messages: string[] = [];
    const dir = tempDir();
    const runner = createHookRunner({
      hooks: loadHooks([
        {
          source: "user",
          path: "/u.json",
          settings: {
            hooks: {
              UserPromptSubmit: [
                group("", cmd(`echo '{"systemMessage":"remember to commit"}'`, { name: "nag" })),
              ],
            },
          },
        },
      ]),
      session: { sessionId: "s", cwd: dir, transcriptPath: "" },
      onSystemMessage: (m) => messages.push(m),
    });
    runners.push(runner);
    await runner.userPromptSubmit({ prompt: "x" });
    expect(messages).toEqual(["hook nag: remember to commit"]);
  });

  it("Stop hooks get stop_hook_active and the last assistant message, and a group hook's block keeps the agent going", async () => {
    const { runner, dir } = setup({
      Stop: [group("", cmd(`cat > stop.json; echo '{"decision":"block","reason":"run the tests first"}'`))],
    });
    const decision = await runner.stop({ stopHookActive: true, lastAssistantMessage: "done" });
    expect(decision).toMatchObject({ kind: "block", reason: "run the tests first" });
    expect(readJson(join(dir, "stop.json"))).toMatchObject({
      hook_event_name: "Stop",
      stop_hook_active: true,
      last_assistant_message: "done",
    });
  });

  it("when two Stop groups block, both run and the model gets both reasons in configuration order", async () => {
    const { runner, dir } = setup({
      Stop: [
        group("", cmd(`echo '{"decision":"block","reason":"run the tests first"}'`)),
        group("", cmd(`touch second-ran; echo 'do the next step of the loop' >&2; exit 2`)),
      ],
    });
    const decision = await runner.stop({ stopHookActive: false, lastAssistantMessage: "done" });
    expect(decision).toMatchObject({
      kind: "block",
      reason: "run the tests first\n\ndo the next step of the loop",
    });
    expect(existsSync(join(dir, "second-ran"))).toBe(true);
  });

  it("a native blocking Stop entry still ends the firing: the hooks after it do not run", async () => {
    const { runner, dir } = setup({
      Stop: [cmd("echo 'native says no' >&2; exit 2", { blocking: true }), group("", cmd("touch group-ran"))],
    });
    const decision = await runner.stop({ stopHookActive: false, lastAssistantMessage: "done" });
    expect(decision).toMatchObject({ kind: "block", reason: "native says no" });
    expect(existsSync(join(dir, "group-ran"))).toBe(false);
  });

  it("TaskCompleted groups get task_id, task_subject and task_description", async () => {
    const { runner, dir } = setup({ TaskCompleted: [group("", cmd("cat > task.json; exit 2"))] });
    const task = { id: "7", subject: "ship it", description: "all of it", status: "completed" };
    const decision = await runner.taskCompleted({
      task,
      previousTask: { ...task, status: "in_progress" },
      statusFrom: "in_progress",
      statusTo: "completed",
    });
    expect(decision.kind).toBe("block");
    expect(readJson(join(dir, "task.json"))).toMatchObject({
      hook_event_name: "TaskCompleted",
      task_id: "7",
      task_subject: "ship it",
      task_description: "all of it",
    });
    expect(readJson(join(dir, "task.json"))).not.toHaveProperty("tool_name");
  });
});

describe("a Claude Code group's hooks", () => {
  it("run concurrently, and merge in configuration order whatever order they finish in", async () => {
    const { runner } = setup({
      UserPromptSubmit: [
        group(
          "",
          cmd("sleep 1; echo first"),
          cmd(
            `sleep 1; echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"second"}}'`,
          ),
          cmd("echo third"),
        ),
      ],
    });
    const started = performance.now();
    const decision = await runner.userPromptSubmit({ prompt: "x" });
    expect(performance.now() - started).toBeLessThan(1_900);
    expect(decision).toMatchObject({ kind: "allow", context: "first\n\nsecond\n\nthird" });
  });

  it("run at the same time as the hooks of the groups next to theirs, as Claude Code runs every matching hook", async () => {
    // The first group's hook lets the call through only if the second group's hook runs while it
    // waits: one group after the other, it would wait in vain and block.
    const { runner, dir } = setup({
      PreToolUse: [
        group(
          "Bash",
          cmd("for i in $(seq 100); do [ -f second-ran ] && exit 0; sleep 0.1; done; echo alone >&2; exit 2"),
        ),
        group("*", cmd("touch second-ran")),
      ],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: { command: "ls" } });
    expect(decision.kind).toBe("allow");
    expect(existsSync(join(dir, "second-ran"))).toBe(true);
  });

  it("of neighbouring groups that both block: the first in configuration order answers, though it ends last (§7.2)", async () => {
    const { runner, dir } = setup({
      PreToolUse: [
        group("Bash", cmd("sleep 0.5; echo 'first says no' >&2; exit 2")),
        group("*", cmd("touch second-ran; echo 'second says no' >&2; exit 2")),
      ],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: { command: "ls" } });
    expect(decision).toMatchObject({ kind: "block", reason: "first says no" });
    expect(existsSync(join(dir, "second-ran"))).toBe(true);
  });

  it("a SessionStart group started before anyone waits is still waited for by close()", async () => {
    const { runner, dir } = setup({ SessionStart: [group("startup", cmd("sleep 0.3; touch started"))] });
    void runner.sessionStart({ source: "startup" });
    await runner.close();
    expect(existsSync(join(dir, "started"))).toBe(true);
  });

  it("an untrusted group hook of a blockable event counts as a block, like any blocking hook", async () => {
    const dir = tempDir();
    const runner = createHookRunner({
      hooks: loadHooks([
        {
          source: "project",
          path: "/p/.claude/settings.json",
          settings: { hooks: { PreToolUse: [group("Bash", cmd("true"))] } },
        },
      ]),
      session: { sessionId: "s", cwd: dir, transcriptPath: "" },
      approveHook: async () => ({ approved: false, reason: "not trusted" }),
    });
    runners.push(runner);
    expect((await callTool(runner, bashTool, { command: "ls" })).result).toEqual({
      content: "hook: hook not approved: not trusted",
      isError: true,
    });
  });
});

describe("a Claude Code group's trace in the decision", () => {
  it("is in configuration order: run, duplicate and background members as they were written", async () => {
    const { runner } = setup({
      PreToolUse: [
        group(
          "",
          cmd("sleep 0.2", { name: "runs" }),
          cmd("sleep 0.2", { name: "same command" }),
          cmd("true", { name: "in background", async: true }),
          cmd("exit 0", { name: "runs too" }),
        ),
      ],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(
      decision.trace.map((r) => [r.hook, r.skipped ?? (r.background ? "background" : r.outcome)]),
    ).toEqual([
      ["runs", "allowed"],
      ["same command", "duplicate"],
      ["in background", "background"],
      ["runs too", "allowed"],
    ]);
  });
});
