import fs from "node:fs";
import path from "node:path";
import type { Tool, ToolCall, ToolContext } from "@codebot/agentcore";
import { loadHooks } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApprovalEngine } from "../src/approval/approval-engine.js";
import type { HookApprovalRequest, ToolApprovalRequest } from "../src/approval/approval-types.js";
import type { PermissionDecision } from "../src/approval/permission-decision.js";
import { parsePermissionRule } from "../src/approval/permission-rule.js";
import { TrustStore } from "../src/approval/trust-store.js";
import { PathPolicy } from "../src/paths/path-policy.js";
import type { PermissionMode } from "../src/settings/runtime-settings.js";
import { bashTool } from "../src/tools/bash-tool.js";
import { readTool } from "../src/tools/read-tool.js";
import { writeTool } from "../src/tools/write-tool.js";
import { tempDir } from "./support/temp-dirs.js";
import { callTool, toolContext } from "./support/tool-context.js";

function setup(options: {
  mode?: PermissionMode;
  rules?: string[];
  ask?: string[];
  deny?: string[];
  askTool?: (r: ToolApprovalRequest) => Promise<"once" | "always" | "deny">;
  askHook?: (r: HookApprovalRequest) => Promise<"once" | "always" | "deny">;
  trustProjectHooks?: boolean;
  notify?: (message: string) => void;
  onDecision?: (call: ToolCall, decision: PermissionDecision) => void;
}) {
  const home = tempDir("codebot-home-");
  const project = tempDir("codebot-project-");
  const paths = new PathPolicy(project);
  const trustStore = new TrustStore(home, project);
  const parse = (texts: string[] = []) =>
    texts.map((t) => {
      const p = parsePermissionRule(t);
      if (!p.ok) throw new Error(p.error);
      return p.rule;
    });
  const rules = { allow: parse(options.rules), ask: parse(options.ask), deny: parse(options.deny) };
  const engine = new ApprovalEngine({
    mode: options.mode ?? "ask",
    rules,
    paths,
    trustStore,
    trustProjectHooks: options.trustProjectHooks,
    askToolApproval: options.askTool,
    askHookApproval: options.askHook,
    notify: options.notify,
    ...(options.onDecision ? { onDecision: options.onDecision } : {}),
  });
  const env = { paths, env: {} };
  const tools = { bash: bashTool(env), write: writeTool(env), read: readTool(env) };
  return { home, project, engine, trustStore, tools };
}

const ctx = { agentName: "main", signal: new AbortController().signal };
const call = (tool: Tool, args: Record<string, unknown>) => ({ id: "c1", name: tool.name, args });

/** A question about a real compiled project hook (what the hooks runner asks its gate). */
function hookRequest(over: Partial<HookApprovalRequest> = {}): HookApprovalRequest {
  const { hooks } = loadHooks([
    {
      source: "project",
      path: "/p/.codebot/settings.json",
      settings: { hooks: { SessionStart: [{ type: "command", command: "touch started" }] } },
    },
  ]);
  const hook = hooks[0];
  if (hook === undefined) throw new Error("the test hook did not load");
  return {
    event: "SessionStart",
    label: "touch started",
    blocking: false,
    source: "project",
    path: "/p/.codebot/settings.json",
    fingerprint: "f1",
    hook,
    signal: new AbortController().signal,
    ...over,
  };
}

