/**
 * `--setting-sources` (Claude Code's flag): which of the user, project and local settings layers
 * are read; the managed settings and `--settings` always are.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A UserPromptSubmit hook that appends `name` to `ran.log` in the project. */
function logging(name: string) {
  return { hooks: { UserPromptSubmit: [command(`echo ${name} >> ran.log`)] } };
}

describe("--setting-sources", () => {
  it("reads only the layers named, and --settings whatever it says", async () => {
    const box = sandbox();
    box.json(path.join(box.home, "settings.json"), logging("user"));
    box.json(".codebot/settings.json", logging("project"));
    box.json(".codebot/settings.local.json", logging("local"));
    const extra = box.json("extra.json", logging("cli"));
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(
      ["-p", "go", "--setting-sources", "project", "--settings", extra, "--trust-project-hooks"],
      { cwd: box.project, env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(box.at("ran.log"), "utf8").trim().split("\n").sort()).toEqual(["cli", "project"]);
  });

  it("an unknown source is an error naming the known ones", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "go", "--setting-sources", "user,team"], {
      cwd: box.project,
      env: modelEnv(await modelServer([]), box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'codebot: --setting-sources: unknown source "team" (known: user, project, local)\n',
    );
  });
});
