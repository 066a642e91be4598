/**
 * `/add-dir`'s "remember" (claude 2.1.328's "Yes, and remember this directory"): the folder in the
 * project's local settings, approved there by your answer; a file it cannot safely change is left
 * as it was, with a one-line reason.
 */

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberDirectory } from "../src/session/remember-directory.js";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
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
      /^not remembered: .*settings\.local\.json: not valid JSON \(.*\); the folder is added for this session$/,
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

  /** The project's .claude/settings.local.json holding `text`, written with `mode`. */
  function localSettings(dir: string, text: string, mode = 0o644): string {
    const file = path.join(dir, ".claude", "settings.local.json");
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, text, { mode });
    fs.chmodSync(file, mode);
    return file;
  }

  it("keeps the file's comments and its permissions (a 0600 file stays 0600), as the settings loader reads it", () => {
    const dir = project();
    const file = localSettings(dir, '\ufeff{\n  // mine\n  "env": { "A": "1" },\n}\n', 0o600);
    rememberDirectory("/srv/shared", dir, true, store());
    expect(fs.readFileSync(file, "utf8")).toContain("// mine");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("a repository's FIFO in place of the file is refused at once, not read (it would never end)", () => {
    const dir = project();
    const file = path.join(dir, ".claude", "settings.local.json");
    fs.mkdirSync(path.dirname(file));
    execFileSync("mkfifo", [file]);
    const trust = store();
    expect(() => rememberDirectory("/srv/shared", dir, true, trust)).toThrow(
      /^not remembered: .*settings\.local\.json: not a regular file \(.*\); the folder is added for this session$/,
    );
    expect(trust.grants).toEqual([]);
  });

  it("a file that cannot be written says so in the one line, approving nothing and leaving it as it was", () => {
    const dir = project();
    const file = localSettings(dir, '{"env":{}}\n');
    vi.spyOn(fs, "renameSync").mockImplementation(() => {
      throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    });
    const trust = store();
    expect(() => rememberDirectory("/srv/shared", dir, true, trust)).toThrow(
      /^not remembered: .*settings\.local\.json: cannot write \(EACCES\); the folder is added for this session$/,
    );
    expect(fs.readFileSync(file, "utf8")).toBe('{"env":{}}\n');
    expect(trust.grants).toEqual([]);
  });

  it("an approval that cannot be saved says the next session asks about the folder, the entry kept", () => {
    const dir = project();
    const failing = {
      trustGrants: () => {
        throw new Error("trust: cannot save approvals to /t/trust.json: EACCES");
      },
    };
    expect(() => rememberDirectory("/srv/shared", dir, true, failing)).toThrow(
      /settings\.local\.json lists the folder, but your approval is not saved \(trust: cannot save approvals to \/t\/trust\.json: EACCES\): the next session asks about it; the folder is added for this session$/,
    );
    expect(fs.readFileSync(path.join(dir, ".claude", "settings.local.json"), "utf8")).toContain(
      "/srv/shared",
    );
  });

  it("a file with no write permission (chmod a-w) is left alone, approving nothing", () => {
    const dir = project();
    const file = localSettings(dir, '{"env":{}}\n', 0o444);
    const trust = store();
    expect(() => rememberDirectory("/srv/shared", dir, true, trust)).toThrow(
      /^not remembered: .*settings\.local\.json: read-only \(no write permission\); the folder is added for this session$/,
    );
    expect(fs.readFileSync(file, "utf8")).toBe('{"env":{}}\n');
    expect(trust.grants).toEqual([]);
  });
});
