/**
 * `--betas <betas...>` as claude 2.1.328 takes it (checked with a loopback server logging its
 * headers): a beta it supports (`context-1m-2025-08-07`) joins every request's `anthropic-beta`
 * header; any other is a warning in claude's words and is not sent.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

function betasSent(server: Awaited<ReturnType<typeof modelServer>>, i: number): string[] {
  return (server.requests[i]?.headers["anthropic-beta"] ?? "").split(",").filter((b) => b !== "");
}

describe("--betas", () => {
  it("a supported beta is sent in the anthropic-beta header of every request, sub-agents' too", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { subagent_type: "general-purpose", prompt: "look", description: "look" }),
      reply.text("sub done"),
      reply.text("main done"),
    ]);
    const r = await runCli(["-p", "go", "--betas", "context-1m-2025-08-07", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(3);
    for (let i = 0; i < 3; i++) expect(betasSent(server, i)).toContain("context-1m-2025-08-07");
  });

  it("a beta claude does not support is a warning and is not sent", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(
      ["-p", "go", "--betas", "context-1m-2025-08-07", "foo-2025-01-01", "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      "Warning: Beta header 'foo-2025-01-01' is not allowed. Only the following betas are supported: context-1m-2025-08-07\n",
    );
    expect(betasSent(server, 0)).toContain("context-1m-2025-08-07");
    expect(betasSent(server, 0)).not.toContain("foo-2025-01-01");
  });

  it("ANTHROPIC_BETAS's names are sent as they are, unfiltered, beside --betas", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "go", "--betas", "context-1m-2025-08-07", "--cwd", box.project], {
      env: modelEnv(server, box.home, { ANTHROPIC_BETAS: "foo-2025-01-01, bar-2025-02-02" }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain("Warning");
    expect(betasSent(server, 0)).toEqual(
      expect.arrayContaining(["foo-2025-01-01", "bar-2025-02-02", "context-1m-2025-08-07"]),
    );
  });

  it("ANTHROPIC_BETAS with a line break in it is refused in one line, before any request", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "go", "--cwd", box.project], {
      env: modelEnv(server, box.home, { ANTHROPIC_BETAS: "foo-2025-01-01\r\nx-injected: 1" }),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "codebot: model: ANTHROPIC_BETAS holds a control character (a line break?); it is comma-separated beta names such as context-1m-2025-08-07\n",
    );
    expect(server.requests).toEqual([]);
  });
});
