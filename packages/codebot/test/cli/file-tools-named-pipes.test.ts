/**
 * A named pipe in the project (a repository unpacked from an archive can bring one, a command can
 * make one): read, edit and write waited on it for ever — edit and write in a synchronous read
 * that held the whole session, Ctrl+C too. Each now answers the model that it is no regular file.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun, requestText, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a file tool given a named pipe", { timeout: 90_000 }, () => {
  it.each([
    ["read", { file_path: "pipe" }, "read: pipe is a named pipe, not a regular file"],
    [
      "edit",
      { file_path: "pipe", old_string: "a", new_string: "b" },
      "edit: pipe: is a named pipe, not a regular file",
    ],
    ["write", { file_path: "pipe", content: "x" }, "write: pipe is a named pipe"],
  ])("%s answers that it is no regular file, and the pipe is left", async (tool, args, answer) => {
    const box = sandbox();
    execFileSync("mkfifo", [box.at("pipe")]);
    const { r, server } = await printRun("go", [reply.toolCall(tool, args, "c1"), reply.text("done")], {
      box,
      flags: ["--permission-mode", "bypassPermissions"],
    });
    expect(r.signal).toBeNull();
    expect(r.stdout).toBe("done\n");
    expect(requestText(server.requests[1])).toContain(answer);
    expect(fs.statSync(box.at("pipe")).isFIFO()).toBe(true);
  });
});
