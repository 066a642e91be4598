import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

async function run(
  script: Parameters<typeof modelServer>[0],
  format: "text" | "json" | "stream-json",
  retries = "0",
) {
  const box = sandbox();
  const server = await modelServer(script);
  const args = ["-p", "go", "--output-format", format, ...(format === "stream-json" ? ["--verbose"] : [])];
  return runCli([...args, "--cwd", box.project], {
    env: modelEnv(server, box.home, { CLAUDE_CODE_MAX_RETRIES: retries }),
  });
}

// claude 2.1.328 -p, recorded against a loopback server answering with errors (docs/claude-code.md).
describe("codebot -p: a model call that failed for good is claude's API Error answer", () => {
  it("text: the API Error text is the answer on stdout, exit 1", async () => {
    const r = await run([reply.httpError(400, { message: "the request is malformed" })], "text");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("API Error: 400 the request is malformed\n");
  });

  it("json: the result is the API Error text, ended by stop_sequence", async () => {
    const r = await run([reply.httpError(400, { message: "the request is malformed" })], "json");
    expect(JSON.parse(r.stdout)).toMatchObject({
      subtype: "success",
      is_error: true,
      result: "API Error: 400 the request is malformed",
      stop_reason: "stop_sequence",
      terminal_reason: "api_error",
      api_error_status: 400,
      api_error_type: "invalid_request_error",
    });
  });

  it("stream-json: a 429 is 'Request rejected (429) · <message>', and the synthetic line carries the request id", async () => {
    const limited = reply.httpError(429, { message: "slow down", headers: { "request-id": "req_1" } });
    const r = await run([limited], "stream-json");
    const [synthetic, result] = jsonLines(r.stdout).slice(-2);
    expect(result?.result).toMatch(/^API Error: Request rejected \(429\) · slow down\. /);
    expect(synthetic).toMatchObject({
      message: { model: "<synthetic>", content: [{ type: "text", text: result?.result }] },
      error: "rate_limit",
      request_id: "req_1",
      api_error_status: 429,
    });
  });

  it("the synthetic message is claude 2.1.328's, key for key, in the stream-json line and the transcript line alike", async () => {
    const box = sandbox();
    const server = await modelServer([reply.httpError(500, { message: "Internal server error" })]);
    const r = await runCli(
      ["-p", "go", "--output-format", "stream-json", "--verbose", "--cwd", box.project],
      {
        env: modelEnv(server, box.home, { CLAUDE_CODE_MAX_RETRIES: "0" }),
      },
    );
    expect(r.code).toBe(1);
    const line = jsonLines(r.stdout).at(-2) ?? {};
    // claude's stream-json line's keys, in its order (recorded; no request id from this server).
    expect(Object.keys(line)).toEqual([
      "type",
      "message",
      "parent_tool_use_id",
      "session_id",
      "uuid",
      "timestamp",
      "error",
      "is_api_error_message",
      "api_error_status",
      "api_error_type",
    ]);
    const streamed = line.message as Record<string, unknown>;
    const projects = path.join(box.home, "projects");
    const [slug] = fs.readdirSync(projects);
    const [file] = fs.readdirSync(path.join(projects, String(slug))).filter((f) => f.endsWith(".jsonl"));
    const lines = jsonLines(fs.readFileSync(path.join(projects, String(slug), String(file)), "utf8"));
    const written = lines.find((l) => l.isApiErrorMessage === true)?.message as Record<string, unknown>;
    // Recorded with a loopback server answering 500: both lines hold this message, keys in this order.
    const claudes = {
      diagnostics: null,
      id: expect.any(String),
      container: null,
      model: "<synthetic>",
      role: "assistant",
      stop_details: null,
      stop_reason: "stop_sequence",
      stop_sequence: "",
      type: "message",
      usage: {
        output_tokens_details: null,
        input_tokens: 0,
        output_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
        service_tier: null,
        cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
        inference_geo: null,
        iterations: null,
        speed: null,
        fallback_credit: null,
      },
      content: [{ type: "text", text: expect.stringMatching(/^API Error: 500 /) }],
      context_management: null,
    };
    for (const message of [streamed, written]) {
      expect(message).toEqual(claudes);
      expect(Object.keys(message)).toEqual(Object.keys(claudes));
      expect(Object.keys(message.usage as object)).toEqual(Object.keys(claudes.usage));
    }
  });

  it("an answer cut at the output limit 4 times: api_error max_output_tokens, a null status, the variable to raise", async () => {
    const cut = reply.atLimit("cut here");
    const r = await run([cut, cut, cut, cut], "stream-json");
    expect(r.code).toBe(1);
    const [synthetic, result] = jsonLines(r.stdout).slice(-2);
    expect(synthetic).toMatchObject({
      message: { model: "<synthetic>" },
      error: "max_output_tokens",
      api_error: "max_output_tokens",
      api_error_params: { cut: "output_limit" },
    });
    expect(result).toMatchObject({
      subtype: "success",
      is_error: true,
      terminal_reason: "api_error",
      api_error_status: null,
      api_error: "max_output_tokens",
    });
    expect(result?.result).toMatch(/^API Error: .*CLAUDE_CODE_MAX_OUTPUT_TOKENS/);
    expect(result).not.toHaveProperty("api_error_type");
  });

  it("no answer from the server: api_error connection_failed, a null status", async () => {
    const r = await run([reply.networkError()], "json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      subtype: "success",
      result: expect.stringMatching(/^API Error: /),
      terminal_reason: "api_error",
      api_error_status: null,
      api_error: "connection_failed",
    });
  });

  it("the connection reset half-way through a tool call: claude's words for a lost connection, no status", async () => {
    const r = await run([reply.resetInToolCall(toolCall("bash", { command: "echo ran" }))], "json");
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout);
    // claude 2.1.328 (recorded): `API Error: Connection to the API was lost (ECONNRESET). This is usually temporary — try again.`
    expect(result.result).toMatch(
      /^API Error: Connection to the API was lost \([\w ]+\)\. This is usually temporary \u2014 try again\.$/,
    );
    expect(result).toMatchObject({ api_error_status: null, api_error: "connection_failed" });
    expect(r.stderr).toContain("codebot: model: Connection to the API was lost (");
  });

  it("stream-json: each retry is claude's api_retry line (a 529 is overloaded there), before the synthetic line", async () => {
    const overloaded = reply.httpError(529, { message: "Overloaded", headers: { "retry-after-ms": "1" } });
    const r = await run([overloaded, overloaded, overloaded], "stream-json", "2");
    const lines = jsonLines(r.stdout);
    const retries = lines.filter((l) => l.subtype === "api_retry");
    expect(retries).toEqual(
      [1, 2].map((attempt) => ({
        type: "system",
        subtype: "api_retry",
        attempt,
        max_retries: 2,
        retry_delay_ms: 1,
        error_status: 529,
        error: "overloaded",
        session_id: expect.any(String),
        uuid: expect.any(String),
      })),
    );
    expect(lines.at(-2)).toMatchObject({ error: "server_error", api_error_status: 529 });
  });

  it("stream-json: a retry after no answer at all has a null error_status and the type unknown", async () => {
    const r = await run([reply.networkError(), reply.text("fine")], "stream-json", "1");
    const retry = jsonLines(r.stdout).find((l) => l.subtype === "api_retry");
    expect(retry).toMatchObject({ attempt: 1, max_retries: 1, error_status: null, error: "unknown" });
    expect(r.code).toBe(0);
  });

  it("a prompt too long that compaction cannot save: claude's 'Prompt is too long' answer, terminal_reason prompt_too_long, exit 1", async () => {
    const box = sandbox();
    const tooLong = reply.httpError(400, { message: "prompt is too long: 210000 tokens > 200000 maximum" });
    // The step's refusal, then the compaction's summary request refused too.
    const server = await modelServer([tooLong, tooLong]);
    const r = await runCli(["-p", "go", "--output-format", "json", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      subtype: "success",
      is_error: true,
      result: "Prompt is too long",
      terminal_reason: "prompt_too_long",
      api_error_status: 400,
      api_error_type: "invalid_request_error",
    });
    expect(r.stderr).toContain("compaction failed");
  });
});
