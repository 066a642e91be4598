import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PathPolicy } from "../src/paths/path-policy.js";
import { MAX_DIFFED_EDITS } from "../src/tools/claude-result-shapes.js";
import { editTool } from "../src/tools/edit-tool.js";
import { globTool } from "../src/tools/glob-tool.js";
import { grepTool } from "../src/tools/grep-tool.js";
import { readTool } from "../src/tools/read-tool.js";
import { writeTool } from "../src/tools/write-tool.js";
import { tempDir, writeFile } from "./support/temp-dirs.js";
import { callTool, runTool } from "./support/tool-context.js";

function setup(allowOutside = false) {
  const project = tempDir("codebot-project-");
  const env = { paths: new PathPolicy(project, allowOutside), env: {} };
  return {
    project,
    read: readTool(env),
    write: writeTool(env),
    edit: editTool(env),
    glob: globTool(env),
    grep: grepTool(env),
  };
}

describe("read", () => {
  it("numbers lines like cat -n and honours offset and limit", async () => {
    const t = setup();
    writeFile(path.join(t.project, "a.txt"), "one\ntwo\nthree\nfour\n");
    expect(await callTool(t.read, { file_path: "a.txt" })).toEqual({
      content: "     1\tone\n     2\ttwo\n     3\tthree\n     4\tfour",
      isError: false,
    });
    expect((await callTool(t.read, { file_path: "a.txt", offset: 2, limit: 2 })).content).toBe(
      "     2\ttwo\n     3\tthree\n[1 more lines; read on with offset 4]",
    );
  });

  it("gives the lines shown as Claude Code's Read gives them, unnumbered, for hooks", async () => {
    const t = setup();
    writeFile(path.join(t.project, "a.txt"), "one\ntwo\nthree\nfour\n");
    const result = await runTool(t.read, { file_path: "a.txt", offset: 2, limit: 2 });
    expect(result.data).toEqual({
      type: "text",
      file: {
        filePath: path.join(t.project, "a.txt"),
        content: "two\nthree",
        numLines: 2,
        startLine: 2,
        totalLines: 5,
      },
    });
  });

  // Recorded with claude 2.1.328: its Read's PostToolUse `tool_response.file` for these files.
  it("gives hooks the file's text as Claude Code's Read does: a final newline kept, CRLF as LF, an empty file", async () => {
    const t = setup();
    writeFile(path.join(t.project, "t.py"), "def add(a, b):\n    return a + b\n");
    writeFile(path.join(t.project, "crlf.txt"), "a\r\nb\r\n");
    writeFile(path.join(t.project, "empty.txt"), "");
    const file = async (args: Record<string, unknown>) =>
      ((await runTool(t.read, args)).data as { file?: unknown })?.file;
    const at = (name: string) => path.join(t.project, name);
    expect(await file({ file_path: "t.py" })).toEqual({
      filePath: at("t.py"),
      content: "def add(a, b):\n    return a + b\n",
      numLines: 3,
      startLine: 1,
      totalLines: 3,
    });
    expect(await file({ file_path: "t.py", offset: 2 })).toMatchObject({
      content: "    return a + b\n",
      numLines: 2,
    });
    expect(await file({ file_path: "crlf.txt" })).toMatchObject({
      content: "a\nb\n",
      numLines: 3,
      totalLines: 3,
    });
    expect(await file({ file_path: "empty.txt" })).toEqual({
      filePath: at("empty.txt"),
      content: "",
      numLines: 1,
      startLine: 1,
      totalLines: 1,
    });
  });

  it("reads a Read-shaped replacement as numbered lines from its startLine, and nothing else", async () => {
    const { read } = setup();
    expect(read.contentFromData?.({ type: "text", file: { content: "a\nb", startLine: 7 } })).toBe(
      "     7\ta\n     8\tb",
    );
    expect(read.contentFromData?.({ file: { content: "a" } })).toBeUndefined();
    expect(read.contentFromData?.("a")).toBeUndefined();
  });

  it("a hook giving back the tool_response it was given leaves the model's view of a read as it was", async () => {
    const t = setup();
    writeFile(path.join(t.project, "t.py"), "def add(a, b):\n    return a + b\n");
    const result = await runTool(t.read, { file_path: "t.py" });
    expect(t.read.contentFromData?.(result.data)).toBe(result.content);
  });

  it("reports a missing file as an error result", async () => {
    const t = setup();
    expect(await callTool(t.read, { file_path: "nope.txt" })).toEqual({
      content: "read: nope.txt: no such file",
      isError: true,
    });
  });
});

