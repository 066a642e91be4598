/**
 * Issue 16, item 8, in a real terminal (tmux): a multi-line prompt (trailing backslash), the
 * prompt history of the project kept across sessions (also sessions open at the same time), and
 * Tab completion of slash commands.
 */
import { type LoopbackModelServer, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

async function startSession(box: Sandbox, server: LoopbackModelServer): Promise<TmuxSession> {
  const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
  await term.waitForScreen(/^›/m);
  return term;
}

describe("prompt input", { timeout: 120_000 }, () => {
  it("a line ending with a backslash continues on the next: one prompt of two lines", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("got both")]);
    const term = await startSession(box, server);
    term.submit("first line \\");
    await term.waitForScreen(/^… ?$/m);
    term.submit("second line");
    await term.waitForScreen("got both");
    expect(requestText(server.requests[0])).toContain("first line \\nsecond line");
  });

  it("Alt+Enter and Shift+Enter (as kitty's CSI 13;2u and xterm's CSI 27;2;13~) break the line instead of sending it", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("got all four")]);
    const term = await startSession(box, server);
    term.type("one");
    term.press("M-Enter");
    await term.waitForScreen(/^… ?$/m);
    term.type("two");
    term.type("\x1b[13;2u");
    await term.waitForScreen(/^… ?$/m);
    term.type("three");
    term.type("\x1b[27;2;13~");
    await term.waitForScreen(/^… ?$/m);
    term.submit("four");
    await term.waitForScreen("got all four");
    expect(requestText(server.requests[0])).toContain("one\\ntwo\\nthree\\nfour");
  });

  it("↑ brings back a prompt of an earlier session in the same project", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("noted")]);
    const first = await startSession(box, server);
    first.submit("remember this prompt");
    await first.waitForScreen("noted");
    first.submit("/exit");
    expect(await first.exitCode()).toBe(0);

    const second = await startSession(box, server);
    // The newest entry is the /exit that ended the first session.
    second.press("Up", "Up");
    await second.waitForScreen(/^›\s*remember this prompt$/m);
  });

  it("two sessions open at once in one project both keep their prompts in its history", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("answer one"), reply.text("answer two")]);
    const a = await startSession(box, server);
    const b = await startSession(box, server);
    a.submit("alpha prompt");
    await a.waitForScreen("answer one");
    b.submit("beta prompt");
    await b.waitForScreen("answer two");

    const third = await startSession(box, server);
    third.press("Up", "Up");
    await third.waitForScreen(/^›\s*alpha prompt$/m);
  });

  it("Tab completes a slash command", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startSession(box, server);
    term.type("/hel");
    term.press("Tab");
    await term.waitForScreen(/^›\s*\/help$/m);
    term.press("Enter");
    await term.waitForScreen("/exit           end the session");
  });
});
