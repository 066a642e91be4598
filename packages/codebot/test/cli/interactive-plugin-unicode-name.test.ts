/**
 * A plugin whose name is not ASCII (`ünicode`, a name claude 2.1.328 takes) is shown as written:
 * in /hooks, in /skills, and its skill is run by `/ünicode:greet`, as claude runs it (recorded).
 * Only its data folder, a path segment, is slugged. It showed as `-nicode`, and its skills could
 * not be run by name.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { startSessionWith } from "./support/terminal-session.js";

/** The plugin `ünicode`: a PreToolUse hook and the skill `greet`. */
function unicodePlugin(box: Sandbox): string {
  const root = box.at("plugins/ünicode");
  box.json(path.join(root, ".claude-plugin/plugin.json"), { name: "ünicode" });
  box.json(path.join(root, "hooks/hooks.json"), {
    hooks: { PreToolUse: [{ matcher: "bash", hooks: [command("true")] }] },
  });
  box.write(
    path.join(root, "skills/greet/SKILL.md"),
    "---\ndescription: Says hello\n---\nSay hello warmly.\n",
  );
  return root;
}

describe("a plugin with a non-ASCII name", { timeout: 120_000 }, () => {
  it("/hooks and /skills name it as written", async () => {
    const box = sandbox();
    const { term } = await startSessionWith([], { box, args: ["--plugin-dir", unicodePlugin(box)] });
    term.submit("/hooks PreToolUse");
    await term.waitForScreen(/from plugin ünicode /);
    term.submit("/skills");
    const screen = await term.waitForScreen(/^\/ünicode:greet +Says hello/m);
    expect(screen).not.toContain("-nicode");
  });

  it("/ünicode:greet runs its skill", async () => {
    const box = sandbox();
    const { server, term } = await startSessionWith([reply.text("hello there")], {
      box,
      args: ["--plugin-dir", unicodePlugin(box)],
    });
    term.submit("/ünicode:greet");
    await term.waitForScreen(/^hello there$/m);
    expect(requestText(server.requests[0])).toContain("Say hello warmly.");
  });

  it("its data folder is a slug of its name", async () => {
    const box = sandbox();
    const { term } = await startSessionWith([], { box, args: ["--plugin-dir", unicodePlugin(box)] });
    term.submit("/skills");
    await term.waitForScreen(/^\/ünicode:greet/m);
    expect(fs.readdirSync(path.join(box.home, "plugins", "data"))).toEqual(["-nicode"]);
  });
});
