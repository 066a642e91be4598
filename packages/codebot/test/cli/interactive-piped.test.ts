import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { cliPath, runCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const ESC = "\x1b";

/**
 * The interactive session (no `-p`) when stdout is not a terminal: plain lines only — no colour,
 * no cursor movement, no erase-line, no bracketed paste, not one ESC byte.
 */
describe("codebot (interactive) without a terminal", { timeout: 120_000 }, () => {
  for (const extra of [{}, { NO_COLOR: "1" }] as Record<string, string>[]) {
    it(`runs piped prompts in order, with a tool call, in plain text${"NO_COLOR" in extra ? " (NO_COLOR)" : ""}`, async () => {
      const box = sandbox();
      const server = await modelServer([
        reply.toolCall("bash", { command: "echo piped-tool-ran > out.txt" }),
        reply.text("**first** answer, with `code`"),
        reply.text("# Second\n\nthe second answer"),
      ]);
      const r = await runCli(["--permission-mode", "bypassPermissions"], {
        cwd: box.project,
        env: modelEnv(server, box.home, extra),
        input: "write the file\nand now?\n",
      });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain(ESC);
      expect(fs.readFileSync(path.join(box.project, "out.txt"), "utf8")).toBe("piped-tool-ran\n");
      const lines = r.stdout.split("\n");
      // Each prompt is echoed as it runs, its answer (markdown rendered, without the markup) after it.
      const order = [
        "› write the file",
        "✓ bash echo piped-tool-ran > out.txt → (no output)",
        "first answer, with code",
        "› and now?",
        "Second",
        "the second answer",
      ].map((line) => lines.indexOf(line));
      expect(order).not.toContain(-1);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      // The second prompt was sent after the first one's answer, in the same conversation.
      expect(server.requests).toHaveLength(3);
      expect(requestText(server.requests[2])).toContain("answer, with `code`");
      // The end of the input ends the session, through SessionEnd.
      expect(lines).toContain("closing the session (SessionEnd, waiting for hooks)…");
      // Esc is no key without a terminal: the banner does not offer it.
      expect(lines[1]).toBe(
        "/help for commands · Ctrl+C interrupts a run · Ctrl+C or Ctrl+D twice, or /exit quits",
      );
    });
  }

  it("/compact that fails says why once, and the conversation goes on unchanged", async () => {
    const box = sandbox();
    // Refused as too long, the summary request is sent twice more, cut shorter each time.
    const tooLong = reply.httpError(400, { message: "prompt is too long" });
    const server = await modelServer([
      reply.text("first answer"),
      tooLong,
      tooLong,
      tooLong,
      reply.text("second answer"),
    ]);
    const r = await runCli([], {
      cwd: box.project,
      env: modelEnv(server, box.home),
      input: "hello\n/compact\nand now?\n",
    });
    expect(r.code).toBe(0);
    expect(r.stdout.match(/prompt is too long/g)).toEqual(["prompt is too long"]);
    expect(r.stdout).toMatch(/^compaction failed: prompt is too long/m);
    expect(r.stdout).toContain("start a new conversation (/clear, or a run without -c/-r)");
    expect(requestText(server.requests[4])).toContain("first answer");
  });

  it("answers an approval question no when stdin is a pipe (its lines are prompts, not answers)", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo asked > no.txt" }),
      reply.text("did not write it"),
      reply.text("a prompt of its own"),
    ]);
    const r = await runCli([], {
      cwd: box.project,
      env: modelEnv(server, box.home),
      input: "write no.txt\ny\n",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toContain("allow bash echo asked > no.txt");
    expect(r.stdout).toContain("no (stdin is not a terminal)");
    expect(r.stdout).toContain("did not write it\n› y\na prompt of its own\n");
    expect(fs.existsSync(path.join(box.project, "no.txt"))).toBe(false);
  });

  it("the project question gets no from a pipe, whose first line stays a prompt", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", {
      hooks: { UserPromptSubmit: [command("echo ran >> hook.log", { name: "logger" })] },
    });
    const server = await modelServer([reply.text("answered y as a prompt")]);
    const r = await runCli([], { cwd: box.project, env: modelEnv(server, box.home), input: "y\n" });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toContain(
      "no (stdin is not a terminal; --trust-project-hooks runs them for one session)",
    );
    expect(r.stdout).toMatch(/^› y\n(.*\n)?answered y as a prompt\n/m);
    expect(fs.existsSync(path.join(box.project, "hook.log"))).toBe(false);
  });

  it("-r without an id from a pipe lists the sessions instead of taking a pipe line as the pick", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "LISTED-PROMPT"], { cwd: box.project, env });
    const r = await runCli(["-r"], { cwd: box.project, env, input: "1\n" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--resume needs a session id here/);
    expect(r.stderr).toContain("LISTED-PROMPT");
    expect(server.requests).toHaveLength(1);
  });

  it("/resume alone lists the other sessions and says how to go on with one", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const env = modelEnv(server, box.home);
    expect((await runCli(["-p", "LISTED-PROMPT", "--cwd", box.project], { env })).code).toBe(0);
    const r = await runCli(["--cwd", box.project], { env, input: "/resume\n" });
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    const listed = lines.findIndex((line) => line.includes("LISTED-PROMPT"));
    expect(listed).not.toBe(-1);
    expect(lines[listed + 1]).toBe("/resume <n> or /resume <session id> goes on with one of them");
  });

  it("/resume n shows the conversation it goes on with, then says it resumed", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("EARLIER-ANSWER")]);
    const env = modelEnv(server, box.home);
    expect((await runCli(["-p", "EARLIER-PROMPT", "--cwd", box.project], { env })).code).toBe(0);
    const r = await runCli(["--cwd", box.project], { env, input: "/resume 1\n" });
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    const order = ["› EARLIER-PROMPT", "EARLIER-ANSWER"].map((line) => lines.indexOf(line));
    expect(order).not.toContain(-1);
    const resumed = lines.findIndex((line) => line.startsWith("resumed session "));
    expect(order[1]).toBeLessThan(resumed);
  });

  it("/resume n shows an earlier answer's Markdown rendered, even sent before the renderer has loaded", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("**Earlier** answer.")]);
    const env = modelEnv(server, box.home);
    expect((await runCli(["-p", "EARLIER-PROMPT", "--cwd", box.project], { env })).code).toBe(0);
    const r = await runCli(["--cwd", box.project], { env, input: "/resume 1\n" });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toContain("Earlier answer.");
    expect(r.stdout).not.toContain("**Earlier**");
  });

  it("a slash command from a pipe runs in its turn, and /exit ends the session there", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("the only answer")]);
    const r = await runCli([], {
      cwd: box.project,
      env: modelEnv(server, box.home),
      input: "/help\nhello\n/exit\nnever sent\n",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
    const at = (text: string) => r.stdout.indexOf(text);
    expect(at("› /exit")).toBeGreaterThan(at("the only answer"));
    expect(at("the only answer")).toBeGreaterThan(at("› hello"));
    expect(r.stdout).not.toContain("never sent");
    expect(server.requests).toHaveLength(1);
  });

  it("stdin a terminal and stdout a file: the file gets plain lines; the question takes a typed line", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo typed-yes > yes.txt" }),
      reply.text("**done** writing"),
    ]);
    const outFile = path.join(box.project, "session.txt");
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      program: ["sh", "-c", 'exec "$0" "$1" > session.txt', process.execPath, cliPath],
      args: [],
    });
    const file = () => (fs.existsSync(outFile) ? fs.readFileSync(outFile, "utf8") : "");
    await waitFor(() => file().includes("Ctrl+D twice, or /exit quits"), 20_000, "the banner in the file");
    term.submit("write yes.txt");
    await waitFor(() => file().includes("allow bash echo typed-yes > yes.txt"), 20_000, "the question");
    term.submit("y");
    await waitFor(() => file().includes("done writing"), 20_000, "the answer");
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
    const text = file();
    expect(text).not.toContain(ESC);
    // The output is a record: each prompt as it ran, the answer typed to the question.
    expect(text).toContain(
      "› write yes.txt\n? allow bash echo typed-yes > yes.txt  [y]es / [n]o / [a]lways (bash(echo typed-yes > yes.txt)): y\n✓ bash echo typed-yes > yes.txt → (no output)\ndone writing\n› /exit\n",
    );
    expect(fs.readFileSync(path.join(box.project, "yes.txt"), "utf8")).toBe("typed-yes\n");
  });

  it("stdin a terminal and stdout a file: -r alone asks for a number, not the picker; the typed number resumes", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const env = modelEnv(server, box.home);
    for (const prompt of ["EARLIER-ONE", "EARLIER-TWO"])
      expect((await runCli(["-p", prompt, "--cwd", box.project], { env })).code).toBe(0);
    const outFile = path.join(box.project, "session.txt");
    const term = TmuxSession.start({
      dir: box.project,
      env,
      program: ["sh", "-c", 'exec "$0" "$1" "$2" > session.txt', process.execPath, cliPath],
      args: ["-r"],
    });
    const file = () => (fs.existsSync(outFile) ? fs.readFileSync(outFile, "utf8") : "");
    await waitFor(() => file().includes("resume which? [1-2, Enter for none]"), 20_000, "the question");
    expect(file()).not.toContain("↑/↓ choose");
    term.submit("2");
    await waitFor(() => file().includes("EARLIER-ONE"), 20_000, "the resumed session's recap");
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
  });

  it("stdin a terminal and stdout a file: Ctrl+C interrupts the running tool, the session goes on", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch started; sleep 30" }),
      reply.text("after the interruption"),
    ]);
    const outFile = path.join(box.project, "session.txt");
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      program: ["sh", "-c", 'exec "$0" "$1" "$2" "$3" > session.txt', process.execPath, cliPath],
      args: ["--permission-mode", "bypassPermissions"],
    });
    const file = () => (fs.existsSync(outFile) ? fs.readFileSync(outFile, "utf8") : "");
    await waitFor(() => file().includes("Ctrl+D twice, or /exit quits"), 20_000, "the banner in the file");
    term.submit("sleep a while");
    await waitFor(() => fs.existsSync(path.join(box.project, "started")), 20_000, "the tool's start");
    // Ctrl+C reaches the session as the terminal's signal (readline is not in raw mode).
    term.press("C-c");
    await waitFor(
      () => file().includes("interrupted · what should codebot do instead?"),
      20_000,
      "the interruption",
    );
    term.submit("and now?");
    await waitFor(() => file().includes("after the interruption"), 20_000, "the next answer");
    term.submit("/exit");
    // Waited for to the end: the session writes session.txt into the project until it has exited.
    expect(await term.exitCode()).toBe(0);
    expect(file()).toContain("closing the session");
    expect(file()).not.toContain(ESC);
    expect(file()).toMatch(/✗ bash touch started; sleep 30 → .*aborted/);
  });
});