describe("write", () => {
  it("creates parent directories and replaces the file atomically, leaving no temp file", async () => {
    const t = setup();
    expect(await callTool(t.write, { file_path: "deep/er/x.txt", content: "hi" })).toEqual({
      content: "created deep/er/x.txt (2 bytes)",
      isError: false,
    });
    expect((await callTool(t.write, { file_path: "deep/er/x.txt", content: "bye" })).content).toBe(
      "updated deep/er/x.txt (3 bytes)",
    );
    expect(fs.readFileSync(path.join(t.project, "deep/er/x.txt"), "utf8")).toBe("bye");
    expect(fs.readdirSync(path.join(t.project, "deep/er"))).toEqual(["x.txt"]);
  });

  it("keeps an existing file's permissions", async () => {
    const t = setup();
    const script = writeFile(path.join(t.project, "run.sh"), "#!/bin/sh\n");
    fs.chmodSync(script, 0o755);
    await callTool(t.write, { file_path: "run.sh", content: "#!/bin/sh\necho hi\n" });
    expect(fs.statSync(script).mode & 0o777).toBe(0o755);
  });

  // Diffing a whole rewrite of a big file line by line takes minutes: past MAX_DIFFED_EDITS changed
  // lines, hooks get the change as one hunk of the whole file (every line out, every line in).
  it("gives hooks a change of more than MAX_DIFFED_EDITS lines as one hunk of the whole file", async () => {
    const t = setup();
    const before = Array.from({ length: 2 * MAX_DIFFED_EDITS }, (_, i) => `line ${i}\n`).join("");
    const after = before.replace(/line (\d*[02468])\n/g, "LINE $1\n").concat("last");
    writeFile(path.join(t.project, "big.txt"), before);
    const patch = (
      (await runTool(t.write, { file_path: "big.txt", content: after })).data as {
        structuredPatch: { oldLines: number; newLines: number; lines: string[] }[];
      }
    ).structuredPatch;
    const n = 2 * MAX_DIFFED_EDITS;
    expect(patch).toHaveLength(1);
    expect(patch[0]).toMatchObject({ oldStart: 1, oldLines: n, newStart: 1, newLines: n + 1 });
    expect(patch[0]?.lines).toHaveLength(2 * n + 2);
    expect(patch[0]?.lines.slice(0, 2)).toEqual(["-line 0", "-line 1"]);
    expect(patch[0]?.lines.slice(n, n + 2)).toEqual(["+LINE 0", "+line 1"]);
    expect(patch[0]?.lines.slice(-2)).toEqual(["+last", "\\ No newline at end of file"]);
  });
});