describe("tool approval", () => {
  it("ask mode without a way to ask denies mutating tools with a message the model can act on", async () => {
    const { engine, tools } = setup({});
    expect(await engine.tools.decide(call(tools.bash, { command: "touch a" }), tools.bash, ctx)).toEqual({
      allowed: false,
      reason:
        'permission denied: bash needs approval; allow it with a "permissions.allow" rule, --allowedTools, or --permission-mode bypassPermissions',
    });
    expect(await engine.tools.decide(call(tools.read, { file_path: "a" }), tools.read, ctx)).toEqual({
      allowed: true,
    });
  });

  it("the way out it names fits the tool: acceptEdits for a file edit, bypassPermissions for the rest", async () => {
    const { engine, tools } = setup({});
    expect(
      await engine.tools.decide(call(tools.write, { file_path: "a", content: "" }), tools.write, ctx),
    ).toMatchObject({ allowed: false, reason: expect.stringMatching(/--permission-mode acceptEdits$/) });
    expect(
      await engine.tools.decide(call(tools.bash, { command: "touch a" }), tools.bash, ctx),
    ).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/--permission-mode bypassPermissions$/),
    });
  });

  it("allow rules let matching calls through without asking", async () => {
    const { engine, tools } = setup({ rules: ["bash(git status*)", "write(src/**)"] });
    expect(
      await engine.tools.decide(call(tools.bash, { command: "git status -s" }), tools.bash, ctx),
    ).toEqual({ allowed: true });
    expect(
      (await engine.tools.decide(call(tools.bash, { command: "git push" }), tools.bash, ctx)).allowed,
    ).toBe(false);
    expect(
      await engine.tools.decide(
        call(tools.write, { file_path: "src/x/y.ts", content: "" }),
        tools.write,
        ctx,
      ),
    ).toEqual({
      allowed: true,
    });
    expect(
      (await engine.tools.decide(call(tools.write, { file_path: "x.ts", content: "" }), tools.write, ctx))
        .allowed,
    ).toBe(false);
  });

  it("a deny rule refuses its calls in every mode, read-only tools included, and the refusal is recorded", async () => {
    for (const mode of ["bypassPermissions", "auto", "ask", "acceptEdits", "plan", "dontAsk"] as const) {
      const { engine, tools } = setup({ mode, rules: ["Bash"], deny: ["Bash(rm:*)", "Read(./secrets/**)"] });
      expect(
        await engine.tools.decide(call(tools.bash, { command: "cd x && rm -rf y" }), tools.bash, ctx),
        mode,
      ).toEqual({
        allowed: false,
        reason: 'permission denied: bash is refused by the deny rule "Bash(rm:*)"',
      });
      expect(
        (await engine.tools.decide(call(tools.read, { file_path: "secrets/k" }), tools.read, ctx)).allowed,
        mode,
      ).toBe(false);
      expect(engine.tools.denials[0]).toEqual({
        tool_name: "bash",
        tool_use_id: "c1",
        tool_input: { command: "cd x && rm -rf y" },
      });
    }
  });

  it("an ask rule asks even where an allow rule or the mode would let the call run; nobody to ask refuses", async () => {
    const asked: string[] = [];
    const { engine, tools } = setup({
      mode: "bypassPermissions",
      rules: ["Bash"],
      ask: ["Bash(git push:*)"],
      askTool: async (r) => {
        asked.push(r.subject ?? "");
        return "always";
      },
    });
    const push = call(tools.bash, { command: "git push origin" });
    expect(await engine.tools.decide(push, tools.bash, ctx)).toEqual({ allowed: true });
    expect(await engine.tools.decide(push, tools.bash, ctx)).toEqual({ allowed: true });
    // "always" under an ask rule does not silence the rule.
    expect(asked).toEqual(["git push origin", "git push origin"]);
    const quiet = setup({ rules: ["Bash"], ask: ["Bash(git push:*)"] });
    expect(await quiet.engine.tools.decide(push, quiet.tools.bash, ctx)).toEqual({
      allowed: false,
      reason:
        'permission denied: bash the ask rule "Bash(git push:*)" needs a yes; nobody can answer in a non-interactive run',
    });
  });

  it("an ask rule holds past options between its words: git -C . push under ask Bash(git push:*) and allow Bash is refused with nobody to ask", async () => {
    const { engine, tools } = setup({
      mode: "bypassPermissions",
      rules: ["Bash"],
      ask: ["Bash(git push:*)"],
    });
    const push = call(tools.bash, { command: "git -C . push origin" });
    expect(await engine.tools.decide(push, tools.bash, ctx)).toEqual({
      allowed: false,
      reason:
        'permission denied: bash the ask rule "Bash(git push:*)" needs a yes; nobody can answer in a non-interactive run',
    });
  });

  it("a hook's allow skips the mode's question but not an ask rule's: rm under ask Bash(rm:*) is still refused", async () => {
    const { engine, tools } = setup({ ask: ["Bash(rm:*)"] });
    const hookAllowed = { ...ctx, permission: { preApprovedBy: "guard" } };
    expect(await engine.tools.decide(call(tools.bash, { command: "ls" }), tools.bash, hookAllowed)).toEqual({
      allowed: true,
    });
    expect(
      await engine.tools.decide(call(tools.bash, { command: "rm victim.txt" }), tools.bash, hookAllowed),
    ).toEqual({
      allowed: false,
      reason:
        'permission denied: bash the ask rule "Bash(rm:*)" needs a yes; nobody can answer in a non-interactive run',
    });
    const userSaidYes = { ...ctx, permission: { preApprovedBy: "guard", confirmedByUser: true } };
    expect(
      await engine.tools.decide(call(tools.bash, { command: "rm victim.txt" }), tools.bash, userSaidYes),
    ).toEqual({ allowed: true });
  });

  it("acceptEdits runs file edits unasked but not other bash; dontAsk refuses instead of asking", async () => {
    const edits = setup({ mode: "acceptEdits" });
    expect(
      await edits.engine.tools.decide(
        call(edits.tools.write, { file_path: "a.ts", content: "" }),
        edits.tools.write,
        ctx,
      ),
    ).toEqual({ allowed: true });
    expect(
      (
        await edits.engine.tools.decide(
          call(edits.tools.bash, { command: "chmod +x a" }),
          edits.tools.bash,
          ctx,
        )
      ).allowed,
    ).toBe(false);
    let asked = false;
    const dont = setup({
      mode: "dontAsk",
      rules: ["Bash(touch a)"],
      askTool: async () => {
        asked = true;
        return "once";
      },
    });
    expect(
      await dont.engine.tools.decide(call(dont.tools.bash, { command: "touch a" }), dont.tools.bash, ctx),
    ).toEqual({
      allowed: true,
    });
    expect(
      (await dont.engine.tools.decide(call(dont.tools.bash, { command: "mkdir b" }), dont.tools.bash, ctx))
        .allowed,
    ).toBe(false);
    expect(asked).toBe(false);
  });

  it("a bash line that only reads runs unasked in ask, acceptEdits, dontAsk and plan", async () => {
    const ls = (t: { bash: Tool }) => call(t.bash, { command: "ls -la && git --version | head -1" });
    for (const mode of ["ask", "acceptEdits", "dontAsk", "plan"] as const) {
      const { engine, tools } = setup({ mode, askTool: async () => "deny" });
      expect(await engine.tools.decide(ls(tools), tools.bash, ctx), mode).toEqual({ allowed: true });
    }
  });

  it("an MCP tool its server marks read-only is still asked about, as claude 2.1.328 asks (the hint is the server's word); a rule or bypassPermissions lets it run", async () => {
    const readsByItsWord: Tool = {
      name: "mcp__srv__lookup",
      description: "looks something up",
      inputSchema: z.object({}),
      mutating: false,
      concurrencySafe: true,
      execute: async () => ({ content: "ok", isError: false }),
    };
    const lookup = call(readsByItsWord, {});
    const asked: string[] = [];
    const ask = setup({
      askTool: async (r) => {
        asked.push(r.tool);
        return "once";
      },
    });
    expect(await ask.engine.tools.decide(lookup, readsByItsWord, ctx)).toEqual({ allowed: true });
    expect(asked).toEqual(["mcp__srv__lookup"]);
    const nobody = setup({});
    expect((await nobody.engine.tools.decide(lookup, readsByItsWord, ctx)).allowed).toBe(false);
    const ruled = setup({ rules: ["mcp__srv__lookup"] });
    expect((await ruled.engine.tools.decide(lookup, readsByItsWord, ctx)).allowed).toBe(true);
    const bypass = setup({ mode: "bypassPermissions" });
    expect((await bypass.engine.tools.decide(lookup, readsByItsWord, ctx)).allowed).toBe(true);
  });

  it("plan mode refuses a bash line that does more than read, even one an allow rule allows", async () => {
    const plan = setup({ mode: "plan", rules: ["Bash(npm test:*)"] });
    for (const command of ["npm test", "touch a", "cd src && npm test | tail -5"])
      expect(
        (await plan.engine.tools.decide(call(plan.tools.bash, { command }), plan.tools.bash, ctx)).allowed,
        command,
      ).toBe(false);
  });

  it("acceptEdits runs a bash line that makes, moves or removes files in the project; ask mode asks for it", async () => {
    const line = (t: { bash: Tool }, command: string) => call(t.bash, { command });
    const edits = setup({ mode: "acceptEdits" });
    const decide = (command: string) =>
      edits.engine.tools.decide(line(edits.tools, command), edits.tools.bash, ctx);
    expect(await decide("mkdir -p src/x && touch src/x/a.ts && mv src/x src/y")).toEqual({ allowed: true });
    expect((await decide("touch .git/hooks/pre-commit")).allowed).toBe(false);
    expect((await decide("chmod +x run.sh")).allowed).toBe(false);
    const ask = setup({ mode: "ask" });
    expect((await ask.engine.tools.decide(line(ask.tools, "touch a"), ask.tools.bash, ctx)).allowed).toBe(
      false,
    );
  });

  it("an allow rule lets a line run whose other commands only read, as in Claude Code: cd sub && npm test | tail", async () => {
    const decider = (rules: string[]) => {
      const { engine, tools } = setup({ rules });
      return async (command: string) =>
        (await engine.tools.decide(call(tools.bash, { command }), tools.bash, ctx)).allowed;
    };
    const decide = decider(["Bash(npm test:*)"]);
    expect(await decide("cd src && npm test 2>&1 | tail -5")).toBe(true);
    expect(await decide("npm test && touch done")).toBe(false);
    expect(await decide("npm test | tail -5 > out.txt")).toBe(false);
    expect(await decide("(npm test) > ~/.bashrc")).toBe(false);
    expect(await decide("cd /etc && npm test && cat passwd")).toBe(false);
    // With cd allowed by a rule, the reads after a cd may be anywhere: the line asks.
    expect(await decider(["Bash(npm test:*)", "Bash(cd:*)"])("cd /etc && npm test && cat passwd")).toBe(
      false,
    );
  });

  it("an allow rule does not let a line run that defines a function: its body runs after a cd, elsewhere", async () => {
    const { engine, tools, project } = setup({ rules: ["Bash(npm test:*)"] });
    const deep = path.join(project, "src", "x");
    fs.mkdirSync(deep, { recursive: true });
    // From src/x, ../../etc/passwd is in the project; the body runs from its root, two folders up.
    const bash = { ...tools.bash, workingDirectory: () => deep };
    const command = "cat() { head ../../etc/passwd; } ; cd ../.. ; npm test ; cat";
    expect((await engine.tools.decide(call(bash, { command }), bash, ctx)).allowed).toBe(false);
  });

  it("a bash call runs in the directory it was judged from: a sub-agent's cd landing before it runs does not take its relative paths out of the project", async () => {
    const { engine, tools, project } = setup({});
    fs.mkdirSync(path.join(project, "a", "b"), { recursive: true });
    fs.writeFileSync(path.join(project, "inside.txt"), "inside\n");
    await callTool(tools.bash, { command: "cd a/b" });
    // ../../inside.txt from a/b is the project's; from the project folder it is two folders above it.
    const bashCall = call(tools.bash, { command: "cat ../../inside.txt" });
    const callCtx = toolContext(tools.bash);
    const result = await engine.tools.middleware()(
      bashCall,
      async (approved) => {
        // The sub-agents of a turn run at once and share the shell: one's cd lands now.
        await callTool(tools.bash, { command: `cd ${project}` });
        return tools.bash.execute(approved.args as { command: string }, callCtx);
      },
      callCtx,
    );
    expect(result).toMatchObject({ content: "inside", isError: false });
    expect(tools.bash.workingDirectory()).toBe(project);
  });

  it("a bash call is judged from one reading of the shell's directory: a cd landing while it is judged changes nothing of it", async () => {
    const { engine, tools, project } = setup({});
    const deep = path.join(project, "a", "b");
    fs.mkdirSync(deep, { recursive: true });
    // The first reading is a/b; any later one the project folder, as after a sub-agent's `cd`.
    let readings = 0;
    const bash = { ...tools.bash, workingDirectory: () => (readings++ === 0 ? deep : project) };
    const callCtx = toolContext(bash);
    let ranIn: string | undefined;
    const result = await engine.tools.middleware()(
      call(bash, { command: "cat ../../inside.txt" }),
      async () => {
        ranIn = callCtx.permission.judgedIn;
        return { content: "ran", isError: false };
      },
      callCtx,
    );
    expect(result).toEqual({ content: "ran", isError: false });
    expect(ranIn).toBe(deep);
  });

  it("deny and ask rules hold for a line that only reads; a read outside the project asks", async () => {
    const denied = setup({ deny: ["Bash(ls:*)"] });
    expect(
      await denied.engine.tools.decide(call(denied.tools.bash, { command: "ls" }), denied.tools.bash, ctx),
    ).toEqual({ allowed: false, reason: 'permission denied: bash is refused by the deny rule "Bash(ls:*)"' });
    const asked: string[] = [];
    const { engine, tools } = setup({
      ask: ["Bash(cat:*)"],
      askTool: async (r) => {
        asked.push(r.subject ?? "");
        return "deny";
      },
    });
    await engine.tools.decide(call(tools.bash, { command: "cat README.md" }), tools.bash, ctx);
    await engine.tools.decide(call(tools.bash, { command: "head /etc/hostname" }), tools.bash, ctx);
    expect(asked).toEqual(["cat README.md", "head /etc/hostname"]);
  });

  it("auto mode allows everything and plan mode denies mutating tools only", async () => {
    const auto = setup({ mode: "bypassPermissions" });
    expect(
      await auto.engine.tools.decide(call(auto.tools.bash, { command: "x" }), auto.tools.bash, ctx),
    ).toEqual({ allowed: true });
    const plan = setup({ mode: "plan", rules: ["bash"] });
    expect(
      await plan.engine.tools.decide(call(plan.tools.bash, { command: "x" }), plan.tools.bash, ctx),
    ).toEqual({
      allowed: false,
      reason: "permission denied: bash is not allowed in plan mode (read-only tools only)",
    });
    expect(
      await plan.engine.tools.decide(call(plan.tools.read, { file_path: "a" }), plan.tools.read, ctx),
    ).toEqual({ allowed: true });
  });

  it("the user's answers are told as claude's permission_decision: once user_temporary, always user_permanent, deny user_reject (the call user-rejected)", async () => {
    const answers = ["once", "always", "deny"] as const;
    let asked = 0;
    const decisions: PermissionDecision[] = [];
    const { engine, tools } = setup({
      askTool: async () => answers[asked++] ?? "deny",
      onDecision: (_call, decision) => decisions.push(decision),
    });
    for (const command of ["touch a", "touch b", "touch c"])
      await engine.tools.middleware()(
        call(tools.bash, { command }),
        async () => ({ content: "ran", isError: false }),
        toolContext(tools.bash),
      );
    expect(decisions).toEqual([
      { decision: "accept", source: "user_temporary" },
      { decision: "accept", source: "user_permanent" },
      { decision: "reject", source: "user_reject", notRun: "user-rejected" },
    ]);
  });

  it("asks the user; 'always' adds a session rule for exactly that command, 'deny' refuses", async () => {
    const asked: ToolApprovalRequest[] = [];
    const answers = ["always", "deny"] as const;
    const { engine, tools } = setup({
      askTool: async (r) => {
        asked.push(r);
        return answers[asked.length - 1] ?? "deny";
      },
    });
    const touch = call(tools.bash, { command: "touch *.txt" });
    expect(await engine.tools.decide(touch, tools.bash, ctx)).toEqual({ allowed: true });
    expect(asked[0]).toMatchObject({
      tool: "bash",
      subject: "touch *.txt",
      alwaysRule: "bash(touch \\*.txt)",
      agentName: "main",
    });
    expect(await engine.tools.decide(touch, tools.bash, ctx)).toEqual({ allowed: true });
    expect(asked).toHaveLength(1);
    expect(await engine.tools.decide(call(tools.bash, { command: "touch a.txt" }), tools.bash, ctx)).toEqual({
      allowed: false,
      reason: "permission denied: the user refused this bash call",
    });
  });

  it("asks one question at a time when calls run in parallel", async () => {
    let open = 0;
    let maxOpen = 0;
    const { engine, tools } = setup({
      askTool: async () => {
        open++;
        maxOpen = Math.max(maxOpen, open);
        await new Promise((r) => setTimeout(r, 20));
        open--;
        return "once";
      },
    });
    const results = await Promise.all(
      ["a", "b", "c"].map((c) => engine.tools.decide(call(tools.bash, { command: c }), tools.bash, ctx)),
    );
    expect(results.every((r) => r.allowed)).toBe(true);
    expect(maxOpen).toBe(1);
  });
});

