/** `ls` (issue 14 item 6: Claude Code's LS), on real files. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PathPolicy } from "../../src/paths/path-policy.js";
import { lsTool } from "../../src/tools/ls-tool.js";
import { tempDir, writeFile } from "../support/temp-dirs.js";
import { callTool } from "../support/tool-context.js";

function setup() {
  const project = tempDir("codebot-project-");
  const env = { paths: new PathPolicy(project), env: {} };
  return { project, ls: lsTool(env) };
}

describe("ls", () => {
  it("lists one directory, folders first, links marked and not followed, ignore globs applied", async () => {
    const t = setup();
    writeFile(path.join(t.project, "src/b.ts"), "");
    writeFile(path.join(t.project, "a.log"), "");
    writeFile(path.join(t.project, "README.md"), "");
    fs.mkdirSync(path.join(t.project, "docs"));
    fs.symlinkSync("/etc", path.join(t.project, "etc-link"));
    expect(await callTool(t.ls, { ignore: ["*.log"] })).toEqual({
      content: "./\ndocs/\nsrc/\nREADME.md\netc-link@",
      isError: false,
    });
    expect(await callTool(t.ls, { path: "src" })).toEqual({ content: "src/\nb.ts", isError: false });
  });

  it("a missing directory, a file, and a path outside the project are clear errors", async () => {
    const t = setup();
    writeFile(path.join(t.project, "f.txt"), "");
    expect(await callTool(t.ls, { path: "nope" })).toEqual({
      content: "ls: nope: no such directory",
      isError: true,
    });
    expect(await callTool(t.ls, { path: "f.txt" })).toEqual({
      content: "ls: f.txt: not a directory",
      isError: true,
    });
    expect((await callTool(t.ls, { path: "/" })).content).toMatch(/outside the project directory/);
  });
});