describe("edit", () => {
  it("replaces a unique string", async () => {
    const t = setup();
    const file = writeFile(path.join(t.project, "a.ts"), "const a = 1;\nconst b = 2;\n");
    expect(await callTool(t.edit, { file_path: "a.ts", old_string: "b = 2", new_string: "b = $&3" })).toEqual(
      {
        content: "edited a.ts (1 replacement)",
        isError: false,
      },
    );
    expect(fs.readFileSync(file, "utf8")).toBe("const a = 1;\nconst b = $&3;\n");
  });

  it("fails clearly when old_string is missing, and leaves the file alone", async () => {
    const t = setup();
    const file = writeFile(path.join(t.project, "a.ts"), "x\n");
    expect(await callTool(t.edit, { file_path: "a.ts", old_string: "y", new_string: "z" })).toEqual({
      content: "edit: a.ts: old_string not found in the file; read the file and copy the text exactly",
      isError: true,
    });
    expect(fs.readFileSync(file, "utf8")).toBe("x\n");
  });

  it("fails clearly when old_string is ambiguous, saying how many matches, unless replace_all", async () => {
    const t = setup();
    const file = writeFile(path.join(t.project, "a.ts"), "x x x\n");
    expect(await callTool(t.edit, { file_path: "a.ts", old_string: "x", new_string: "y" })).toEqual({
      content:
        "edit: a.ts: old_string matches 3 times; add surrounding context to make it unique, or set replace_all",
      isError: true,
    });
    expect(fs.readFileSync(file, "utf8")).toBe("x x x\n");
    expect(
      (await callTool(t.edit, { file_path: "a.ts", old_string: "x", new_string: "y", replace_all: true }))
        .content,
    ).toBe("edited a.ts (3 replacements)");
    expect(fs.readFileSync(file, "utf8")).toBe("y y y\n");
  });
});

