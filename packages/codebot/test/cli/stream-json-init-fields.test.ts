/**
 * The stream-json init line names the session's agents, skills and slash commands and its output
 * style, as claude 2.1.328's does (recorded: `agents`, `skills`, `slash_commands`, `output_style`
 * beside `tools` and `mcp_servers`), which the Agent SDK reads into its init message.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "./support/claude-plugin-install.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

describe("the stream-json init line", () => {
  it("names the agents, the skills, the slash commands and the output style", async () => {
    const box = sandbox();
    write(
      path.join(box.project, ".claude/agents/reviewer.md"),
      "---\nname: reviewer\ndescription: Reviews a change\n---\nReview it.\n",
    );
    write(
      path.join(box.project, ".claude/skills/lint/SKILL.md"),
      "---\nname: lint\ndescription: Lints the code\n---\nRun the linter.\n",
    );
    write(
      path.join(box.project, ".claude/commands/deploy.md"),
      "---\ndescription: Deploys\n---\nDeploy it.\n",
    );
    const server = await modelServer([reply.text("hi")]);
    const r = await runCli(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const init = jsonLines(r.stdout)[0];
    expect(init).toMatchObject({ type: "system", subtype: "init", output_style: "default" });
    expect(init?.agents).toEqual(["general-purpose", "reviewer"]);
    expect(init?.skills).toEqual(["lint"]);
    // The session's, then the built-in commands -p runs itself, as claude 2.1.328 lists them.
    const commands = (init?.slash_commands as string[] | undefined) ?? [];
    expect(commands.slice(0, 2).sort()).toEqual(["deploy", "lint"]);
    expect(commands.slice(2)).toEqual(["clear", "compact", "context", "usage"]);
  });

  it("names the plugins loaded as claude's does: an installed one by its name@marketplace, a --plugin-dir one @inline", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const extra = path.join(box.home, "extra");
    write(path.join(extra, ".claude-plugin/plugin.json"), JSON.stringify({ name: "extra" }));
    const server = await modelServer([reply.text("hi")]);
    const r = await runCli(
      [
        "-p",
        "hi",
        "--output-format",
        "stream-json",
        "--verbose",
        "--plugin-dir",
        extra,
        "--cwd",
        box.project,
      ],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(jsonLines(r.stdout)[0]?.plugins).toEqual([
      { name: "guard", path: root, source: "guard@local-market", version: "1.0.0" },
      { name: "extra", path: extra, source: "extra@inline" },
    ]);
  });
});