describe("hook approval", () => {
  it("approves the user's own hooks and denies every hook in plan mode", async () => {
    const { engine } = setup({});
    for (const source of ["user", "cli", "plugin"] as const) {
      expect(await engine.approveHook(hookRequest({ source }))).toEqual({ approved: true });
    }
    const plan = setup({ mode: "plan" });
    expect(await plan.engine.approveHook(hookRequest({ source: "user" }))).toEqual({
      approved: false,
      reason: "not run in plan mode",
    });
  });

  it("does not run an untrusted project hook non-interactively, and names it in one notice", async () => {
    const { engine } = setup({});
    expect(await engine.approveHook(hookRequest())).toEqual({
      approved: false,
      reason: 'not trusted; run "codebot hooks trust" to review project hooks',
    });
    const spec = { type: "command", command: "true" } as const;
    const hooks = [
      { source: "project", fingerprint: "f1", spec, path: "/p/.claude/settings.json" },
      { source: "local", fingerprint: "f2", spec, path: "/p/.codebot/settings.local.json" },
      { source: "user", fingerprint: "f3", spec, path: "/home/u/.claude/settings.json" },
    ] as const;
    expect(engine.untrustedHooksNotice(hooks, false, "/p")).toBe(
      'codebot: 2 project hooks were not run because they are not trusted (.claude/settings.json, .codebot/settings.local.json); run "codebot hooks trust" to review them',
    );
    expect(engine.untrustedHooksNotice(hooks, true, "/p")).toBeUndefined();
  });

  it("tells once, not only the trace, that a user's own hook is held mid-session for a project program", async () => {
    const notices: string[] = [];
    const { engine, project } = setup({ notify: (m) => notices.push(m) });
    const command = "bash gen.sh";
    const settingsFile = "/home/u/.claude/settings.json";
    const { hooks } = loadHooks([
      { source: "user", path: settingsFile, settings: { hooks: { Stop: [{ type: "command", command }] } } },
    ]);
    const hook = hooks[0] as (typeof hooks)[number];
    const request = hookRequest({
      source: "user",
      path: settingsFile,
      label: command,
      fingerprint: hook.fingerprint,
      hook,
    });
    expect(await engine.approveHook(request)).toEqual({ approved: true });
    // The program appears after the session started: held from now on, and the user is told once.
    fs.writeFileSync(path.join(project, "gen.sh"), "echo hi\n");
    const held = await engine.approveHook(request);
    expect(held.approved).toBe(false);
    await engine.approveHook(request);
    expect(notices).toEqual([
      `codebot: your hook "bash gen.sh" (${settingsFile}) was not run: it runs gen.sh from this project, not approved for it yet; run "codebot hooks trust" to review it`,
    ]);
    // Changed again: a new program, told again.
    fs.writeFileSync(path.join(project, "gen.sh"), "echo other\n");
    await engine.approveHook(request);
    expect(notices).toHaveLength(2);
  });

  it("a user's own hook the start notice named is not named again when it is held", async () => {
    const notices: string[] = [];
    const { engine, project } = setup({ notify: (m) => notices.push(m) });
    fs.writeFileSync(path.join(project, "gen.sh"), "echo hi\n");
    const settingsFile = "/home/u/.claude/settings.json";
    const { hooks } = loadHooks([
      {
        source: "user",
        path: settingsFile,
        settings: { hooks: { Stop: [{ type: "command", command: "bash gen.sh" }] } },
      },
    ]);
    const hook = hooks[0] as (typeof hooks)[number];
    expect(engine.untrustedHooksNotice([{ ...hook, path: settingsFile }], false, project)).toContain(
      'your hook "bash gen.sh"',
    );
    const request = hookRequest({
      source: "user",
      path: settingsFile,
      label: "bash gen.sh",
      fingerprint: hook.fingerprint,
      hook,
    });
    expect((await engine.approveHook(request)).approved).toBe(false);
    expect(notices).toEqual([]);
  });

  it("names a held own hook that has a name by its name, at the start and mid-session", async () => {
    const notices: string[] = [];
    const { engine, project } = setup({ notify: (m) => notices.push(m) });
    const settingsFile = "/home/u/.claude/settings.json";
    const entry = { type: "command", command: "bash gen.sh", name: "tests" } as const;
    const { hooks } = loadHooks([
      { source: "user", path: settingsFile, settings: { hooks: { Stop: [entry], SessionEnd: [entry] } } },
    ]);
    const [stop, end] = hooks as [(typeof hooks)[number], (typeof hooks)[number]];
    fs.writeFileSync(path.join(project, "gen.sh"), "echo hi\n");
    const held = `codebot: your hook "tests" (${settingsFile}) was not run: it runs gen.sh from this project`;
    expect(engine.untrustedHooksNotice([stop], false, project)).toContain(held);
    const request = hookRequest({
      source: "user",
      path: settingsFile,
      label: "tests",
      fingerprint: end.fingerprint,
      hook: end,
    });
    expect((await engine.approveHook(request)).approved).toBe(false);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(held);
  });

  it("trusts project hooks for one run with trustProjectHooks, without writing the trust store", async () => {
    const { engine, trustStore } = setup({ trustProjectHooks: true });
    expect(await engine.approveHook(hookRequest({ source: "local" }))).toEqual({ approved: true });
    expect(fs.existsSync(trustStore.file)).toBe(false);
  });

  it("'always' persists the fingerprint per project; a changed entry asks again", async () => {
    const asked: string[] = [];
    const s = setup({
      askHook: async (r) => {
        asked.push(r.fingerprint);
        return "always";
      },
    });
    expect(await s.engine.approveHook(hookRequest())).toEqual({ approved: true });
    expect(await s.engine.approveHook(hookRequest())).toEqual({ approved: true });
    expect(asked).toEqual(["f1"]);
    const saved = JSON.parse(fs.readFileSync(s.trustStore.file, "utf8"));
    expect(saved.hooks.f1).toMatchObject({
      event: "SessionStart",
      source: "project",
      label: "touch started",
    });
    expect(path.basename(s.trustStore.file)).toMatch(
      new RegExp(`^${s.project.replace(/[^a-zA-Z0-9]/g, "-")}-[0-9a-f]{12}\\.json$`),
    );
    expect(new TrustStore(s.home, s.project).isHookTrusted("f1")).toBe(true);
    expect(await s.engine.approveHook(hookRequest({ fingerprint: "f1-changed" }))).toEqual({
      approved: true,
    });
    expect(asked).toEqual(["f1", "f1-changed"]);
  });

  it("'always' that cannot be saved approves for the session and says so, naming the trust store", async () => {
    const notices: string[] = [];
    const s = setup({ askHook: async () => "always", notify: (m) => notices.push(m) });
    // The trust folder is a file: nothing can be saved under it (as on a full or read-only disk).
    fs.writeFileSync(path.dirname(s.trustStore.file), "");
    expect(await s.engine.approveHook(hookRequest())).toEqual({ approved: true });
    expect(await s.engine.approveHook(hookRequest())).toEqual({ approved: true });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /^codebot: could not save the approval of hook touch started \(.+\); allowed for this session$/,
    );
    expect(notices[0]).toContain(`(trust: cannot save approvals to ${s.trustStore.file}: `);
  });

  it("'once' approves for the session only and 'deny' is remembered for the session", async () => {
    const s = setup({ askHook: async (r) => (r.fingerprint === "ok" ? "once" : "deny") });
    expect(await s.engine.approveHook(hookRequest({ fingerprint: "ok" }))).toEqual({ approved: true });
    expect(await s.engine.approveHook(hookRequest({ fingerprint: "no" }))).toEqual({
      approved: false,
      reason: "denied by the user",
    });
    expect(fs.existsSync(s.trustStore.file)).toBe(false);
  });

  it("concurrent firings of one untrusted hook share one question", async () => {
    let asked = 0;
    const s = setup({
      askHook: async () => {
        asked++;
        await new Promise((r) => setTimeout(r, 20));
        return "once";
      },
    });
    const results = await Promise.all([1, 2, 3].map(() => s.engine.approveHook(hookRequest())));
    expect(results).toEqual([{ approved: true }, { approved: true }, { approved: true }]);
    expect(asked).toBe(1);
  });
});

