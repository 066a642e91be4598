/**
 * Issue 16: what the interactive session shows, in a real terminal (tmux) — the diff of an `edit`
 * and of a `write` under its tool line; a resumed session's recap with its Markdown rendered.
 */
import fs from "node:fs";
import { type LoopbackModelServer, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import {
  command,
  modelEnv,
  modelServer,
  requestText,
  type Sandbox,
  sandbox,
} from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

const ESC = "\x1b";

/** The session in bypass mode, `args` after, the model's environment with `env`. */
const startBypassing = (
  box: Sandbox,
  server: LoopbackModelServer,
  args: readonly string[] = [],
  env: Record<string, string> = {},
) => startSession(box, server, { args: ["--permission-mode", "bypassPermissions", ...args], env });

describe("the interactive session renders", { timeout: 120_000 }, () => {
  it("a compact unified diff after edit and after write", async () => {
    const box = sandbox();
    box.write("greet.txt", "hello\nworld\nbye\n");
    const server = await modelServer([
      reply.toolCall("edit", { file_path: "greet.txt", old_string: "world", new_string: "there" }),
      reply.toolCall("write", { file_path: "new.txt", content: "first\nsecond\n" }),
      reply.text("changed"),
    ]);
    const term = await startBypassing(box, server);
    term.submit("change it");
    const screen = await term.waitForScreen(/^changed$/m);
    expect(screen).toContain(
      [
        "✓ edit greet.txt → edited greet.txt (1 replacement)",
        "    @@ -1,3 +1,3 @@",
        "       1  hello",
        "       2 -world",
        "       2 +there",
        "       3  bye",
      ].join("\n"),
    );
    expect(screen).toContain(["    @@ -0,0 +1,2 @@", "       1 +first", "       2 +second"].join("\n"));
    expect(fs.readFileSync(box.at("greet.txt"), "utf8")).toBe("hello\nthere\nbye\n");
    // Coloured on a terminal: the removed line red, the added one green.
    const coloured = term.screen(true);
    expect(coloured).toContain(`${ESC}[31m   2 -world`);
    expect(coloured).toContain(`${ESC}[32m   2 +there`);
  });

  it("the tool line shows the command that ran after a PreToolUse hook rewrote it, marked as rewritten", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        PreToolUse: [
          command(`echo '{"updated_input":{"command":"echo rewritten"}}'`, {
            name: "rewriter",
            matcher: "bash",
          }),
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo original" }),
      reply.text("ran it"),
    ]);
    const term = await startBypassing(box, server, ["--settings", settings]);
    term.submit("run it");
    const screen = await term.waitForScreen(/^ran it$/m);
    expect(screen).toContain("✓ bash echo rewritten (rewritten by a hook) → rewritten");
    expect(screen).not.toContain("✓ bash echo original");
  });

  it("a hook's ⚑ line is cut to the terminal's width: one row, ending with …", async () => {
    const box = sandbox();
    const context = `context ${"word ".repeat(40)}`;
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: context },
    });
    // No name: the hook's label is its command, long here as a real one often is.
    const settings = box.json("s.json", {
      hooks: {
        PostToolUse: [{ matcher: "bash", hooks: [command(`echo '${output}' # ${"x".repeat(100)}`)] }],
      },
    });
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("ran it")]);
    const term = await startBypassing(box, server, ["--settings", settings]);
    term.submit("run it");
    // A hook of Claude Code's shape is waited for: its line comes before the tool's.
    const screen = await term.waitForScreen(/^ran it$/m);
    const rows = screen.split("\n");
    const at = rows.findIndex((row) => row.startsWith("  ⚑ hook PostToolUse"));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(rows[at]).toMatch(/…$/);
    expect(rows[at]?.length).toBeLessThanOrEqual(120);
    // The next row is the tool's line, not the rest of the hook's.
    expect(rows[at + 1]).toMatch(/^✓ bash echo hi/);
  });

  it("a hook named by its command keeps an emoji at the name's cut whole: its systemMessage notice shows no �", async () => {
    const box = sandbox();
    const start = `echo '{"systemMessage":"mind the build"}' # `;
    // The emoji's first half is the last character the hook's 48-column name keeps.
    const hookCommand = `${start.padEnd(46, "x")}🚀 and more after it`;
    const settings = box.json("s.json", {
      hooks: { PostToolUse: [{ matcher: "bash", hooks: [command(hookCommand)] }] },
    });
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("ran it")]);
    const term = await startBypassing(box, server, ["--settings", settings]);
    term.submit("run it");
    const screen = await term.waitForScreen(/^ran it$/m);
    expect(screen).toContain("mind the build");
    expect(screen).toContain("# xx…: mind the build");
    expect(screen).not.toContain("\ufffd");
  });

  it("a tool's output that redraws its line (a progress bar, \\r) is summed up as the terminal left it", async () => {
    const box = sandbox();
    const command = "printf 'building 10%%\\rbuilding 100%%\\r\\033[2Kbuilt\\n'";
    const server = await modelServer([reply.toolCall("bash", { command }), reply.text("ran it")]);
    const term = await startBypassing(box, server);
    term.submit("run it");
    const screen = await term.waitForScreen(/^ran it$/m);
    expect(screen).toMatch(/^✓ bash printf .* → built$/m);
  });

  it("a tool line shows an emoji joined by U+200D whole, in the command and in its output, as the terminal draws it", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo 'coder 👩\u200d💻 family 👨\u200d👩\u200d👧'" }),
      reply.text("ran it"),
    ]);
    const term = await startBypassing(box, server);
    term.submit("run it");
    const screen = await term.waitForScreen(/^ran it$/m);
    expect(screen).toContain(
      "✓ bash echo 'coder 👩\u200d💻 family 👨\u200d👩\u200d👧' → coder 👩\u200d💻 family 👨\u200d👩\u200d👧",
    );
  });

  it("a tool line sums up the tool's own output, not the context a PostToolUse hook added to it for the model", async () => {
    const box = sandbox();
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "run the tests next" },
    });
    const settings = box.json("s.json", {
      hooks: { PostToolUse: [{ matcher: "bash", hooks: [command(`echo '${output}'`)] }] },
    });
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("ran it")]);
    const term = await startBypassing(box, server, ["--settings", settings]);
    term.submit("run it");
    const screen = await term.waitForScreen(/^ran it$/m);
    expect(screen).toMatch(/^✓ bash echo hi → hi$/m);
    // The model was given the context, after the output.
    expect(requestText(server.requests[1])).toContain("PostToolUse hook context:\\nrun the tests next");
  });

  it("a markdown answer rendered: no ** or fences, bold and highlighted code in colour; none with NO_COLOR", async () => {
    const answer =
      "# Result\n\nRead **a.txt** and `b.txt`:\n\n- first\n- second\n\n```js\nconst total = 1;\n```\n\nDone.";
    const box = sandbox();
    const server = await modelServer([reply.text(answer), reply.text(answer)]);
    const term = await startBypassing(box, server);
    term.submit("explain");
    const screen = await term.waitForScreen(/^Done\.$/m);
    expect(screen).toContain("Read a.txt and b.txt:");
    expect(screen).toContain("  * first\n  * second");
    expect(screen).toContain("  const total = 1;");
    expect(screen).not.toContain("**");
    expect(screen).not.toContain("```");
    const coloured = term.screen(true);
    expect(coloured).toContain(`${ESC}[1ma.txt`);
    // The code line is highlighted: an escape sequence right before `const`.
    expect(coloured).toMatch(new RegExp(`${ESC}\\[[0-9;]*m\\s*const${ESC}`));

    const plain = await startBypassing(box, server, [], { NO_COLOR: "1" });
    plain.submit("explain");
    await plain.waitForScreen(/^Done\.$/m);
    expect(plain.screen()).toContain("Read a.txt and b.txt:");
    expect(plain.screen(true)).not.toContain(ESC);
  });

  it("-c: an earlier answer in the recap with its Markdown rendered, as it was shown live", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("**Earlier** answer.")]);
    const earlier = await runCli(["-p", "EARLIER-PROMPT", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(earlier.code).toBe(0);
    const term = await startBypassing(box, server, ["-c"]);
    await term.waitForScreen(/^Earlier answer\.$/m);
    // Bold as tmux shows it (its capture resets attributes with SGR 0).
    expect(term.screen(true)).toMatch(new RegExp(`${ESC}\\[1mEarlier${ESC}\\[0m`));
    expect(term.screen()).not.toContain("**Earlier**");
  });

  it("a flat PostToolUse hook's line under its tool line, though the hook ends after the model's answer", async () => {
    const box = sandbox();
    // Async: the model goes on at once, and answers before the hook ends.
    const settings = box.json("s.json", {
      hooks: { PostToolUse: [command("cat > /dev/null; sleep 0.3", { name: "audit" })] },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo hi" }),
      reply.text("all done"),
    ]);
    const term = await startBypassing(box, server, ["--settings", settings]);
    term.submit("go");
    // The final state: the prompt back, with the status line under it.
    const screen = await term.waitForScreen(/⚑ hook PostToolUse "audit"[\s\S]*^›.*\n.*context/m);
    expect(screen).toMatch(
      /^✓ bash echo hi → hi\n {2}⚑ hook PostToolUse "audit" · allowed · exit 0 · \d+ ms\nall done\n›/m,
    );
  });

  it("a failing hook's notice of hundreds of stderr lines takes a few rows, saying how many more there were", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        PostToolUse: [
          command("cat > /dev/null; seq 1 300 | sed 's/^/noise /' >&2; exit 1", { name: "loud" }),
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo hi" }),
      reply.text("all done"),
    ]);
    const term = await startBypassing(box, server, ["--settings", settings]);
    term.submit("go");
    // The final state: the notice and the answer (in either order: the hook is async) above the
    // prompt, its status line under it.
    const screen = await term.waitForScreen(/(?=[\s\S]*^all done$)[\s\S]*more lines[\s\S]*^›.*\n.*context/m);
    // The stderr is quoted up to 300 characters: 35 of its lines, 7 shown.
    expect(screen).toMatch(/^hook loud: exit code 1: noise 1\n(noise \d+\n){6}… 28 more lines$/m);
  });

  it("a failing flat PostToolUse hook's notice goes under its tool line with its ⚑ line, though it fails after the answer", async () => {
    const box = sandbox();
    // Async: the model answers before the hook fails.
    const settings = box.json("s.json", {
      hooks: {
        PostToolUse: [command("cat > /dev/null; sleep 0.3; echo boom >&2; exit 1", { name: "audit" })],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo hi" }),
      reply.text("all done"),
    ]);
    const term = await startBypassing(box, server, ["--settings", settings]);
    term.submit("go");
    // The final state: the prompt back, with the status line under it.
    const screen = await term.waitForScreen(/^all done\n›.*\n.*context/m);
    expect(screen).toMatch(
      /^✓ bash echo hi → hi\nhook audit: exit code 1: boom\n {2}⚑ hook PostToolUse "audit" · failed · exit 1 · \d+ ms · exit code 1: boom\nall done\n›/m,
    );
  });

  it("a late hook's notice goes above a prompt of several lines being typed, not between its lines", async () => {
    const box = sandbox();
    // It fails once the test says so: after the hold for its lines (2 s) ended, while the user types.
    const settings = box.json("s.json", {
      hooks: {
        PostToolUse: [
          command("cat > /dev/null; until [ -e fail-now ]; do sleep 0.1; done; echo boom >&2; exit 1", {
            name: "late",
          }),
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo hi" }),
      reply.text("all done"),
    ]);
    const term = await startBypassing(box, server, ["--settings", settings]);
    term.submit("go");
    await term.waitForScreen(/^all done\n›.*\n.*context/m);
    term.submit("first line\\");
    term.type("second");
    await term.waitForScreen(/^… second\n.*context/m);
    fs.writeFileSync(box.at("fail-now"), "");
    // The final state: the notice and ⚑ line above the whole prompt, the status line under it.
    const screen = await term.waitForScreen(
      /⚑ hook PostToolUse "late".*\n› first line\\\n… second\n.*context/m,
    );
    expect(screen).toMatch(
      /^hook late: exit code 1: boom\n {2}⚑ hook PostToolUse "late" · failed .* · for bash echo hi\n›/m,
    );
  });
});
