import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesRunBy } from "../src/script-references.js";
import { tempDir } from "./support.js";

/** A project holding `bin/fmt`, not executable: only what runs it makes it a program. */
function project() {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, "bin"));
  const fmt = path.join(dir, "bin/fmt");
  fs.writeFileSync(fmt, "echo pwned\n", { mode: 0o644 });
  return { dir, fmt };
}

describe("an alias a hook command defines (/bin/sh expands it on the lines after)", () => {
  it("its value is a command line: the project files it runs count", () => {
    const { dir, fmt } = project();
    expect(filesRunBy("alias f=bin/fmt\nf", dir)).toEqual([fmt]);
    expect(filesRunBy("alias f='sh bin/fmt' g=true\nf", dir)).toEqual([fmt]);
  });

  it("an alias listed, not defined, runs nothing", () => {
    const { dir } = project();
    expect(filesRunBy("alias bin/fmt", dir)).toEqual([]);
  });
});
