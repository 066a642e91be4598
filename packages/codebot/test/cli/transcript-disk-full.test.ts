/**
 * The transcript's folder on a full disk (a real 64 KiB tmpfs, mounted in a user and mount
 * namespace of the test's own): the run goes on and answers, one line says what is not recorded,
 * every line that is in the file parses, and `codebot -c` resumes from what was written.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliPath, jsonLines, useBuiltCli } from "./support/cli-process.js";
import { canMountTmpfs, inSmallProjectsFolder } from "./support/small-projects-folder.js";

useBuiltCli();

describe("the transcript's folder full", () => {
  it.skipIf(!canMountTmpfs())(
    "the answer still comes, one line says lines are left out, the file parses, and -c resumes from it",
    async () => {
      const box = sandbox();
      const longAnswer = "a".repeat(40_000);
      const server = await modelServer([
        reply.toolCall("bash", { command: "head -c 20000 /dev/zero | tr '\\0' y" }, "c1"),
        reply.text(longAnswer),
        reply.text("resumed"),
      ]);
      const out = (name: string) => path.join(box.project, name);
      const run = (args: string, name: string) =>
        `"$NODE" "$CLI" ${args} --cwd "$PROJECT" >"${out(`${name}.out`)}" 2>"${out(`${name}.err`)}"`;
      const code = await inSmallProjectsFolder(
        [
          run("-p go --permission-mode bypassPermissions", "first"),
          run("-c -p again", "second"),
          `cat "$CODEBOT_HOME"/projects/*/*.jsonl >"${out("transcript.jsonl")}"`,
        ].join(" && "),
        { ...modelEnv(server, box.home), NODE: process.execPath, CLI: cliPath, PROJECT: box.project },
      );
      expect(code, fs.readFileSync(out("first.err"), "utf8")).toBe(0);
      expect(fs.readFileSync(out("first.out"), "utf8")).toBe(`${longAnswer}\n`);
      expect(fs.readFileSync(out("first.err"), "utf8")).toMatch(
        /^transcript: cannot write \S+\.jsonl: ENOSPC: no space left on device, write; lines that cannot be written are left out\n$/,
      );
      expect(() => jsonLines(fs.readFileSync(out("transcript.jsonl"), "utf8"))).not.toThrow();
      expect(fs.readFileSync(out("second.out"), "utf8")).toBe("resumed\n");
      // What was written before the disk filled is sent on: the call and its 20 000-byte result.
      expect(JSON.stringify(server.requests[2]?.body.messages)).toContain(
        `"tool_use_id":"c1","content":"${"y".repeat(20_000)}"`,
      );
    },
  );
});
