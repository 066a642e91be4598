/**
 * The Agent SDK's requests about the session's settings and context, replaying the line shapes
 * recorded from the SDK 0.3.337 driving claude 2.1.328 (docs/claude-code.md "The Claude Agent SDK"):
 * `apply_flag_settings`, `get_settings`, `get_context_usage`, `reload_skills`, `stop_task`,
 * `set_max_thinking_tokens`.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { sdkSession } from "./support/sdk-session.js";

useBuiltCli();

/** The tool_use_id of a user line's tool result, if it carries one. */
function toolUse(line: Record<string, unknown>): string | undefined {
  const content = (line.message as { content?: unknown } | undefined)?.content;
  return Array.isArray(content) ? content.find((c) => c.type === "tool_result")?.tool_use_id : undefined;
}

describe("the Agent SDK's settings requests", () => {
  it("apply_flag_settings' effortLevel is the next request's effort (answered without a response, as claude); null goes back to the start's", async () => {
    const { server, run } = await sdkSession([reply.text("one"), reply.text("two"), reply.text("three")], {
      args: ["--model", "claude-opus-5-5"],
    });
    run.say("first");
    await run.result(1);
    expect(
      await run.request("f1", { subtype: "apply_flag_settings", settings: { effortLevel: "low" } }),
    ).toEqual({ subtype: "success", request_id: "f1" });
    run.say("second");
    await run.result(2);
    await run.request("f2", { subtype: "apply_flag_settings", settings: { effortLevel: null } });
    await run.lastTurn("third", 3);
    const efforts = server.requests.map(
      (r) => (r.body as { output_config?: { effort?: string } }).output_config?.effort,
    );
    expect(efforts).toEqual(["medium", "low", "medium"]);
  });

  it("get_settings shows the flag settings layer, merged over applies (null removes a key), and the model and effort applied", async () => {
    const { run } = await sdkSession([reply.text("one")], { args: ["--model", "claude-opus-5-5"] });
    expect(await run.request("g0", { subtype: "get_settings" })).toEqual({
      subtype: "success",
      request_id: "g0",
      response: { effective: {}, sources: [], applied: { model: "claude-opus-5-5", effort: "medium" } },
    });
    await run.request("f1", { subtype: "apply_flag_settings", settings: { effortLevel: "low" } });
    await run.request("f2", {
      subtype: "apply_flag_settings",
      settings: { permissions: { allow: ["Bash(ls:*)"] }, outputStyle: "Explanatory" },
    });
    const layer = { effortLevel: "low", permissions: { allow: ["Bash(ls:*)"] }, outputStyle: "Explanatory" };
    expect((await run.request("g1", { subtype: "get_settings" })).response).toEqual({
      effective: layer,
      sources: [{ source: "flagSettings", settings: layer }],
      applied: { model: "claude-opus-5-5", effort: "low" },
    });
    await run.request("f3", { subtype: "apply_flag_settings", settings: { effortLevel: null } });
    expect((await run.request("g2", { subtype: "get_settings" })).response).toMatchObject({
      effective: { permissions: { allow: ["Bash(ls:*)"] }, outputStyle: "Explanatory" },
      applied: { effort: "medium" },
    });
    await run.lastTurn("hi");
    expect(run.cli.stderr()).toContain(
      `the Agent SDK's applyFlagSettings: "outputStyle" is kept in the flag settings, but codebot does not apply it while the session runs`,
    );
  });

  it("apply_flag_settings' permissions hold from the next call: an allow rule runs it unasked, a deny rule refuses it, an ask rule asks (naming the flag settings); null lifts them", async () => {
    const { box, run } = await sdkSession(
      [
        reply.toolCall("bash", { command: "touch before" }, "toolu_1"),
        reply.text("one"),
        reply.toolCall("bash", { command: "touch allowed" }, "toolu_2"),
        reply.toolCall("bash", { command: "touch denied" }, "toolu_3"),
        reply.toolCall("bash", { command: "touch asked", description: "make asked" }, "toolu_4"),
        reply.text("two"),
        reply.toolCall("bash", { command: "touch denied" }, "toolu_5"),
        reply.text("three"),
      ],
      { answers: { can_use_tool: () => ({ behavior: "allow" }) } },
    );
    run.say("first");
    await run.result(1);
    const permissions = {
      allow: ["Bash(touch allowed)"],
      deny: ["Bash(touch denied)"],
      ask: ["Bash(touch asked)"],
    };
    expect(await run.request("f1", { subtype: "apply_flag_settings", settings: { permissions } })).toEqual({
      subtype: "success",
      request_id: "f1",
    });
    run.say("second");
    await run.result(2);
    await run.request("f2", { subtype: "apply_flag_settings", settings: { permissions: null } });
    await run.lastTurn("third", 3);
    expect(run.requests().map((r) => r.tool_use_id)).toEqual(["toolu_1", "toolu_4", "toolu_5"]);
    expect(run.requests()[1]).toMatchObject({
      decision_reason_type: "rule",
      decision_reason_rule_source: "flagSettings",
      description: "make asked",
    });
    expect(fs.existsSync(path.join(box.project, "allowed"))).toBe(true);
    const refusal = run.lines().find((l) => toolUse(l) === "toolu_3");
    expect(JSON.stringify(refusal)).toContain('refused by the deny rule \\"Bash(touch denied)\\"');
    // Each result line lists its own turn's refusals, as claude's do.
    const denied = run
      .lines()
      .filter((l) => l.type === "result")
      .map((l) => (l.permission_denials as { tool_use_id: string }[]).map((d) => d.tool_use_id));
    expect(denied).toEqual([[], ["toolu_3"], []]);
    // Lifted: the same call was asked (and allowed) in the third turn.
    expect(fs.existsSync(path.join(box.project, "denied"))).toBe(true);
    expect(run.cli.stderr()).not.toContain("is kept in the flag settings");
  });

  it("apply_flag_settings refuses a permissions value that is not lists of rules, or a rule that does not parse, and changes nothing", async () => {
    const { box, run } = await sdkSession(
      [reply.toolCall("bash", { command: "touch made" }, "toolu_1"), reply.text("one")],
      { answers: { can_use_tool: () => ({ behavior: "allow" }) } },
    );
    const notList = await run.request("f1", {
      subtype: "apply_flag_settings",
      settings: { permissions: { deny: "Bash" } },
    });
    expect(notList).toMatchObject({ subtype: "error", error_code: "invalid_settings" });
    expect(notList.error).toContain("permissions.deny must be a list of rules");
    const badRule = await run.request("f2", {
      subtype: "apply_flag_settings",
      settings: { permissions: { deny: ["Bash(touch made)", "(("] } },
    });
    expect(badRule).toMatchObject({ subtype: "error", error_code: "invalid_settings" });
    expect((await run.request("g1", { subtype: "get_settings" })).response).toMatchObject({ effective: {} });
    await run.lastTurn("go");
    expect(fs.existsSync(path.join(box.project, "made"))).toBe(true);
  });

  it("set_max_thinking_tokens is the next request's thinking budget (bare success, as claude); 0 disables thinking, null goes back to the default budget", async () => {
    const { server, run } = await sdkSession(
      [reply.text("one"), reply.text("two"), reply.text("three"), reply.text("four")],
      { args: ["--model", "claude-sonnet-4-5"] },
    );
    run.say("first");
    await run.result(1);
    expect(
      await run.request("t1", { subtype: "set_max_thinking_tokens", max_thinking_tokens: 2000 }),
    ).toEqual({
      subtype: "success",
      request_id: "t1",
    });
    run.say("second");
    await run.result(2);
    await run.request("t2", { subtype: "set_max_thinking_tokens", max_thinking_tokens: 0 });
    run.say("third");
    await run.result(3);
    await run.request("t3", { subtype: "set_max_thinking_tokens", max_thinking_tokens: null });
    run.say("fourth");
    await run.result(4);
    const refused = await run.request("t4", { subtype: "set_max_thinking_tokens", max_thinking_tokens: -5 });
    await run.end();
    expect(refused).toMatchObject({ subtype: "error", error_code: "invalid_max_thinking_tokens" });
    // claude 2.1.328's sequence on claude-sonnet-4-5 (recorded): its default, 2000, disabled, its default.
    expect(server.requests.map((r) => (r.body as { thinking?: unknown }).thinking)).toEqual([
      { type: "enabled", budget_tokens: 31999 },
      { type: "enabled", budget_tokens: 2000 },
      { type: "disabled" },
      { type: "enabled", budget_tokens: 31999 },
    ]);
  });

  it("set_max_thinking_tokens without max_thinking_tokens keeps the budget (claude kept 2000 for a display-only request)", async () => {
    const { server, run } = await sdkSession([reply.text("one"), reply.text("two")], {
      args: ["--model", "claude-sonnet-4-5"],
    });
    await run.request("t1", { subtype: "set_max_thinking_tokens", max_thinking_tokens: 2000 });
    run.say("first");
    await run.result(1);
    const displayOnly = { subtype: "set_max_thinking_tokens", thinking_display: "summarized" };
    expect(await run.request("t2", displayOnly)).toEqual({ subtype: "success", request_id: "t2" });
    await run.lastTurn("second", 2);
    expect(server.requests.map((r) => (r.body as { thinking?: unknown }).thinking)).toEqual([
      { type: "enabled", budget_tokens: 2000 },
      { type: "enabled", budget_tokens: 2000 },
    ]);
  });

  it("set_max_thinking_tokens' thinking_display: summarized asks for summaries, null goes back, highlights is refused and changes nothing", async () => {
    const { server, run } = await sdkSession([reply.text("one"), reply.text("two"), reply.text("three")], {
      args: ["--model", "claude-opus-4-6"],
    });
    const display = (id: string, value: unknown) =>
      run.request(id, { subtype: "set_max_thinking_tokens", thinking_display: value });
    await display("t1", "summarized");
    run.say("first");
    await run.result(1);
    await display("t2", null);
    run.say("second");
    await run.result(2);
    expect(await display("t3", "highlights")).toMatchObject({
      subtype: "error",
      error_code: "unsupported_thinking_display",
    });
    expect(await display("t4", "loud")).toMatchObject({
      subtype: "error",
      error_code: "invalid_thinking_display",
    });
    await run.lastTurn("third", 3);
    const updates = { type: "adaptive", display: "updates" };
    expect(server.requests.map((r) => (r.body as { thinking?: unknown }).thinking)).toEqual([
      { type: "adaptive", display: "summarized" },
      updates,
      updates,
    ]);
  });

  it("apply_flag_settings' model switches as set_model does (claude's user line); a bad effortLevel refuses the whole apply", async () => {
    const { server, run } = await sdkSession([reply.text("one")], { args: ["--model", "claude-opus-5-5"] });
    const refused = await run.request("f1", {
      subtype: "apply_flag_settings",
      settings: { model: "claude-haiku-4-5", effortLevel: "huge" },
    });
    expect(refused).toMatchObject({ subtype: "error", error_code: "invalid_settings" });
    expect(refused.error).toContain('effortLevel must be one of low, medium, high, xhigh, max (got "huge")');
    expect(
      await run.request("f2", { subtype: "apply_flag_settings", settings: { model: "claude-haiku-4-5" } }),
    ).toEqual({ subtype: "success", request_id: "f2" });
    const note = run.lines().find((l) => l.type === "user");
    expect(note?.message).toEqual({
      role: "user",
      content: "<local-command-stdout>Set model to `claude-haiku-4-5`</local-command-stdout>",
    });
    await run.lastTurn("hi");
    expect(server.requests.map((r) => (r.body as { model?: string }).model)).toEqual(["claude-haiku-4-5"]);
  });

  it("get_context_usage answers in claude's /context shape: used and free categories, totals, a 10x10 grid of 1% squares", async () => {
    const { run } = await sdkSession([reply.text("one")], { args: ["--model", "claude-opus-4-6"] });
    run.say("hi");
    await run.result(1);
    const answer = (await run.request("c1", { subtype: "get_context_usage" })).response as {
      categories: { id: string; tokens: number; kind: string }[];
      totalTokens: number;
      maxTokens: number;
      gridRows: { categoryName: string; squareFullness: number }[][];
      model: string;
    };
    await run.end();
    expect(answer.categories.map((c) => [c.id, c.kind])).toEqual([
      ["messages", "used"],
      ["free_space", "free"],
    ]);
    const used = answer.categories[0]?.tokens ?? 0;
    expect(used).toBeGreaterThan(0);
    expect(answer).toMatchObject({
      totalTokens: used,
      maxTokens: 200_000,
      rawMaxTokens: 200_000,
      model: "claude-opus-4-6",
    });
    expect(answer.categories[1]?.tokens).toBe(200_000 - used);
    expect(answer.gridRows.map((row) => row.length)).toEqual(Array(10).fill(10));
    expect(answer.gridRows[0]?.[0]).toMatchObject({ categoryName: "Messages", squareFullness: used / 2000 });
    expect(answer.gridRows[9]?.[9]).toMatchObject({ categoryName: "Free space", squareFullness: 1 });
  });

  it("reload_skills reads the skill folders again: a skill written meanwhile is listed, after claude's commands_changed line", async () => {
    const { box, run } = await sdkSession([reply.text("one")]);
    run.say("hi");
    await run.result(1);
    const dir = path.join(box.project, ".claude", "skills", "greet");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, "SKILL.md"),
      "---\nname: greet\ndescription: Greets someone\nargument-hint: <who>\n---\nSay hello to $ARGUMENTS\n",
    );
    const greet = { name: "greet", description: "Greets someone", argumentHint: "<who>" };
    const answer = await run.request("r1", { subtype: "reload_skills" });
    expect(answer).toEqual({ subtype: "success", request_id: "r1", response: { skills: [greet] } });
    const changed = run.lines().filter((l) => l.type === "system" && l.subtype === "commands_changed");
    expect(changed).toEqual([expect.objectContaining({ commands: [greet], session_id: expect.any(String) })]);
    const order = run.lines().map((l) => (l.type === "control_response" ? "response" : l.subtype));
    expect(order.indexOf("commands_changed")).toBeLessThan(order.lastIndexOf("response"));
    // Nothing changed since: no second line.
    await run.request("r2", { subtype: "reload_skills" });
    await run.end();
    expect(run.lines().filter((l) => l.subtype === "commands_changed")).toHaveLength(1);
  });

  it("reload_plugins reads the plugin folders again and adds add_plugins' (claude's answer shape): a command written meanwhile is listed, an added plugin's hook fires on the next prompt", async () => {
    const box = sandbox();
    const plugin = (name: string, manifest: Record<string, unknown>) => {
      const root = path.join(box.home, name);
      fs.mkdirSync(path.join(root, ".claude-plugin"), { recursive: true });
      fs.mkdirSync(path.join(root, "commands"), { recursive: true });
      fs.writeFileSync(path.join(root, ".claude-plugin", "plugin.json"), JSON.stringify(manifest));
      return root;
    };
    const one = plugin("plug1", { name: "plug1", version: "1.0.0" });
    fs.writeFileSync(path.join(one, "commands", "hello.md"), "---\ndescription: Say hello\n---\nSay hello\n");
    const two = plugin("plug2", { name: "plug2" });
    const hookLog = path.join(box.home, "hook.log");
    fs.mkdirSync(path.join(two, "hooks"));
    fs.writeFileSync(
      path.join(two, "hooks", "hooks.json"),
      JSON.stringify({
        hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: `cat >> '${hookLog}'` }] }] },
      }),
    );
    const { run } = await sdkSession([reply.text("one"), reply.text("two")], {
      box,
      args: ["--plugin-dir", one],
    });
    run.say("first");
    await run.result(1);
    fs.writeFileSync(path.join(one, "commands", "bye.md"), "---\ndescription: Say bye\n---\nSay bye\n");
    const first = await run.request("p1", { subtype: "reload_plugins" });
    const names = (answer: Record<string, unknown>) =>
      ((answer.response as { commands: { name: string }[] }).commands ?? []).map((c) => c.name);
    expect(names(first)).toEqual(["plug1:bye", "plug1:hello"]);
    expect(first.response).toMatchObject({
      agents: [],
      plugins: [{ name: "plug1", path: one, source: "plug1@inline", version: "1.0.0" }],
      mcpServers: [],
      error_count: 0,
    });
    const added = await run.request("p2", {
      subtype: "reload_plugins",
      add_plugins: [{ type: "local", path: two }],
    });
    expect(names(added)).toEqual(["plug1:bye", "plug1:hello"]);
    expect((added.response as { plugins: unknown[] }).plugins).toEqual([
      { name: "plug1", path: one, source: "plug1@inline", version: "1.0.0" },
      { name: "plug2", path: two, source: "plug2@inline" },
    ]);
    const changed = run.lines().filter((l) => l.subtype === "commands_changed");
    expect(changed).toHaveLength(1);
    await run.lastTurn("second", 2);
    expect(fs.readFileSync(hookLog, "utf8")).toContain('"prompt":"second"');
    expect(fs.readFileSync(hookLog, "utf8")).not.toContain('"prompt":"first"');
  });

  it("reload_plugins: a plugin added from the project is its own folder, which acceptEdits does not edit unasked (its hooks run as yours)", async () => {
    const box = sandbox();
    const script = path.join(box.project, "plug", "hooks", "x.sh");
    fs.mkdirSync(path.dirname(script), { recursive: true });
    fs.writeFileSync(script, "exit 0\n");
    const asked: unknown[] = [];
    const { run } = await sdkSession(
      [reply.toolCall("write", { file_path: script, content: "touch pwned\n" }, "w-1"), reply.text("done")],
      {
        box,
        args: ["--permission-mode", "acceptEdits"],
        answers: {
          can_use_tool: (request) => {
            asked.push(request.input);
            return { behavior: "deny", message: "no" };
          },
        },
      },
    );
    await run.request("p1", {
      subtype: "reload_plugins",
      add_plugins: [{ type: "local", path: path.join(box.project, "plug") }],
    });
    run.say("go");
    await run.result(1);
    await run.end();
    expect(asked).toEqual([{ file_path: script, content: "touch pwned\n" }]);
    expect(fs.readFileSync(script, "utf8")).toBe("exit 0\n");
  });

  it("reload_plugins refuses an add_plugins path that is not absolute (claude's message); a folder that is not there counts in error_count and is said on stderr", async () => {
    const { box, run } = await sdkSession([reply.text("one")]);
    const refused = await run.request("p1", {
      subtype: "reload_plugins",
      add_plugins: [{ type: "local", path: "relative/x" }],
    });
    expect(refused).toMatchObject({
      subtype: "error",
      error:
        'reload_plugins add_plugins must be a list of { type: "local", path } entries with absolute paths',
    });
    const missing = path.join(box.home, "nope");
    const answer = await run.request("p2", {
      subtype: "reload_plugins",
      add_plugins: [{ type: "local", path: missing }],
    });
    expect(answer.response).toMatchObject({ plugins: [], error_count: 1 });
    // Not kept: the next reload reads it no more.
    expect((await run.request("p3", { subtype: "reload_plugins" })).response).toMatchObject({
      error_count: 0,
    });
    await run.lastTurn("hi");
    expect(run.cli.stderr()).toContain(`${missing}: plugin folder not found (plugin skipped)`);
  });

  it("reload_plugins: an added plugin whose plugin.json does not parse or has a name that is no string is said on stderr and counted in error_count, as claude counts it (recorded)", async () => {
    const box = sandbox();
    const plugin = (name: string, manifest: string) => {
      const root = path.join(box.home, name);
      fs.mkdirSync(path.join(root, ".claude-plugin"), { recursive: true });
      fs.mkdirSync(path.join(root, "commands"));
      fs.writeFileSync(path.join(root, ".claude-plugin", "plugin.json"), manifest);
      return root;
    };
    const broken = plugin("broken", "{ broken");
    const nameless = plugin("nameless", '{"name": 42}');
    const { run } = await sdkSession([reply.text("one")], { box });
    const answer = await run.request("p1", {
      subtype: "reload_plugins",
      add_plugins: [
        { type: "local", path: broken },
        { type: "local", path: nameless },
      ],
    });
    expect(answer.response).toMatchObject({ error_count: 2 });
    await run.lastTurn("hi");
    expect(run.cli.stderr()).toContain(
      `${path.join(broken, ".claude-plugin", "plugin.json")}: plugin manifest is not valid JSON`,
    );
    expect(run.cli.stderr()).toContain(
      `${path.join(nameless, ".claude-plugin", "plugin.json")}: plugin manifest has "name": 42, not a string (plugin skipped)`,
    );
  });

  it("stop_task of an id no background sub-agent has is answered as claude answers a task it does not have", async () => {
    const { run } = await sdkSession([reply.text("one")]);
    expect(await run.request("t1", { subtype: "stop_task", task_id: "x" })).toEqual({
      subtype: "success",
      request_id: "t1",
      response: {},
    });
    await run.lastTurn("hi");
  });
});
