/** `multi_edit` and `ls` (issue 14 item 6: Claude Code's MultiEdit and LS), on real files. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PathPolicy } from "../../src/paths/path-policy.js";
import { lsTool } from "../../src/tools/ls-tool.js";
import { multiEditTool } from "../../src/tools/multi-edit-tool.js";
import { tempDir, writeFile } from "../support/temp-dirs.js";
import { callTool } from "../support/tool-context.js";

function setup() {
  const project = tempDir("codebot-project-");
  const env = { paths: new PathPolicy(project), env: {} };
  return { project, multiEdit: multiEditTool(env), ls: lsTool(env) };
}

describe("multi_edit", () => {
  it("applies the edits in order, each to the text the one before left", async () => {
    const t = setup();
    writeFile(path.join(t.project, "a.ts"), "let a = 1;\nlet b = a;\n");
    const result = await callTool(t.multiEdit, {
      file_path: "a.ts",
      edits: [
        { old_string: "let a = 1;", new_string: "let x = 1;" },
        { old_string: "= a;", new_string: "= x;" },
        { old_string: "let", new_string: "const", replace_all: true },
      ],
    });
    expect(result).toEqual({ content: "edited a.ts (4 replacements)", isError: false });
    expect(fs.readFileSync(path.join(t.project, "a.ts"), "utf8")).toBe("const x = 1;\nconst b = x;\n");
  });

  it("all or nothing: when one edit cannot be applied the file is left as it was", async () => {
    const t = setup();
    writeFile(path.join(t.project, "a.ts"), "one two\n");
    const result = await callTool(t.multiEdit, {
      file_path: "a.ts",
      edits: [
        { old_string: "one", new_string: "1" },
        { old_string: "three", new_string: "3" },
      ],
    });
    expect(result).toEqual({
      content:
        "multi_edit: a.ts: edit 2 of 2: old_string not found in the file; read the file and copy the text exactly; nothing was changed",
      isError: true,
    });
    expect(fs.readFileSync(path.join(t.project, "a.ts"), "utf8")).toBe("one two\n");
  });

  it("refuses paths outside the project", async () => {
    const t = setup();
    const result = await callTool(t.multiEdit, {
      file_path: "../x",
      edits: [{ old_string: "a", new_string: "b" }],
    });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/outside the project directory/);
  });
});

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
