import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import {
  command,
  rmRfGuard as guard,
  modelEnv,
  modelServer,
  runHooksTest,
  sandbox,
  streamToolResult,
} from "./support/cli-fixtures.js";
import { expectNoStackTrace, jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("codebot hooks test", () => {
  it("prints the trace (matched and skipped hooks with why, exit codes, timings) and exits 2 on a block", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        PreToolUse: [
          command("exit 0", { name: "only-write", matcher: "write" }),
          command("exit 0", { name: "only-git", matcher: "bash", if: "/git /" }),
          command("exit 0", { name: "switched-off", enabled: false }),
          guard,
        ],
      },
    });
    const r = await runHooksTest(box, "PreToolUse", ["--tool", "bash", "--args", '{"command":"rm -rf /"}'], {
      settings: file,
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('"tool":"bash"');
    expect(r.stdout).toContain('"args":{"command":"rm -rf /"}');
    expect(r.stdout).toMatch(/hook PreToolUse "only-write" \(cli: .*\) · skipped: matcher did not match/);
    expect(r.stdout).toMatch(/hook PreToolUse "only-git" \(cli: .*\) · skipped: if did not match/);
    expect(r.stdout).toMatch(
      /hook PreToolUse "switched-off" \(cli: .*\) · skipped: disabled \(enabled: false\)/,
    );
    expect(r.stdout).toMatch(
      /hook PreToolUse "guard" \(cli: .*\) · blocked · exit 2 · \d+ ms · reason: no rm -rf here/,
    );
    expect(r.stdout).toContain('decision blocked by "guard": no rm -rf here');
    expectNoStackTrace(r.stderr);
  });

  it("exits 0 and shows the rewritten input and context when the hooks allow", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        PreToolUse: [
          command(`echo '{"updated_input":{"command":"ls -la"},"additional_context":"listing is fine"}'`, {
            name: "rewriter",
          }),
        ],
      },
    });
    const r = await runHooksTest(
      box,
      "PreToolUse",
      ["--tool", "bash", "--args", '{"command":"ls"}', "--json"],
      { settings: file },
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.blocked).toBe(false);
    expect(out.decision).toEqual({
      blocked: false,
      updated_input: { command: "ls -la" },
      updated_by: "rewriter",
      additional_context: "listing is fine",
    });
    expect(out.trace[0]).toMatchObject({ hook: "rewriter", matched: true, exit_code: 0, outcome: "allowed" });
    expect(out.payload).toMatchObject({
      event: "PreToolUse",
      tool: "bash",
      args: { command: "ls" },
      cwd: box.project,
    });
  });

  it("takes --args from a file (@path) and from stdin (-)", async () => {
    const box = sandbox();
    const file = box.json("s.json", { hooks: { PreToolUse: [command("cat > payload.json")] } });
    const big = { command: `echo ${"x".repeat(200_000)}` };
    const argsFile = box.json("args.json", big);
    const fromFile = await runHooksTest(box, "PreToolUse", ["--tool", "bash", "--args", `@${argsFile}`], {
      settings: file,
    });
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(box.at("payload.json"), "utf8")).args).toEqual(big);
    const fromStdin = await runHooksTest(box, "PreToolUse", ["--tool", "bash", "--args", "-"], {
      settings: file,
      input: '{"command":"from stdin"}',
    });
    expect(fromStdin.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(box.at("payload.json"), "utf8")).args).toEqual({
      command: "from stdin",
    });
  });

  it("rejects bad input with one clear line: unknown event, missing --tool, invalid JSON", async () => {
    const box = sandbox();
    const unknown = await runHooksTest(box, "PreTooluse", []);
    expect(unknown.stderr).toBe(
      'codebot: hooks test: unknown event "PreTooluse" (did you mean "PreToolUse"?)\n',
    );
    const noTool = await runHooksTest(box, "PreToolUse", []);
    expect(noTool.stderr).toBe("codebot: hooks test: PreToolUse needs --tool NAME\n");
    const badJson = await runHooksTest(box, "PreToolUse", ["--tool", "bash", "--args", "{nope"]);
    expect(badJson.stderr).toMatch(/^codebot: hooks test: --args: the argument is not valid JSON \(.+\)\n$/);
    for (const r of [unknown, noTool, badJson]) expect(r.code).toBe(1);
  });

  it("runs the approval rules: an untrusted project guard does not run and counts as a block", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", {
      hooks: { PreToolUse: [command("touch ran.txt", { blocking: true })] },
    });
    const args = ["--tool", "bash", "--args", '{"command":"ls"}'];
    const r = await runHooksTest(box, "PreToolUse", args);
    expect(r.code).toBe(2);
    expect(fs.existsSync(box.at("ran.txt"))).toBe(false);
    expect(r.stdout).toContain(
      'not approved: not trusted; run "codebot hooks trust" to review project hooks',
    );
    const trusted = await runHooksTest(box, "PreToolUse", [...args, "--trust-project-hooks"]);
    expect(trusted.code).toBe(0);
    expect(fs.existsSync(box.at("ran.txt"))).toBe(true);
  });

  it("shows a Claude Code group's payload (tool_name, tool_input), and the docs recipe feeds it to the script", async () => {
    const box = sandbox();
    const guard = `jq -r .tool_input.command | grep -q 'rm -rf' && { echo "no rm -rf" >&2; exit 2; }; exit 0`;
    const file = box.json("s.json", {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: guard }] }] },
    });
    const args = ["--tool", "bash", "--args", '{"command":"rm -rf build"}'];
    const text = await runHooksTest(box, "PreToolUse", args, { settings: file });
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(
      /^payload \(Claude Code groups\) \{.*"tool_name":"Bash","tool_input":\{"command":"rm -rf build"\}/m,
    );
    expect(text.stdout).not.toMatch(/^payload \{/m);
    const json = await runHooksTest(box, "PreToolUse", [...args, "--json"], { settings: file });
    const out = JSON.parse(json.stdout);
    expect(out.claude_payload).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf build" },
      tool_use_id: "hooks-test",
    });
    // docs/hooks.md, "Trace and debugging", step 4, as written there for a Claude Code hook.
    const byHand = spawnSync(
      "sh",
      ["-c", `jq -c .claude_payload | sh -c '${guard.replaceAll("'", "'\\''")}'`],
      {
        input: json.stdout,
        encoding: "utf8",
      },
    );
    expect(byHand.status).toBe(2);
    expect(byHand.stderr).toBe("no rm -rf\n");
  });

  it("a failing PostStopValidation hook is a block (exit 2) and shows what the agent would be told", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: { PostStopValidation: [command("echo '2 tests failed'; exit 1", { name: "tests" })] },
    });
    const r = await runHooksTest(box, "PostStopValidation", [], { settings: file });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('validation fails (hook "tests"); the agent would be told:\n2 tests failed');
  });

  it("runs async events to completion and exits 0; other events' hooks (SessionStart) do not run", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        SessionStart: [command("touch session-start.txt")],
        PostToolUse: [command("sleep 0.2; cat > post.json", { matcher: "bash" })],
      },
    });
    const r = await runHooksTest(
      box,
      "PostToolUse",
      ["--tool", "bash", "--args", '{"command":"ls"}', "--output", "a.txt"],
      { settings: file },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("PostToolUse hooks run in the background and cannot block");
    expect(JSON.parse(fs.readFileSync(box.at("post.json"), "utf8"))).toMatchObject({
      output: "a.txt",
      is_error: false,
    });
    expect(fs.existsSync(box.at("session-start.txt"))).toBe(false);
  });

  it("leaves no session behind in CODEBOT_HOME", async () => {
    const box = sandbox();
    const r = await runHooksTest(box, "SessionEnd", []);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("no hook is configured for SessionEnd");
    expect(fs.readdirSync(box.home)).toEqual([]);
  });
});

