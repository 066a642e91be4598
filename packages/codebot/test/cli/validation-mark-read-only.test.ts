/**
 * The session's folder made read-only (a real tmpfs remounted read-only, in a user and mount
 * namespace of the test's own) after a change set the "not validated yet" mark beside the
 * transcript: PostStopValidation passes and the run ends as it would. Before, removing the mark
 * threw, and `-p` printed the answer and then `codebot: EROFS: … unlink '….unverified'`, exit 1.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliPath, useBuiltCli } from "./support/cli-process.js";
import { canMountTmpfs, inSmallProjectsFolder } from "./support/small-projects-folder.js";

useBuiltCli();

describe("the validation mark's folder made read-only before the validation passes", () => {
  it.skipIf(!canMountTmpfs())(
    "the run ends with exit 0, its answer, and no error",
    { timeout: 120_000 },
    async () => {
      const box = sandbox();
      const server = await modelServer([
        reply.toolCall("write", { file_path: path.join(box.project, "n.txt"), content: "x\n" }, "w1"),
        reply.toolCall("bash", { command: 'mount -o remount,ro "$CODEBOT_HOME/projects"' }, "c1"),
        reply.text("the answer"),
      ]);
      const settingsFile = path.join(box.home, "validation-settings.json");
      fs.writeFileSync(
        settingsFile,
        JSON.stringify({ hooks: { PostStopValidation: [command("true", { name: "v" })] } }),
      );
      const out = (name: string) => path.join(box.project, name);
      const code = await inSmallProjectsFolder(
        `timeout 60 "$NODE" "$CLI" -p go --permission-mode bypassPermissions --settings "$SETTINGS" --cwd "$PROJECT" >"${out("run.out")}" 2>"${out("run.err")}"`,
        {
          ...modelEnv(server, box.home),
          NODE: process.execPath,
          CLI: cliPath,
          PROJECT: box.project,
          SETTINGS: settingsFile,
        },
      );
      const stderr = fs.readFileSync(out("run.err"), "utf8");
      expect(code, stderr).toBe(0);
      expect(fs.readFileSync(out("run.out"), "utf8")).toBe("the answer\n");
      // The transcript's own line about the read-only folder, and nothing else.
      expect(stderr).toMatch(/^transcript: cannot write \S+\.jsonl: EROFS[^\n]*\n$/);
      expect(server.requests).toHaveLength(3);
    },
  );
});
