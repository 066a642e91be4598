/**
 * `/permissions` in a real terminal (tmux): the allow, ask and deny rules in force, each with the
 * settings file it came from, as claude 2.1.328's dialog lists them (recorded in tmux).
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("/permissions", { timeout: 120_000 }, () => {
  it("lists each kind's rules with where each came from; an 'always' answer's rule is the session's", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      permissions: { allow: ["Bash(npm test:*)"], deny: ["Bash(rm -rf:*)"] },
    });
    box.json(".claude/settings.json", {
      permissions: { ask: ["Bash(git push:*)"], deny: ["Read(./secrets/**)"] },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch made.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit("make it");
    await term.waitForScreen("[a]lways");
    term.type("a");
    await term.waitForScreen(/^done$/m);
    term.submit("/permissions");
    await term.waitForScreen(/^Rules are changed in the settings files/m);
    const screen = term.screen();
    const listing = screen.slice(screen.lastIndexOf("› /permissions"));
    expect(listing.split("\n").slice(1, 12)).toEqual([
      "permission mode: ask",
      "Allow — codebot won't ask for these",
      "  Bash(npm test:*)  (user ~/.claude/settings.json)",
      "  bash(touch made.txt)  (this session)",
      "Ask — codebot always asks before using these",
      "  Bash(git push:*)  (project .claude/settings.json)",
      "Deny — codebot always refuses these",
      "  Bash(rm -rf:*)  (user ~/.claude/settings.json)",
      "  Read(./secrets/**)  (project .claude/settings.json)",
      "Rules are changed in the settings files named (permissions.allow, ask, deny).",
      "›",
    ]);
  });

  it("with no rules, each kind says none", async () => {
    const box = sandbox();
    const term = await startSession(box, await modelServer([reply.text("unused")]));
    term.submit("/permissions");
    await term.waitForScreen(/^Rules are changed/m);
    expect(term.screen()).toMatch(
      /^Allow — .*\n {2}\(none\)\nAsk — .*\n {2}\(none\)\nDeny — .*\n {2}\(none\)$/m,
    );
  });
});
