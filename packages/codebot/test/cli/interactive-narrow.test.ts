/** The session in a narrow terminal: its own text is broken between words, its lists keep what matters in view. */

import { type RecordedRequest, reply, type ScriptStep } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession, startSessionWith } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** The prompt drawn with the status line under it: the session is ready for input. */
const PROMPT_AND_STATUS = /^›.*\n.*context/m;

/** A session in a terminal of `size`, against a model playing `script`, once PROMPT_AND_STATUS is drawn. */
function narrowSession(
  script: ScriptStep<RecordedRequest>[],
  size: { columns: number; rows: number },
  options: { box?: Sandbox; args?: readonly string[] } = {},
) {
  return startSessionWith(script, { ...options, size, ready: PROMPT_AND_STATUS });
}

describe("a 40-column terminal", { timeout: 120_000 }, () => {
  it("the banner and /help are broken between words, each description under its command", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: [],
      size: { columns: 40, rows: 60 },
    });
    const start = await term.waitForScreen(PROMPT_AND_STATUS);
    expect(start).toMatch(
      /^codebot \S+ ·\nanthropic\/claude-sonnet-4-5 ·\n.*\n\/help for commands · Esc or Ctrl\+C\ninterrupts a run · Ctrl\+C or Ctrl\+D\ntwice, or \/exit quits\n›/m,
    );
    term.submit("/help");
    // The final state: the prompt back under the list, its status line under it.
    const screen = await term.waitForScreen(/^ {4}this list\n›.*\n.*context/m);
    expect(screen).toContain(
      ["/exit", "    end the session (SessionEnd runs,", "    async hooks are waited for)", "/help"].join(
        "\n",
      ),
    );
  });

  it("/resume in a 60-column terminal: short ids, so each row keeps the date and the first prompt", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    for (const prompt of ["alpha prompt", "beta prompt"])
      expect((await runCli(["-p", prompt], { env: modelEnv(server, box.home), cwd: box.project })).code).toBe(
        0,
      );
    const term = await startSession(box, server, { size: { columns: 60, rows: 30 } });
    term.submit("/resume");
    // The picker's rows (the first chosen, marked).
    const screen = await term.waitForScreen("Enter resumes · Esc cancels");
    expect(screen).toMatch(/^❯ {2}1 {2}[0-9a-f]{8} {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}beta prompt$/m);
    expect(screen).toMatch(/^ {3}2 {2}[0-9a-f]{8} {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}alpha prompt$/m);
  });

  it("/resume in a 40-column terminal: each session's first prompt on a row of its own, its lines broken between words", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    expect(
      (
        await runCli(["-p", "explain the layout of the code"], {
          env: modelEnv(server, box.home),
          cwd: box.project,
        })
      ).code,
    ).toBe(0);
    const term = await startSession(box, server, {
      size: { columns: 40, rows: 30 },
      ready: PROMPT_AND_STATUS,
    });
    term.submit("/resume");
    // The picker's rows: the first prompt on a row of its own under the number, id and date.
    const screen = await term.waitForScreen("↑/↓ choose");
    expect(screen).toMatch(
      /^❯ {2}1 {2}[0-9a-f]{8} {2}\d{4}-\d\d-\d\d \d\d:\d\d\n {6}explain the layout of the code\n/m,
    );
    term.press("Escape");
    await term.waitForScreen(/^resume cancelled$/m);
    term.submit("/resume 1");
    const resumed = await term.waitForScreen(/^resumed session[\s\S]*?^›.*\n.*context/m);
    expect(resumed).toMatch(/^resumed session\n[0-9a-f-]{36} \(2\nmessages\)\n›/m);
  });

  it("the answer is broken between words, and a table too wide becomes `header: value` rows", async () => {
    const box = sandbox();
    const answer = [
      "The build failed because the parser expects a semicolon after each statement.",
      "",
      "| File | Line | Problem |",
      "|---|---|---|",
      "| src/parse.ts | 12 | missing semicolon after return |",
    ].join("\n");
    const { term } = await narrowSession([reply.text(answer)], { columns: 40, rows: 60 }, { box });
    term.submit("why did it fail?");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^Problem: .*\n(?:.*\n)*?›.*\n.*context/m);
    expect(screen).toContain(
      [
        "The build failed because the parser",
        "expects a semicolon after each",
        "statement.",
        "",
        "File: src/parse.ts",
        "Line: 12",
        "Problem: missing semicolon after return",
      ].join("\n"),
    );
  });

  it("a tool line with a long command is broken between words, its next rows indented", async () => {
    const { term } = await narrowSession(
      [
        reply.toolCall("bash", { command: "echo building the whole project; echo then testing it" }),
        reply.text("built"),
      ],
      { columns: 40, rows: 60 },
      { args: ["--permission-mode", "bypassPermissions"] },
    );
    term.submit("build it");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^built\n›.*\n.*context/m);
    expect(screen).toContain(
      ["✓ bash echo building the whole project;", "  echo then testing it → 2 lines", "built"].join("\n"),
    );
  });

  it("a failing hook's notice is broken between words", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        PreToolUse: [
          command("cat > /dev/null; echo the linters found a problem in the configuration file >&2; exit 1", {
            name: "lint",
          }),
        ],
      },
    });
    const { term } = await narrowSession(
      [reply.toolCall("bash", { command: "echo hi" }), reply.text("checked")],
      { columns: 40, rows: 60 },
      { box, args: ["--permission-mode", "bypassPermissions", "--settings", settings] },
    );
    term.submit("check it");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^checked\n›.*\n.*context/m);
    expect(screen).toContain(
      ["hook lint: exit code 1: the linters", "found a problem in the configuration", "file\n"].join("\n"),
    );
  });

  it("a ⚑ line too wide cuts the hook's name (an unnamed hook's command), so its outcome stays in view", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { PreToolUse: [command("cat > /dev/null; echo checked the call against the project rules")] },
    });
    const { term } = await narrowSession(
      [reply.toolCall("bash", { command: "echo hi" }), reply.text("checked")],
      { columns: 80, rows: 40 },
      { box, args: ["--permission-mode", "bypassPermissions", "--settings", settings] },
    );
    term.submit("check it");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^checked\n›.*\n.*context/m);
    expect(screen).toMatch(
      /^ {2}⚑ hook PreToolUse "PreToolUse\[0\] command: cat[^"]*…" · allowed · exit 0 · \d+ ms$/m,
    );
  });

  it("a ⚑ line of a hook Esc stopped keeps its name and time in view, why it stopped cut first", async () => {
    // `cancelled: interrupted by the user` in front of the time cut the name to `"PreToolUse[…"`
    // and the time to `4025 …` at 80 columns.
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { PreToolUse: [command("cat > /dev/null; sleep 60 # waits for the review service")] },
    });
    const { term } = await narrowSession(
      [reply.toolCall("bash", { command: "echo hi" }), reply.text("never")],
      { columns: 80, rows: 40 },
      { box, args: ["--permission-mode", "bypassPermissions", "--settings", settings] },
    );
    term.submit("check it");
    // The hook's own status (shown once it has run a second), not the model's `thinking…`.
    await term.waitForScreen(/PreToolUse.*Esc to interrupt/);
    term.press("Escape");
    const screen = await term.waitForScreen(/^interrupted · what should codebot do instead\?$/m);
    expect(screen).toMatch(
      /^ {2}⚑ hook PreToolUse "PreToolUse\[0\] command: cat > \/dev\/[^"]*…" · cancelled · \d+ ms$/m,
    );
  });

  it("a ⚑ line of a hook that blocked with a long reason keeps the hook's name whole and cuts the reason", async () => {
    // yurukusa/claude-code-hooks' destructive-guard.sh: its ⚑ line read `hook PreToolUse
    // "PreToolUse[…" · blocked · exit 2 · … · reason: BLOCKED: …`, the name cut to make room for the
    // reason, so which hook blocked was nowhere on the screen (claude names the command).
    const box = sandbox();
    const reason = "BLOCKED: git reset --hard discards all uncommitted changes. Consider: git stash instead";
    const settings = box.json("s.json", {
      hooks: {
        PreToolUse: [
          command(`cat > /dev/null; echo '${reason}' >&2; exit 2`, {
            name: "destructive-guard",
            blocking: true,
          }),
        ],
      },
    });
    const { term } = await narrowSession(
      [reply.toolCall("bash", { command: "git reset --hard" }), reply.text("not reset")],
      { columns: 100, rows: 40 },
      { box, args: ["--permission-mode", "bypassPermissions", "--settings", settings] },
    );
    term.submit("reset it");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^not reset\n›.*\n.*context/m);
    expect(screen).toMatch(
      /^ {2}⚑ hook PreToolUse "destructive-guard" · blocked · exit 2 · \d+ ms · reason: BLOCKED: git[^\n]*…$/m,
    );
  });

  it("a sent prompt stays above its answer broken between words, each line's next rows under its text", async () => {
    const { term } = await narrowSession([reply.text("one answer"), reply.text("two answers")], {
      columns: 40,
      rows: 40,
    });
    term.submit("explain how the configuration loader merges the settings layers");
    await term.waitForScreen(/^one answer\n›.*\n.*context/m);
    term.submit("first line of a prompt that goes on \\");
    await term.waitForScreen(/^… *\n.*context/m);
    term.submit("and a second line long enough to wrap too");
    // The final state: the prompt back under the second answer, its status line under it.
    const screen = await term.waitForScreen(/^two answers\n›.*\n.*context/m);
    expect(screen).toContain(
      [
        "› explain how the configuration loader",
        "  merges the settings layers",
        "one answer",
        "› first line of a prompt that goes on \\",
        "… and a second line long enough to wrap",
        "  too",
        "two answers",
      ].join("\n"),
    );
  });

  it("a permission question is broken between words, its next rows under its text", async () => {
    const { term } = await narrowSession(
      [reply.toolCall("bash", { command: "touch the build of the project" }), reply.text("not built")],
      { columns: 40, rows: 40 },
    );
    term.submit("build it");
    await term.waitForScreen("[y]es");
    term.type("n");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^not built\n›.*\n.*context/m);
    expect(screen).toContain(
      [
        "? allow bash touch the build of the",
        "  project [y]es / [n]o / [a]lways",
        "  (bash(touch the build of the",
        "  project)): n",
      ].join("\n"),
    );
  });

  it("the session's own lines (a queued prompt, an interruption) are broken between words", async () => {
    const { term } = await narrowSession([reply.hang("working")], { columns: 40, rows: 40 });
    term.submit("start");
    await term.waitForScreen(/writing…/);
    term.submit("a queued prompt that is long enough");
    await term.waitForScreen(/^done\)/m);
    term.press("C-c");
    // The final state: the prompt back under the lines, its status line under it.
    const screen = await term.waitForScreen(/^instead\?\n›.*\n.*context/m);
    expect(screen).toContain(
      [
        "(queued: a queued prompt that is long",
        "enough — runs when the current prompt is",
        "done)",
        // The answer so far, before the line saying the run is interrupted.
        "working",
        "^C interrupting (Ctrl+C again to quit)",
        "(1 queued prompt dropped)",
      ].join("\n"),
    );
    expect(screen).toContain("interrupted · what should codebot do\ninstead?");
  });

  it("a slash command's lines are broken between words, the next rows under their indentation", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { Stop: [command("cat > /dev/null; echo the session has stopped for now >> stops.log")] },
    });
    const { term } = await narrowSession(
      [],
      { columns: 40, rows: 60 },
      { box, args: ["--settings", settings] },
    );
    term.submit("/hooks");
    // The final state: the prompt back under the listing, its status line under it.
    const screen = await term.waitForScreen(/^ {4}\(user-owned\)\n›.*\n.*context/m);
    expect(screen).toContain(
      ["    command: cat > /dev/null; echo the", "    session has stopped for now >>", "    stops.log"].join(
        "\n",
      ),
    );
  });

  it("/resume's recap keeps a code line wider than the terminal whole, as the live view showed it", async () => {
    const box = sandbox();
    const code = "const total = sumOf(alpha, beta, gamma, delta);";
    const server = await modelServer([reply.text(`Use:\n\n\`\`\`\n${code}\n\`\`\`\n`)]);
    expect(
      (await runCli(["-p", "how to sum"], { env: modelEnv(server, box.home), cwd: box.project })).code,
    ).toBe(0);
    const term = await startSession(box, server, {
      size: { columns: 40, rows: 40 },
      ready: PROMPT_AND_STATUS,
    });
    term.submit("/resume 1");
    // The final state: the prompt back under the recap, its status line under it.
    const screen = await term.waitForScreen(/^messages\)\n›.*\n.*context/m);
    // The terminal breaks it at its edge, not codebot between words.
    const shown = `  ${code}`;
    expect(screen).toContain(`${shown.slice(0, 40)}\n${shown.slice(40)}`);
  });

  it("a question naming a path wider than a row: the path is cut at the row's end, its rest indented", async () => {
    const { term } = await narrowSession(
      [
        reply.toolCall("write", {
          file_path: "notes/a-rather-long-file-name-for-the-question.txt",
          content: "x",
        }),
        reply.text("not written"),
      ],
      { columns: 40, rows: 40 },
    );
    term.submit("write it");
    await term.waitForScreen("[y]es");
    term.type("n");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^not written\n›.*\n.*context/m);
    expect(screen).toContain(
      [
        "? allow write",
        "  notes/a-rather-long-file-name-for-th",
        "  e-question.txt",
        "  [y]es / [n]o / [a]lways",
      ].join("\n"),
    );
  });

  it("a prompt sent on a cleared screen (Ctrl+L) is shown once, broken between words", async () => {
    const { term } = await narrowSession([reply.text("cleared answer")], { columns: 40, rows: 12 });
    term.press("C-l");
    term.submit("after clearing the screen a prompt that is big enough to wrap");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^cleared answer\n›.*\n.*context/m);
    expect(screen.match(/after clearing/g)).toHaveLength(1);
    expect(screen).toContain("› after clearing the screen a prompt\n  that is big enough to wrap\n");
  });

  it("a prompt taller than the terminal is left as the terminal broke it, shown once", async () => {
    const { term } = await narrowSession([reply.text("tall answer")], { columns: 40, rows: 8 });
    const words = Array.from({ length: 40 }, (_, i) => `word${String(i + 1).padStart(2, "0")}`).join(" ");
    term.submit(words);
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^tall answer\n›.*\n.*context/m);
    expect(screen.match(/word01/g)).toHaveLength(1);
    expect(screen).toContain(`› ${words.slice(0, 38)}\n`);
  });

  it("a sent prompt keeps an emoji joined by U+200D whole, as it was typed", async () => {
    const { term } = await narrowSession([reply.text("family answer")], { columns: 40, rows: 20 });
    term.submit("a family 👨‍👩‍👧 emoji in a prompt big enough to wrap");
    // The final state: the prompt back under the answer, its status line under it.
    const screen = await term.waitForScreen(/^family answer\n›.*\n.*context/m);
    expect(screen).toContain("› a family 👨‍👩‍👧 emoji in a prompt big\n  enough to wrap\n");
  });

  it("the cursor stands at the end of a typed line that holds emoji, where the terminal drew it", async () => {
    const { term } = await narrowSession([], { columns: 40, rows: 20 });
    term.type("fix 👩‍💻 then 🚀 ship it");
    // The final state: the typed line, the status under it (drawn again after the last key).
    const screen = await term.waitForScreen(/^› .*ship it\n.*context/m);
    expect(screen).toContain("› fix 👩‍💻 then 🚀 ship it\n");
    // › fix (6) 👩‍💻 (2, joined) then (6) 🚀 (2) ship it (8): readline put the cursor at 26, past the text.
    expect(term.tmux("display", "-p", "-t", "t", "#{cursor_x} #{cursor_y}").trim()).toBe(
      `24 ${screen.split("\n").findIndex((row) => row.startsWith("› fix"))}`,
    );
  });

  it("the project question's header is broken between words", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { hooks: { Stop: [command("exit 0")] } });
    const server = await modelServer([]);
    const term = await startSession(box, server, { size: { columns: 40, rows: 40 }, ready: /n no:/ });
    term.type("n");
    // The final state: the session's prompt, its status line under it.
    const screen = await term.waitForScreen(/^›.*\n.*context/m);
    const rows = screen.split("\n");
    const first = rows.findIndex((row) => row.startsWith("This project's"));
    const last = rows.findIndex((row) => row.endsWith("permissions:"));
    expect(first).toBeGreaterThanOrEqual(0);
    for (const row of rows.slice(first, last + 1)) expect(row.length).toBeLessThanOrEqual(40);
    // Joined by spaces, the rows make the header: none was broken inside a word.
    expect(rows.slice(first, last + 1).join(" ")).toBe(
      `This project's settings (${box.project}) ask to run code or grant permissions:`,
    );
  });
});
