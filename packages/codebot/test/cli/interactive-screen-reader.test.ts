/**
 * Screen-reader mode (`--ax-screen-reader`, CLAUDE_AX_SCREEN_READER, `axScreenReader` in your
 * settings) in a real terminal (tmux), as recorded from claude 2.1.328: the banner says how it was
 * turned on, the prompt is `$`, what runs is said once (no spinner redrawn every 100 ms), no
 * colour, no box drawing, tool lines start with words; a sent prompt says `you: `, an answer
 * `codebot: ` (claude's `claude: `), and an approval question numbers its answers.
 */
import fs from "node:fs";
import path from "node:path";
import { type LoopbackModelServer, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** A colour (SGR) escape sequence. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

const ANSWER =
  "Here is the table.\n\n| Name | Value |\n|------|-------|\n| alpha | 1 |\n| beta | 2 |\n\n---\n\nThe end.";

/** A session whose bytes to the terminal are recorded in `raw` (tmux pipe-pane) from its first prompt. */
async function startSession(
  box: Sandbox,
  server: LoopbackModelServer,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ term: TmuxSession; raw: () => string }> {
  const term = TmuxSession.start({
    dir: box.project,
    env: modelEnv(server, box.home, env),
    args: ["--permission-mode", "bypassPermissions", ...args],
  });
  await term.waitForScreen(/^[›$]/m);
  const file = path.join(box.home, "terminal.raw");
  term.tmux("pipe-pane", "-t", "t", "-o", `cat >> ${file}`);
  return { term, raw: () => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "") };
}

describe("screen-reader mode in the interactive session", { timeout: 120_000 }, () => {
  it("--ax-screen-reader: a banner naming the flag, a running tool said once, no colour and no borders", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo one; sleep 3" }),
      reply.text(ANSWER),
    ]);
    const { term, raw } = await startSession(box, server, ["--ax-screen-reader"]);
    expect(term.screen()).toMatch(/^\[Screen Reader Mode: on via flag\]$/m);
    term.submit("run it");
    const screen = await term.waitForScreen(/^The end\.$/m);
    // Typed at claude's `$`; once sent, the line says whose it is, as the answer does.
    expect(screen).toMatch(/^you: run it$/m);
    expect(screen).not.toMatch(/^\$ run it$/m);
    expect(screen).toMatch(/^codebot: Here is the table\.$/m);
    expect(screen).toMatch(/^tool: bash echo one; sleep 3 result: one$/m);
    expect(screen).toMatch(/^Name: alpha\. Value: 1\.\nName: beta\. Value: 2\.$/m);
    expect(screen).toMatch(/^---$/m);
    expect(screen).not.toMatch(/[┌│─✓→⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
    // Three seconds of a running tool: its status line was written once, not redrawn each tick.
    const bytes = await waitFor(() => (raw().includes("The end.") ? raw() : ""), 10_000, "the raw output");
    expect(bytes.split("running bash echo one; sleep 3…").length - 1).toBe(1);
    // No colour (SGR) sequence at all.
    expect(bytes).not.toMatch(SGR);
  });

  it("an approval question lists its answers numbered, one a line, and a number answers it (claude's form)", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch made.txt" }),
      reply.text("Made it."),
    ]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--ax-screen-reader"],
    });
    await term.waitForScreen(/^\$/m);
    term.submit("make a file");
    const asked = await term.waitForScreen(/^Select with numbers \[1-3\]: ?$/m);
    expect(asked).toContain(
      [
        "? allow bash touch made.txt",
        "1. Yes",
        "2. Yes, and always allow bash(touch made.txt) for this session",
        "3. No",
        "Select with numbers [1-3]:",
      ].join("\n"),
    );
    term.type("1");
    await term.waitForScreen(/^codebot: Made it\.$/m);
    expect(fs.existsSync(path.join(box.project, "made.txt"))).toBe(true);
  });

  it("typing at the prompt writes only what is typed: the status is printed once above the prompt, not redrawn under it at each key", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("hi")]);
    const { term, raw } = await startSession(box, server, ["--ax-screen-reader"]);
    expect(term.screen()).toMatch(/context 0\/200k.*\n\$ ?$/m);
    for (const key of ["h", "e", "l", "l", "o"]) term.type(key);
    await term.waitForScreen(/^\$ hello$/m);
    expect(await waitFor(() => (raw().length >= 5 ? raw() : ""), 5_000, "the typed keys")).toBe("hello");
  });

  it("Esc during a run: the interrupted tool's line says it failed, in words", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo started; sleep 30" })]);
    const { term } = await startSession(box, server, ["--ax-screen-reader"]);
    term.submit("sleep long");
    await term.waitForScreen(/^running bash echo started; sleep 30… · Esc to interrupt$/m);
    term.press("Escape");
    const screen = await term.waitForScreen(/^interrupted · what should codebot do instead\?$/m);
    expect(screen).toMatch(/^tool failed: bash echo started; sleep 30 result: .*aborted/m);
  });

  it("CLAUDE_AX_SCREEN_READER=1 turns it on, and the banner says so", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("hi")]);
    const { term } = await startSession(box, server, [], { CLAUDE_AX_SCREEN_READER: "1" });
    expect(term.screen()).toMatch(/^\[Screen Reader Mode: on via env\]$/m);
  });

  it('"axScreenReader": true in settings you give turns it on (hooks see CLAUDE_AX_SCREEN_READER=1); in the project\'s settings it does not, and says so', async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("hi")]);
    const seen = path.join(box.home, "seen");
    const settings = box.json("mine.json", {
      axScreenReader: true,
      hooks: {
        SessionStart: [
          { hooks: [{ type: "command", command: `echo "$CLAUDE_AX_SCREEN_READER" > ${seen}` }] },
        ],
      },
    });
    const { term } = await startSession(box, server, ["--settings", settings]);
    expect(term.screen()).toMatch(/^\[Screen Reader Mode: on via settings\]$/m);
    // Hooks can tell, as claude's can.
    expect(
      await waitFor(() => (fs.existsSync(seen) ? fs.readFileSync(seen, "utf8") : ""), 10_000, "the hook"),
    ).toBe("1\n");

    const other = sandbox();
    other.json(".claude/settings.json", { axScreenReader: true });
    const { term: second } = await startSession(other, await modelServer([reply.text("hi")]), []);
    const screen = second.screen();
    expect(screen).not.toContain("[Screen Reader Mode");
    expect(screen).toContain("Screen reader mode is off: project settings can't turn it on.");
  });

  it("-c shows the earlier conversation with words for its marks and rules", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo EARLIER-OUTPUT" }, "t1"),
      reply.text("EARLIER-ANSWER"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--permission-mode", "bypassPermissions"];
    expect((await runCli(["-p", "EARLIER-PROMPT", ...args], { env })).code).toBe(0);
    const r = await runCli(["-c", "--ax-screen-reader", ...args], { env, input: "/exit\n" });
    expect(r.code, r.stderr).toBe(0);
    const recap = r.stdout.slice(r.stdout.indexOf("earlier in this session:"));
    expect(recap).toMatch(
      /^earlier in this session:\nyou: EARLIER-PROMPT\ntool: bash echo EARLIER-OUTPUT result: EARLIER-OUTPUT\ncodebot: EARLIER-ANSWER\nend of the earlier conversation\n/,
    );
  });
});
