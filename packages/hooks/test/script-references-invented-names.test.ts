/**
 * A copy of a project file under a name the command does not write out — made by a program codebot
 * cannot read, which picks its own output name, or by a copy to a name worked out as it runs — and
 * then run by a path is held as running what codebot cannot name (invented-names.ts).
 */
import { describe, expect, it } from "vitest";
import { scriptReferences } from "../src/script-references.js";
import { guardProject as project } from "./support/guard-project.js";

function unnamed(command: string): string[] {
  return scriptReferences(command, project().dir).unnamedRuns;
}

describe("a copy under a name of its own, then run", () => {
  it("a program codebot cannot read, given a project file, then a file run by a path: held", () => {
    expect(unnamed("~/bin/stage n; sh /tmp/staged.sh")).toEqual(["/tmp/staged.sh"]);
    expect(unnamed("python3 ~/stage.py n && . ~/.cache/out.sh")).toEqual(["~/.cache/out.sh"]);
    // Before it, too: the hook's next run runs what this run wrote.
    expect(unnamed("sh /tmp/staged.sh; ~/bin/stage n")).toEqual(["/tmp/staged.sh"]);
  });

  it("a copy to a name worked out as it runs ($RANDOM, $(date)), then a file run by a path: held", () => {
    expect(unnamed("cp n /tmp/out-$(date +%F).sh; sh /tmp/out-2026-12-07.sh")).toEqual([
      "/tmp/out-2026-12-07.sh",
    ]);
    expect(unnamed("cat n > /tmp/y-$RANDOM; /tmp/latest")).toEqual(["/tmp/latest"]);
  });

  it("the program given the file, or a program looked up on PATH, is not held for it", () => {
    expect(unnamed("~/bin/lint n")).toEqual([]);
    expect(unnamed("python3 ~/lint.py n")).toEqual([]);
    expect(unnamed("~/bin/stage n; notify-send done")).toEqual([]);
    // No project file given, or a copy whose name is written out: nothing to invent.
    expect(unnamed('f=$(jq -r .tool_input.file_path); ~/bin/fmt "$f"; sh /tmp/done.sh')).toEqual([]);
    expect(unnamed("cp n /tmp/backup; sh /tmp/report.sh")).toEqual([]);
  });
});
