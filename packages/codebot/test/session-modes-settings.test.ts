/**
 * What `--safe-mode` and `--restricted` change in the settings a session reads (readProjectSettings):
 * parts a CLI run cannot show in `-p` (the status line runs only in the interactive terminal).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readProjectSettings } from "../src/session/project-settings.js";
import { tempDir, writeFile } from "./support/temp-dirs.js";

function where(modes: { safeMode?: boolean; restricted?: boolean }) {
  const home = tempDir("codebot-home-");
  const project = tempDir("codebot-project-");
  writeFile(
    path.join(home, "settings.json"),
    JSON.stringify({ statusLine: { type: "command", command: "echo mine" }, env: { MINE: "1" } }),
  );
  return {
    cwd: project,
    codebotHome: home,
    claudeHome: path.join(home, "claude"),
    managedRoot: path.join(home, "etc"),
    modes,
  };
}

describe("settings under --safe-mode and --restricted", () => {
  it("--safe-mode runs no statusLine command and keeps the settings' env", () => {
    expect(readProjectSettings(where({})).settings.statusLine?.command).toBe("echo mine");
    const safe = readProjectSettings(where({ safeMode: true })).settings;
    expect(safe.statusLine).toBeUndefined();
    expect(safe.env).toMatchObject({ MINE: "1" });
  });

  it("--restricted reads no user settings file and refuses bypassPermissions", () => {
    const restricted = readProjectSettings(where({ restricted: true })).settings;
    expect(restricted.statusLine).toBeUndefined();
    expect(restricted.env).toEqual({});
    expect(restricted.policy.restricted).toBe(true);
  });
});
