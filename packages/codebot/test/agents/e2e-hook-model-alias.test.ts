/**
 * A prompt or agent hook's `model` written as Claude Code writes it — an alias (`haiku`) or a bare
 * id — names the model `--model` would (claude-code-templates' ai-bash-guard has `"model":
 * "haiku"`). Before, such a hook failed to start ("not provider/model-id") and, a failed run not
 * blocking, the command it guards ran. Runs against the loopback Anthropic server, whose
 * requests show which model each call asked for.
 */
import fs from "node:fs";
import { reply, startLoopbackModelServer, toolCall } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { startSession } from "../support/e2e.js";

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function sessionWithGuard(guard: Record<string, unknown>, verdict: string) {
  const server = await startLoopbackModelServer([
    reply.toolCalls(toolCall("bash", { command: "touch ran" }, "b1")),
    reply.text(verdict),
    reply.text("understood"),
  ]);
  servers.push(server);
  const s = await startSession({
    user: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [guard] }] } },
    runtime: {
      model: "anthropic/claude-main",
      env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    },
  });
  return { s, models: () => server.requests.map((r) => (r.body as { model?: string }).model) };
}

describe("a hook's model named as Claude Code names it", () => {
  it('an agent hook with "model": "haiku" runs its verifier on claude-haiku-4-5, and its verdict blocks', async () => {
    const { s, models } = await sessionWithGuard(
      { type: "agent", prompt: "Is this command destructive? $ARGUMENTS", model: "haiku" },
      '{"ok": false, "reason": "destructive"}',
    );
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "understood" });
    expect(models()).toEqual(["claude-main", "claude-haiku-4-5", "claude-main"]);
    expect(fs.existsSync(s.at("ran"))).toBe(false);
  });

  it("a prompt hook with a bare model id asks that model of the default provider", async () => {
    const { s, models } = await sessionWithGuard(
      { type: "prompt", prompt: "Is this safe? $ARGUMENTS", model: "claude-judge-1" },
      '{"ok": false, "reason": "not safe"}',
    );
    await s.runtime.prompt("go");
    expect(models()).toEqual(["claude-main", "claude-judge-1"]);
    expect(fs.existsSync(s.at("ran"))).toBe(false);
  });
});