describe("a hook question whose hook was given up", () => {
  /** The request of a hook given up (timeout or cancelled run) after `ms`, as the runner aborts it. */
  const givenUpAfter = (ms: number) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error(`no approval within ${ms / 1000}s`)), ms);
    return hookRequest({ signal: controller.signal });
  };
  /** What the interactive question does: waits for a key that never comes, answers "deny" when withdrawn. */
  const unanswered = (r: HookApprovalRequest) =>
    new Promise<"deny">((resolve) => r.signal.addEventListener("abort", () => resolve("deny")));

  it("is not remembered as the user's no: the hook's next firing asks again", async () => {
    const asked: HookApprovalRequest[] = [];
    const s = setup({
      askHook: (r) => {
        asked.push(r);
        return asked.length === 1 ? unanswered(r) : Promise.resolve("once");
      },
    });
    expect(await s.engine.approveHook(givenUpAfter(20))).toEqual({
      approved: false,
      reason: "no approval within 0.02s",
    });
    expect(await s.engine.approveHook(hookRequest())).toEqual({ approved: true });
    expect(asked).toHaveLength(2);
  });

  it("is never put when it was still waiting behind another question", async () => {
    let asked = 0;
    let toolAsked: () => void = () => {};
    const toolQuestionOpen = new Promise<void>((resolve) => {
      toolAsked = resolve;
    });
    let answerTool: (answer: "once") => void = () => {};
    const s = setup({
      askTool: () =>
        new Promise((resolve) => {
          answerTool = resolve;
          toolAsked();
        }),
      askHook: async () => {
        asked++;
        return "once";
      },
    });
    const write = call(s.tools.write, { file_path: "a.txt", content: "x" });
    const toolAnswer = s.engine.tools.decide(write, s.tools.write, ctx);
    await toolQuestionOpen;
    const hookAnswer = s.engine.approveHook(givenUpAfter(20));
    await new Promise((resolve) => setTimeout(resolve, 50));
    answerTool("once");
    await toolAnswer;
    expect(await hookAnswer).toMatchObject({ approved: false });
    expect(asked).toBe(0);
  });
});

