import { describe, expect, it } from "vitest";
import { filesRunBy } from "../src/script-references.js";
import { guardProject as project } from "./support/guard-project.js";

describe("a project file copied, linked or moved, then run by its new name", () => {
  it("running the copy runs the project file", () => {
    const { dir, fmt, n } = project();
    expect(filesRunBy("cp n /tmp/y && sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("cp bin/fmt /tmp/f; /tmp/f --check", dir)).toEqual([fmt]);
    expect(filesRunBy("install -m 755 n /tmp/y && /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("mv n /tmp/y; . /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("cp n y && bash y", dir)).toEqual([n]);
  });

  it("a link, to the file named from $PWD or not, runs the project file", () => {
    const { dir, n } = project();
    expect(filesRunBy('ln -sf "$PWD/n" /tmp/y && sh /tmp/y', dir)).toEqual([n]);
    expect(filesRunBy("ln -s $(pwd)/n /tmp/y; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("ln n /tmp/y && sh /tmp/y", dir)).toEqual([n]);
  });

  it("a copy into a folder is run by the file's name in it", () => {
    const { dir, n } = project();
    expect(filesRunBy("cp n /tmp/ && sh /tmp/n", dir)).toEqual([n]);
    expect(filesRunBy("cp -t /tmp n; sh /tmp/n", dir)).toEqual([n]);
    expect(filesRunBy("cp --target-directory=/tmp/d n; sh /tmp/d/n", dir)).toEqual([n]);
  });

  it("a copy of a copy, a copy run inside sh -c, and a copy named by a variable are followed", () => {
    const { dir, n } = project();
    expect(filesRunBy("cp n /tmp/a; cp /tmp/a /tmp/b; sh /tmp/b", dir)).toEqual([n]);
    expect(filesRunBy("cp n /tmp/y; sh -c 'sh /tmp/y'", dir)).toEqual([n]);
    expect(filesRunBy('t=$(mktemp); cp n "$t"; sh "$t"', dir)).toEqual([n]);
  });

  it("a copy that is not run holds nothing", () => {
    const { dir } = project();
    expect(filesRunBy("cp n /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("cp n m", dir)).toEqual([]);
    expect(filesRunBy("cp n /tmp/y && cat /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("cp n /tmp/y && sh /tmp/z", dir)).toEqual([]);
    expect(filesRunBy("cp /etc/hosts /tmp/y && sh /tmp/y", dir)).toEqual([]);
  });

  it("a copy run before it is made is run too: by a loop, or by the hook's next run", () => {
    const { dir, n } = project();
    expect(filesRunBy("for i in 1 2; do sh /tmp/y; cp n /tmp/y; done", dir)).toEqual([n]);
    expect(filesRunBy("sh /tmp/y; cp n /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("while true; do sh /tmp/b; cp /tmp/a /tmp/b; cp n /tmp/a; done", dir)).toEqual([n]);
    expect(filesRunBy("f() { sh /tmp/y; }; cp n /tmp/y; f", dir)).toEqual([n]);
  });
});

describe("a project file copied another way, then run by its new name", () => {
  it("a file written with what a command reads or names may be a copy of it", () => {
    const { dir, n } = project();
    expect(filesRunBy("cat n > /tmp/y; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("cat < n >> /tmp/y; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("tee /tmp/y < n; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("cat n | tr a b | tee /tmp/y > /dev/null; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy('echo "$(cat n)" > /tmp/y; . /tmp/y', dir)).toEqual([n]);
  });

  it("dd, rsync and scp copies are followed", () => {
    const { dir, n } = project();
    expect(filesRunBy("dd if=n of=/tmp/y; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("dd of=/tmp/y < n; sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("rsync -a n /tmp/y && sh /tmp/y", dir)).toEqual([n]);
    expect(filesRunBy("scp n /tmp/ && sh /tmp/n", dir)).toEqual([n]);
  });

  it("a folder copied whole runs the project file by its name in the copy", () => {
    const { dir, fmt, n } = project();
    expect(filesRunBy("cp -r bin /tmp/b && /tmp/b/fmt", dir)).toEqual([fmt]);
    expect(filesRunBy("cp -r . /tmp/p && sh /tmp/p/n", dir)).toEqual([n]);
    expect(filesRunBy("cp -r bin /tmp/b; cp -r /tmp/b /tmp/c; /tmp/c/fmt", dir)).toEqual([fmt]);
    expect(filesRunBy("mv bin /tmp/ && /tmp/bin/fmt", dir)).toEqual([fmt]);
  });

  it("a file written but not run, or a copy sent to another machine, holds nothing", () => {
    const { dir } = project();
    expect(filesRunBy("cat n > /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("jq . n > /tmp/out; cat /tmp/out", dir)).toEqual([]);
    expect(filesRunBy("cat n | jq . > /dev/null", dir)).toEqual([]);
    expect(filesRunBy("cp -r bin /tmp/b && ls /tmp/b", dir)).toEqual([]);
    expect(filesRunBy("echo hi > /tmp/y; sh /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("scp n host:/tmp/y; sh /tmp/y", dir)).toEqual([]);
  });
});
