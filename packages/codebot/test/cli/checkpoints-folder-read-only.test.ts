/**
 * The session's folder made read-only mid-turn (a real tmpfs remounted read-only, in a user and
 * mount namespace of the test's own), then write and edit calls on a project elsewhere: /rewind's
 * copies cannot be saved, but the user's files are still changed, and the user is told once.
 * Before, each call failed on codebot's own bookkeeping (`tool write: ENOENT: … mkdir
 * …/file-checkpoints`) and the project was left unchanged.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliPath, useBuiltCli } from "./support/cli-process.js";
import { canMountTmpfs, inSmallProjectsFolder } from "./support/small-projects-folder.js";

useBuiltCli();

describe("the session's folder made read-only mid-turn", () => {
  it.skipIf(!canMountTmpfs())(
    "write and edit still change the project's file; one line says /rewind's copies cannot be saved",
    { timeout: 120_000 },
    async () => {
      const box = sandbox();
      const file = path.join(box.project, "notes.txt");
      const server = await modelServer([
        reply.toolCall("bash", { command: 'mount -o remount,ro "$CODEBOT_HOME/projects"' }, "c1"),
        reply.toolCall("write", { file_path: file, content: "hello\n" }, "w1"),
        reply.toolCall("edit", { file_path: file, old_string: "hello", new_string: "bye" }, "e1"),
        reply.text("the answer"),
      ]);
      const out = (name: string) => path.join(box.project, name);
      const code = await inSmallProjectsFolder(
        `timeout 60 "$NODE" "$CLI" -p go --permission-mode bypassPermissions --cwd "$PROJECT" >"${out("run.out")}" 2>"${out("run.err")}"`,
        { ...modelEnv(server, box.home), NODE: process.execPath, CLI: cliPath, PROJECT: box.project },
      );
      const stderr = fs.readFileSync(out("run.err"), "utf8");
      expect(code, stderr).toBe(0);
      expect(fs.readFileSync(out("run.out"), "utf8")).toBe("the answer\n");
      expect(fs.readFileSync(file, "utf8")).toBe("bye\n");
      const results = server.requests.slice(2).map((r) => r.body.messages.at(-1).content[0]);
      expect(results).toEqual([
        expect.objectContaining({ tool_use_id: "w1", content: "created notes.txt (6 bytes)" }),
        expect.objectContaining({ tool_use_id: "e1", content: expect.not.stringContaining("ENOENT") }),
      ]);
      expect(results[1].is_error).toBeUndefined();
      const rewindLines = stderr.split("\n").filter((line) => line.startsWith("rewind: "));
      expect(rewindLines).toEqual([
        expect.stringMatching(
          /^rewind: cannot save copies of changed files in \S+\/file-checkpoints: .*; \/rewind may not restore the files changed from now on$/,
        ),
      ]);
    },
  );
});