describe("trust store", () => {
  it("keeps approvals written by another session of the same project", () => {
    const home = tempDir("codebot-home-");
    const project = tempDir("codebot-project-");
    const a = new TrustStore(home, project);
    const b = new TrustStore(home, project);
    a.trustHook("fa", { event: "PreToolUse", source: "project", label: "a", path: "/x" });
    b.trustGrants(["allow:bash"]);
    const fresh = new TrustStore(home, project);
    expect(fresh.isHookTrusted("fa")).toBe(true);
    expect(fresh.isGrantTrusted("allow:bash")).toBe(true);
    expect(fs.readdirSync(path.dirname(a.file))).toEqual([path.basename(a.file)]);
  });

  it("asks which repository the project is before taking the file's lock, not while holding it (git may be slow)", () => {
    const home = tempDir("codebot-home-");
    const project = tempDir("codebot-project-");
    const lockHeldWhenAsked: boolean[] = [];
    const store: TrustStore = new TrustStore(home, project, () => {
      lockHeldWhenAsked.push(fs.existsSync(`${store.file}.lock`));
      return "origin:https://example.com/repo.git";
    });
    store.trustHook("fa", { event: "PreToolUse", source: "project", label: "a", path: "/x" });
    expect(lockHeldWhenAsked).toEqual([false]);
    expect(store.snapshot().identity).toBe("origin:https://example.com/repo.git");
  });

  it("starts empty and reports a corrupt file instead of crashing", () => {
    const home = tempDir("codebot-home-");
    const project = tempDir("codebot-project-");
    const store = new TrustStore(home, project);
    fs.mkdirSync(path.dirname(store.file), { recursive: true });
    fs.writeFileSync(store.file, "{oops");
    const reread = new TrustStore(home, project);
    expect(reread.isHookTrusted("x")).toBe(false);
    expect(reread.problem).toMatch(/^trust: .* is not valid JSON/);
  });

  it("keeps a file that is not valid JSON as <file>.bad before the next approval writes a new one", () => {
    const home = tempDir("codebot-home-");
    const project = tempDir("codebot-project-");
    const hand = new TrustStore(home, project);
    fs.mkdirSync(path.dirname(hand.file), { recursive: true });
    const edited = '{"version": 2, "hooks": {"fa": {}},}';
    fs.writeFileSync(hand.file, edited);
    const store = new TrustStore(home, project);
    expect(store.problem).toContain(`the next approval keeps it as ${store.file}.bad`);
    store.trustGrants(["allow:bash"]);
    expect(fs.readFileSync(`${store.file}.bad`, "utf8")).toBe(edited);
    expect(store.keptAside).toBe(`${store.file}.bad`);
    expect(new TrustStore(home, project).isGrantTrusted("allow:bash")).toBe(true);
  });
});

