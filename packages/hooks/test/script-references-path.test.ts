import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withSearchPath } from "../src/hook-scripts.js";
import { filesRunBy } from "../src/script-references.js";
import { guardProject as project } from "./support/guard-project.js";

describe("a program found through a PATH the hook command sets", () => {
  it("a PATH set for the command naming a project folder runs that folder's program", () => {
    const { dir, fmt } = project();
    expect(filesRunBy("PATH=bin:$PATH fmt --check", dir)).toEqual([fmt]);
    expect(filesRunBy("PATH=./bin:/usr/bin fmt", dir)).toEqual([fmt]);
    expect(filesRunBy('PATH="$CLAUDE_PROJECT_DIR/bin:$PATH" fmt', dir)).toEqual([fmt]);
    expect(filesRunBy("env PATH=bin:/usr/bin fmt", dir)).toEqual([fmt]);
  });

  it("a PATH exported or assigned earlier in the line holds for the commands after it", () => {
    const { dir, fmt } = project();
    expect(filesRunBy("export PATH=bin:$PATH; fmt", dir)).toEqual([fmt]);
    expect(filesRunBy("PATH=$PATH:bin && fmt", dir)).toEqual([fmt]);
    expect(filesRunBy("export PATH=bin:$PATH; sh -c 'fmt'", dir)).toEqual([fmt]);
  });

  it("a relative PATH folder is found from where the command is when it runs", () => {
    const { dir } = project();
    fs.mkdirSync(path.join(dir, "sub/tools"), { recursive: true });
    const tool = path.join(dir, "sub/tools/fmt");
    fs.writeFileSync(tool, "#!/bin/sh\n", { mode: 0o755 });
    expect(filesRunBy("export PATH=tools:$PATH; cd sub && fmt", dir)).toEqual([tool]);
  });

  it("`.` and `source` look a bare script name up on that PATH too", () => {
    const { dir, fmt } = project();
    fs.chmodSync(fmt, 0o644);
    expect(filesRunBy("PATH=bin:$PATH; . fmt", dir)).toEqual([fmt]);
    expect(filesRunBy("export PATH=bin:$PATH; source fmt", dir)).toEqual([fmt]);
  });

  it("a PATH folder written from the current directory ($PWD, $(pwd)) names the project's folder", () => {
    const { dir, fmt } = project();
    expect(filesRunBy("PATH=$PWD/bin:$PATH fmt", dir)).toEqual([fmt]);
    expect(filesRunBy('PATH="$(pwd)/bin:$PATH" fmt', dir)).toEqual([fmt]);
    expect(filesRunBy('PATH="${PWD}/bin:$PATH" fmt', dir)).toEqual([fmt]);
    expect(filesRunBy("PATH=$PATH:`pwd -P`/bin fmt", dir)).toEqual([fmt]);
    expect(filesRunBy('export PATH="$PWD/bin:$PATH"; fmt', dir)).toEqual([fmt]);
    expect(filesRunBy("cd bin && PATH=$PWD:$PATH fmt", dir)).toEqual([fmt]);
  });

  it("$PWD elsewhere in a PATH entry, or another variable like it, adds nothing", () => {
    const { dir } = project();
    expect(filesRunBy("PATH=$HOME$PWD/bin:$PATH fmt", dir)).toEqual([]);
    expect(filesRunBy("PATH=${PWD}bin:$PATH fmt", dir)).toEqual([]);
    expect(filesRunBy("PATH=$PWDX/bin:$PATH fmt", dir)).toEqual([]);
    expect(filesRunBy("PATH=$OLDPWD/bin:$PATH fmt", dir)).toEqual([]);
  });

  it("PATH folders outside the project or unknown, and a program named with a /, add nothing", () => {
    const { dir } = project();
    expect(filesRunBy("PATH=/usr/local/bin:$HOME/bin:$PATH fmt", dir)).toEqual([]);
    expect(filesRunBy("fmt", dir)).toEqual([]);
    expect(filesRunBy("PATH=bin:$PATH /usr/bin/fmt", dir)).toEqual([]);
  });
});

describe("the PATH a hook runs with (withSearchPath)", () => {
  it("keeps the folders that may be the project's, relative or inside it, and what they run is found", () => {
    const { dir, fmt } = project();
    expect(filesRunBy(withSearchPath("fmt", { PATH: `/usr/bin:${dir}/bin:/bin` }, dir), dir)).toEqual([fmt]);
    expect(filesRunBy(withSearchPath("fmt", { PATH: "/usr/bin:bin" }, dir), dir)).toEqual([fmt]);
  });

  it("leaves a command alone when no folder of the PATH may be the project's (nothing to look through per run)", () => {
    const { dir } = project();
    expect(withSearchPath("fmt", { PATH: "/usr/local/bin:/usr/bin:/bin" }, dir)).toBe("fmt");
    expect(withSearchPath("fmt", { PATH: `/usr/bin:${dir}/bin` }, dir)).toBe(`PATH='${dir}/bin'\nfmt`);
  });
});
