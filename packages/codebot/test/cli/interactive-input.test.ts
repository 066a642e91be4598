/**
 * Issue 16, item 8, in a real terminal (tmux): a multi-line prompt (trailing backslash), the
 * prompt history of the project kept across sessions (also sessions open at the same time), and
 * Tab completion of slash commands.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { heldReply, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { cliPath, useBuiltCli } from "./support/cli-process.js";
import { startSession, startSessionWith } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

describe("prompt input", { timeout: 120_000 }, () => {
  it("a line ending with a backslash continues on the next: one prompt of two lines", async () => {
    const { server, term } = await startSessionWith([reply.text("got both")]);
    term.submit("first line \\");
    await term.waitForScreen(/^… ?$/m);
    term.submit("second line");
    await term.waitForScreen("got both");
    expect(requestText(server.requests[0])).toContain("first line \\nsecond line");
  });

  it("Alt+Enter and Shift+Enter (as kitty's CSI 13;2u and xterm's CSI 27;2;13~) break the line instead of sending it", async () => {
    const { server, term } = await startSessionWith([reply.text("got all four")]);
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

  it("text typed while a run goes on comes back with the cursor after it: what is sent is what was shown", async () => {
    const { step: held, release } = heldReply("first done");
    const { server, term } = await startSessionWith([held, reply.text("second done")]);
    term.submit("slow one");
    await term.waitForScreen("Esc to interrupt");
    term.type("abc");
    release();
    await term.waitForScreen("first done");
    term.type("de");
    await term.waitForScreen(/^› abcde$/m);
    term.press("Enter");
    await term.waitForScreen("second done");
    expect(requestText(server.requests[1])).toContain("abcde");
  });

  it("a pasted line of several rows, then edited before its end: the input is drawn once, in place", async () => {
    const { server, term } = await startSessionWith([reply.text("sent")]);
    const long = Array.from({ length: 45 }, (_, i) => `word${i}`).join(" ");
    term.tmux("set-buffer", "-b", "p", long);
    term.tmux("paste-buffer", "-p", "-b", "p", "-t", "t");
    await term.waitForScreen("word44");
    term.press("Left");
    term.type("X");
    const screen = await term.waitForScreen("word4X4");
    expect(screen.match(/› word0 /g)).toHaveLength(1);
    term.press("Enter");
    await term.waitForScreen("sent");
    expect(requestText(server.requests[0])).toContain("word43 word4X4");
  });

  it("a line ended with a backslash while a run goes on: the next line's … shows under the status, before anything is typed", async () => {
    const { term } = await startSessionWith([reply.hang()]);
    term.submit("slow one");
    await term.waitForScreen("Esc to interrupt");
    term.submit("first line of the next prompt \\");
    // The final state: the status line, the prompt's next line (nothing typed on it yet) under it.
    const screen = await term.waitForScreen(/Esc to interrupt\)\n… *\n/);
    expect(screen).not.toContain("(queued:");
  });

  it("a prompt of several lines begun while a run goes on: when the prompt comes back, its sent lines are above the one being typed", async () => {
    const { step: held, release } = heldReply("first answer");
    const { term } = await startSessionWith([held]);
    term.submit("slow one");
    await term.waitForScreen("Esc to interrupt");
    term.submit("begun during the run \\");
    await term.waitForScreen(/Esc to interrupt\)\n… *\n/);
    term.type("and finished");
    await term.waitForScreen(/^… and finished\n/m);
    release();
    // The final state: the answer, the whole prompt being typed under it, the status line under that.
    const screen = await term.waitForScreen(
      /^first answer\n› begun during the run \\\n… and finished\n.*context/m,
    );
    expect(screen.match(/begun during the run/g)).toHaveLength(1);
  });

  it("text of several rows typed while a run goes on: the answer printed meanwhile stays above it", async () => {
    const { step: held, release } = heldReply("answer one\n\nanswer two\n\nanswer three");
    const { term } = await startSessionWith([held]);
    term.submit("slow one");
    await term.waitForScreen("Esc to interrupt");
    // Three rows, and an edit before their end: readline counts them as drawn, though it drew nothing.
    term.type(Array.from({ length: 45 }, (_, i) => `word${i}`).join(" "));
    term.press("Left");
    term.type("X");
    release();
    await term.waitForScreen(/^› word0 (.*\n)*.*word4X4$/m);
    expect(term.screen()).toMatch(/^answer one\n\nanswer two\n\nanswer three\n› word0 /m);
  });

  it("Ctrl+C at the prompt clears the whole line, wherever the cursor is", async () => {
    const { server, term } = await startSessionWith([reply.text("sent")]);
    term.type("hello world");
    term.press("Left", "Left", "Left", "Left", "Left");
    await term.waitForScreen(/^› hello world$/m);
    term.press("C-c");
    await term.waitForScreen(/^›\s*$/m);
    expect(term.screen()).not.toContain("world");
    // The line is empty: what is typed next is all that is sent.
    term.submit("new text");
    await term.waitForScreen("sent");
    expect(requestText(server.requests[0])).not.toContain("world");
  });

  it("Esc followed at once by a key still interrupts the run", async () => {
    const { term } = await startSessionWith([() => new Promise<never>(() => {}), reply.text("after")]);
    term.submit("go");
    await term.waitForScreen("Esc to interrupt");
    term.press("Escape");
    await new Promise((resolve) => setTimeout(resolve, 150));
    term.type("n");
    await term.waitForScreen("Esc: interrupting");
  });

  it("a pasted text of several lines is one prompt, sent with Enter", async () => {
    const { server, term } = await startSessionWith([reply.text("got the paste")]);
    term.tmux("set-buffer", "first pasted line\nsecond pasted line\nthird");
    term.tmux("paste-buffer", "-p", "-t", "t");
    await term.waitForScreen(/^… third$/m);
    expect(server.requests).toHaveLength(0);
    term.press("Enter");
    await term.waitForScreen("got the paste");
    expect(server.requests).toHaveLength(1);
    expect(requestText(server.requests[0])).toContain("first pasted line\\nsecond pasted line\\nthird");
  });

  it("a pasted line of 30 000 characters is folded at once, and is sent as pasted", async () => {
    const { box, server, term } = await startSessionWith([reply.text("got the long line")]);
    // Taken key by key, each key measuring the whole line again, it took minutes to appear.
    const words = Array.from({ length: 4000 }, (_, i) => `w${i}`).join(" ");
    // Longer than a tmux command takes: loaded from a file.
    term.tmux("load-buffer", box.write("paste.txt", `${words} end-of-paste`));
    term.tmux("paste-buffer", "-p", "-t", "t");
    await term.waitForScreen(/^› \[Pasted text #1\]\n.*context/m);
    term.press("Enter");
    await term.waitForScreen(/^got the long line$/m);
    expect(requestText(server.requests[0])).toContain(`${words} end-of-paste`);
  });

  it("a prompt of several lines is one history entry: ↑ brings it back whole, and the file keeps it whole", async () => {
    const { box, server, term } = await startSessionWith([
      reply.text("got the paste"),
      reply.text("got it again"),
    ]);
    term.tmux("set-buffer", "first pasted line\nsecond pasted line\nthird");
    term.tmux("paste-buffer", "-p", "-t", "t");
    await term.waitForScreen(/^… third$/m);
    term.press("Enter");
    await term.waitForScreen(/^got the paste\n›/m);
    term.press("Up");
    // The status line is drawn again under the recalled prompt once it is whole.
    await term.waitForScreen(/^› first pasted line\nsecond pasted line\nthird\n.*context/m);
    term.press("Enter");
    await term.waitForScreen(/^got it again\n›/m);
    expect(requestText(server.requests[1])).toContain("first pasted line\\nsecond pasted line\\nthird");
    const file = fs
      .readdirSync(path.join(box.home, "projects"))
      .map((slug) => path.join(box.home, "projects", slug, "prompt-history.jsonl"))[0];
    expect(fs.readFileSync(file ?? "", "utf8")).toBe(
      `${JSON.stringify("first pasted line\nsecond pasted line\nthird")}\n`,
    );
  });

  it("Ctrl+Z at the prompt, then fg: the session goes on", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("still here")]);
    const term = TmuxSession.start({
      dir: box.project,
      // No history file: bash writes it into the home folder as the test's terminal is killed.
      env: { ...modelEnv(server, box.home), PS1: "shell$ ", HISTFILE: "/dev/null" },
      args: [],
      program: ["bash", "--norc", "-i"],
    });
    await term.waitForScreen("shell$");
    term.submit(`${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)}`);
    await term.waitForScreen(/^›/m);
    term.press("C-z");
    await term.waitForScreen("Stopped");
    term.submit("fg");
    await term.waitForScreen(/^› ?$/m);
    term.submit("are you there");
    await term.waitForScreen("still here");
    // Ended here, not by the test's clean-up, which removes its folders.
    term.submit("/exit");
    await term.waitForScreen(/^shell\$\s*$/m);
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

  it("text typed but never sent when the terminal goes away is not a prompt of the history", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("noted")]);
    const first = await startSession(box, server);
    first.submit("a prompt that was sent");
    await first.waitForScreen("noted");
    first.type("half typed, never sent");
    await first.waitForScreen(/^›\s*half typed, never sent$/m);
    first.kill();

    const second = await startSession(box, server);
    second.press("Up");
    await second.waitForScreen(/^›\s*a prompt that was sent$/m);
    expect(server.requests).toHaveLength(1);
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
    const { term } = await startSessionWith([]);
    term.type("/hel");
    term.press("Tab");
    await term.waitForScreen(/^›\s*\/help$/m);
    term.press("Enter");
    await term.waitForScreen(/^\/exit +end the session/m);
  });

  it("←, →, Backspace and Delete step over and delete a whole emoji joined by U+200D or a letter with its accent; the cursor stands where the terminal drew it", async () => {
    const { server, term } = await startSessionWith([reply.text("edited")]);
    // a, 👩‍💻 (2 columns), e + combining acute (1), 👨‍👩‍👧 (2), b: after `› ` (2).
    term.type("a👩‍💻e\u0301👨‍👩‍👧b");
    await term.waitForScreen("› a👩‍💻e\u0301👨‍👩‍👧b");
    const cursor = () => Number(term.tmux("display", "-p", "-t", "t", "#{cursor_x}").trim());
    const at = (column: number) =>
      waitFor(() => cursor() === column, 5_000, `the cursor at column ${column}`);
    await at(9);
    term.press("Left");
    await at(8);
    term.press("Left");
    await at(6);
    term.press("Left");
    await at(5);
    term.press("BSpace");
    await term.waitForScreen("› ae\u0301👨‍👩‍👧b");
    await at(3);
    term.press("DC");
    await term.waitForScreen("› a👨‍👩‍👧b");
    await at(3);
    term.press("Right");
    await at(5);
    term.type("!");
    await term.waitForScreen("› a👨‍👩‍👧!b");
    term.press("Enter");
    await term.waitForScreen(/^edited$/m);
    expect(requestText(server.requests[0])).toContain(JSON.stringify("a👨‍👩‍👧!b").slice(1, -1));
  });
});
