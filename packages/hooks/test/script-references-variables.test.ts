import { describe, expect, it } from "vitest";
import { filesRunBy, scriptReferences } from "../src/script-references.js";
import { guardProject as project } from "./support/guard-project.js";

describe("a project file named through a variable the command sets", () => {
  it("running the variable's value runs the file", () => {
    const { dir, fmt, n } = project();
    expect(filesRunBy('f=./n; sh "$f"', dir)).toEqual([n]);
    expect(filesRunBy("export F=n; sh $F", dir)).toEqual([n]);
    expect(filesRunBy("f=bin/fmt; $f --check", dir)).toEqual([fmt]);
    expect(filesRunBy('d=bin; f="$d/fmt"; "$f"', dir)).toEqual([fmt]);
    expect(filesRunBy('local f=n; . "${f}"', dir)).toEqual([n]);
  });

  it("a loop's values, an unquoted value's words, and a value set after the use count", () => {
    const { dir, n } = project();
    expect(filesRunBy('for f in a n; do sh "$f"; done', dir)).toEqual([n]);
    expect(filesRunBy('F="-x n"; sh $F', dir)).toEqual([n]);
    expect(filesRunBy('for i in 1 2; do sh "$f"; f=n; done', dir)).toEqual([n]);
  });

  it("a variable's file only read, or a variable set elsewhere, holds nothing", () => {
    const { dir } = project();
    expect(filesRunBy('f=./n; cat "$f"', dir)).toEqual([]);
    expect(filesRunBy('f=./n; jq . "$f" > /dev/null', dir)).toEqual([]);
    expect(filesRunBy('f=x; sh "$f"', dir)).toEqual([]);
    expect(filesRunBy('sh "$HOME/.claude/hooks/fmt.sh"', dir)).toEqual([]);
    expect(filesRunBy("sh '$f'; f=n", dir)).toEqual([]);
  });
});

describe("a program named through a variable set from a command's output", () => {
  it("cannot be named: the word counts as running what it works out", () => {
    const { dir } = project();
    const unnamed = (command: string) => scriptReferences(command, dir).unnamedRuns;
    expect(unnamed('root=$(git rev-parse --show-toplevel); "$root/bin/fmt"')).toEqual(['"$root/bin/fmt"']);
    expect(unnamed('f=$(head -1 n); sh "$f"')).toEqual(['"$f"']);
    expect(unnamed("for f in $(ls); do . $f; done")).toEqual(["$f"]);
  });

  it("handed to a program as data, or set from the environment, it is not", () => {
    const { dir } = project();
    const unnamed = (command: string) => scriptReferences(command, dir).unnamedRuns;
    expect(unnamed('f=$(jq -r .tool_input.file_path); npx --no-install prettier --write "$f"')).toEqual([]);
    expect(unnamed('f=$(jq -r .tool_input.file_path); [ -n "$f" ] && echo "$f" >> ~/edited.log')).toEqual([]);
    expect(unnamed('d=$HOME/.claude/hooks; "$d/fmt.sh"')).toEqual([]);
  });
});

describe("a file bash's hash -p or enable -f names", () => {
  it("is run by the name it is given", () => {
    const { dir, fmt, n } = project();
    expect(filesRunBy("hash -p ./bin/fmt fmt; fmt", dir)).toEqual([fmt]);
    expect(filesRunBy("bash -c 'enable -f ./n fmt; fmt'", dir)).toEqual([n]);
  });

  it("hash and enable naming no file hold nothing", () => {
    const { dir } = project();
    expect(filesRunBy("hash -r; enable -n echo", dir)).toEqual([]);
  });
});
