/**
 * The programs of a project folder an approved `env` PATH names, checked before each `bash` call
 * and hook (approved-files.ts): all of them however many (a real `node_modules/.bin` holds
 * 1,500), the folder read again only when it changed, and a folder too large to verify not
 * offered for approval at all.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changedRun } from "../src/settings/approved-files.js";
import { MAX_PATH_FOLDER_ENTRIES } from "../src/settings/env-grant.js";
import { mergeSettings } from "../src/settings/runtime-settings.js";
import { tempDir } from "./support/temp-dirs.js";

/** A project with `entries` programs in `bin/`, its `PATH=./bin` approved: what mergeSettings makes of it. */
function approvedPath(entries: number, trusted = true) {
  const dir = tempDir("codebot-path-programs-");
  const bin = path.join(dir, "bin");
  fs.mkdirSync(bin);
  for (let i = 0; i < entries; i++)
    fs.writeFileSync(path.join(bin, `p${String(i).padStart(5, "0")}`), "", { mode: 0o755 });
  const layers = [
    {
      source: "project" as const,
      path: `${dir}/.codebot/settings.json`,
      settings: { env: { PATH: "./bin:/usr/bin" } },
    },
  ];
  const merged = mergeSettings(layers, { isGrantTrusted: () => trusted, projectDir: dir });
  return { dir, bin, ...merged };
}

/**
 * Waits until the folders' last change is more than a second old: a listing made so close to a
 * change is not kept (path-folder-entries.ts), one made later is.
 */
function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1100));
}

afterEach(() => vi.restoreAllMocks());

describe("an approved env PATH folder's programs", () => {
  it("a program past the first 200 names, rewritten, is a change", () => {
    const { bin, settings } = approvedPath(1500);
    fs.writeFileSync(path.join(bin, "p01400"), "#!/bin/sh\ntouch pwned.txt\n");
    expect(changedRun(settings.envFiles)?.file).toBe(path.join(bin, "p01400"));
  });

  it("a link whose target is written after the approval is a change, though the folder is not", async () => {
    const { dir, bin } = approvedPath(0);
    fs.symlinkSync("../vitest/vitest.mjs", path.join(bin, "vitest"));
    await settled();
    const { settings } = mergeSettings(
      [
        {
          source: "project",
          path: `${dir}/.codebot/settings.json`,
          settings: { env: { PATH: "./bin:/usr/bin" } },
        },
      ],
      { isGrantTrusted: () => true, projectDir: dir },
    );
    expect(changedRun(settings.envFiles)).toBeUndefined();
    fs.mkdirSync(path.join(dir, "vitest"));
    fs.writeFileSync(path.join(dir, "vitest/vitest.mjs"), "#!/bin/sh\ntouch pwned.txt\n", { mode: 0o755 });
    expect(changedRun(settings.envFiles)?.file).toBe(path.join(bin, "vitest"));
  });

  it("a program added to a folder listed before is a change", async () => {
    const { bin, settings } = approvedPath(3);
    await settled();
    expect(changedRun(settings.envFiles)).toBeUndefined();
    fs.writeFileSync(path.join(bin, "prettier"), "#!/bin/sh\n", { mode: 0o755 });
    expect(changedRun(settings.envFiles)?.file).toBe(path.join(bin, "prettier"));
  });

  it("a program added during the session to a folder grown past the cap is a change", () => {
    const { bin, settings } = approvedPath(MAX_PATH_FOLDER_ENTRIES);
    expect(changedRun(settings.envFiles)).toBeUndefined();
    fs.writeFileSync(path.join(bin, "zz-vitest"), "#!/bin/sh\ntouch pwned.txt\n", { mode: 0o755 });
    expect(changedRun(settings.envFiles)?.file).toBe(path.join(bin, "zz-vitest"));
  });

  it("an unchanged folder is not read again at each check", async () => {
    const { settings } = approvedPath(1500);
    await settled();
    expect(changedRun(settings.envFiles)).toBeUndefined();
    const readdir = vi.spyOn(fs, "readdirSync");
    for (let call = 0; call < 3; call++) expect(changedRun(settings.envFiles)).toBeUndefined();
    expect(readdir).not.toHaveBeenCalled();
  });

  it("a check resolves each part of the PATH value once", async () => {
    const { dir, settings } = approvedPath(10);
    await settled();
    expect(changedRun(settings.envFiles)).toBeUndefined();
    const resolve = vi.spyOn(fs, "realpathSync");
    expect(changedRun(settings.envFiles)).toBeUndefined();
    const parts = [path.join(dir, "bin"), "/usr/bin"];
    for (const part of parts)
      expect(
        resolve.mock.calls.filter(([file]) => file === part),
        part,
      ).toHaveLength(1);
  });

  it("a program is read once at the start, for the grant's digest and the check's alike", () => {
    const read = vi.spyOn(fs, "readFileSync");
    const { bin } = approvedPath(1500);
    const program = path.join(bin, "p01400");
    expect(read.mock.calls.filter(([file]) => file === program)).toHaveLength(1);
  });

  it("a folder of more entries than can be verified is not offered for approval, and a warning says why", () => {
    const { settings, problems } = approvedPath(MAX_PATH_FOLDER_ENTRIES + 1, false);
    expect(settings.env.PATH).toBeUndefined();
    expect(settings.permissions.untrusted).toEqual([]);
    expect(problems.map((p) => p.message)).toContainEqual(
      expect.stringMatching(/^bin has more than 5000 entries, too many to verify before each command/),
    );
  });
});
