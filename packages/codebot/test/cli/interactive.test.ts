import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** An ANSI colour/style escape sequence. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

/**
 * `codebot ARGS` in a terminal in the sandbox's project, against the model server; resolves when
 * the session is ready, i.e. its prompt shows (the banner comes earlier, while it starts).
 */

describe("codebot (interactive, in a terminal)", { timeout: 120_000 }, () => {
  it("streams the answer to a typed prompt, then offers the prompt again", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("Hello from the loopback model")]);
    const term = await startSession(box, server);
    term.submit("say hello");
    // (capture-pane drops the space after the prompt sign)
    const screen = await term.waitForScreen(/Hello from the loopback model\n›\s*$/m);
    expect(screen).toContain("› say hello");
  });

  it("a prompt given on the command line is shown above its answer, as a typed one is", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("Answer to the given prompt")]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["summarise the readme"],
    });
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^Answer to the given prompt\n›.*\n.*context/m);
    expect(screen).toMatch(/^› summarise the readme\nAnswer to the given prompt$/m);
  });

  it("shows a tool call as one line with its result, after the user answers the approval question", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo approved > out.txt" }),
      reply.toolCall("bash", { command: "echo refused > no.txt" }),
      reply.text("all done"),
    ]);
    const term = await startSession(box, server);
    term.submit("write the files");
    await term.waitForScreen(
      "allow bash echo approved > out.txt  [y]es / [n]o / [a]lways (bash(echo approved > out.txt)):",
    );
    term.submit("y");
    await term.waitForScreen("✓ bash echo approved > out.txt → (no output)");
    await term.waitForScreen("allow bash echo refused > no.txt");
    term.submit("n");
    const screen = await term.waitForScreen("all done");
    expect(screen).toContain(
      "✗ bash echo refused > no.txt → permission denied: the user refused this bash call",
    );
    expect(fs.readFileSync(`${box.project}/out.txt`, "utf8")).toBe("approved\n");
    expect(fs.existsSync(`${box.project}/no.txt`)).toBe(false);
  });

  it("a model call that fails for good is said once, and the next prompt goes on with the conversation", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.httpError(401, { message: "invalid x-api-key" }),
      reply.text("back again"),
    ]);
    const term = await startSession(box, server);
    term.submit("first");
    const screen = await term.waitForScreen(/invalid x-api-key[\s\S]*\n›/);
    expect(screen.match(/invalid x-api-key/g)).toHaveLength(1);
    expect(screen).toContain("✗ model: status 401: invalid x-api-key");
    term.submit("second");
    await term.waitForScreen("back again");
  });

  it("Ctrl+C cancels the running tool call; the session goes on", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "sleep 30" }),
      reply.text("next answer"),
    ]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    term.submit("sleep a while");
    await term.waitForScreen(/bash sleep 30 \(\d+s/);
    const started = Date.now();
    term.press("C-c");
    await term.waitForScreen(/✗ bash sleep 30 → .*aborted/);
    await term.waitForScreen(/^interrupted · what should codebot do instead\?$/m);
    expect(Date.now() - started).toBeLessThan(15_000);
    term.submit("and now?");
    await term.waitForScreen("next answer");
  });

  it("/exit ends the session through close(): SessionEnd hooks run, exit code 0", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { SessionEnd: [command("sleep 0.2; echo bye > ended.txt")] },
    });
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
    expect(fs.readFileSync(`${box.project}/ended.txt`, "utf8")).toBe("bye\n");
  });

  it("a terminal that goes away (window closed) still ends the session through close()", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { SessionEnd: [command("sleep 0.2; echo bye > ended.txt")] },
    });
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.kill();
    await waitFor(() => fs.existsSync(`${box.project}/ended.txt`), 20_000, "SessionEnd after the hang-up");
  });

  it("Ctrl+C twice when idle quits, also through close()", async () => {
    const box = sandbox();
    const settings = box.json("s.json", { hooks: { SessionEnd: [command("echo bye > ended.txt")] } });
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.press("C-c");
    await term.waitForScreen("(Ctrl+C again, Ctrl+D or /exit to quit)");
    term.press("C-c");
    expect(await term.exitCode()).toBe(0);
    expect(fs.existsSync(`${box.project}/ended.txt`)).toBe(true);
  });

  it("a first Ctrl+D at an empty prompt only arms quitting: the session goes on; two close together quit (claude 2.1.328's)", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("still here")]);
    const term = await startSession(box, server);
    term.press("C-d");
    await term.waitForScreen("(Ctrl+D again to quit)");
    term.submit("are you there");
    await term.waitForScreen(/still here\n›\s*$/m);
    term.press("C-d", "C-d");
    expect(await term.exitCode()).toBe(0);
  });

  it("Ctrl+D then Ctrl+C quit, as two of either do in claude 2.1.328", async () => {
    const box = sandbox();
    const term = await startSession(box, await modelServer([]));
    term.press("C-d");
    await term.waitForScreen("(Ctrl+D again to quit)");
    term.press("C-c");
    expect(await term.exitCode()).toBe(0);
  });

  it("a Ctrl+D 1.1 s after the first is a first press again: the session goes on (claude 2.1.328's window: 0.8 s quit, 0.9 s did not)", async () => {
    const box = sandbox();
    const term = await startSession(box, await modelServer([reply.text("still here")]));
    const first = Date.now();
    term.press("C-d");
    await term.waitForScreen("(Ctrl+D again to quit)");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, first + 1_100 - Date.now())));
    term.press("C-d");
    await waitFor(
      () => term.screen().split("(Ctrl+D again to quit)").length === 3,
      20_000,
      "the second notice",
    );
    term.submit("hello");
    await term.waitForScreen("still here");
    // Two close together still quit.
    term.press("C-d", "C-d");
    expect(await term.exitCode()).toBe(0);
  });

  it("a Ctrl+C long after the first is a first press again: the session goes on (claude 2.1.328 quits only on two close together)", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "sleep 30" }), reply.text("unused")]);
    const term = await startSession(box, server, { args: ["--permission-mode", "bypassPermissions"] });
    // A run interrupted by Ctrl+C, then a while at the prompt.
    term.submit("wait");
    await term.waitForScreen("bash sleep 30 (");
    term.press("C-c");
    await term.waitForScreen("interrupted · what should codebot do instead?");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    term.press("C-c");
    await term.waitForScreen("(Ctrl+C again, Ctrl+D or /exit to quit)");
    // And an idle Ctrl+C a while after that one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    term.press("C-c");
    await waitFor(
      () => term.screen().split("(Ctrl+C again, Ctrl+D or /exit to quit)").length === 3,
      20_000,
      "the second notice",
    );
    term.submit("/cost");
    await term.waitForScreen(/^Estimated cost: /m);
    // Two close together still quit.
    term.press("C-c", "C-c");
    expect(await term.exitCode()).toBe(0);
  });

  it("asks once per project, before the session starts, listing every hook; one key answers: y this session, n no", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", {
      hooks: {
        UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo x >> prompts.log" }] }],
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }],
      },
    });
    const server = await modelServer([reply.text("first"), reply.text("second")]);
    const env = modelEnv(server, box.home);
    const first = TmuxSession.start({ dir: box.project, env, args: [] });
    const question = await first.waitForScreen(/allow them\? y this session · a always .* · n no:\s*$/m);
    expect(question).toMatch(
      /UserPromptSubmit .*\n {2}command: echo x >> prompts\.log\n {2}from project \.claude\/settings\.json/,
    );
    expect(question).toMatch(/PreToolUse matcher Bash .*\n {2}command: exit 0/);
    first.type("y");
    await first.waitForScreen(/^›/m);
    first.submit("hi");
    await first.waitForScreen("first");
    expect(fs.readFileSync(`${box.project}/prompts.log`, "utf8")).toBe("x\n");
    first.submit("/exit");
    expect(await first.exitCode()).toBe(0);

    const second = TmuxSession.start({ dir: box.project, env, args: [] });
    await second.waitForScreen("allow them?");
    second.type("n");
    // A notice of the session: without the `codebot: ` prefix of its stderr line with -p.
    await second.waitForScreen(/^2 project hooks were not run because they are not trusted/m);
    second.submit("hi again");
    await second.waitForScreen("second");
    expect(fs.readFileSync(`${box.project}/prompts.log`, "utf8")).toBe("x\n");
  });

  it("notices on screen have no `codebot: ` prefix: the session's own and the runtime's alike", async () => {
    const box = sandbox();
    const userSettings = box.json(`${box.home}/settings.json`, {});
    const server = await modelServer([reply.text("first")]);
    const term = await startSession(box, server, { env: { CODEBOT_IDLE_PROMPT_MS: "soon" } });
    await term.waitForScreen(/^CODEBOT_IDLE_PROMPT_MS "soon" is not a number of milliseconds; ignored$/m);
    // A settings file edited mid-session: the runtime's notice.
    box.json(userSettings, { permissions: { allow: ["Bash(ls)"] } });
    await term.waitForScreen(
      /^\S*settings\.json changed; its hooks and permission rules apply from now on$/m,
    );
    expect(term.screen()).not.toContain("codebot: ");
  });

  it("/resume and -r alone open the picker, one row per session cut to the terminal's width, however long its first prompt", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two"), reply.text("three")]);
    const env = modelEnv(server, box.home);
    for (const n of [1, 2]) {
      const prompt = `prompt ${n}: ${"a long first prompt that goes on ".repeat(3)}`;
      expect((await runCli(["-p", prompt, "--cwd", box.project], { env })).code).toBe(0);
    }
    const listed = (screen: string, first = "   1  ") => {
      const rows = screen.split("\n");
      const at = rows.findIndex((row) => row.startsWith(first));
      return rows.slice(at, at + 2);
    };
    const term = await startSession(box, server);
    term.submit("/resume");
    const rows = listed(await term.waitForScreen(/^ {3}2 {2}\S+ {2}.*…$/m), "❯  1  ");
    expect(rows[0]).toMatch(/^❯ {2}1 {2}[0-9a-f-]{36} {2}.* prompt 2: a long first prompt .*…$/);
    expect(rows[1]).toMatch(/^ {3}2 {2}[0-9a-f-]{36} {2}.* prompt 1: a long first prompt .*…$/);
    term.press("Escape");
    await term.waitForScreen(/^resume cancelled$/m);
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);

    // `-r` alone in a terminal opens the same picker, as claude's `-r` does; Enter resumes the chosen one.
    const picker = TmuxSession.start({ dir: box.project, env, args: ["-r"] });
    const picked = listed(await picker.waitForScreen(/^ {3}2 {2}\S+ {2}.*…$/m), "❯  1  ");
    expect(picked[0]).toMatch(/^❯ {2}1 {2}.* prompt 2: a long first prompt .*…$/);
    expect(picked[1]).toMatch(/^ {3}2 {2}.* prompt 1: a long first prompt .*…$/);
    expect(picker.screen()).not.toContain("resume which?");
    picker.press("Down");
    await picker.waitForScreen(/^❯ {2}2 {2}/m);
    picker.press("Enter");
    await picker.waitForScreen(/^resuming [0-9a-f-]{36}$/m);
    await picker.waitForScreen(/prompt 1: a long first prompt/);
    picker.submit("/exit");
    expect(await picker.exitCode()).toBe(0);
  });

  it("/hooks lists the configured hooks and where they come from; /model reports a bad spec as one line", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { PreToolUse: [command("exit 0", { name: "my-guard", matcher: "bash" })] },
    });
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("/hooks");
    await term.waitForScreen(/my-guard\n {4}command: exit 0\n {4}matcher: bash/);
    await term.waitForScreen("from cli s.json · trust: approved (user-owned)");
    term.submit("/model acme/x");
    await term.waitForScreen('model: unknown provider "acme" in "acme/x"');
    term.submit("/model claude-haiku-4-5");
    await term.waitForScreen(
      "model: anthropic/claude-haiku-4-5 (from the next model call; saved as your default for new sessions)",
    );
  });

  it("uses colours on a terminal, and none when NO_COLOR is set", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const coloured = await startSession(box, server);
    expect(coloured.screen(true)).toMatch(SGR);
    const plain = await startSession(box, server, { env: { NO_COLOR: "1" } });
    expect(plain.screen(true)).not.toMatch(SGR);
  });

  it("codebot hooks trust asks y/n on a terminal and approves on the y key, no Enter needed", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { hooks: { PreToolUse: [command("exit 0", { name: "proj" })] } });
    const term = TmuxSession.start({ dir: box.project, env: cliEnv(box.home), args: ["hooks", "trust"] });
    await term.waitForScreen("approve them? [y/n]");
    term.type("y");
    expect(await term.exitCode()).toBe(0);
    await waitFor(() => fs.existsSync(`${box.home}/trust`), 5_000, "the trust store");
    expect(term.screen()).toContain("approved 1 hook(s) and 0 grant(s)");
  });
});
