/**
 * A copy of a project file written through a program's option (`curl -o`, `wget -O`, `sort -o`,
 * `cp --target-directory`, `install -t`) and then run runs the file; a copy a program codebot
 * cannot read may make (a script's arguments, an interpreter's code) and then run is held as what
 * codebot cannot name. Not run, or not named by such a program, they hold nothing.
 */
import { describe, expect, it } from "vitest";
import { filesRunBy, scriptReferences } from "../src/script-references.js";
import { held, guardProject as project } from "./support/guard-project.js";

describe("a copy written through an option, then run", () => {
  it("runs the project file", () => {
    const { dir, n } = project();
    expect(filesRunBy("curl -so /tmp/y file://$PWD/n; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("curl -s --output=/tmp/y file://$PWD/n && sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("wget -qO /tmp/y file://$PWD/n; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("wget --output-document /tmp/y file://$PWD/n; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("sort -o /tmp/y n; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("cp --target-directory /tmp/d n; sh /tmp/d/n", dir)).toEqual([n]);
    expect(filesRunBy("install -m 755 -t /tmp/d n; /tmp/d/n", dir)).toEqual([n]);
  });

  it("not run, to stdout, or fetched from elsewhere, it holds nothing", () => {
    const { dir } = project();
    expect(filesRunBy("curl -so /tmp/y file://$PWD/n; cat /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("wget -qO- file://$PWD/n | wc -l", dir)).toEqual([]);
    expect(filesRunBy("sort -o /tmp/y n; wc -l /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("curl -so /tmp/y https://example.com/n; sh /tmp/y", dir)).toEqual([]);
  });
});

describe("a copy a program codebot cannot read may make, then run", () => {
  it("is held as what codebot cannot name", () => {
    const { dir } = project();
    const unnamed = (command: string) => scriptReferences(command, dir).unnamedRuns;
    expect(unnamed("~/bin/copy n /tmp/y; sh /tmp/y")).toEqual(["/tmp/y"]);
    expect(unnamed("sh ~/copy.sh n /tmp/y; /tmp/y")).toEqual(["/tmp/y"]);
    expect(unnamed(`python3 -c "import shutil; shutil.copy('n', '/tmp/y')"; sh /tmp/y`)).toEqual(["/tmp/y"]);
    expect(unnamed("sh /tmp/y; ~/bin/copy n /tmp/y")).toEqual(["/tmp/y"]);
    expect(unnamed("~/bin/copy n y; sh ./y")).toEqual(["./y"]);
  });

  it("its output not run, or a file it was not given run, holds nothing", () => {
    const { dir } = project();
    for (const command of [
      "~/bin/copy n /tmp/y; cat /tmp/y",
      "sh ~/copy.sh n /tmp/y",
      "~/bin/lint y; y --check",
      "mytool --out /tmp/report; sh ~/.claude/hooks/notify.sh",
    ])
      expect(held(command, dir), command).toEqual({ files: [], unnamedRuns: [] });
  });
});
