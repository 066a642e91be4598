/**
 * `--settings '<json>'`: as in Claude Code (`--settings <file-or-json>`, checked against `claude`
 * 2.1.328), the flag takes the settings themselves as well as a file.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("--settings with inline JSON", () => {
  it("a hook given as inline JSON runs in -p", async () => {
    const box = sandbox();
    const ran = path.join(box.home, "inline-hook-ran");
    const inline = JSON.stringify({
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: `touch '${ran}'` }] }] },
    });
    const server = await modelServer([reply.text("ok")]);
    const run = await runCli(["-p", "hi", "--settings", inline, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(fs.existsSync(ran)).toBe(true);
  });

  it("hooks list names the inline layer, and a file given after it still counts", async () => {
    const box = sandbox();
    const file = box.json(path.join(box.home, "team.json"), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] },
    });
    const inline = '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"true"}]}]}}';
    const run = await runCli(
      ["hooks", "list", "--settings", inline, "--settings", file, "--cwd", box.project],
      {
        env: cliEnv(box.home),
      },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("cli     --settings (inline JSON)");
    expect(run.stdout).toContain(`cli     ${file}`);
    expect(run.stdout).toContain("SessionStart");
    expect(run.stdout).toContain("Stop");
  });
});