describe("codebot hooks test reproduces the runtime's decision for the same payload", () => {
  const cases: {
    name: string;
    hooks: Record<string, unknown>;
    args: Record<string, unknown>;
    project?: unknown;
  }[] = [
    { name: "a blocking guard", hooks: { PreToolUse: [guard] }, args: { command: "rm -rf build" } },
    {
      name: "a guard whose if does not match",
      hooks: { PreToolUse: [guard] },
      args: { command: "echo safe" },
    },
    {
      name: "a non-blocking hook that asks to block",
      hooks: { PreToolUse: [command("echo ignored >&2; exit 2")] },
      args: { command: "echo still runs" },
    },
    {
      name: "a rewrite chained into a guard",
      hooks: {
        PreToolUse: [
          command(`echo '{"updated_input":{"command":"rm -rf tmp"}}'`, { name: "rewriter" }),
          guard,
        ],
      },
      args: { command: "echo harmless" },
    },
    {
      name: "a rewrite that is allowed",
      hooks: {
        PreToolUse: [command(`echo '{"updated_input":{"command":"echo REWRITTEN"}}'`, { name: "rewriter" })],
      },
      args: { command: "echo original" },
    },
    {
      name: "an untrusted blocking project hook",
      hooks: {},
      project: { hooks: { PreToolUse: [command("exit 0", { blocking: true, name: "project guard" })] } },
      args: { command: "echo hi" },
    },
  ];

  for (const c of cases) {
    it(`${c.name}: same block and reason (or same rewritten arguments)`, async () => {
      const box = sandbox();
      const settings = box.json("s.json", { hooks: c.hooks });
      if (c.project) box.json(".codebot/settings.json", c.project);

      const server = await modelServer([reply.toolCall("bash", c.args, "call-1"), reply.text("done")]);
      const session = await runCli(
        [
          "-p",
          "go",
          "--output-format",
          "stream-json",
          "--permission-mode",
          "bypassPermissions",
          "--settings",
          settings,
          "--cwd",
          box.project,
        ],
        { env: modelEnv(server, box.home) },
      );
      expect(session.code).toBe(0);
      const end = { result: streamToolResult(jsonLines(session.stdout), "call-1") as { content: string } };

      const test = await runHooksTest(
        box,
        "PreToolUse",
        ["--tool", "bash", "--args", JSON.stringify(c.args), "--json"],
        { settings },
      );
      const decision = JSON.parse(test.stdout).decision as {
        blocked: boolean;
        reason?: string;
        updated_input?: { command: string };
      };

      const runtimeBlocked = end.result.content.startsWith("hook: ");
      expect(decision.blocked).toBe(runtimeBlocked);
      expect(test.code).toBe(runtimeBlocked ? 2 : 0);
      if (runtimeBlocked) {
        expect(end.result.content).toBe(`hook: ${decision.reason}`);
      } else {
        // The tool ran what the hooks decided: the rewritten command, or the model's own.
        const ran = decision.updated_input?.command ?? (c.args.command as string);
        expect(end.result.content).toBe(ran.replace(/^echo /, ""));
      }
    });
  }
});
