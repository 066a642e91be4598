/**
 * An approved `env` PATH folder's programs are checked before each bash call and hook; its list
 * is kept while the folder is unchanged (path-programs.ts), so a big `node_modules/.bin` is not
 * listed again each time. What the model can do to the folder in between must still be caught.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { approvedRun, changedRun } from "../src/settings/approved-files.js";
import { envLoadedFiles } from "../src/settings/env-grant.js";
import { tempDir } from "./support/temp-dirs.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A project with `bin/` of a few programs, a text file and a link to nothing yet, approved as
 * `PATH=./bin:…` and checked once; then a pause past path-programs.ts's racy window (its stats
 * must be older than a clock tick before its list is kept).
 */
async function approvedBin() {
  const dir = tempDir("codebot-path-programs-");
  const bin = path.join(dir, "bin");
  fs.mkdirSync(bin);
  for (const name of ["eslint", "prettier", "tsc"])
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\necho ${name}\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, "README"), "the project's programs\n");
  fs.symlinkSync("../vendor/vitest.sh", path.join(bin, "vitest"));
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const value = `./bin:${process.env.PATH}`;
  const run = approvedRun("PATH", envLoadedFiles("PATH", value, dir), () =>
    envLoadedFiles("PATH", value, dir),
  );
  expect(changedRun([run])).toBeUndefined();
  return { dir, bin, run };
}

describe("an approved PATH folder's programs, checked again", () => {
  it("an unchanged folder is not listed again at the next check", async () => {
    const { run } = await approvedBin();
    const readdir = vi.spyOn(fs, "readdirSync");
    expect(changedRun([run])).toBeUndefined();
    expect(readdir).not.toHaveBeenCalled();
  });

  it("a program rewritten in place is caught", async () => {
    const { bin, run } = await approvedBin();
    fs.writeFileSync(path.join(bin, "prettier"), "#!/bin/sh\ntouch pwned\n");
    expect(changedRun([run])?.file).toBe(path.join(bin, "prettier"));
  });

  it("a program added to the folder is caught", async () => {
    const { bin, run } = await approvedBin();
    fs.writeFileSync(path.join(bin, "jest"), "#!/bin/sh\ntouch pwned\n", { mode: 0o755 });
    expect(changedRun([run])?.file).toBe(path.join(bin, "jest"));
  });

  it("a file of the folder made executable is caught", async () => {
    const { bin, run } = await approvedBin();
    fs.chmodSync(path.join(bin, "README"), 0o755);
    expect(changedRun([run])?.file).toBe(path.join(bin, "README"));
  });

  it("a link of the folder whose target appears, a program, is caught", async () => {
    const { dir, bin, run } = await approvedBin();
    fs.mkdirSync(path.join(dir, "vendor"));
    fs.writeFileSync(path.join(dir, "vendor/vitest.sh"), "#!/bin/sh\ntouch pwned\n", { mode: 0o755 });
    expect(changedRun([run])?.file).toBe(path.join(bin, "vitest"));
  });
});
