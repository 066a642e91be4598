/**
 * The working folders the Agent SDK's `list_permission_rules` lists, each with where it came from
 * (the CLI test agent-sdk-permission-rules.test.ts covers the rules): `/add-dir` is the session's.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { scratchDir, startSession } from "./support/e2e.js";

describe("the session's permission rules state", () => {
  it("names each working folder's origin: the settings file's, --add-dir's (cliArg), /add-dir's (session)", async () => {
    const folder = (name: string) => fs.realpathSync(scratchDir(`codebot-folder-${name}-`));
    const [fromSettings, fromFlag, fromCommand] = [folder("settings"), folder("flag"), folder("command")];
    const s = await startSession({
      user: { permissions: { additionalDirectories: [fromSettings] } },
      runtime: { addDirs: [fromFlag] },
    });
    s.runtime.addDirectory(fromCommand);
    expect(s.runtime.permissionRules().workspaceDirectories).toEqual([
      { path: fromSettings, source: "userSettings" },
      { path: fromFlag, source: "cliArg" },
      { path: fromCommand, source: "session" },
    ]);
  });
});
