/**
 * `/resume` with no argument in a terminal: a picker of the project's other sessions, as claude
 * 2.1.328's (recorded): ↑/↓ choose, typed text filters, Enter resumes, Esc clears the filter and
 * then cancels. `/resume <n>` still goes on with one at once.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const APPLES = "apples are red";
const BANANAS = "bananas are yellow";
const CHERRIES = "cherries are small";
/** In the order they were sent: the last is the newest. */
const FRUITS = [APPLES, BANANAS, CHERRIES];

/** Earlier `-p` sessions of the project, one per prompt (the last is the newest); their ids by prompt. */
async function sessionsOf(box: Sandbox, prompts: readonly string[]): Promise<Record<string, string>> {
  const server = await modelServer(prompts.map((_, i) => reply.text(`answer ${i + 1}`)));
  const ids: Record<string, string> = {};
  for (const prompt of prompts) {
    const r = await runCli(["-p", prompt, "--output-format", "json", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    ids[prompt] = JSON.parse(r.stdout).session_id as string;
  }
  return ids;
}

/** A picker's row: the mark (`❯` on the chosen one), the number, the id, the date, the first prompt. */
const row = (mark: "❯" | " ", n: number, id: string, prompt: string) =>
  new RegExp(`^${mark} {2}${n} {2}${id} {2}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d {2}${prompt}$`, "m");

describe("/resume's picker", { timeout: 120_000 }, () => {
  it("lists the sessions newest first, the newest chosen; ↓ and Enter resume the next one", async () => {
    const box = sandbox();
    const ids = await sessionsOf(box, FRUITS);
    const server = await modelServer([reply.text("going on")]);
    const term = await startSession(box, server, { size: { columns: 120, rows: 30 } });
    term.submit("/resume");
    const screen = await term.waitForScreen("Enter resumes · Esc cancels");
    expect(screen).toMatch(row("❯", 1, ids[CHERRIES] as string, CHERRIES));
    expect(screen).toMatch(row(" ", 2, ids[BANANAS] as string, BANANAS));
    expect(screen).toMatch(row(" ", 3, ids[APPLES] as string, APPLES));
    term.press("Down");
    await term.waitForScreen(row("❯", 2, ids[BANANAS] as string, BANANAS));
    term.press("Enter");
    await term.waitForScreen(`resumed session ${ids[BANANAS]}`);
    // The list's rows gave way to one line that says which.
    expect(term.screen()).toMatch(new RegExp(`^› /resume\nresuming ${ids[BANANAS]}$`, "m"));
    expect(term.screen()).not.toContain("Enter resumes · Esc cancels");
    term.submit("and now?");
    await term.waitForScreen("going on");
    // The conversation the model sees is the bananas session's.
    expect(JSON.stringify(server.requests.at(-1)?.body.messages)).toContain(BANANAS);
    expect(JSON.stringify(server.requests.at(-1)?.body.messages)).not.toContain(CHERRIES);
  });

  it("typing filters the list, and Enter resumes the one that matches", async () => {
    const box = sandbox();
    const ids = await sessionsOf(box, FRUITS);
    const server = await modelServer([]);
    const term = await startSession(box, server, { size: { columns: 120, rows: 30 } });
    term.submit("/resume");
    await term.waitForScreen("Enter resumes · Esc cancels");
    term.type("APPL");
    const screen = await term.waitForScreen(row("❯", 1, ids[APPLES] as string, APPLES));
    // Drawn in place: below the filter's row, only the apples session.
    const shown = screen.slice(screen.lastIndexOf("⌕ APPL"));
    expect(shown).not.toContain(BANANAS);
    expect(shown).not.toContain(CHERRIES);
    term.press("Enter");
    await term.waitForScreen(`resumed session ${ids[APPLES]}`);
  });

  it("a pasted session id filters the list to that session", async () => {
    const box = sandbox();
    const ids = await sessionsOf(box, FRUITS);
    const server = await modelServer([]);
    const term = await startSession(box, server, { size: { columns: 120, rows: 30 } });
    term.submit("/resume");
    await term.waitForScreen("Enter resumes · Esc cancels");
    const id = ids[BANANAS] as string;
    term.tmux("set-buffer", "-b", "p", id);
    term.tmux("paste-buffer", "-p", "-b", "p", "-t", "t");
    const screen = await term.waitForScreen(`⌕ ${id}`);
    expect(screen.slice(screen.lastIndexOf(`⌕ ${id}`))).toMatch(row("❯", 1, id, BANANAS));
    term.press("Enter");
    await term.waitForScreen(`resumed session ${id}`);
    // Nothing of the paste is left at the prompt.
    expect(term.screen()).toMatch(/^›\s*$/m);
  });

  it("on a short terminal it shows as many sessions as fit, and ↓ scrolls the chosen one into view", async () => {
    const box = sandbox();
    const ids = await sessionsOf(
      box,
      Array.from({ length: 8 }, (_, i) => `prompt number ${i + 1}`),
    );
    const server = await modelServer([]);
    const term = await startSession(box, server, { size: { columns: 100, rows: 12 } });
    term.submit("/resume");
    const first = await term.waitForScreen("Enter resumes · Esc cancels");
    const list = (screen: string) => screen.slice(screen.lastIndexOf("⌕ type to filter"));
    // 12 rows: 4 sessions, the newest first, and a line for the other 4.
    expect(list(first)).toMatch(/^❯ {2}1 {2}\S+ {2}\S+ \S+ {2}prompt number 8$/m);
    expect(list(first)).toMatch(/^ {3}4 {2}\S+ {2}\S+ \S+ {2}prompt number 5$/m);
    expect(list(first)).not.toMatch(/^ {3}5 {2}/m);
    expect(list(first)).toContain("… 4 more");
    term.press("Down", "Down", "Down", "Down", "Down");
    const scrolled = list(await term.waitForScreen(/^❯ {2}6 {2}\S+ {2}\S+ \S+ {2}prompt number 3$/m));
    expect(scrolled).toMatch(/^ {3}3 {2}\S+ {2}\S+ \S+ {2}prompt number 6$/m);
    expect(scrolled).not.toMatch(/^ {3}[12] {2}/m);
    term.press("Enter");
    await term.waitForScreen(`resumed session ${ids["prompt number 3"]}`);
  });

  it("Esc clears the filter, a second Esc cancels and the session goes on as it was; /resume <n> still resumes", async () => {
    const box = sandbox();
    const ids = await sessionsOf(box, FRUITS);
    const server = await modelServer([]);
    const term = await startSession(box, server, { size: { columns: 120, rows: 30 } });
    term.submit("/resume");
    await term.waitForScreen("Enter resumes · Esc cancels");
    term.type("zzz");
    await term.waitForScreen('no session matches "zzz"');
    term.press("Escape");
    await term.waitForScreen(/⌕ type to filter\n❯ {2}1 /);
    term.press("Escape");
    await term.waitForScreen(/^resume cancelled$/m);
    // The list's rows gave way to that one line.
    expect(term.screen()).not.toContain("Enter resumes · Esc cancels");
    expect(term.screen()).not.toContain("resumed session");
    term.submit("/resume 3");
    await term.waitForScreen(`resumed session ${ids[APPLES]}`);
  });
});

/** `codebot -r` over the three fruit sessions, the second (bananas) chosen. */
async function bananasChosenIn(box: Sandbox) {
  const ids = await sessionsOf(box, FRUITS);
  const server = await modelServer([]);
  const picker = TmuxSession.start({
    dir: box.project,
    env: modelEnv(server, box.home),
    args: ["-r"],
    size: { columns: 120, rows: 30 },
  });
  await picker.waitForScreen("Esc cancels · Ctrl+R renames · Space previews");
  picker.press("Down");
  await picker.waitForScreen(row("❯", 2, ids[BANANAS] as string, BANANAS));
  return { ids, server, picker };
}

describe("the picker's Ctrl+R", { timeout: 120_000 }, () => {
  it("names the chosen session as claude's picker does: the row shows the name, the transcript keeps it", async () => {
    const box = sandbox();
    const { ids, server, picker } = await bananasChosenIn(box);
    picker.press("C-r");
    await picker.waitForScreen(`new name: ${BANANAS}`);
    for (const _ of BANANAS) picker.press("BSpace");
    picker.type("fruit salad");
    await picker.waitForScreen("new name: fruit salad");
    picker.press("Enter");
    await picker.waitForScreen(row("❯", 2, ids[BANANAS] as string, "fruit salad"));
    picker.press("Escape");
    expect(await picker.exitCode()).toBe(1);
    // The name is the session's from now on: the next listing shows it, and its transcript says it.
    const listed = await runCli(["-r", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(listed.stderr).toMatch(new RegExp(`${ids[BANANAS]}  .*  fruit salad`));
  });

  it("Esc leaves the name as it was", async () => {
    const box = sandbox();
    const ids = await sessionsOf(box, FRUITS);
    const term = await startSession(box, await modelServer([]), { size: { columns: 120, rows: 30 } });
    term.submit("/resume");
    await term.waitForScreen("Esc cancels · Ctrl+R renames");
    term.press("C-r");
    await term.waitForScreen(`new name: ${CHERRIES}`);
    term.type(" and plums");
    await term.waitForScreen(`new name: ${CHERRIES} and plums`);
    term.press("Escape");
    await term.waitForScreen("Esc cancels · Ctrl+R renames");
    expect(term.screen()).toMatch(row("❯", 1, ids[CHERRIES] as string, CHERRIES));
    expect(term.screen()).not.toContain("new name:");
  });
});

describe("the picker's Space", { timeout: 120_000 }, () => {
  it("previews the chosen session's conversation; Esc goes back to the list and Enter there resumes it", async () => {
    const box = sandbox();
    const { ids, picker } = await bananasChosenIn(box);
    picker.press("Space");
    const preview = await picker.waitForScreen("Enter resumes · Esc goes back");
    // The bananas session's prompt and answer (the second -p run's), and how many messages it holds.
    expect(preview).toMatch(new RegExp(`^session ${ids[BANANAS]}:$`, "m"));
    expect(preview).toMatch(new RegExp(`${BANANAS}\\n[\\s\\S]*answer 2`));
    expect(preview).toMatch(/^ {2}\d{4}-\d\d-\d\d \d\d:\d\d · 2 messages$/m);
    expect(preview).not.toContain(CHERRIES);
    picker.press("Escape");
    await picker.waitForScreen(row("❯", 2, ids[BANANAS] as string, BANANAS));
    picker.press("Space");
    await picker.waitForScreen("Enter resumes · Esc goes back");
    picker.press("Enter");
    await picker.waitForScreen(new RegExp(`^resuming ${ids[BANANAS]}$`, "m"));
    picker.submit("/exit");
    expect(await picker.exitCode()).toBe(0);
  });

  it("after text typed to filter, is a space in the filter", async () => {
    const box = sandbox();
    const ids = await sessionsOf(box, FRUITS);
    const term = await startSession(box, await modelServer([]), { size: { columns: 120, rows: 30 } });
    term.submit("/resume");
    await term.waitForScreen("Space previews");
    term.type("apples");
    await term.waitForScreen(row("❯", 1, ids[APPLES] as string, APPLES));
    term.press("Space");
    term.type("are");
    await term.waitForScreen("⌕ apples are");
    expect(term.screen()).not.toContain("Esc goes back");
  });
});

describe("-r's picker in a project without sessions, and its Ctrl+A", { timeout: 120_000 }, () => {
  /** `codebot -r` in a folder with no sessions, beside a project with the apples session. */
  async function pickerInEmptyFolder() {
    const box = sandbox();
    const ids = await sessionsOf(box, [APPLES]);
    const empty = box.at("empty-project");
    fs.mkdirSync(empty);
    const picker = TmuxSession.start({
      dir: empty,
      env: modelEnv(await modelServer([]), box.home),
      args: ["-r"],
      size: { columns: 160, rows: 30 },
    });
    return { box, ids, picker };
  }

  it("opens the picker anyway, saying there are none, as claude's does; Esc ends with exit code 1", async () => {
    const { picker } = await pickerInEmptyFolder();
    const screen = await picker.waitForScreen("Ctrl+A all projects");
    expect(screen).toContain("no sessions in this project yet");
    picker.press("Escape");
    expect(await picker.exitCode()).toBe(1);
  });

  it("Ctrl+A lists every project's sessions, each with its folder; another project's, chosen, says how to resume it there", async () => {
    const { box, ids, picker } = await pickerInEmptyFolder();
    await picker.waitForScreen("Ctrl+A all projects");
    picker.press("C-a");
    const screen = await picker.waitForScreen("resume a session of any project, newest first:");
    expect(screen).toMatch(new RegExp(`^❯ {2}1 {2}${ids[APPLES]} .* {2}${APPLES} · ${box.project}$`, "m"));
    expect(screen).toContain("Ctrl+A this project only");
    picker.press("Enter");
    const said = await picker.waitForScreen("is from a different folder");
    // The terminal broke the line at its width: joined again.
    expect(said.replaceAll("\n", "")).toContain(
      `session ${ids[APPLES]} is from a different folder; to resume it, run: cd ${box.project} && codebot --resume ${ids[APPLES]}`,
    );
    expect(await picker.exitCode()).toBe(0);
  });

  it("Ctrl+A again goes back to this project's sessions", async () => {
    const { picker } = await pickerInEmptyFolder();
    await picker.waitForScreen("Ctrl+A all projects");
    picker.press("C-a");
    await picker.waitForScreen("Ctrl+A this project only");
    picker.press("C-a");
    await picker.waitForScreen("no sessions in this project yet");
  });
});

describe("-r's picker's Ctrl+B", { timeout: 120_000 }, () => {
  it("lists only the sessions of the branch checked out, as claude's; again, every branch's", async () => {
    const box = sandbox();
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd: box.project });
    git("init", "-q", "-b", "main");
    git("commit", "-q", "--allow-empty", "-m", "start");
    const onMain = await sessionsOf(box, [APPLES]);
    git("checkout", "-q", "-b", "feature");
    const onFeature = await sessionsOf(box, [BANANAS]);
    const picker = TmuxSession.start({
      dir: box.project,
      env: modelEnv(await modelServer([]), box.home),
      args: ["-r"],
      size: { columns: 160, rows: 30 },
    });
    const both = await picker.waitForScreen("Ctrl+B only feature");
    expect(both).toContain(onMain[APPLES]);
    picker.press("C-b");
    const feature = await picker.waitForScreen("Ctrl+B every branch");
    expect(feature).toContain(onFeature[BANANAS]);
    expect(feature).not.toContain(onMain[APPLES]);
    picker.press("C-b");
    await picker.waitForScreen(onMain[APPLES] as string);
  });
});
