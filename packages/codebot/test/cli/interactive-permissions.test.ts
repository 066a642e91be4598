/**
 * `/permissions` in a real terminal (tmux): the allow, ask and deny rules in force, each with the
 * settings file it came from, as claude 2.1.328's dialog lists them (recorded in tmux); `add` and
 * `remove` change them in the file claude's dialog writes, in force from the next call.
 */
import fs from "node:fs";
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
    await term.waitForScreen(/^Change them: /m);
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
      "Change them: /permissions add allow|ask|deny <rule> · /permissions remove <rule>",
      "›",
    ]);
  });

  it("with no rules, each kind says none", async () => {
    const box = sandbox();
    const term = await startSession(box, await modelServer([reply.text("unused")]));
    term.submit("/permissions");
    await term.waitForScreen(/^Change them: /m);
    expect(term.screen()).toMatch(
      /^Allow — .*\n {2}\(none\)\nAsk — .*\n {2}\(none\)\nDeny — .*\n {2}\(none\)$/m,
    );
  });
});

describe("/permissions add and remove", { timeout: 120_000 }, () => {
  it("add allow … --local writes the project's local file as claude does, and the next call runs unasked", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch made.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit('/permissions add allow "Bash(touch made.txt)" --local');
    await term.waitForScreen("Added allow rule Bash(touch made.txt) to .claude/settings.local.json");
    expect(JSON.parse(fs.readFileSync(box.at(".claude/settings.local.json"), "utf8"))).toEqual({
      permissions: { allow: ["Bash(touch made.txt)"] },
    });
    term.submit("make it");
    await term.waitForScreen(/^done$/m);
    expect(term.screen()).not.toContain("[a]lways");
    expect(fs.existsSync(box.at("made.txt"))).toBe(true);
    term.submit("/permissions");
    await term.waitForScreen("Bash(touch made.txt)  (local .claude/settings.local.json)");
  });

  it("add without a file asks where, in claude's order; yours keeps its other keys and comments", async () => {
    const box = sandbox();
    const file = box.write(
      path.join(box.home, ".claude/settings.json"),
      '{\n  // mine\n  "theme": "dark"\n}\n',
    );
    const term = await startSession(box, await modelServer([]));
    term.submit("/permissions add deny Bash(curl:*)");
    await term.waitForScreen("where should it be saved?");
    await term.waitForScreen("1 Project settings (local) .claude/settings.local.json");
    term.type("3");
    await term.waitForScreen("Added deny rule Bash(curl:*) to ~/.claude/settings.json");
    expect(fs.readFileSync(file, "utf8")).toBe(
      '{\n  // mine\n  "theme": "dark",\n  "permissions": {\n    "deny": [\n      "Bash(curl:*)"\n    ]\n  }\n}\n',
    );
  });

  it("remove takes a deny rule out of the file it came from (claude leaves []), and the next call is asked, not refused", async () => {
    const box = sandbox();
    const file = box.json(path.join(box.home, ".claude/settings.json"), {
      permissions: { deny: ["Bash(touch made.txt)"] },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch made.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit("/permissions remove Bash(touch made.txt)");
    await term.waitForScreen("Deleted deny rule Bash(touch made.txt) from ~/.claude/settings.json");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ permissions: { deny: [] } });
    term.submit("make it");
    await term.waitForScreen("[a]lways");
  });

  it("a rule that does not parse, or a file that is not valid JSON, is one line and nothing is written", async () => {
    const box = sandbox();
    const local = box.write(".claude/settings.local.json", '{ "permissions": ');
    const term = await startSession(box, await modelServer([]));
    term.submit("/permissions add allow Bash(rm --local");
    await term.waitForScreen("Bash(rm is not a permission rule");
    term.submit("/permissions add allow Bash(ls:*) --local");
    await term.waitForScreen("settings.local.json: not valid JSON");
    await term.waitForScreen("; the rules are");
    expect(fs.readFileSync(local, "utf8")).toBe('{ "permissions": ');
  });
});
