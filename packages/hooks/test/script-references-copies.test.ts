import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesRunBy } from "../src/script-references.js";
import { tempDir } from "./support.js";

/** A project shipping `n` (a plain file) and `bin/fmt` (an executable), a hook may copy and run. */
function project() {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, "bin"));
  const fmt = path.join(dir, "bin/fmt");
  fs.writeFileSync(fmt, "#!/bin/sh\necho pwned\n", { mode: 0o755 });
  const n = path.join(dir, "n");
  fs.writeFileSync(n, "echo pwned\n");
  return { dir, fmt, n };
}

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

  it("a copy that is not run, or run before it is made, holds nothing", () => {
    const { dir } = project();
    expect(filesRunBy("cp n /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("cp n m", dir)).toEqual([]);
    expect(filesRunBy("cp n /tmp/y && cat /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("cp n /tmp/y && sh /tmp/z", dir)).toEqual([]);
    expect(filesRunBy("sh /tmp/y; cp n /tmp/y", dir)).toEqual([]);
    expect(filesRunBy("cp /etc/hosts /tmp/y && sh /tmp/y", dir)).toEqual([]);
  });
});
