/**
 * A program or script word whose value codebot cannot know — read by `read`, expanded from a glob,
 * taken from the environment, a `hash -p` value — may be a project file: the word is held as
 * running what codebot cannot name (unnamedRuns). The same values handed on as data, and the
 * user's own folders (`$HOME/…`), are not.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesRunBy, scriptReferences } from "../src/script-references.js";
import { held, guardProject as project } from "./support/guard-project.js";

const unnamed = (command: string, dir: string) => scriptReferences(command, dir).unnamedRuns;

describe("a run word whose value codebot cannot know", () => {
  it("a value from read or mapfile is held", () => {
    const { dir } = project();
    expect(unnamed('read f < list; sh "$f"', dir)).toEqual(['"$f"']);
    expect(unnamed('while read -r f; do "$f"; done < list', dir)).toEqual(['"$f"']);
    expect(unnamed('read < list; . "$REPLY"', dir)).toEqual(['"$REPLY"']);
  });

  it("a glob, run or looped over, is held", () => {
    const { dir } = project();
    expect(unnamed('for f in ./bin/*; do "$f"; done', dir)).toEqual(['"$f"']);
    expect(unnamed("sh ./n*", dir)).toEqual(["./n*"]);
    expect(unnamed("./bin/f*", dir)).toEqual(["./bin/f*"]);
  });

  it("a value from the environment, or climbing out of the user's own folder, is held", () => {
    const { dir } = project();
    expect(unnamed('sh "$HOME/../$X"', dir)).toEqual(['"$HOME/../$X"']);
    expect(unnamed('sh "$HOME/../p/n"', dir)).toEqual(['"$HOME/../p/n"']);
    expect(unnamed('f=$X; sh "$f"', dir)).toEqual(['"$f"']);
    expect(unnamed("sh ${X:-n}", dir)).toEqual(["${X:-n}"]);
  });

  it("a hash -p value codebot cannot know is held", () => {
    const { dir } = project();
    expect(unnamed('hash -p "$p" fmt; fmt', dir)).toEqual(['"$p"']);
  });

  it("the same values used as data, and the user's own folders, are not held", () => {
    const { dir } = project();
    for (const command of [
      'read f < list; cat "$f"',
      'for f in ./bin/*; do echo "$f"; done',
      "ls ./n*",
      'sh "$HOME/.claude/hooks/fmt.sh"',
      '"${XDG_CONFIG_HOME}/hooks/fmt"',
      'd=$HOME/.claude/hooks; "$d/fmt.sh"',
      'f=$(jq -r .tool_input.file_path); npx --no-install prettier --write "$f"',
      "hash -r; hash -p /usr/bin/env e",
    ])
      expect(held(command, dir), command).toEqual({ files: [], unnamedRuns: [] });
  });
});

describe("a project file named from the current folder", () => {
  it("$PWD, $(pwd) or a variable set from $PWD names the file, which counts", () => {
    const { dir, fmt, n } = project();
    expect(filesRunBy('sh "$PWD/n"', dir)).toEqual([n]);
    expect(filesRunBy('sh "$(pwd)/n"', dir)).toEqual([n]);
    expect(filesRunBy('"$PWD/bin/fmt"', dir)).toEqual([fmt]);
    expect(filesRunBy('d=$PWD/bin; "$d/fmt"', dir)).toEqual([fmt]);
  });

  it("only read, it holds nothing", () => {
    const { dir } = project();
    expect(filesRunBy('cat "$PWD/n"', dir)).toEqual([]);
  });
});

describe("an analysis kept for the session", () => {
  it("a project file appearing between two checks of the same command is caught on the second", () => {
    const { dir } = project();
    expect(filesRunBy("sh ./later", dir)).toEqual([]);
    fs.writeFileSync(path.join(dir, "later"), "echo pwned\n");
    expect(filesRunBy("sh ./later", dir)).toEqual([path.join(dir, "later")]);
  });
});
