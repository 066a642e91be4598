/**
 * Hooks written for Claude Code read an edit's change from PostToolUse's `tool_response`
 * (`structuredPatch` for the lines changed, `originalFile` for the text before). Through the real
 * CLI in `-p`, a Claude Code hook of `~/.claude/settings.json` gets codebot's write and edit
 * results in the shapes claude 2.1.328 gave its Write and Edit for the same calls (recorded).
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const TWELVE = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n";

describe("a Claude Code PostToolUse hook after write and edit", () => {
  it("gets claude's Write and Edit tool_response: type, content, originalFile, structuredPatch, oldString, newString, replaceAll", async () => {
    const box = sandbox();
    box.write("f.txt", TWELVE);
    box.write("w.txt", "a\nb\n");
    box.write("r.txt", "x y x\n");
    box.write("n.txt", "no newline");
    const log = path.join(box.home, "post.jsonl");
    box.json(path.join(box.home, ".claude", "settings.json"), {
      hooks: {
        PostToolUse: [
          { matcher: "Write|Edit", hooks: [{ type: "command", command: `{ cat; echo; } >> '${log}'` }] },
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("write", { file_path: "new.txt", content: "hello\nworld\n" }),
      reply.toolCall("write", { file_path: "w.txt", content: "a\nB\nc\n" }),
      // Each edited file read whole first, as claude's model must before its Edit (else the result
      // says contentNotInModelContext: edit-tool-response-model-view.test.ts).
      reply.toolCall("read", { file_path: "f.txt" }),
      reply.toolCall("read", { file_path: "r.txt" }),
      reply.toolCall("read", { file_path: "n.txt" }),
      reply.toolCall("edit", { file_path: "f.txt", old_string: "two\n", new_string: "TWO\n2\n" }),
      reply.toolCall("edit", { file_path: "r.txt", old_string: "x", new_string: "z", replace_all: true }),
      reply.toolCall("edit", { file_path: "n.txt", old_string: "no newline", new_string: "still none" }),
      reply.text("done"),
    ]);
    const run = await runCli(["-p", "go", "--cwd", box.project, "--dangerously-skip-permissions"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(run.code, run.stderr).toBe(0);
    const project = fs.realpathSync(box.project);
    const responses = fs
      .readFileSync(log, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => {
        const { output: _output, success: _success, ...claudes } = JSON.parse(line).tool_response;
        return claudes;
      });
    expect(responses).toEqual([
      {
        type: "create",
        filePath: path.join(project, "new.txt"),
        content: "hello\nworld\n",
        structuredPatch: [],
        originalFile: null,
        userModified: false,
      },
      {
        type: "update",
        filePath: path.join(project, "w.txt"),
        content: "a\nB\nc\n",
        structuredPatch: [
          { oldStart: 1, oldLines: 2, newStart: 1, newLines: 3, lines: [" a", "-b", "+B", "+c"] },
        ],
        originalFile: "a\nb\n",
        userModified: false,
      },
      {
        filePath: path.join(project, "f.txt"),
        oldString: "two\n",
        newString: "TWO\n2\n",
        originalFile: TWELVE,
        structuredPatch: [
          {
            oldStart: 1,
            oldLines: 5,
            newStart: 1,
            newLines: 6,
            lines: [" one", "-two", "+TWO", "+2", " three", " four", " five"],
          },
        ],
        userModified: false,
        replaceAll: false,
      },
      {
        filePath: path.join(project, "r.txt"),
        oldString: "x",
        newString: "z",
        originalFile: "x y x\n",
        structuredPatch: [
          { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ["-x y x", "+z y z"] },
        ],
        userModified: false,
        replaceAll: true,
      },
      {
        filePath: path.join(project, "n.txt"),
        oldString: "no newline",
        newString: "still none",
        originalFile: "no newline",
        structuredPatch: [
          {
            oldStart: 1,
            oldLines: 1,
            newStart: 1,
            newLines: 1,
            lines: [
              "-no newline",
              "\\ No newline at end of file",
              "+still none",
              "\\ No newline at end of file",
            ],
          },
        ],
        userModified: false,
        replaceAll: false,
      },
    ]);
  });
});
