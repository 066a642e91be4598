/**
 * The `thinking` field beside effort, as claude 2.1.328 sends it (recorded against a loopback
 * server): adaptive thinking, its display `updates` (and that beta), in every request to the models
 * that take it, whatever the effort; a budget of 31999 (MAX_THINKING_TOKENS sets it) and the
 * interleaved-thinking beta to the Claude 4 models before them; MAX_THINKING_TOKENS=0 or
 * `alwaysThinkingEnabled: false` turn it off.
 */
import path from "node:path";
import { type RecordedRequest, reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** One `-p` run; what its one request carried. */
async function sent(
  args: string[],
  setup: { env?: Record<string, string>; user?: unknown; project?: unknown } = {},
): Promise<RecordedRequest | undefined> {
  const box = sandbox();
  if (setup.user !== undefined) box.json(path.join(box.home, ".claude/settings.json"), setup.user);
  if (setup.project !== undefined) box.json(".claude/settings.json", setup.project);
  const server = await modelServer([reply.text("ok")]);
  const r = await runCli(["-p", "go", ...args, "--cwd", box.project], {
    env: modelEnv(server, box.home, setup.env),
  });
  expect(r.code, r.stderr).toBe(0);
  return server.requests[0];
}

const thinkingOf = (request: RecordedRequest | undefined) => request?.body?.thinking;
const adaptive = { type: "adaptive", display: "updates" };

describe("thinking beside effort", () => {
  it("claude-opus-4-6 is asked for adaptive thinking with its updates, and the beta they need", async () => {
    const request = await sent(["--model", "claude-opus-4-6", "--effort", "high"]);
    expect(thinkingOf(request)).toEqual(adaptive);
    expect(request?.body?.output_config?.effort).toBe("high");
    expect(request?.headers["anthropic-beta"]?.split(",")).toContain("thinking-display-updates-2026-08-18");
  });

  it("whatever the effort: CLAUDE_CODE_EFFORT_LEVEL=auto sends none, and thinking still", async () => {
    const request = await sent(["--model", "claude-sonnet-4-6"], {
      env: { CLAUDE_CODE_EFFORT_LEVEL: "auto" },
    });
    expect(thinkingOf(request)).toEqual(adaptive);
    expect(request?.body?.output_config?.effort).toBeUndefined();
  });

  it("claude-sonnet-4-5 (a budget model) is sent claude's budget, 31999, and the interleaved-thinking beta", async () => {
    const request = await sent(["--model", "claude-sonnet-4-5"]);
    expect(thinkingOf(request)).toEqual({ type: "enabled", budget_tokens: 31999 });
    expect(request?.body?.max_tokens).toBeGreaterThan(31999);
    expect(request?.headers["anthropic-beta"]?.split(",")).toContain("interleaved-thinking-2025-05-14");
  });

  it("an adaptive model is not named the interleaved-thinking beta (it interleaves without it)", async () => {
    const request = await sent(["--model", "claude-opus-4-6"]);
    expect(request?.headers["anthropic-beta"]?.split(",")).not.toContain("interleaved-thinking-2025-05-14");
  });

  it("claude-3-7-sonnet is sent none, as claude sends it none", async () => {
    const request = await sent(["--model", "claude-3-7-sonnet-20250219"], {
      env: { MAX_THINKING_TOKENS: "5000" },
    });
    expect(thinkingOf(request)).toBeUndefined();
  });

  it("MAX_THINKING_TOKENS is a budget model's budget (a settings file's env too), over --max-thinking-tokens; 0 turns it off", async () => {
    const sonnet45 = ["--model", "claude-sonnet-4-5"];
    expect(thinkingOf(await sent(sonnet45, { env: { MAX_THINKING_TOKENS: "5000" } }))).toEqual({
      type: "enabled",
      budget_tokens: 5000,
    });
    expect(thinkingOf(await sent(sonnet45, { user: { env: { MAX_THINKING_TOKENS: "4000" } } }))).toEqual({
      type: "enabled",
      budget_tokens: 4000,
    });
    const both = await sent([...sonnet45, "--max-thinking-tokens", "3000"], {
      env: { MAX_THINKING_TOKENS: "5000" },
    });
    expect(thinkingOf(both)).toEqual({ type: "enabled", budget_tokens: 5000 });
    const off = await sent(sonnet45, { env: { MAX_THINKING_TOKENS: "0" } });
    expect(thinkingOf(off)).toEqual({ type: "disabled" });
    expect(off?.headers["anthropic-beta"] ?? "").not.toContain("interleaved-thinking");
  });

  it("alwaysThinkingEnabled: false turns a budget model's off; --max-thinking-tokens wins over it", async () => {
    const sonnet45 = ["--model", "claude-sonnet-4-5"];
    const user = { alwaysThinkingEnabled: false };
    expect(thinkingOf(await sent(sonnet45, { user }))).toEqual({ type: "disabled" });
    expect(thinkingOf(await sent([...sonnet45, "--max-thinking-tokens", "3000"], { user }))).toEqual({
      type: "enabled",
      budget_tokens: 3000,
    });
  });

  it("MAX_THINKING_TOKENS=0 turns it off; another value changes nothing on these models", async () => {
    const opus47 = ["--model", "claude-opus-4-7"];
    const off = await sent(opus47, { env: { MAX_THINKING_TOKENS: "0" } });
    expect(thinkingOf(off)).toEqual({ type: "disabled" });
    expect(off?.body?.output_config?.effort).toBe("xhigh");
    expect(thinkingOf(await sent(opus47, { env: { MAX_THINKING_TOKENS: "5000" } }))).toEqual(adaptive);
  });

  it("alwaysThinkingEnabled: false turns it off, a project's too; a model that always thinks still does", async () => {
    const opus46 = ["--model", "claude-opus-4-6"];
    expect(thinkingOf(await sent(opus46, { user: { alwaysThinkingEnabled: false } }))).toEqual({
      type: "disabled",
    });
    expect(thinkingOf(await sent(opus46, { project: { alwaysThinkingEnabled: false } }))).toEqual({
      type: "disabled",
    });
    const opus55 = await sent(["--model", "claude-opus-5-5"], { user: { alwaysThinkingEnabled: false } });
    expect(thinkingOf(opus55)).toEqual(adaptive);
  });

  it("the model's thinking goes back, signed, with its tool call in the next request of the loop", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.turn({ reasoning: "list first", toolCalls: [toolCall("bash", { command: "echo hi" })] }),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--model", "claude-opus-4-6", "--dangerously-skip-permissions", "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    const assistant = server.requests[1]?.body?.messages?.find(
      (m: { role: string }) => m.role === "assistant",
    );
    expect(assistant?.content?.[0]).toMatchObject({
      type: "thinking",
      thinking: "list first",
      signature: "loopback-signature",
    });
    expect(assistant?.content?.[1]).toMatchObject({ type: "tool_use", name: "bash" });
  });

  it("a prompt hook's request asks for no thinking, as claude asks it, while the session's think", async () => {
    const box = sandbox();
    const stop = { type: "prompt", prompt: "Is it done? $ARGUMENTS" };
    box.json(path.join(box.home, ".claude/settings.json"), { hooks: { Stop: [{ hooks: [stop] }] } });
    const thinkingSent = async (model: string) => {
      const server = await modelServer([reply.text("done"), reply.text('{"ok": true}')]);
      const r = await runCli(["-p", "go", "--model", model, "--cwd", box.project], {
        env: modelEnv(server, box.home),
      });
      expect(r.code, r.stderr).toBe(0);
      return server.requests.map(thinkingOf);
    };
    expect(await thinkingSent("claude-sonnet-4-5")).toEqual([
      { type: "enabled", budget_tokens: 31999 },
      { type: "disabled" },
    ]);
    expect(await thinkingSent("claude-opus-4-6")).toEqual([adaptive, { type: "disabled" }]);
  });

  it("an agent hook's requests ask for no thinking, as claude asks them", async () => {
    const box = sandbox();
    const stop = { type: "agent", prompt: "Check it. $ARGUMENTS" };
    box.json(path.join(box.home, ".claude/settings.json"), { hooks: { Stop: [{ hooks: [stop] }] } });
    const server = await modelServer([reply.text("done"), reply.text('{"ok": true}')]);
    const r = await runCli(["-p", "go", "--model", "claude-sonnet-4-5", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.map(thinkingOf)).toEqual([
      { type: "enabled", budget_tokens: 31999 },
      { type: "disabled" },
    ]);
  });
});
