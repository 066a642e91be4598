/**
 * Issue 16, item 4, in a real terminal (tmux): an approval answered by one key without Enter, and
 * text typed ahead of the question that does not answer it.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { conversations } from "../support/conversations.js";
import { command, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("approvals", { timeout: 120_000 }, () => {
  it("one key answers, no Enter: the exact call is shown, y runs it", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo approved > out.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit("write it");
    await term.waitForScreen("? allow bash echo approved > out.txt  [y]es / [n]o / [a]lways");
    term.type("y");
    await term.waitForScreen("✓ bash echo approved > out.txt → (no output)");
    await term.waitForScreen(/^done$/m);
    expect(fs.readFileSync(`${box.project}/out.txt`, "utf8")).toBe("approved\n");
  });

  it("a question open while the terminal is narrowed is broken again at the new width, drawn once, and still answered", async () => {
    const box = sandbox();
    const command =
      "mkdir -p 'docs/über' && touch 'docs/über/naïve 文件.md' && echo 'a rather long line that makes the question wrap'";
    const server = await modelServer([reply.toolCall("bash", { command }), reply.text("done")]);
    const term = await startSession(box, server);
    term.submit("make it");
    await term.waitForScreen(/\(this exact command\):\s*$/m);
    term.tmux("resize-window", "-t", "t", "-x", "40", "-y", "40");
    // What is on screen now (tmux keeps rows it pushed off the top in its history).
    const shown = () => term.tmux("capture-pane", "-p", "-t", "t");
    let visible = "";
    for (let i = 0; i < 100 && !/^ {2}\[a\]lways \(this exact command\):\s*$/m.test(visible); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      visible = shown();
    }
    const rows = visible.split("\n").filter((row) => row.trim() !== "");
    const first = rows.findIndex((row) => row.startsWith("? allow bash"));
    expect(rows.slice(first)).toEqual([
      "? allow bash mkdir -p 'docs/über' &&",
      "  touch 'docs/über/naïve 文件.md' &&",
      "  echo 'a rather long line that makes",
      "  the question wrap' [y]es / [n]o /",
      "  [a]lways (this exact command):",
    ]);
    term.type("y");
    await term.waitForScreen(/^done$/m);
    expect(fs.existsSync(`${box.project}/docs/über/naïve 文件.md`)).toBe(true);
  });

  it("a question longer than a row: what follows the answer stays on screen", async () => {
    const box = sandbox();
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`).join(" ");
    const server = await modelServer([
      reply.toolCall("bash", { command: `touch ${words}` }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit("go");
    await term.waitForScreen(
      /w59\s+\[y\]es\s+\/\s+\[n\]o\s+\/\s+\[a\]lways\s+\(this\s+exact\s+command\):\s*$/m,
    );
    term.type("y");
    // The prompt comes back under them: readline's redraw must not climb over them.
    await term.waitForScreen(/^✓ bash touch w0 .*\n(.*\n)*done\n›/m);
  });

  it("a long command is shown once: its always is `this exact command`, and `a` allows that command, not another", async () => {
    const box = sandbox();
    const long = `touch ${Array.from({ length: 30 }, (_, i) => `file${i}`).join(" ")}`;
    const server = await modelServer([
      reply.toolCall("bash", { command: long }),
      reply.toolCall("bash", { command: long }),
      reply.toolCall("bash", { command: `${long} other` }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit("go");
    const screen = await term.waitForScreen(/\[a\]lways\s+\(this\s+exact\s+command\):\s*$/m);
    expect(screen.match(/file29/g)).toHaveLength(1);
    term.type("a");
    // The same command again runs unasked; one more word is asked about.
    await term.waitForScreen(
      /file29\s+other\s+\[y\]es\s+\/\s+\[n\]o\s+\/\s+\[a\]lways\s+\(this\s+exact\s+command\):\s*$/m,
    );
    expect(term.screen().match(/^✓ bash touch file0 /gm)).toHaveLength(2);
    term.type("n");
    await term.waitForScreen(/^done$/m);
  });

  it("text pasted while a question is open answers nothing (its `a` is not always): it waits at the prompt afterwards", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo yes > pasted.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit("go");
    await term.waitForScreen(/\[a\]lways \(bash\(echo yes > pasted\.txt\)\):\s*$/m);
    term.tmux("set-buffer", "say yes");
    term.tmux("paste-buffer", "-p", "-t", "t");
    // Keys reach the session in order: the question is still open when this one comes.
    term.type("n");
    await term.waitForScreen("✗ bash echo yes > pasted.txt → permission denied");
    await term.waitForScreen(/^› say yes$/m);
    expect(fs.existsSync(box.at("pasted.txt"))).toBe(false);
  });

  it("text typed before the question does not answer it; the key pressed after it does", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "sleep 2" }),
      reply.toolCall("bash", { command: "echo no > no.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server, { args: ["--allowedTools", "bash(sleep *)"] });
    term.submit("go");
    await term.waitForScreen(/bash sleep 2 \(/);
    // Typed ahead while the first call runs: a "y" that must not approve the second call.
    term.type("yy");
    await term.waitForScreen("? allow bash echo no > no.txt");
    const asked = await term.waitForScreen(/\[a\]lways \(bash\(echo no > no\.txt\)\):\s*$/m);
    expect(asked).not.toContain("✓ bash echo no");
    // Read, then answered: a key the moment it opens, after typing, would be the prompt's.
    await new Promise((resolve) => setTimeout(resolve, 600));
    term.type("n");
    await term.waitForScreen("✗ bash echo no > no.txt → permission denied");
    await term.waitForScreen(/^done$/m);
    expect(fs.existsSync(`${box.project}/no.txt`)).toBe(false);
  });

  it("a question does not open while you type: the y of a sentence typed on as it would open answers nothing, the sentence stays", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "sleep 1" }),
      reply.toolCall("bash", { command: "echo yes > yes.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server, { args: ["--allowedTools", "bash(sleep *)"] });
    term.submit("go");
    await term.waitForScreen(/bash sleep 1 \(/);
    // Keys keep coming past the moment the second call wants its question (about a second on).
    for (let i = 0; i < 16; i++) {
      term.type("y");
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await term.waitForScreen(/\[a\]lways \(bash\(echo yes > yes\.txt\)\):\s*$/m);
    expect(fs.existsSync(`${box.project}/yes.txt`)).toBe(false);
    // A key pressed as soon as it shows was typed before it could be read: it is the prompt's too.
    term.type("y");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(fs.existsSync(`${box.project}/yes.txt`)).toBe(false);
    term.type("n");
    await term.waitForScreen("✗ bash echo yes > yes.txt → permission denied");
    await term.waitForScreen(/^› y{17}$/m);
    expect(fs.existsSync(`${box.project}/yes.txt`)).toBe(false);
  });

  it("a background sub-agent's question waits while you type at the idle prompt: your sentence's letters answer nothing", async () => {
    const box = sandbox();
    const server = await modelServer(
      conversations({
        "SUB-TASK": [
          reply.toolCall("bash", { command: "sleep 1" }),
          reply.toolCall("bash", { command: "echo yes > yes.txt" }),
          reply.text("sub done"),
        ],
        "go-main": [
          reply.toolCall("agent", { prompt: "SUB-TASK", description: "helper", run_in_background: true }),
          reply.text("launched it"),
          reply.text("noted"),
        ],
      }),
    );
    const term = await startSession(box, server, { args: ["--allowedTools", "bash(sleep *)"] });
    term.submit("go-main");
    await term.waitForScreen("launched it");
    for (const letter of "yes and always anyway") {
      term.type(letter);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await term.waitForScreen(/\[a\]lways \(bash\(echo yes > yes\.txt\)\):\s*$/m);
    expect(fs.existsSync(`${box.project}/yes.txt`)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 600));
    term.type("n");
    await term.waitForScreen("✗ [general-purpose] bash echo yes > yes.txt → permission denied");
    await term.waitForScreen(/^› yes and always anyway$/m);
    expect(fs.existsSync(`${box.project}/yes.txt`)).toBe(false);
  });

  /** A PreToolUse hook answering permissionDecision "ask" for every bash call. */
  const askingHook = (box: Sandbox) =>
    box.json("s.json", {
      hooks: {
        // Claude Code's group form: its hooks' hookSpecificOutput is read.
        PreToolUse: [
          {
            matcher: "bash",
            hooks: [
              command(
                `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}'`,
              ),
            ],
          },
        ],
      },
    });

  for (const [what, args, refusal] of [
    ["a permission question", () => [], "permission denied: the run was interrupted at the question"],
    [
      "a hook's ask",
      (box: Sandbox) => ["--settings", askingHook(box), "--allowedTools", "bash(echo *)"],
      "hook: sure? (the run was interrupted at the question",
    ],
  ] as const)
    it(`Esc at ${what} rejects the call and ends the turn: the model is not asked again until the next prompt`, async () => {
      const box = sandbox();
      const server = await modelServer([
        reply.toolCall("bash", { command: "echo one > one.txt" }),
        reply.toolCall("bash", { command: "echo two > two.txt" }),
        reply.text("after"),
      ]);
      const term = await startSession(box, server, { args: args(box) });
      term.submit("go");
      await term.waitForScreen("? allow bash echo one > one.txt");
      term.press("Escape");
      await term.waitForScreen(`✗ bash echo one > one.txt → ${refusal}`);
      await term.waitForScreen("interrupted · what should codebot do instead?");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.requests).toHaveLength(1);
      expect(term.screen()).not.toContain("refused");
      expect(fs.existsSync(`${box.project}/one.txt`)).toBe(false);
      term.submit("next");
      await term.waitForScreen("? allow bash echo two > two.txt");
      expect(requestText(server.requests[1])).toContain("[Request interrupted by user for tool use]");
      // Left idle, as the session is when the test's terminal goes away.
      term.type("n");
      await term.waitForScreen(/^after$/m);
    });

  it("questions of sub-agents running at once say which of how many is asked: one at a time, the count grows as one queues", async () => {
    const box = sandbox();
    const server = await modelServer(
      conversations({
        "ALPHA-TASK": [reply.toolCall("bash", { command: "echo a > a.txt" }), reply.text("alpha done")],
        // Asks a second after alpha's question is open: alpha's is counted again, 1 of 2.
        "BETA-TASK": [
          reply.toolCall("bash", { command: "sleep 1" }),
          reply.toolCall("bash", { command: "echo b > b.txt" }),
          reply.text("beta done"),
        ],
        go: [
          reply.toolCalls(
            toolCall("agent", { prompt: "ALPHA-TASK", name: "alpha" }),
            toolCall("agent", { prompt: "BETA-TASK", name: "beta" }),
          ),
          reply.text("all done"),
        ],
      }),
    );
    const term = await startSession(box, server, { args: ["--allowedTools", "bash(sleep *)"] });
    term.submit("go");
    await term.waitForScreen("? allow [alpha] bash echo a > a.txt  [y]es");
    const recounted = await term.waitForScreen("? (1 of 2) allow [alpha] bash echo a > a.txt  [y]es");
    // Drawn again in its place, not under the question as first drawn.
    expect(recounted).not.toContain("? allow [alpha]");
    term.type("y");
    const second = await term.waitForScreen("? (2 of 2) allow [beta] bash echo b > b.txt  [y]es");
    // One question on screen at a time: beta's was not drawn before alpha's was answered.
    expect(second.indexOf("[beta] bash echo b")).toBeGreaterThan(second.indexOf("✓ [alpha] bash echo a"));
    term.type("y");
    await term.waitForScreen(/^all done$/m);
    expect(fs.readFileSync(box.at("b.txt"), "utf8")).toBe("b\n");
  });
});
