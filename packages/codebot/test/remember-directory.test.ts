/**
 * `/add-dir`'s "remember" (claude 2.1.328's "Yes, and remember this directory"): the folder in the
 * project's local settings, approved there by your answer; a file it cannot safely change is left
 * as it was, with a one-line reason.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { rememberDirectory } from "../src/session/remember-directory.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function project(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "codebot-remember-")));
  dirs.push(dir);
  return dir;
}

/** A trust store that records the grants it is given. */
function store() {
  const grants: string[] = [];
  return { grants, trustGrants: (given: readonly string[]) => void grants.push(...given) };
}

describe("rememberDirectory", () => {
  it("adds the folder to .claude/settings.local.json's permissions.additionalDirectories, once, and approves that folder", () => {
    const dir = project();
    const trust = store();
    const file = rememberDirectory("/srv/shared", dir, true, trust);
    rememberDirectory("/srv/shared", dir, true, trust);
    expect(file).toBe(path.join(dir, ".claude", "settings.local.json"));
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({
      permissions: { additionalDirectories: ["/srv/shared"] },
    });
    expect(trust.grants).toContain("directory:/srv/shared");
  });

  it("with claudeCompat off, in codebot's own .codebot/settings.local.json", () => {
    const dir = project();
    expect(rememberDirectory("/srv/shared", dir, false, store())).toBe(
      path.join(dir, ".codebot", "settings.local.json"),
    );
  });

  it("a file that is not a JSON object is left as it was, approving nothing", () => {
    const dir = project();
    const file = path.join(dir, ".claude", "settings.local.json");
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, "{ half written");
    const trust = store();
    expect(() => rememberDirectory("/srv/shared", dir, true, trust)).toThrow(
      /^not remembered: .*settings\.local\.json is not a JSON object; the folder is added for this session$/,
    );
    expect(fs.readFileSync(file, "utf8")).toBe("{ half written");
    expect(trust.grants).toEqual([]);
  });

  it("a repository's .claude linked elsewhere is not written through", () => {
    const dir = project();
    const elsewhere = project();
    fs.symlinkSync(elsewhere, path.join(dir, ".claude"));
    expect(() => rememberDirectory("/srv/shared", dir, true, store())).toThrow(/is a symbolic link/);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});
