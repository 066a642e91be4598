/**
 * Issue 16, items 1 and 4, in a real terminal (tmux): the spinner with elapsed time and line count
 * while a tool runs, Esc interrupting the running tool, and a typed-ahead prompt queued and echoed
 * when it runs.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("live progress in the interactive session", { timeout: 120_000 }, () => {
  it("a 3 s tool shows a spinner with its elapsed time, output line count and the Esc hint", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo one; echo two; sleep 3" }),
      reply.text("slept"),
    ]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("sleep");
    const screen = await term.waitForScreen(
      /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] bash echo one; echo two; sleep 3 \([12]s · 2 lines · Esc to interrupt\)/,
    );
    expect(screen).not.toContain("slept");
    await term.waitForScreen(/^slept$/m);
  });

  it("a slow UserPromptSubmit hook turns the spinner with its name and time: the screen was blank while it ran", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "sleep 3" }] }] },
    });
    const server = await modelServer([reply.text("answered")]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("hello");
    await term.waitForScreen(
      /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] hook UserPromptSubmit "[^"]*sleep 3" \([12]s · Esc to interrupt\)/,
    );
    const screen = await term.waitForScreen(/^answered$/m);
    expect(screen).not.toMatch(/hook UserPromptSubmit "[^"]*sleep 3" \(/);
  });

  it("a terminal narrowed while the spinner turns keeps no row of it: the status is erased whole, as rewrapped", async () => {
    const box = sandbox();
    const command = `sleep 3; echo ${"a".repeat(80)}`;
    const server = await modelServer([reply.toolCall("bash", { command }), reply.text("slept")]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("sleep");
    // A spinner row of about 110 columns: at 60 the terminal (tmux) rewraps it onto two rows.
    await term.waitForScreen(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] bash sleep 3/);
    term.tmux("resize-window", "-t", "t", "-x", "60", "-y", "40");
    const screen = await term.waitForScreen(/^slept$/m);
    expect(screen).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
    // Nothing above the status was erased with it.
    expect(screen).toMatch(/^› sleep$/m);
  });

  it("Esc interrupts the running tool: the prompt ends, and the next model call has the history and the user's interruption", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo started; sleep 30" }),
      reply.text("after the interrupt"),
    ]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("sleep long");
    await term.waitForScreen(/bash echo started; sleep 30 \(\d+s · 1 line/);
    const started = Date.now();
    term.press("Escape");
    await term.waitForScreen(/✗ bash echo started; sleep 30 → .*aborted/);
    await term.waitForScreen(/^interrupted · what should codebot do instead\?$/m);
    expect(Date.now() - started).toBeLessThan(15_000);
    // Waiting for input: the model is not called again until the user says something.
    expect(server.requests).toHaveLength(1);
    term.submit("go on");
    await term.waitForScreen("after the interrupt");
    const sent = requestText(server.requests[1]);
    expect(sent).toContain("started");
    expect(sent).toContain("[Request interrupted by user for tool use]");
    expect(sent.indexOf("[Request interrupted by user for tool use]")).toBeLessThan(sent.indexOf("go on"));
  });

  it("Esc while a table is still streaming: what had arrived is shown before the line saying Esc interrupts, not after it", async () => {
    const box = sandbox();
    // The table's last row has no end yet, and the stream stays open: the table is still growing.
    const server = await modelServer([
      reply.hang("The matchers:\n\n| event | matcher |\n|---|---|\n| PreToolUse | bash"),
    ]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("explain");
    await term.waitForScreen(/^The matchers:$/m);
    term.press("Escape");
    const screen = await term.waitForScreen(/^interrupted · what should codebot do instead\?$/m);
    expect(screen).toMatch(/PreToolUse[\s\S]*\nEsc: interrupting\n/);
  });

  it("Ctrl+D while a tool runs only arms quitting, as claude 2.1.328's (recorded): the run goes on", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo started; sleep 30" })]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("sleep long");
    await term.waitForScreen(/bash echo started; sleep 30 \(\d+s · 1 line/);
    term.press("C-d");
    await term.waitForScreen("(Ctrl+D again to quit)");
    // Still running a few ticks later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(term.screen()).not.toMatch(/^interrupted$/m);
    term.press("C-d", "C-d");
    expect(await term.exitCode()).toBe(0);
  });

  it("Ctrl+D twice while a tool runs: the run is interrupted and the session closes, without asking what to do instead", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo started; sleep 30" })]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("sleep long");
    await term.waitForScreen(/bash echo started; sleep 30 \(\d+s · 1 line/);
    term.press("C-d", "C-d");
    expect(await term.exitCode()).toBe(0);
    const screen = term.screen();
    expect(screen).toMatch(/^interrupted$/m);
    expect(screen).not.toContain("what should codebot do instead");
  });

  it("Esc while the model is writing: its text so far is kept, followed by the interruption", async () => {
    const box = sandbox();
    const server = await modelServer([reply.hang("Step one is done.\n\nNow step tw"), reply.text("ok")]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("think");
    // The answer is rendered block by block: the finished paragraph is on screen.
    await term.waitForScreen(/^Step one is done\.$/m);
    term.press("Escape");
    await term.waitForScreen(/^interrupted · what should codebot do instead\?$/m);
    term.submit("shorter please");
    await term.waitForScreen(/^ok$/m);
    const sent = requestText(server.requests[1]);
    expect(sent).toMatch(/Step one is done\..*Now step tw.*\[Request interrupted by user\].*shorter please/);
  });

  it("a prompt typed while one runs is queued, said to be, and echoed when it runs", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "sleep 2" }),
      reply.text("first answer"),
      reply.text("second answer"),
    ]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("first");
    await term.waitForScreen(/bash sleep 2 \(/);
    term.submit("the second prompt");
    await term.waitForScreen("(queued: the second prompt — runs when the current prompt is done)");
    const screen = await term.waitForScreen(/^second answer$/m);
    expect(screen).toMatch(/first answer\n›\s*the second prompt\n(?:.*\n)*second answer/);
  });

  it("text typed while a run goes on is shown under its status line as it is typed, and is at the prompt when the run ends", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "sleep 2" }),
      reply.text("first answer"),
      reply.text("second answer"),
    ]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("first");
    await term.waitForScreen(/bash sleep 2 \(/);
    term.type("the next prompt");
    const during = await term.waitForScreen(/^› the next prompt$/m);
    expect(during).toMatch(/bash sleep 2 \(.*\n› the next prompt$/m);
    const after = await term.waitForScreen(/^first answer$/m);
    await term.waitForScreen(/^first answer\n› the next prompt\n/m);
    // Drawn once, at the prompt: nothing of it was left inside the output.
    expect(term.screen().match(/the next prompt/g)).toHaveLength(1);
    expect(after).not.toMatch(/first answer.*the next prompt|the next prompt.*first answer/);
    term.press("Enter");
    await term.waitForScreen(/^second answer$/m);
    expect(requestText(server.requests[2])).toContain("the next prompt");
  });

  it("a line typed during a run that is wider than the terminal leaves the output whole when the prompt comes back", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "sleep 2" }),
      reply.text("first answer"),
    ]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("first");
    await term.waitForScreen(/bash sleep 2 \(/);
    const long = `${"x".repeat(150)}END`;
    term.type(long);
    await term.waitForScreen(/xEND$/m);
    await term.waitForScreen(/^› x+$/m);
    // Two rows at the prompt; the answer above them is whole.
    const screen = term.screen();
    expect(screen).toMatch(/^✓ bash sleep 2 → \(no output\)\nfirst answer\n› x+\n/m);
  });

  it("/compact shows a spinner with its elapsed time and the Esc hint while the summary is written", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first answer"), reply.hang("summarising")]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("hello");
    await term.waitForScreen(/^first answer\n›/m);
    term.submit("/compact");
    await term.waitForScreen(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] compacting… \([12]s · Esc to interrupt\)$/m);
    term.press("Escape");
    const screen = await term.waitForScreen(
      /^compaction interrupted; the conversation is unchanged\n›.*\n.*context/m,
    );
    expect(screen).not.toContain("compacting… (");
  });

  it("a call that waited at its question: its time counts from the answer, not from before the question", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch t.txt; sleep 4" }),
      reply.text("slept"),
    ]);
    const term = await startSession(box, server);
    term.submit("go");
    await term.waitForScreen("? allow bash touch t.txt; sleep 4");
    // The question stays open three seconds before it is answered.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    term.type("y");
    const running = await term.waitForScreen(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] bash touch t.txt; sleep 4 \((\d+)s/);
    expect(Number(/sleep 4 \((\d+)s/.exec(running)?.[1])).toBeLessThan(3);
    await term.waitForScreen(/^slept$/m);
  });
});
