/**
 * `--permission-prompt-tool <mcp tool>` (Claude Code's `-p` flag, as claude 2.1.328 calls it): a
 * call that would be put to the user goes to the MCP tool, which allows it (maybe with new
 * arguments) or refuses it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "../cli/support/cli-fixtures.js";
import { jsonLines, runCli, startCli, useBuiltCli } from "../cli/support/cli-process.js";
import { waitFor } from "../support/wait-for.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/permission-server.mjs");

/** A project, the permission server's config, and where it records what it was asked. */
function setUp() {
  const box = sandbox();
  const state = box.at("state");
  fs.mkdirSync(state);
  const config = JSON.stringify({
    mcpServers: { perm: { command: process.execPath, args: [SERVER, state] } },
  });
  const asked = () =>
    fs.existsSync(path.join(state, "asked"))
      ? fs
          .readFileSync(path.join(state, "asked"), "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line))
      : [];
  return { box, config, asked };
}

describe("--permission-prompt-tool", () => {
  it("asks the tool as claude does; an allow with updatedInput runs the new arguments, a deny refuses with its message", async () => {
    const { box, config, asked } = setUp();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo hi > out.txt" }, "t1"),
      reply.toolCall("bash", { command: "rm -f x" }, "t2"),
      reply.text("done"),
    ]);
    const r = await runCli(
      [
        "-p",
        "go",
        "--mcp-config",
        config,
        "--permission-prompt-tool",
        "mcp__perm__approve",
        "--output-format",
        "json",
      ],
      { env: modelEnv(server, box.home), cwd: box.project },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(asked()).toEqual([
      { tool_name: "Bash", input: { command: "echo hi > out.txt" }, tool_use_id: "t1" },
      { tool_name: "Bash", input: { command: "rm -f x" }, tool_use_id: "t2" },
    ]);
    expect(fs.readFileSync(box.at("out.txt"), "utf8")).toBe("hi\n");
    expect(requestText(server.requests[1])).toContain("REWRITTEN");
    expect(requestText(server.requests[2])).toContain("permission denied by mcp__perm__approve: no rm here");
    expect(JSON.parse(r.stdout).permission_denials).toEqual([
      { tool_name: "Bash", tool_use_id: "t2", tool_input: { command: "rm -f x" } },
    ]);
  });

  it("calls that need no yes are not put to it", async () => {
    const { box, config, asked } = setUp();
    box.write("a.txt", "text");
    const server = await modelServer([reply.toolCall("read", { file_path: "a.txt" }), reply.text("done")]);
    const r = await runCli(
      ["-p", "go", "--mcp-config", config, "--permission-prompt-tool", "mcp__perm__approve"],
      {
        env: modelEnv(server, box.home),
        cwd: box.project,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(asked()).toEqual([]);
  });

  it("an answer that is not one, or a tool no server offers, refuses the call saying why", async () => {
    const { box, config } = setUp();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch garbage" }),
      reply.text("done"),
      reply.toolCall("bash", { command: "touch y" }),
      reply.text("done"),
    ]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "go", "--mcp-config", config, "--permission-prompt-tool", "mcp__perm__approve"], {
      env,
      cwd: box.project,
    });
    const refused = requestText(server.requests[1]);
    expect(refused).toContain(
      "permission denied by mcp__perm__approve: the permission prompt tool's answer is not",
    );
    expect(refused).toContain("sure, go ahead");
    await runCli(["-p", "go", "--permission-prompt-tool", "mcp__nobody__approve"], { env, cwd: box.project });
    expect(requestText(server.requests[3])).toContain(
      "permission denied by mcp__nobody__approve: no MCP server offers this permission prompt tool",
    );
  });

  it("a server that crashes mid call, or answers input the tool's schema refuses, refuses the call saying why", async () => {
    const { box, config } = setUp();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch crash" }),
      reply.toolCall("bash", { command: "touch badinput" }),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--mcp-config", config, "--permission-prompt-tool", "mcp__perm__approve"],
      {
        env: modelEnv(server, box.home),
        cwd: box.project,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(requestText(server.requests[1])).toContain(
      "permission denied by mcp__perm__approve: the permission prompt tool failed: MCP server perm: MCP error -32000: Connection closed (the server exited with exit code 3)",
    );
    expect(requestText(server.requests[2])).toContain(
      "permission denied: mcp__perm__approve gave invalid arguments: command: Invalid input: expected string, received number",
    );
    expect(fs.existsSync(box.at("crash"))).toBe(false);
    expect(fs.existsSync(box.at("badinput"))).toBe(false);
  });

  it("Ctrl+C while the tool hangs ends the run: the call did not run, and is not said to be the tool's refusal", async () => {
    const { box, config, asked } = setUp();
    const server = await modelServer([reply.toolCall("bash", { command: "touch hang" }, "t1")]);
    const cli = startCli(
      [
        "-p",
        "go",
        "--mcp-config",
        config,
        "--permission-prompt-tool",
        "mcp__perm__approve",
        "--output-format",
        "stream-json",
        "--verbose",
      ],
      { env: modelEnv(server, box.home), cwd: box.project },
    );
    await waitFor(() => asked().length === 1, 20_000);
    cli.child.kill("SIGINT");
    const r = await cli.done;
    expect(r.code).toBe(130);
    const results = jsonLines(r.stdout).flatMap((l) =>
      l.type === "user"
        ? ((l.message as { content: { tool_use_id?: string; content?: string }[] }).content ?? [])
        : [],
    );
    expect(results).toEqual([
      expect.objectContaining({
        tool_use_id: "t1",
        content: "permission denied: the run was interrupted at the question; the call did not run",
      }),
    ]);
    expect(fs.existsSync(box.at("hang"))).toBe(false);
  });

  it("a name that is no MCP tool's, and the flag outside -p, are refused before anything runs", async () => {
    const { box } = setUp();
    const server = await modelServer([]);
    const env = modelEnv(server, box.home);
    const notMcp = await runCli(["-p", "go", "--permission-prompt-tool", "approve"], {
      env,
      cwd: box.project,
    });
    expect(notMcp.code).toBe(1);
    expect(notMcp.stderr).toContain(
      'codebot: --permission-prompt-tool: "approve" is neither an MCP tool\'s name',
    );
    const interactive = await runCli(["--permission-prompt-tool", "mcp__a__b"], { env, cwd: box.project });
    expect(interactive.stderr).toBe(
      "codebot: --permission-prompt-tool applies to -p only (in a terminal, you are asked)\n",
    );
    expect(server.requests).toEqual([]);
  });
});

describe("--permission-prompts (claude 2.1.328's)", () => {
  const bashRun = async (extra: string[]) => {
    const { box, config, asked } = setUp();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo hi > out.txt" }, "t1"),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--mcp-config", config, "--permission-prompt-tool", "mcp__perm__approve", ...extra],
      { env: modelEnv(server, box.home), cwd: box.project },
    );
    return { r, asked: asked(), ran: fs.existsSync(box.at("out.txt")) };
  };

  it("host (the default) asks the --permission-prompt-tool", async () => {
    const { r, asked, ran } = await bashRun(["--permission-prompts", "host"]);
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toHaveLength(1);
    expect(ran).toBe(true);
  });

  it("none asks nobody, not even the tool: the call is denied", async () => {
    const { r, asked, ran } = await bashRun(["--permission-prompts", "none"]);
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toEqual([]);
    expect(ran).toBe(false);
  });

  it("another value is refused as claude refuses it", async () => {
    const { r } = await bashRun(["--permission-prompts", "bogus"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "error: option '--permission-prompts <target>' argument 'bogus' is invalid. Allowed choices are host, none.",
    );
  });
});