describe("a question open when the run is interrupted (Esc or Ctrl+C at it)", () => {
  /** What the interactive question does on Esc: the run is interrupted, and the question answers "deny". */
  const interruptedAtQuestion = (run: AbortController) => (r: ToolApprovalRequest) =>
    new Promise<"deny">((resolve) => {
      r.signal?.addEventListener("abort", () => resolve("deny"));
      run.abort();
    });

  it("refuses a permission question's call as interrupted, not as the user's no", async () => {
    const run = new AbortController();
    const s = setup({ askTool: interruptedAtQuestion(run) });
    const verdict = await s.engine.tools.decide(call(s.tools.bash, { command: "touch x" }), s.tools.bash, {
      agentName: "main",
      signal: run.signal,
    });
    expect(verdict).toEqual({
      allowed: false,
      reason: "permission denied: the run was interrupted at the question; the call did not run",
    });
  });

  it("refuses a hook's ask the same way, not as the user's no", async () => {
    const run = new AbortController();
    const s = setup({ askTool: interruptedAtQuestion(run) });
    const toolCtx = { agentName: "main", signal: run.signal, permission: {} } as unknown as ToolContext;
    const verdict = await s.engine.tools.askForHook({
      call: call(s.tools.bash, { command: "git push" }),
      ctx: toolCtx,
      reason: "Pushing needs your confirmation",
      hook: "guard",
    });
    expect(verdict).toEqual({
      allowed: false,
      reason:
        "Pushing needs your confirmation (the run was interrupted at the question; the call did not run)",
    });
  });
});
