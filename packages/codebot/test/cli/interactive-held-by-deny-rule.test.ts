/**
 * A bash line reaching a file a `Read` deny rule covers without naming it (`grep -r KEY .`) is put
 * to the person in a real terminal (tmux), naming the rule and what it reaches, with no "always":
 * y runs it.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("a line held by a deny rule's reach", { timeout: 120_000 }, () => {
  it("is asked about, naming the rule, offering no always; y runs it", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { deny: ["Read(./.env)"] } });
    box.write(".env", "TOKEN=x\n");
    const server = await modelServer([
      reply.toolCall("bash", { command: `cp -r . ${box.home}/backup` }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server, { size: { columns: 200, rows: 30 } });
    term.submit("back it up");
    await term.waitForScreen(
      `? allow bash cp -r . ${box.home}/backup (the deny rule "Read(./.env)": the command reads every file under the project folder, .env among them)  [y]es / [n]o:`,
    );
    term.type("y");
    await term.waitForScreen(/^done$/m);
    expect(fs.readFileSync(`${box.home}/backup/.env`, "utf8")).toBe("TOKEN=x\n");
  });
});
