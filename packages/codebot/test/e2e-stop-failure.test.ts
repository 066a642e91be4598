/**
 * StopFailure (issue 14): a prompt's run that ends on a model API error fires it with Claude Code's
 * error type, classified from what the real providers (Anthropic, OpenAI) answered a loopback server.
 */
import fs from "node:fs";
import { resolveModel } from "@codebot/agentcore";
import {
  type LoopbackModelServer,
  reply,
  startLoopbackModelServer,
  type TurnReply,
} from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { command, group, startSession } from "./support/e2e.js";

let server: LoopbackModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A model of `provider` whose calls go to a loopback server answering with `script`. */
async function loopbackModel(provider: "anthropic" | "openai", script: TurnReply[]) {
  server = await startLoopbackModelServer(script);
  const env =
    provider === "anthropic"
      ? { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl }
      : { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: server.openaiBaseUrl };
  return resolveModel(provider === "anthropic" ? "anthropic/claude-sonnet-4-5" : "openai/gpt-test", env);
}

/** Enough failures to use up three retries of a transient error (`retried`). */
const always = (failure: TurnReply): TurnReply[] => Array.from({ length: 4 }, () => failure);
/** Settings' env for three retries: claude's default 10 waits minutes for a broken connection. */
const retried = { CLAUDE_CODE_MAX_RETRIES: "3" };
const fast = { headers: { "retry-after-ms": "1" } };

describe("StopFailure", () => {
  it("a rate limit that outlasts the retries fires the group whose matcher is rate_limit, with claude 2.1.328's payload: the API Error answer, no error_details", async () => {
    const model = await loopbackModel(
      "anthropic",
      always(reply.httpError(429, { message: "slow down", ...fast })),
    );
    const s = await startSession({
      user: {
        env: retried,
        hooks: {
          StopFailure: [
            group("rate_limit", command("cat > failure.json")),
            group("overloaded|server_error", command("touch wrong-matcher")),
          ],
        },
      },
      runtime: { model },
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "error" });
    await s.runtime.close();
    expect(JSON.parse(fs.readFileSync(s.at("failure.json"), "utf8"))).toEqual({
      session_id: s.runtime.sessionId,
      transcript_path: s.runtime.transcriptPath,
      cwd: s.project,
      prompt_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      permission_mode: "bypassPermissions",
      hook_event_name: "StopFailure",
      error: "rate_limit",
      last_assistant_message: expect.stringMatching(/^API Error: Request rejected \(429\) · slow down\. /),
    });
    expect(fs.existsSync(s.at("wrong-matcher"))).toBe(false);
  });

  it.each([
    ["anthropic", always(reply.httpError(529, fast)), "server_error"],
    ["anthropic", [reply.httpError(401)], "authentication_failed"],
    ["openai", [reply.httpError(401)], "authentication_failed"],
    ["anthropic", [reply.httpError(404)], "model_not_found"],
    ["anthropic", [reply.httpError(400)], "unknown"],
    ["openai", [reply.httpError(400)], "unknown"],
    ["anthropic", always(reply.httpError(500, fast)), "server_error"],
    ["openai", [reply.httpError(400, { message: "max_tokens is too large: 999999" })], "max_output_tokens"],
    ["anthropic", always(reply.networkError()), "server_error"],
    ["anthropic", always(reply.atLimit("cut at max_tokens")), "max_output_tokens"],
  ] as const)("%s: %j ends the run as %s, as claude 2.1.328 names it", async (provider, script, type) => {
    const model = await loopbackModel(provider, [...script]);
    const s = await startSession({
      user: { env: retried, hooks: { StopFailure: [command("cat > failure.json")] } },
      runtime: { model },
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "error" });
    await s.runtime.close();
    expect(JSON.parse(fs.readFileSync(s.at("failure.json"), "utf8"))).toMatchObject({
      event: "StopFailure",
      error: type,
      error_details: expect.stringMatching(/^model: /),
    });
  });

  it("a prompt too long is invalid_request, its raw error in error_details (the token counts), as claude 2.1.328 sends it", async () => {
    const tooLong = reply.httpError(400, { message: "prompt is too long: 210000 tokens > 200000 maximum" });
    // The step's refusal, then the compaction's summary request refused too.
    const model = await loopbackModel("anthropic", [tooLong, tooLong]);
    const s = await startSession({
      user: { hooks: { StopFailure: [group("", command("cat > failure.json"))] } },
      runtime: { model },
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "error" });
    await s.runtime.close();
    const input = JSON.parse(fs.readFileSync(s.at("failure.json"), "utf8"));
    expect(input).toMatchObject({ error: "invalid_request" });
    expect(input.error_details).toMatch(/^400 \{.*prompt is too long: 210000 tokens > 200000 maximum/);
  });

  it("an answer resumed after a max_tokens cut fires Stop once, at its end, and no StopFailure (as claude 2.1.328)", async () => {
    const model = await loopbackModel("anthropic", [reply.atLimit("cut"), reply.text("rest")]);
    const s = await startSession({
      user: {
        hooks: { Stop: [command("echo stop >> stops")], StopFailure: [command("touch failed")] },
      },
      runtime: { model },
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "rest" });
    await s.runtime.close();
    expect(fs.readFileSync(s.at("stops"), "utf8")).toBe("stop\n");
    expect(fs.existsSync(s.at("failed"))).toBe(false);
  });

  it("a run that ends well fires none", async () => {
    const model = await loopbackModel("anthropic", [reply.text("fine")]);
    const s = await startSession({
      user: { hooks: { StopFailure: [command("touch fired")] } },
      runtime: { model },
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    expect(fs.existsSync(s.at("fired"))).toBe(false);
  });
});