describe("path policy", () => {
  it("refuses paths outside the project, through .. and through symlinks", async () => {
    const t = setup();
    const outside = tempDir("codebot-outside-");
    writeFile(path.join(outside, "secret.txt"), "s");
    fs.symlinkSync(outside, path.join(t.project, "link"));
    for (const p of [path.join(outside, "secret.txt"), "../x.txt", "link/secret.txt", "link/new.txt"]) {
      const result = await callTool(t.read, { file_path: p });
      expect(result.isError, p).toBe(true);
      expect(result.content, p).toContain("is outside the project directory");
    }
    const written = await callTool(t.write, { file_path: "link/new.txt", content: "x" });
    expect(written.content).toBe(
      `write: link/new.txt is outside the project directory ${t.project}; paths outside the project are refused (permissions.additionalDirectories or the allowOutsideProject option allows them)`,
    );
    expect(fs.existsSync(path.join(outside, "new.txt"))).toBe(false);
  });

  it("refuses a write through a symlink to nothing outside the project (it would create its target)", async () => {
    const t = setup();
    const outside = tempDir("codebot-outside-");
    fs.symlinkSync(path.join(outside, "settings.json"), path.join(t.project, "notes.md"));
    fs.symlinkSync(path.join(outside, "missing-dir"), path.join(t.project, "docs"));
    fs.symlinkSync("notes.md", path.join(t.project, "chain.md"));
    for (const file of ["notes.md", "docs/a.md", "chain.md"]) {
      const written = await callTool(t.write, { file_path: file, content: '{"hooks":{}}' });
      expect(written.isError, file).toBe(true);
      expect(written.content, file).toContain("is outside the project directory");
    }
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it("reaches the additionalDirectories folders, but through .. or a symlink nothing beyond them", async () => {
    const project = tempDir("codebot-project-");
    const base = tempDir("codebot-around-");
    const extra = path.join(base, "extra");
    writeFile(path.join(extra, "x.txt"), "extra\n");
    writeFile(path.join(base, "secret.txt"), "s");
    writeFile(path.join(base, "extra2/y.txt"), "sibling");
    fs.symlinkSync(base, path.join(extra, "up"));
    fs.symlinkSync(extra, path.join(project, "to-extra"));
    // The folder given by a symlink counts as its target.
    fs.symlinkSync(extra, path.join(base, "extra-link"));
    const env = { paths: new PathPolicy(project, false, [], [path.join(base, "extra-link")]), env: {} };
    const read = readTool(env);
    const write = writeTool(env);
    for (const p of [path.join(extra, "x.txt"), "to-extra/x.txt", path.join(base, "extra-link/x.txt")])
      expect(await callTool(read, { file_path: p }), p).toEqual({ content: "     1\textra", isError: false });
    expect((await callTool(write, { file_path: path.join(extra, "new.txt"), content: "n" })).isError).toBe(
      false,
    );
    expect(fs.readFileSync(path.join(extra, "new.txt"), "utf8")).toBe("n");
    for (const p of [
      path.join(extra, "../secret.txt"),
      path.join(extra, "up/secret.txt"),
      "to-extra/up/secret.txt",
      path.join(base, "extra2/y.txt"),
    ]) {
      const result = await callTool(read, { file_path: p });
      expect(result.isError, p).toBe(true);
      expect(result.content, p).toContain("is outside the project directory");
    }
    const escaped = await callTool(write, { file_path: path.join(extra, "up/new.txt"), content: "x" });
    expect(escaped.isError).toBe(true);
    expect(fs.existsSync(path.join(base, "new.txt"))).toBe(false);
  });

  it("allows them when the session allows paths outside the project", async () => {
    const t = setup(true);
    const outside = tempDir("codebot-outside-");
    writeFile(path.join(outside, "a.txt"), "hello\n");
    expect(await callTool(t.read, { file_path: path.join(outside, "a.txt") })).toEqual({
      content: "     1\thello",
      isError: false,
    });
  });
});

describe("glob and grep", () => {
  function tree(project: string) {
    writeFile(path.join(project, "src/a.ts"), "export const needle = 1;\n");
    writeFile(path.join(project, "src/deep/b.ts"), "// no\nlet needle2;\n");
    writeFile(path.join(project, "README.md"), "needle in docs\n");
    writeFile(path.join(project, "node_modules/x/needle.ts"), "needle\n");
    writeFile(path.join(project, ".git/needle.ts"), "needle\n");
  }

  it("glob matches relative paths, ** across directories, and skips node_modules and .git", async () => {
    const t = setup();
    tree(t.project);
    expect((await callTool(t.glob, { pattern: "**/*.ts" })).content).toBe("src/a.ts\nsrc/deep/b.ts");
    expect((await callTool(t.glob, { pattern: "*.ts", path: "src" })).content).toBe("src/a.ts");
    expect((await callTool(t.glob, { pattern: "*.nope" })).content).toBe("no files found");
  });

  it("grep finds lines with an RE2 pattern, filtered by glob, skipping node_modules and .git", async () => {
    const t = setup();
    tree(t.project);
    expect((await callTool(t.grep, { pattern: "needle\\d?" })).content).toBe(
      "README.md:1: needle in docs\nsrc/a.ts:1: export const needle = 1;\nsrc/deep/b.ts:2: let needle2;",
    );
    expect((await callTool(t.grep, { pattern: "needle", glob: "*.md" })).content).toBe(
      "README.md:1: needle in docs",
    );
    expect((await callTool(t.grep, { pattern: "needle", path: "src/a.ts" })).content).toBe(
      "src/a.ts:1: export const needle = 1;",
    );
  });

  it("glob and grep name the project folder when it was deleted under the session (no path given)", async () => {
    const t = setup();
    fs.rmSync(t.project, { recursive: true });
    expect(await callTool(t.glob, { pattern: "*" })).toEqual({
      content: `glob: ${t.project}: no such directory`,
      isError: true,
    });
    expect(await callTool(t.grep, { pattern: "x" })).toEqual({
      content: `grep: ${t.project}: no such file or directory`,
      isError: true,
    });
  });

  it("glob tells a missing directory from a file given as its path", async () => {
    const t = setup();
    writeFile(path.join(t.project, "f.txt"), "x\n");
    expect((await callTool(t.glob, { pattern: "*", path: "nope" })).content).toBe(
      "glob: nope: no such directory",
    );
    expect((await callTool(t.glob, { pattern: "*", path: "f.txt" })).content).toBe(
      "glob: f.txt: not a directory",
    );
  });

  it("grep rejects patterns RE2 cannot run (backreferences) with a clear error", async () => {
    const t = setup();
    const result = await callTool(t.grep, { pattern: "(a)\\1" });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^grep: invalid pattern: /);
  });

  it("grep on a catastrophic-backtracking pattern still returns quickly", async () => {
    const t = setup();
    writeFile(path.join(t.project, "x.txt"), `${"a".repeat(5000)}!\n`);
    const started = Date.now();
    expect((await callTool(t.grep, { pattern: "^(a+)+$" })).content).toBe("no matches");
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
