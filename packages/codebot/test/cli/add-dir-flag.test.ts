/**
 * `--add-dir <dir>` (Claude Code's flag, checked against claude 2.1.328: its Read of a file there
 * ran in `-p`): the file tools reach that folder too, for this run, as with the settings'
 * `permissions.additionalDirectories`.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("--add-dir", () => {
  it("lets the file tools reach that folder; without it the same read is refused", async () => {
    const box = sandbox();
    const other = path.join(box.home, "other");
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, "notes.txt"), "from the other folder\n");
    const read = () => [
      reply.toolCall("read", { file_path: path.join(other, "notes.txt") }),
      reply.text("done"),
    ];
    const withFlag = await modelServer(read());
    const r = await runCli(["-p", "go", "--add-dir", other], {
      cwd: box.project,
      env: modelEnv(withFlag, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(requestText(withFlag.requests[1])).toContain("from the other folder");

    const without = await modelServer(read());
    await runCli(["-p", "go"], { cwd: box.project, env: modelEnv(without, box.home) });
    expect(requestText(without.requests[1])).toContain("is outside the project directory");
  });

  it("a folder that does not exist is left out with a warning", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "go", "--add-dir", "no-such-folder"], {
      cwd: box.project,
      env: modelEnv(await modelServer([reply.text("done")]), box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("codebot: --add-dir: no-such-folder does not exist; ignored");
  });
});
