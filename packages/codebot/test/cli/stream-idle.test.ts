/**
 * A model that goes quiet mid-answer (a connection left open, nothing coming): the request is
 * given up after CODEBOT_STREAM_IDLE_TIMEOUT_MS and retried, instead of waiting for ever.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("CODEBOT_STREAM_IDLE_TIMEOUT_MS", () => {
  it("a stream that goes quiet is given up and retried; the retry's answer is the result", async () => {
    const box = sandbox();
    const server = await modelServer([reply.hang("half an ans"), reply.text("whole answer")]);
    const r = await runCli(["-p", "go"], {
      env: modelEnv(server, box.home, { CODEBOT_STREAM_IDLE_TIMEOUT_MS: "500" }),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("whole answer\n");
    expect(server.requests).toHaveLength(2);
  });

  it("a sub-agent's stream that goes quiet is given up and retried under the same limit", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { prompt: "look around" }),
      reply.hang("half a look"),
      reply.text("sub-agent looked"),
      reply.text("main done"),
    ]);
    const r = await runCli(["-p", "go"], {
      env: modelEnv(server, box.home, { CODEBOT_STREAM_IDLE_TIMEOUT_MS: "500" }),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("main done\n");
    expect(server.requests).toHaveLength(4);
    expect(requestText(server.requests[3])).toContain("sub-agent looked");
  });

  it("a compaction summary's stream that goes quiet fails that compaction under the same limit, not after 300 s", async () => {
    const box = sandbox();
    const model = "anthropic/claude-small-window";
    const settings = box.json("s.json", { models: { [model]: { contextWindow: 2000 } } });
    const server = await modelServer([reply.hang("SUMMARY: half")]);
    const r = await runCli(["-p", "explain this log", "--model", model, "--settings", settings], {
      env: modelEnv(server, box.home, { CODEBOT_STREAM_IDLE_TIMEOUT_MS: "500" }),
      cwd: box.project,
      input: "x".repeat(2000 * 4),
    });
    expect(r.stderr).toContain("codebot: compaction failed: no answer from the model for 1 s");
    expect(r.stderr).toContain("compaction did not happen: compaction failed: no answer from the model");
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it("a value that is no number of milliseconds is said, and the default kept", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("fine")]);
    const r = await runCli(["-p", "go"], {
      env: modelEnv(server, box.home, { CODEBOT_STREAM_IDLE_TIMEOUT_MS: "soon" }),
      cwd: box.project,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'codebot: CODEBOT_STREAM_IDLE_TIMEOUT_MS "soon" is not a number of milliseconds; ignored',
    );
  });

  it("a value longer than a timer can wait (meant as no limit) does not give every request up at once", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("fine")]);
    const r = await runCli(["-p", "go"], {
      env: modelEnv(server, box.home, { CODEBOT_STREAM_IDLE_TIMEOUT_MS: "99999999999" }),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("fine\n");
    expect(server.requests).toHaveLength(1);
  });
});
