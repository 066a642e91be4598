/**
 * CLAUDE_CODE_MAX_OUTPUT_TOKENS and each model's own `max_tokens`, as claude 2.1.328 sends them
 * (recorded against a loopback server): 32000 to an id the AI SDK does not know (it sent 4096),
 * the variable's count lowered to the model's most, a value with no count above 0 ignored.
 */
import path from "node:path";
import { SUBAGENT_RESUME_TEXTS } from "@codebot/agentcore";
import { type RecordedRequest, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** One `-p` run of `model`; what its one request carried. */
async function sent(
  model: string,
  setup: { env?: Record<string, string>; user?: unknown; project?: unknown; trust?: boolean } = {},
): Promise<RecordedRequest | undefined> {
  const box = sandbox();
  if (setup.user !== undefined) box.json(path.join(box.home, ".claude/settings.json"), setup.user);
  if (setup.project !== undefined) box.json(".claude/settings.json", setup.project);
  if (setup.trust === true) {
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code, trust.stderr).toBe(0);
  }
  const server = await modelServer([reply.text("ok")]);
  const r = await runCli(["-p", "go", "--model", model, "--cwd", box.project], {
    env: modelEnv(server, box.home, setup.env),
  });
  expect(r.code, r.stderr).toBe(0);
  return server.requests[0];
}

const maxTokensOf = async (model: string, setup?: Parameters<typeof sent>[1]) =>
  (await sent(model, setup))?.body?.max_tokens;

describe("max_tokens as claude sends it", () => {
  it("a gateway's own model id is sent 32000, not the AI SDK's 4096", async () => {
    expect(await maxTokensOf("my-gateway-model")).toBe(32000);
  });

  it("CLAUDE_CODE_MAX_OUTPUT_TOKENS is sent, its thinking budget one below it", async () => {
    const request = await sent("claude-sonnet-4-5", { env: { CLAUDE_CODE_MAX_OUTPUT_TOKENS: "5000" } });
    expect(request?.body?.max_tokens).toBe(5000);
    expect(request?.body?.thinking).toEqual({ type: "enabled", budget_tokens: 4999 });
  });

  it("a count above the model's most is lowered to it (64000 on claude-sonnet-4-5, 128000 on a gateway's id)", async () => {
    const env = { CLAUDE_CODE_MAX_OUTPUT_TOKENS: "999999" };
    expect(await maxTokensOf("claude-sonnet-4-5", { env })).toBe(64000);
    expect(await maxTokensOf("my-gateway-model", { env })).toBe(128000);
  });

  it("0, a negative count and junk are ignored: the model's default goes; 12,000 and 2e4 are read as claude reads them", async () => {
    for (const value of ["0", "-5", "junk"])
      expect(
        await maxTokensOf("my-gateway-model", { env: { CLAUDE_CODE_MAX_OUTPUT_TOKENS: value } }),
        value,
      ).toBe(32000);
    expect(await maxTokensOf("my-gateway-model", { env: { CLAUDE_CODE_MAX_OUTPUT_TOKENS: "12,000" } })).toBe(
      12000,
    );
    expect(await maxTokensOf("my-gateway-model", { env: { CLAUDE_CODE_MAX_OUTPUT_TOKENS: "2e4" } })).toBe(
      20000,
    );
  });

  it("a user settings file's env sets it", async () => {
    expect(
      await maxTokensOf("my-gateway-model", { user: { env: { CLAUDE_CODE_MAX_OUTPUT_TOKENS: "7000" } } }),
    ).toBe(7000);
  });

  it("a project's env value counts once approved, as any project env variable", async () => {
    const project = { env: { CLAUDE_CODE_MAX_OUTPUT_TOKENS: "7000" } };
    expect(await maxTokensOf("my-gateway-model", { project })).toBe(32000);
    expect(await maxTokensOf("my-gateway-model", { project, trust: true })).toBe(7000);
  });
});

describe("a sub-agent's answer cut at max_tokens", () => {
  it("is resumed with claude's words for a sub-agent; the session's answer with the session's", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { subagent_type: "general-purpose", prompt: "look", description: "look" }),
      reply.atLimit("sub, cut"),
      reply.text("sub whole"),
      reply.atLimit("main, cut"),
      reply.text("main rest"),
    ]);
    const r = await runCli(["-p", "go", "--model", "claude-sonnet-4-5", "--cwd", box.project], {
      env: modelEnv(server, box.home, { CLAUDE_CODE_MAX_OUTPUT_TOKENS: "5000" }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("main rest");
    const lastText = (i: number) => JSON.stringify(server.requests[i]?.body?.messages?.at(-1));
    expect(lastText(2)).toContain(SUBAGENT_RESUME_TEXTS[0].slice(0, 60));
    expect(lastText(4)).toContain("Output token limit hit. Resume directly");
    expect(server.requests.map((request) => request.body?.max_tokens)).toEqual([
      5000, 5000, 5000, 5000, 5000,
    ]);
  });
});
