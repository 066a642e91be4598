/**
 * The note an interrupted run ends with (`[Request interrupted by user]`) is no prompt of the
 * user's: claude 2.1.328 writes it with no sender fields and its `/rewind` does not offer it, in
 * the session or resumed with `-c` (recorded in tmux); the recap shows the live view's question.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

const SIZE = { columns: 120, rows: 40 };

/** A session whose second prompt's answer was interrupted with Esc while the model wrote. */
async function interruptedSession() {
  const box = sandbox();
  const server = await modelServer([reply.text("ok done"), reply.hang("Step one is done.\n\nNow step tw")]);
  const term = await startSession(box, server, { size: SIZE });
  term.submit("first prompt");
  await term.waitForScreen(/^ok done$/m);
  term.submit("slow one");
  await term.waitForScreen(/^Step one is done\.$/m);
  term.press("Escape");
  await term.waitForScreen(/^interrupted · what should codebot do instead\?$/m);
  return { box, term };
}

describe("the interruption note and /rewind", () => {
  it("/rewind right after an interruption offers the two prompts, not the note", async () => {
    const { term } = await interruptedSession();
    term.submit("/rewind");
    const screen = await term.waitForScreen("Enter to continue · Esc to cancel");
    const list = screen.slice(screen.lastIndexOf("/rewind"));
    expect(list).toMatch(/^ {2}first prompt$/m);
    expect(list).toMatch(/^ {2}slow one$/m);
    expect(list).not.toContain("Request interrupted");
  });

  it("resumed with -c, /rewind does not offer the note, and the recap shows the question", async () => {
    const { box, term } = await interruptedSession();
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
    const resumed = await startSession(box, await modelServer([]), { args: ["-c"], size: SIZE });
    const recap = await resumed.waitForScreen(/^›\s*$/m);
    expect(recap).toMatch(/^interrupted · what should codebot do instead\?$/m);
    expect(recap).not.toContain("Request interrupted");
    resumed.submit("/rewind");
    const screen = await resumed.waitForScreen("Enter to continue · Esc to cancel");
    const list = screen.slice(screen.lastIndexOf("/rewind"));
    expect(list).toMatch(/^ {2}slow one$/m);
    expect(list).not.toContain("Request interrupted");
  });
});
