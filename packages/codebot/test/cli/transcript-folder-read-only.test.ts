/**
 * The transcript's folder made read-only mid-turn (a real tmpfs remounted read-only, in a user and
 * mount namespace of the test's own): the run answers, and `codebot -c` afterwards resumes,
 * unrecorded, though the first run's lock could not be removed from the read-only folder. It
 * tried to take that stale lock over for ever: the takeover's guard file could not be made either.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliPath, useBuiltCli } from "./support/cli-process.js";
import { canMountTmpfs, inSmallProjectsFolder } from "./support/small-projects-folder.js";

useBuiltCli();

describe("the transcript's folder made read-only mid-turn", () => {
  it.skipIf(!canMountTmpfs())(
    "the answer comes, and -c then resumes the session unrecorded",
    { timeout: 120_000 },
    async () => {
      const box = sandbox();
      const server = await modelServer([
        reply.toolCall("bash", { command: 'mount -o remount,ro "$CODEBOT_HOME/projects"' }, "c1"),
        reply.text("the answer"),
        reply.text("resumed"),
      ]);
      const out = (name: string) => path.join(box.project, name);
      // The bound stops a resume that would wait for ever (it held the test until its own timeout).
      const run = (args: string, name: string) =>
        `timeout 60 "$NODE" "$CLI" ${args} --cwd "$PROJECT" >"${out(`${name}.out`)}" 2>"${out(`${name}.err`)}"`;
      const code = await inSmallProjectsFolder(
        [run("-p go --permission-mode bypassPermissions", "first"), run("-c -p again", "second")].join(
          " && ",
        ),
        { ...modelEnv(server, box.home), NODE: process.execPath, CLI: cliPath, PROJECT: box.project },
      );
      const second = fs.readFileSync(out("second.err"), "utf8");
      expect(code, second).toBe(0);
      expect(fs.readFileSync(out("first.out"), "utf8")).toBe("the answer\n");
      expect(fs.readFileSync(out("first.err"), "utf8")).toMatch(
        /^transcript: cannot write \S+\.jsonl: EROFS/,
      );
      expect(fs.readFileSync(out("second.out"), "utf8")).toBe("resumed\n");
      expect(second).toMatch(/EROFS: read-only file system; this session is not recorded\n$/);
    },
  );
});
