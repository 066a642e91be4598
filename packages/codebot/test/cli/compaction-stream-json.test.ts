/**
 * A compaction in stream-json, as claude 2.1.328 writes an automatic one (recorded against a
 * loopback server answering a context past its auto-compact window): status `compacting`, status
 * `compact_result`, a `compact_boundary` line, then the summary as a synthetic `user` line.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const MODEL = "anthropic/claude-small-window";
const WINDOW = 2000;

async function run(script: Parameters<typeof modelServer>[0]) {
  const box = sandbox();
  const settings = box.json("s.json", { models: { [MODEL]: { contextWindow: WINDOW } } });
  const server = await modelServer(script);
  const args = ["-p", "explain this log", "--output-format", "stream-json", "--verbose"];
  return runCli([...args, "--model", MODEL, "--settings", settings, "--cwd", box.project], {
    env: modelEnv(server, box.home),
    input: `LOG ${"m".repeat(WINDOW * 4)}`,
  });
}

describe("stream-json: a compaction's lines, as claude 2.1.328 writes them", () => {
  it("compacting, its result, the boundary with its metadata, then the summary as a synthetic user line", async () => {
    const r = await run([reply.text("SUMMARY: a pasted log"), reply.text("the log is fine")]);
    expect(r.code, r.stderr).toBe(0);
    const lines = jsonLines(r.stdout);
    const at = lines.findIndex((line) => line.status === "compacting");
    const [compacting, result, boundary, summary] = lines.slice(at);
    expect(compacting).toEqual({
      type: "system",
      subtype: "status",
      status: "compacting",
      compact_output_chars: 0,
      session_id: expect.any(String),
      uuid: expect.any(String),
    });
    expect(Object.keys(result ?? {})).toEqual([
      "type",
      "subtype",
      "status",
      "compact_result",
      "session_id",
      "uuid",
    ]);
    expect(result).toMatchObject({ status: null, compact_result: "success" });
    expect(boundary).toEqual({
      type: "system",
      subtype: "compact_boundary",
      uuid: expect.any(String),
      compact_metadata: {
        trigger: "auto",
        pre_tokens: expect.any(Number),
        post_tokens: expect.any(Number),
        cumulative_dropped_tokens: expect.any(Number),
        duration_ms: expect.any(Number),
      },
      logical_parent_uuid: expect.any(String),
      session_id: expect.any(String),
    });
    const metadata = boundary?.compact_metadata as Record<string, number>;
    expect(metadata.cumulative_dropped_tokens).toBe(
      Math.max(0, (metadata.pre_tokens ?? 0) - (metadata.post_tokens ?? 0)),
    );
    expect(summary).toMatchObject({ type: "user", parent_tool_use_id: null, isSynthetic: true });
    expect(JSON.stringify(summary?.message)).toContain("SUMMARY: a pasted log");
    expect(lines.slice(at).find((line) => line.type === "assistant")?.message).toMatchObject({
      content: [{ type: "text", text: "the log is fine" }],
    });
  });

  it("a compaction that fails says so in its result line", async () => {
    const r = await run([reply.httpError(400, { message: "bad request" }), reply.text("answered anyway")]);
    const lines = jsonLines(r.stdout);
    const failed = lines.find((line) => line.compact_result === "failed");
    expect(failed).toMatchObject({ type: "system", subtype: "status", status: null });
    expect(String(failed?.compact_error)).toMatch(/^compaction failed: /);
    expect(lines.some((line) => line.subtype === "compact_boundary")).toBe(false);
  });
});
