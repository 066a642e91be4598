import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { expectNoStackTrace, jsonLines, runCli, startCli, useBuiltCli } from "./support/cli-process.js";
import { SDK_ARGS, startSdkRun } from "./support/sdk-driver.js";
import { sayTwiceMidTurn, sdkSession, sdkTurn } from "./support/sdk-session.js";

useBuiltCli();

/** The text of the tool result the model was sent for `id`, from the request after the call. */
function toolResultText(requests: { body?: unknown }[], id: string): string {
  for (const request of requests) {
    const messages = (request.body as { messages?: { content?: unknown }[] } | undefined)?.messages ?? [];
    for (const message of messages)
      for (const block of Array.isArray(message.content) ? message.content : [])
        if (block.type === "tool_result" && block.tool_use_id === id) return JSON.stringify(block.content);
  }
  return "";
}

const PRE_TOOL_USE_DENY = {
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "the program's hook says no",
  },
};

describe("the Agent SDK's control protocol (-p --input-format stream-json, no -p needed)", () => {
  it("initialize is answered as claude answers it, before anything else: hooks applied, the permission mode", async () => {
    const { run } = await sdkSession([reply.text("hello")]);
    const answer = await run.initialized;
    expect(answer).toMatchObject({
      subtype: "success",
      request_id: "init",
      response: { hooks_applied: true, current_permission_mode: "default" },
    });
    const { exit } = await run.lastTurn("hi");
    expect(exit.code).toBe(0);
    expect(run.lines()[0]?.type).toBe("control_response");
  });

  it("a PreToolUse hook callback that answers deny blocks the Bash call: hook_callback carries the callback id and the hook's input", async () => {
    const box = sandbox();
    const target = box.at("made-by-bash");
    const { server, run, exit } = await sdkTurn(
      "make the file",
      [reply.toolCall("bash", { command: `touch '${target}'` }, "toolu_1"), reply.text("done")],
      {
        box,
        hooks: { PreToolUse: [{ matcher: "Bash", hookCallbackIds: ["hook_0"] }] },
        answers: { hook_callback: () => PRE_TOOL_USE_DENY },
      },
    );
    expectNoStackTrace(exit.stderr);
    expect(fs.existsSync(target)).toBe(false);
    expect(toolResultText(server.requests, "toolu_1")).toContain("the program's hook says no");
    const [callback] = run.requests();
    expect(callback).toMatchObject({
      subtype: "hook_callback",
      callback_id: "hook_0",
      tool_use_id: "toolu_1",
      input: {
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: `touch '${target}'` },
      },
    });
  });

  it("a PostToolUse hook callback's additionalContext reaches the model with the tool's result", async () => {
    const { server } = await sdkTurn(
      "run it",
      [reply.toolCall("bash", { command: "echo ran" }, "toolu_1"), reply.text("done")],
      {
        hooks: { PostToolUse: [{ hookCallbackIds: ["hook_1"] }] },
        answers: {
          hook_callback: () => ({
            hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "noted-by-sdk" },
          }),
        },
      },
    );
    expect(requestText(server.requests[1])).toContain("noted-by-sdk");
  });

  it("can_use_tool: canUseTool's deny refuses the call with its message; its allow runs the call with updatedInput", async () => {
    const box = sandbox();
    const denied = box.at("denied");
    const asked = box.at("asked");
    const updated = box.at("updated");
    const { server, run } = await sdkTurn(
      "make files",
      [
        reply.toolCall("bash", { command: `touch '${denied}'` }, "toolu_1"),
        reply.toolCall("bash", { command: `touch '${asked}'` }, "toolu_2"),
        reply.text("done"),
      ],
      {
        box,
        answers: {
          can_use_tool: (request) =>
            request.tool_use_id === "toolu_1"
              ? { behavior: "deny", message: "canUseTool says no", toolUseID: "toolu_1" }
              : { behavior: "allow", updatedInput: { command: `touch '${updated}'` }, toolUseID: "toolu_2" },
        },
      },
    );
    expect(run.requests().map((r) => [r.subtype, r.tool_name, r.tool_use_id, r.input])).toEqual([
      ["can_use_tool", "Bash", "toolu_1", { command: `touch '${denied}'` }],
      ["can_use_tool", "Bash", "toolu_2", { command: `touch '${asked}'` }],
    ]);
    expect(toolResultText(server.requests, "toolu_1")).toContain("canUseTool says no");
    expect([fs.existsSync(denied), fs.existsSync(asked), fs.existsSync(updated)]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("canUseTool's deny is the tool result as claude 2.1.328 gives it: the program's message alone, tool_use_result `Error: <message>`", async () => {
    const box = sandbox();
    const { server, run } = await sdkTurn(
      "make the file",
      [reply.toolCall("bash", { command: `touch '${box.at("denied")}'` }, "toolu_1"), reply.text("done")],
      {
        box,
        answers: {
          can_use_tool: () => ({ behavior: "deny", message: "the program says no", toolUseID: "toolu_1" }),
        },
      },
    );
    expect(toolResultText(server.requests, "toolu_1")).toBe(JSON.stringify("the program says no"));
    const refused = run.lines().find((l) => l.type === "user");
    expect(refused).toMatchObject({
      message: { content: [{ tool_use_id: "toolu_1", content: "the program says no", is_error: true }] },
      tool_use_result: "Error: the program says no",
    });
  });

  it("a message sent while a turn runs goes into that turn, as claude 2.1.328 folds it: the model's next step has it, no result of its own", async () => {
    const { server, run } = await sdkSession(
      [
        reply.toolCall("bash", { command: "sleep 1" }, "toolu_1"),
        reply.text("both answered"),
        reply.text("a turn of its own"),
      ],
      { args: ["--permission-mode", "bypassPermissions"] },
    );
    await sayTwiceMidTurn(run);
    expect(await run.result()).toMatchObject({ result: "both answered" });
    const r = await run.end();
    expect(r.code).toBe(0);
    expect(run.lines().filter((l) => l.type === "result")).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    expect(requestText(server.requests[1])).toContain(
      "The user sent a new message while you were working:\\nsecond message",
    );
  });

  it("a message sent while a turn runs gets no user line of the note it joins in; --replay-user-messages echoes it as sent, after the tool result it came with (claude 2.1.328, recorded)", async () => {
    const { run } = await sdkSession(
      [reply.toolCall("bash", { command: "sleep 1" }, "toolu_1"), reply.text("both answered")],
      { args: ["--permission-mode", "bypassPermissions", "--replay-user-messages"] },
    );
    await sayTwiceMidTurn(run);
    expect(await run.result()).toMatchObject({ result: "both answered" });
    await run.end();
    const lines = run.lines();
    expect(JSON.stringify(lines)).not.toContain("while you were working");
    const echoed = lines.filter((l) => l.isReplay === true).map((l) => l.message);
    expect(echoed).toEqual([
      { role: "user", content: [{ type: "text", text: "first message" }] },
      { role: "user", content: [{ type: "text", text: "second message" }] },
    ]);
    const at = (find: (l: Record<string, unknown>) => boolean) => lines.findIndex(find);
    const toolResult = at((l) => l.type === "user" && JSON.stringify(l.message).includes("tool_result"));
    const secondEcho = at((l) => l.isReplay === true && JSON.stringify(l.message).includes("second message"));
    const answer = at((l) => l.type === "assistant" && JSON.stringify(l.message).includes("both answered"));
    expect(toolResult).toBeLessThan(secondEcho);
    expect(secondEcho).toBeLessThan(answer);
  });

  it("a message sent while a turn runs goes through UserPromptSubmit as it joins, as claude 2.1.328's (recorded): the message as prompt, the turn's prompt_id; a block keeps it out, told in claude's informational line", async () => {
    const { server, run } = await sdkSession(
      [reply.toolCall("bash", { command: "sleep 1" }, "toolu_1"), reply.text("first answered")],
      {
        args: ["--permission-mode", "bypassPermissions"],
        hooks: { UserPromptSubmit: [{ hookCallbackIds: ["ups"] }] },
        answers: {
          hook_callback: (request) =>
            (request.input as { prompt?: string }).prompt === "second message"
              ? { decision: "block", reason: "blocked by hook" }
              : {},
        },
      },
    );
    await sayTwiceMidTurn(run);
    expect(await run.result()).toMatchObject({ result: "first answered" });
    await run.end();
    const inputs = run
      .requests()
      .filter((r) => r.subtype === "hook_callback")
      .map((r) => r.input as { hook_event_name?: string; prompt?: string; prompt_id?: string });
    expect(inputs.map((i) => [i.hook_event_name, i.prompt])).toEqual([
      ["UserPromptSubmit", "first message"],
      ["UserPromptSubmit", "second message"],
    ]);
    expect(inputs[0]?.prompt_id).toEqual(expect.any(String));
    expect(inputs[1]?.prompt_id).toBe(inputs[0]?.prompt_id);
    expect(run.lines().find((l) => l.subtype === "informational")).toMatchObject({
      content:
        "UserPromptSubmit operation blocked by hook:\nblocked by hook\n\nOriginal prompt: second message",
      prompt_submit_outcome: { kind: "blocked_by_hook", prompt_kept: false, reason: "blocked by hook" },
    });
    expect(run.lines().filter((l) => l.type === "result")).toHaveLength(1);
    expect(requestText(server.requests[1])).not.toContain("second message");
  });

  it("a message sent while a turn's prompt is refused before the model is not lost: it gets its own turn next", async () => {
    const { server, run } = await sdkSession([reply.text("second answered")], {
      hooks: { UserPromptSubmit: [{ hookCallbackIds: ["ups"] }] },
      // The first prompt's callback is answered below, after the second message.
      answers: {
        hook_callback: (request) =>
          (request.input as { prompt?: string }).prompt === "first message" ? undefined : {},
      },
    });
    run.say("first message");
    const held = await waitFor(
      () =>
        run
          .lines()
          .find(
            (l) =>
              l.type === "control_request" && (l.request as { subtype?: string }).subtype === "hook_callback",
          ),
      30_000,
      "the first prompt's callback",
    );
    const id = held.request_id;
    const second = {
      type: "user",
      session_id: "",
      message: { role: "user", content: [{ type: "text", text: "second message" }] },
      parent_tool_use_id: null,
    };
    const block = {
      type: "control_response",
      response: { subtype: "success", request_id: id, response: { decision: "block", reason: "held" } },
    };
    // One write: the second message is read while the first turn still runs.
    run.cli.child.stdin?.write(`${JSON.stringify(second)}\n${JSON.stringify(block)}\n`);
    expect(await run.result(2)).toMatchObject({ result: "second answered" });
    await run.end();
    expect((await run.result(2)).origin).toBeUndefined();
    expect(requestText(server.requests[0])).toContain("second message");
    expect(requestText(server.requests[0])).not.toContain("while you were working");
  });

  it("interrupt lists a message folded into the turn that the model has not had yet in still_queued; it runs next as its own turn", async () => {
    const { server, run } = await sdkSession(
      [reply.toolCall("bash", { command: "sleep 30" }, "toolu_1"), reply.text("the second's own turn")],
      { args: ["--permission-mode", "bypassPermissions"] },
    );
    run.say("wait");
    await waitFor(() => run.lines().some((l) => l.type === "assistant"), 30_000, "the tool call");
    const second = {
      type: "user",
      uuid: "uuid-2",
      session_id: "",
      message: { role: "user", content: [{ type: "text", text: "second message" }] },
      parent_tool_use_id: null,
    };
    run.cli.child.stdin?.write(`${JSON.stringify(second)}\n`);
    const answer = await run.request("stop-1", { subtype: "interrupt" });
    expect(answer).toMatchObject({ response: { still_queued: ["uuid-2"] } });
    expect(await run.result(2)).toMatchObject({ result: "the second's own turn" });
    await run.end();
    expect(requestText(server.requests[1])).not.toContain("while you were working");
  });

  it("can_use_tool comes after the assistant line holding the call, as claude 2.1.328 sends it: the program has seen the call it is asked about", async () => {
    const { run } = await sdkTurn(
      "go",
      [reply.toolCall("bash", { command: "touch made" }, "toolu_1"), reply.text("done")],
      { answers: { can_use_tool: () => ({ behavior: "deny", message: "no" }) } },
    );
    const lines = run.lines();
    const call = lines.findIndex((l) => l.type === "assistant" && JSON.stringify(l).includes("toolu_1"));
    const asked = lines.findIndex((l) => l.type === "control_request");
    expect(call).toBeGreaterThanOrEqual(0);
    expect(asked).toBeGreaterThan(call);
  });

  it("can_use_tool names a sub-agent's run (agent_id, as claude 2.1.328's code sends it): two asking at once are told apart; the main agent's call has none", async () => {
    const box = sandbox();
    const started: unknown[] = [];
    const { run } = await sdkTurn(
      "go",
      [
        reply.toolCall("agent", { prompt: "make a file", description: "maker" }, "toolu_agent"),
        reply.toolCall("bash", { command: "touch by-sub" }, "toolu_sub"),
        reply.text("sub done"),
        reply.toolCall("bash", { command: "touch by-main" }, "toolu_main"),
        reply.text("done"),
      ],
      {
        box,
        hooks: { SubagentStart: [{ hookCallbackIds: ["start"] }] },
        answers: {
          hook_callback: (request) => {
            started.push((request.input as { agent_id?: unknown }).agent_id);
            return {};
          },
          can_use_tool: () => ({ behavior: "deny", message: "no" }),
        },
      },
    );
    const asked = run.requests().filter((r) => r.subtype === "can_use_tool");
    expect(asked.map((r) => r.tool_use_id)).toEqual(["toolu_sub", "toolu_main"]);
    expect(started).toEqual([expect.stringMatching(/^a[0-9a-f]{16}$/)]);
    expect(asked[0]?.agent_id).toBe(started[0]);
    expect(asked[1]).not.toHaveProperty("agent_id");
  });

  it("can_use_tool carries permission_suggestions (what always-allow adds), claude's description and, for a path outside the project, blocked_path and the working-folder reason", async () => {
    const box = sandbox();
    const outside = path.join(box.home, "outside.txt");
    const { run } = await sdkTurn(
      "go",
      [
        reply.toolCall("bash", { command: "touch made", description: "make a file" }, "toolu_1"),
        reply.toolCall("write", { file_path: outside, content: "x" }, "toolu_2"),
        reply.text("done"),
      ],
      { box, answers: { can_use_tool: () => ({ behavior: "deny", message: "no" }) } },
    );
    const [bash, write] = run.requests();
    expect(bash).toMatchObject({
      tool_name: "Bash",
      permission_suggestions: [
        {
          type: "addRules",
          rules: [{ toolName: "Bash", ruleContent: "touch made" }],
          behavior: "allow",
          destination: "session",
        },
      ],
    });
    expect(bash).toMatchObject({ description: "make a file" });
    expect(bash).not.toHaveProperty("blocked_path");
    expect(bash).not.toHaveProperty("decision_reason_type");
    expect(write).toMatchObject({
      tool_name: "Write",
      description: outside,
      blocked_path: path.join(fs.realpathSync(box.home), "outside.txt"),
      decision_reason: "Path is outside allowed working directories",
      decision_reason_type: "workingDir",
    });
  });

  it("canUseTool's allow with updatedPermissions adds its rule for the session: the same call is not asked again", async () => {
    const { server, run } = await sdkTurn(
      "go",
      [
        reply.toolCall("bash", { command: "touch once && echo touched" }, "toolu_1"),
        reply.toolCall("bash", { command: "touch once && echo touched" }, "toolu_2"),
        reply.text("done"),
      ],
      {
        answers: {
          can_use_tool: (request) => ({
            behavior: "allow",
            updatedInput: request.input as Record<string, unknown>,
            updatedPermissions: request.permission_suggestions,
          }),
        },
      },
    );
    expect(run.requests().map((r) => r.tool_use_id)).toEqual(["toolu_1"]);
    expect(toolResultText(server.requests, "toolu_2")).toContain("touched");
  });

  it("a hook callback the program never answers fails at the matcher's timeout, is withdrawn, and the run goes on", async () => {
    const { server, run, result } = await sdkTurn(
      "run it",
      [reply.toolCall("bash", { command: "echo ran" }, "toolu_1"), reply.text("done")],
      { hooks: { PreToolUse: [{ matcher: "Bash", hookCallbackIds: ["silent"], timeout: 1 }] } },
    );
    expect(result.subtype).toBe("success");
    expect(toolResultText(server.requests, "toolu_1")).toContain("ran");
    const callback = run.lines().find((l) => l.type === "control_request");
    const cancel = run.lines().find((l) => l.type === "control_cancel_request");
    expect(cancel?.request_id).toBe(callback?.request_id);
  });

  it("interrupt stops the turn in progress (a running command is killed) and is answered with still_queued", async () => {
    const { run } = await sdkSession(
      [reply.toolCall("bash", { command: "sleep 30" }, "toolu_1"), reply.text("late")],
      { args: ["--permission-mode", "bypassPermissions"] },
    );
    run.say("wait");
    await waitFor(() => run.lines().some((l) => l.type === "assistant"), 30_000, "the tool call");
    const answer = await run.request("stop-1", { subtype: "interrupt" });
    expect(answer).toEqual({ subtype: "success", request_id: "stop-1", response: { still_queued: [] } });
    const result = await run.result();
    const r = await run.end();
    expect(result.subtype).toBe("error_during_execution");
    expect(r.ms).toBeLessThan(25_000);
  });

  it("set_permission_mode takes claude's auto: the classifier judges the next call that would be asked about", async () => {
    const box = sandbox();
    const { run } = await sdkSession(
      [
        reply.toolCall(
          "bash",
          { command: "node -e \"require('fs').writeFileSync('made', 'x')\"" },
          "toolu_1",
        ),
        reply.text("<block>no</block>"),
        reply.text("done"),
      ],
      { box },
    );
    await run.initialized;
    expect(await run.request("m1", { subtype: "set_permission_mode", mode: "auto" })).toEqual({
      subtype: "success",
      request_id: "m1",
      response: { mode: "auto" },
    });
    await run.lastTurn("make it");
    await run.end();
    expect(fs.existsSync(box.at("made"))).toBe(true);
  });

  it("set_permission_mode changes the mode for the next call (bypassPermissions, launched with --allow-dangerously-skip-permissions: nobody is asked); an unknown mode is refused", async () => {
    const box = sandbox();
    const target = box.at("made");
    const { run } = await sdkSession(
      [reply.toolCall("bash", { command: `touch '${target}'` }, "toolu_1"), reply.text("done")],
      { box, args: ["--allow-dangerously-skip-permissions"] },
    );
    await run.initialized;
    expect(await run.request("m1", { subtype: "set_permission_mode", mode: "nonsense" })).toMatchObject({
      subtype: "error",
      error_code: "invalid_mode",
    });
    expect(await run.request("m2", { subtype: "set_permission_mode", mode: "bypassPermissions" })).toEqual({
      subtype: "success",
      request_id: "m2",
      response: { mode: "bypassPermissions" },
    });
    await run.lastTurn("make it");
    expect(fs.existsSync(target)).toBe(true);
    expect(run.requests()).toEqual([]);
  });

  it("set_permission_mode bypassPermissions is refused as claude 2.1.328 refuses it (recorded) in a session not launched able to bypass, and the mode stays", async () => {
    const { run } = await sdkSession([reply.text("done")]);
    await run.initialized;
    expect(await run.request("m1", { subtype: "set_permission_mode", mode: "bypassPermissions" })).toEqual({
      subtype: "error",
      request_id: "m1",
      error:
        "Cannot set permission mode to bypassPermissions because the session was not launched with --dangerously-skip-permissions",
      error_code: "bypass_not_launched",
    });
    expect(await run.request("m2", { subtype: "set_permission_mode", mode: "acceptEdits" })).toMatchObject({
      subtype: "success",
    });
    await run.lastTurn("hi");
  });

  it("the start waits for initialize: a SessionStart callback fires for the start, before the init line, and its context reaches the model", async () => {
    const { server, run } = await sdkTurn("hi", [reply.text("hello")], {
      hooks: { SessionStart: [{ matcher: "startup", hookCallbackIds: ["start"] }] },
      answers: {
        hook_callback: () => ({
          hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "context-from-sdk-start" },
        }),
      },
    });
    expect(run.requests()).toMatchObject([
      {
        subtype: "hook_callback",
        callback_id: "start",
        input: { hook_event_name: "SessionStart", source: "startup" },
      },
    ]);
    const types = run.lines().map((l) => (l.type === "system" ? `system/${l.subtype}` : l.type));
    expect(types.indexOf("control_request")).toBeLessThan(types.indexOf("system/init"));
    expect(requestText(server.requests[0])).toContain("context-from-sdk-start");
  });

  it("initialize's agents are the session's sub-agents, as --agents gives them", async () => {
    const { server, run } = await sdkTurn("hi", [reply.text("hello")], {
      initialize: {
        agents: {
          "sdk-reviewer": { description: "Reviews code for the SDK program", prompt: "You review code." },
        },
      },
    });
    const tools =
      (server.requests[0]?.body as { tools?: { name: string; description?: string }[] } | undefined)?.tools ??
      [];
    expect(tools.find((t) => t.name === "agent")?.description).toContain("sdk-reviewer");
    expect(run.cli.stderr()).not.toContain('"agents"');
  });

  it("initialize's answer lists the session's agents and the skills a user may run (supportedAgents(), supportedCommands())", async () => {
    const box = sandbox();
    const skillDir = path.join(box.project, ".claude", "skills", "greet");
    fs.mkdirSync(skillDir, { recursive: true });
    fs.writeFileSync(
      path.join(skillDir, "SKILL.md"),
      "---\ndescription: Greets someone\nargument-hint: [name]\n---\nSay hello to $ARGUMENTS.\n",
    );
    const { run } = await sdkSession([reply.text("hello")], {
      box,
      initialize: { agents: { "sdk-reviewer": { description: "Reviews code", prompt: "You review code." } } },
    });
    const answer = (await run.initialized).response as Record<string, unknown>;
    await run.lastTurn("hi");
    expect(answer.agents).toEqual([{ name: "sdk-reviewer", description: "Reviews code" }]);
    // The skills, then the built-in commands -p runs itself, as claude 2.1.328 lists them.
    const commands = answer.commands as Record<string, unknown>[];
    expect(commands[0]).toEqual({ name: "greet", description: "Greets someone", argumentHint: "[name]" });
    expect(commands.slice(1).map((c) => c.name)).toEqual(["clear", "compact", "context", "usage"]);
    expect(commands.find((c) => c.name === "compact")).toEqual({
      name: "compact",
      description: "Free up context by summarizing the conversation so far",
      argumentHint: "<optional custom summarization instructions>",
      builtin: true,
    });
    expect(commands.find((c) => c.name === "clear")?.aliases).toEqual(["reset", "new"]);
  });

  it("initialize's jsonSchema (the SDK's outputFormat) asks for structured output: the result line carries it", async () => {
    const { result } = await sdkTurn(
      "answer",
      [reply.toolCall("structured_output", { answer: "42" }, "toolu_1")],
      {
        initialize: {
          jsonSchema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] },
        },
      },
    );
    expect(result).toMatchObject({ subtype: "success", structured_output: { answer: "42" } });
  });

  it("initialize's systemPrompt replaces codebot's instructions; appendSystemPrompt is added after them", async () => {
    const { server } = await sdkTurn("hi", [reply.text("one")], {
      initialize: { systemPrompt: ["CUSTOM-SDK-PROMPT"], appendSystemPrompt: "APPENDED-SDK-TEXT" },
    });
    const system = JSON.stringify((server.requests[0]?.body as { system?: unknown } | undefined)?.system);
    expect(system).toContain("CUSTOM-SDK-PROMPT");
    expect(system).toContain("APPENDED-SDK-TEXT");
    expect(system).not.toContain("You are codebot");
  });

  it("initialize's excludeDynamicSections moves the project directory to the first prompt's context", async () => {
    const { box, server, run } = await sdkTurn("hi", [reply.text("one")], {
      initialize: { systemPrompt: [""], excludeDynamicSections: true },
    });
    const body = server.requests[0]?.body as { system?: unknown; messages?: unknown } | undefined;
    expect(JSON.stringify(body?.system)).not.toContain(box.project);
    expect(JSON.stringify(body?.messages)).toContain(`The project directory is ${box.project}`);
    expect(run.cli.stderr()).not.toContain("excludeDynamicSections");
  });

  it("initialize's systemPromptSnapshot false: a resumed conversation gets this launch's system prompt", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const env = modelEnv(server, box.home);
    const first = startSdkRun([...SDK_ARGS, "--cwd", box.project], {
      env,
      initialize: { systemPrompt: ["PROMPT-A"] },
    });
    await first.lastTurn("one");
    const second = startSdkRun([...SDK_ARGS, "-c", "--cwd", box.project], {
      env,
      initialize: { systemPrompt: ["PROMPT-B"], systemPromptSnapshot: false },
    });
    await second.lastTurn("two");
    expect((server.requests[1]?.body as { system?: unknown } | undefined)?.system).toEqual([
      { type: "text", text: "PROMPT-B" },
    ]);
  });

  it("initialize's promptSuggestions is --prompt-suggestions: a prompt_suggestion line after the result", async () => {
    const { run } = await sdkTurn(
      "fix the bug",
      [reply.turn({ reasoning: "hmm", text: "Fixed." }), reply.text("run the tests")],
      { initialize: { promptSuggestions: true } },
    );
    expect(run.lines().at(-1)).toMatchObject({ type: "prompt_suggestion", suggestion: "run the tests" });
    expect(run.cli.stderr()).not.toContain('"promptSuggestions"');
  });

  it("set_prompt_suggestions_paused is answered, and suggestions go on, as claude 2.1.328 does; a paused that is no boolean is refused", async () => {
    const { run } = await sdkSession(
      [reply.turn({ reasoning: "hmm", text: "Fixed." }), reply.text("run the tests")],
      { args: ["--prompt-suggestions"] },
    );
    expect(await run.request("p1", { subtype: "set_prompt_suggestions_paused", paused: true })).toEqual({
      subtype: "success",
      request_id: "p1",
    });
    expect(
      await run.request("p2", { subtype: "set_prompt_suggestions_paused", paused: "yes" }),
    ).toMatchObject({
      subtype: "error",
      request_id: "p2",
      error: "Invalid set_prompt_suggestions_paused: Invalid input: expected boolean, received string",
    });
    await run.lastTurn("fix the bug");
    expect(run.lines().at(-1)).toMatchObject({ type: "prompt_suggestion", suggestion: "run the tests" });
  });

  it("initialize's forwardSubagentText is --forward-subagent-text: a sub-agent's answer under its call", async () => {
    const { run } = await sdkTurn(
      "explore",
      [
        reply.toolCall("agent", { prompt: "look" }, "call_agent"),
        reply.text("Sub-agent says hi."),
        reply.text("done"),
      ],
      { initialize: { forwardSubagentText: true } },
    );
    const under = run.lines().filter((l) => l.parent_tool_use_id === "call_agent");
    expect(under.map((l) => l.type)).toEqual(["user", "assistant"]);
    expect(run.cli.stderr()).not.toContain('"forwardSubagentText"');
  });

  it("initialize's fields that codebot does not read are named on stderr", async () => {
    const { run } = await sdkTurn("hi", [reply.text("one")], {
      initialize: { planModeInstructions: "plan carefully" },
    });
    expect(run.cli.stderr()).toContain(
      `the Agent SDK's initialize: "planModeInstructions" is not supported by codebot; ignored`,
    );
  });

  it("an initialize that is not the first line comes after the start: its hooks count from then, its agents are named as ignored", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.text("first"),
      reply.toolCall("bash", { command: "echo ran" }, "toolu_1"),
      reply.text("done"),
    ]);
    const cli = startCli([...SDK_ARGS, "--permission-mode", "bypassPermissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      openStdin: true,
    });
    const send = (line: Record<string, unknown>) => cli.child.stdin?.write(`${JSON.stringify(line)}\n`);
    const user = (text: string) => ({
      type: "user",
      message: { role: "user", content: text },
      parent_tool_use_id: null,
    });
    const lines = () => jsonLines(cli.stdout());
    send(user("hi"));
    await waitFor(() => lines().find((l) => l.type === "result"), 30_000, "turn 1");
    send({
      type: "control_request",
      request_id: "late",
      request: {
        subtype: "initialize",
        hooks: { PreToolUse: [{ hookCallbackIds: ["pre"] }] },
        agents: { late: { description: "d", prompt: "p" } },
      },
    });
    const answer = await waitFor(() => lines().find((l) => l.type === "control_response"), 30_000, "answer");
    expect(answer.response).toMatchObject({ subtype: "success", request_id: "late" });
    send(user("run it"));
    const callback = await waitFor(
      () => lines().find((l) => l.type === "control_request"),
      30_000,
      "callback",
    );
    expect(callback.request).toMatchObject({ subtype: "hook_callback", callback_id: "pre" });
    send({
      type: "control_response",
      response: { subtype: "success", request_id: callback.request_id, response: {} },
    });
    await waitFor(() => lines().filter((l) => l.type === "result").length === 2, 30_000, "turn 2");
    cli.child.stdin?.end();
    const r = await cli.done;
    expect(r.stderr).toContain(
      `the Agent SDK's initialize: "agents" came after the session started; ignored`,
    );
  });

  it("a request codebot does not take (update_settings, as the SDK 0.3.337 sends it) is refused as claude refuses an unknown subtype", async () => {
    const { run } = await sdkSession([reply.text("hello")]);
    const request = { subtype: "update_settings", source: "localSettings", settings: { model: "x" } };
    expect(await run.request("x1", request)).toEqual({
      subtype: "error",
      request_id: "x1",
      error: "Unsupported control request subtype: update_settings",
      error_code: "unsupported_request",
    });
    expect((await run.lastTurn("hi")).exit.code).toBe(0);
  });

  it("set_model switches the model of the next turn, said in claude's user line and answered with the model; no name goes back to the start's", async () => {
    const { server, run } = await sdkSession([reply.text("one"), reply.text("two"), reply.text("three")], {
      args: ["--model", "claude-sonnet-4-5"],
    });
    run.say("first");
    await run.result();
    expect(await run.request("m1", { subtype: "set_model", model: "claude-haiku-4-5" })).toEqual({
      subtype: "success",
      request_id: "m1",
      response: { model: "claude-haiku-4-5" },
    });
    const note = run.lines().find((l) => l.type === "user");
    expect(note?.message).toEqual({
      role: "user",
      content: "<local-command-stdout>Set model to `claude-haiku-4-5`</local-command-stdout>",
    });
    run.say("second");
    await run.result(2);
    // Not waited for: the message after it still runs on the model it chose.
    const back = run.request("m2", { subtype: "set_model" });
    run.say("third");
    expect(await back).toMatchObject({ response: { model: "claude-sonnet-4-5" } });
    await run.result(3);
    await run.end();
    const models = server.requests.map((r) => (r.body as { model?: string }).model);
    expect(models).toEqual(["claude-sonnet-4-5", "claude-haiku-4-5", "claude-sonnet-4-5"]);
    const inits = run.lines().filter((l) => l.type === "system" && l.subtype === "init");
    expect(inits.map((l) => l.model)).toEqual(["claude-sonnet-4-5", "claude-haiku-4-5", "claude-sonnet-4-5"]);
  });

  it("set_model is refused when a PreModelSwitch hook refuses the switch; the model stays", async () => {
    const { server, run } = await sdkSession([reply.text("one")], {
      args: ["--model", "claude-sonnet-4-5"],
      hooks: { PreModelSwitch: [{ hookCallbackIds: ["no-switch"] }] },
      answers: { hook_callback: () => ({ decision: "block", reason: "stay on sonnet" }) },
    });
    const answer = await run.request("m1", { subtype: "set_model", model: "opus" });
    expect(answer).toMatchObject({ subtype: "error", error_code: "model_switch_refused" });
    expect(answer.error).toContain("stay on sonnet");
    await run.lastTurn("hi");
    expect(server.requests.map((r) => (r.body as { model?: string }).model)).toEqual(["claude-sonnet-4-5"]);
  });

  describe("rewind_files, as claude answers it with file checkpointing on", () => {
    const ONE = "11111111-1111-4111-8111-111111111111";
    const TWO = "22222222-2222-4222-8222-222222222222";
    /** Two messages, each with its SDK uuid: the first writes a.txt, the second edits it and writes b.txt. */
    async function twoMessages(args: string[] = []) {
      const session = await sdkSession(
        [
          reply.toolCall("write", { file_path: "a.txt", content: "v1\n" }),
          reply.text("one done"),
          reply.toolCalls(
            toolCall("edit", { file_path: "a.txt", old_string: "v1", new_string: "v2" }),
            toolCall("write", { file_path: "b.txt", content: "b new\n" }),
          ),
          reply.text("two done"),
        ],
        { args: ["--permission-mode", "bypassPermissions", ...args] },
      );
      session.run.say("step one", ONE);
      await session.run.result(1);
      session.run.say("step two", TWO);
      await session.run.result(2);
      return session;
    }
    const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined);

    it("a dry run names the files the rewind would put back and the lines it would insert and delete, changing none", async () => {
      const { box, run } = await twoMessages();
      const answer = await run.request("w1", {
        subtype: "rewind_files",
        user_message_id: TWO,
        dry_run: true,
      });
      expect(answer.response).toEqual({
        canRewind: true,
        filesChanged: [box.at("a.txt"), box.at("b.txt")],
        insertions: 1,
        deletions: 2,
      });
      expect(read(box.at("a.txt"))).toBe("v2\n");
      await run.end();
    });

    it("a rewind puts the files back as they were before the message", async () => {
      const { box, run } = await twoMessages();
      const answer = await run.request("w1", { subtype: "rewind_files", user_message_id: TWO });
      expect(answer.response).toEqual({ canRewind: true, skippedLinks: 0 });
      expect(read(box.at("a.txt"))).toBe("v1\n");
      expect(read(box.at("b.txt"))).toBeUndefined();
      await run.end();
    });

    it("a message with no checkpoint: canRewind false, in claude's words", async () => {
      const { run } = await twoMessages();
      const answer = await run.request("w1", {
        subtype: "rewind_files",
        user_message_id: "nosuch",
        dry_run: true,
      });
      expect(answer.response).toEqual({
        canRewind: false,
        error: "No file checkpoint found for this message.",
      });
      await run.end();
    });

    it("without session persistence no copies are kept: claude's answer without checkpointing", async () => {
      const { run } = await sdkSession([reply.text("hello")], { args: ["--no-session-persistence"] });
      const answer = await run.request("w1", {
        subtype: "rewind_files",
        user_message_id: ONE,
        dry_run: true,
      });
      expect(answer.response).toEqual({
        canRewind: false,
        error: "File rewinding is not supported by codebot.",
      });
      await run.lastTurn("hi");
    });
  });

  it("mcp_status lists the session's MCP servers in the SDK's shape (none here)", async () => {
    const { run } = await sdkSession([reply.text("hello")]);
    expect(await run.request("s1", { subtype: "mcp_status" })).toEqual({
      subtype: "success",
      request_id: "s1",
      response: { mcpServers: [] },
    });
    await run.lastTurn("hi");
  });

  it("--permission-prompt-tool stdio without stream-json input is refused: nobody could be asked", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--permission-prompt-tool", "stdio", "--cwd", box.project], {
      env: modelEnv(await modelServer([]), box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--permission-prompt-tool stdio asks over the control protocol");
  });
});
