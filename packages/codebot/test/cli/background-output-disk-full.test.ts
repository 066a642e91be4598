/**
 * A background command's output file on a disk that fills up (a real 64 KiB tmpfs, mounted in a
 * user and mount namespace of the test's own): a chunk the disk takes only part of is written on
 * until the disk refuses, the file then says from where its output was lost instead of going on
 * after a missing piece, and the command and its notification are not lost.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { cliPath, useBuiltCli } from "./support/cli-process.js";
import { canMountTmpfs, inSmallProjectsFolder } from "./support/small-projects-folder.js";

useBuiltCli();

describe("a background command's output file on a full disk", () => {
  it.skipIf(!canMountTmpfs())(
    "keeps the output the disk took, says from where the rest was lost, and writes nothing after the gap",
    async () => {
      const box = sandbox();
      const projects = path.join(box.home, "projects");
      // Once the turn's lines are written: the disk is filled but for 8 KiB, the command prints
      // 50 000 bytes (the file takes the first 8 KiB of them), then space comes back and it prints on.
      const script = [
        "sleep 1",
        `head -c 8192 /dev/zero > ${projects}/keep`,
        `head -c 100000 /dev/zero > ${projects}/fill 2>/dev/null`,
        `rm ${projects}/keep`,
        "head -c 50000 /dev/zero | tr '\\0' a",
        "sleep 1",
        `rm ${projects}/fill`,
        "echo after",
      ].join("; ");
      const server = await modelServer([
        reply.toolCall("bash", { command: script, run_in_background: true }, "c1"),
        reply.text("launched"),
        reply.text("noted"),
      ]);
      const out = (name: string) => path.join(box.project, name);
      const code = await inSmallProjectsFolder(
        `"$NODE" "$CLI" -p go --permission-mode bypassPermissions --cwd "$PROJECT" >"${out("run.out")}" 2>"${out("run.err")}"; ` +
          `cat "$CODEBOT_HOME"/projects/*/*/tasks/*.output >"${out("task.output")}"`,
        { ...modelEnv(server, box.home), NODE: process.execPath, CLI: cliPath, PROJECT: box.project },
      );
      expect(code, fs.readFileSync(out("run.err"), "utf8")).toBe(0);
      expect(fs.readFileSync(out("run.out"), "utf8")).toBe("launched\n\nnoted\n");
      expect(requestText(server.requests[2])).toContain("<status>completed</status>");
      const output = fs.readFileSync(out("task.output"), "utf8");
      expect(output).toMatch(
        /^a{4096,}\n\[output from here not written: ENOSPC: no space left on device, write\]\n\[exited with code 0\]\n$/,
      );
    },
  );
});
