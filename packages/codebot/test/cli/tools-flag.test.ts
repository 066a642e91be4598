/**
 * `--tools` (Claude Code's flag, checked against claude 2.1.328): which built-in tools the session
 * offers — names (Claude Code's or codebot's), `""` for none, `default` for all.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

function toolsSent(request: { body: { tools?: unknown } } | undefined): string[] {
  return ((request?.body.tools ?? []) as { name: string }[]).map((tool) => tool.name);
}

describe("--tools", () => {
  it("offers only the tools named: the model is sent those, and a call of another is an unknown tool", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("write", { file_path: "x.txt", content: "x" }),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--tools", "Bash,Read", "--permission-mode", "bypassPermissions"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(toolsSent(server.requests[0]).sort()).toEqual(["bash", "read"]);
    expect(requestText(server.requests[1])).toContain("unknown tool: write");
    expect(fs.existsSync(box.at("x.txt"))).toBe(false);
  });

  it('"" offers none, and the stream-json init line lists what is offered', async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "--tools", "", "--output-format", "stream-json", "--verbose"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(JSON.parse(r.stdout.split("\n")[0] as string).tools).toEqual([]);
    expect(toolsSent(server.requests[0])).toEqual([]);
  });

  it("a name that is no built-in tool is left out with a warning", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "--tools", "Bash,Nope"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('codebot: --tools: no built-in tool is named "Nope"; ignored');
    expect(toolsSent(server.requests[0])).toEqual(["bash"]);
  });
});
