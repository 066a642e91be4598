/**
 * `--fallback-model` (Claude Code's flag, as claude 2.1.328 does it): when the model is overloaded,
 * its server fails or it is not found, the run goes on with the next model of the list.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const MAIN = ["--model", "anthropic/claude-opus-main"];

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

describe("--fallback-model", () => {
  it("an overloaded model (529, three times) gives way to the fallback; stream-json says so as claude does", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.httpError(529),
      reply.httpError(529),
      reply.httpError(529),
      reply.text("answered by the spare"),
    ]);
    const r = await runCli(
      [
        "-p",
        "go",
        ...MAIN,
        "--fallback-model",
        "claude-spare",
        "--output-format",
        "stream-json",
        "--verbose",
      ],
      { env: modelEnv(server, box.home), cwd: box.project },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.map((q) => (q.body as { model: string }).model)).toEqual([
      "claude-opus-main",
      "claude-opus-main",
      "claude-opus-main",
      "claude-spare",
    ]);
    const lines = jsonLines(r.stdout);
    expect(lines.find((l) => l.subtype === "model_fallback")).toMatchObject({
      type: "system",
      trigger: "overloaded",
      original_model: "claude-opus-main",
      fallback_model: "claude-spare",
      content: "Switched to claude-spare due to high demand for claude-opus-main",
    });
    expect(lines.find((l) => l.type === "assistant")).toMatchObject({ message: { model: "claude-spare" } });
    const result = lines.at(-1) as { result: string; modelUsage: Record<string, unknown> };
    expect(result.result).toBe("answered by the spare");
    expect(Object.keys(result.modelUsage)).toEqual(["claude-spare"]);
  });

  it("an unknown model (404) falls back at once, down a comma-separated list; text output says so on stderr", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.httpError(404, { message: "model: claude-opus-main" }),
      reply.httpError(500),
      reply.text("third time"),
    ]);
    const r = await runCli(["-p", "go", ...MAIN, "--fallback-model", "claude-one, anthropic/claude-two"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("third time\n");
    expect(server.requests.map((q) => (q.body as { model: string }).model)).toEqual([
      "claude-opus-main",
      "claude-one",
      "claude-two",
    ]);
    expect(r.stderr).toContain("codebot: Switched to claude-one because claude-opus-main is not available");
    expect(r.stderr).toContain("codebot: Switched to claude-two because the server failed for claude-one");
  });

  it("an interactive session says so where the answer is, and the next prompt tries the model again", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.httpError(404),
      reply.text("spare answer"),
      reply.text("main answer"),
    ]);
    const r = await runCli([...MAIN, "--fallback-model", "claude-spare"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
      input: "one\ntwo\n",
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Switched to claude-spare because claude-opus-main is not available");
    expect(r.stdout).toContain("spare answer");
    expect(server.requests.map((q) => (q.body as { model: string }).model)).toEqual([
      "claude-opus-main",
      "claude-spare",
      "claude-opus-main",
    ]);
  });

  it("a rate limit (429) does not fall back: the model is retried", async () => {
    const box = sandbox();
    const server = await modelServer([reply.httpError(429), reply.text("main again")]);
    const r = await runCli(["-p", "go", ...MAIN, "--fallback-model", "claude-spare"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.stdout).toBe("main again\n");
    expect(server.requests.map((q) => (q.body as { model: string }).model)).toEqual([
      "claude-opus-main",
      "claude-opus-main",
    ]);
  });

  it("an empty list is refused before anything runs", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const r = await runCli(["-p", "go", "--fallback-model", " , "], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("codebot: --fallback-model: no model given\n");
    expect(server.requests).toEqual([]);
  });

  it("a fallback whose provider cannot be made is refused before anything runs, naming the flag", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const r = await runCli(["-p", "go", ...MAIN, "--fallback-model", "nosuch/model"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^codebot: --fallback-model nosuch\/model: model: unknown provider "nosuch"/);
    expect(server.requests).toEqual([]);
  });
});
