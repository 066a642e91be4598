/**
 * Issue 16, item 6, in a real terminal (tmux): the status line under the prompt (model, context
 * used / window, session tokens and cost) and `/cost`'s totals.
 */
import { type LoopbackModelServer, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** The session in bypass mode on `model`, `extra` arguments after. */
const startOn = (box: Sandbox, server: LoopbackModelServer, model: string, extra: string[] = []) =>
  startSession(box, server, { args: ["--permission-mode", "bypassPermissions", "--model", model, ...extra] });

const used = (inputTokens: number, outputTokens: number, cacheReadTokens = 0) => ({
  usage: { inputTokens, outputTokens, cacheReadTokens },
});

describe("the session's status", { timeout: 120_000 }, () => {
  it("under the prompt: model, context used / window, session tokens and cost; it stays while typing", async () => {
    const box = sandbox();
    const server = await modelServer([
      { ...reply.toolCall("bash", { command: "true" }), ...used(100_000, 1_000) },
      { ...reply.text("done"), ...used(110_000, 2_000, 100_000) },
    ]);
    const term = await startOn(box, server, "anthropic/claude-sonnet-4-5");
    // Before any model call: nothing used yet.
    await term.waitForScreen(
      /^›\s*\n\s*anthropic\/claude-sonnet-4-5 · context \d+\/200k \(0%\) · 0 tokens · \$0\.0000$/m,
    );
    term.submit("go");
    // 210k in + 3k out; $: 110k uncached × 3 + 100k cache read × 0.3 + 3k out × 15, per million = $0.405.
    await term.waitForScreen(
      /^›\s*\n\s*anthropic\/claude-sonnet-4-5 · context 112k\/200k \(56%\) · 213k tokens · \$0\.4050$/m,
    );
    term.type("half typed");
    await term.waitForScreen(/^›\s*half typed\n.*213k tokens/m);
  });

  it("stays under the prompt when the terminal is resized, cut to the new width", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startOn(box, server, "anthropic/claude-sonnet-4-5");
    term.type("half typed");
    await term.waitForScreen(/^›\s*half typed\n.*0 tokens/m);
    term.tmux("resize-window", "-t", "t", "-x", "60", "-y", "30");
    await term.waitForScreen(
      /^›\s*half typed\nanthropic\/claude-sonnet-4-5 · context 0\/200k \(0%\) · 0 \S*…$/m,
    );
  });

  it("a line typed over two rows is drawn once after the terminal is narrowed, not with a copy of its first row", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startOn(box, server, "anthropic/claude-sonnet-4-5");
    const words = Array.from({ length: 25 }, (_, i) => `word${i}`);
    // Key by key: 142 columns, two rows of 120.
    for (const word of words) term.type(`${word} `);
    await term.waitForScreen(/word24\s*\nanthropic/);
    // tmux rewraps the rows, as most terminals do: three rows of 70.
    term.tmux("resize-window", "-t", "t", "-x", "70", "-y", "40");
    const screen = await term.waitForScreen(/word24\s*\nanthropic\/claude-sonnet-4-5 · context .*…$/m);
    expect(screen.match(/word0 /g)).toHaveLength(1);
  });

  it("a line of two rows, narrowed in a short terminal then widened, leaves no copy of itself and its status", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startSession(box, server, {
      args: ["--permission-mode", "bypassPermissions"],
      size: { columns: 120, rows: 8 },
    });
    for (const word of Array.from({ length: 25 }, (_, i) => `word${i}`)) term.type(`${word} `);
    await term.waitForScreen(/word24\s*\nanthropic/);
    // Four rows of 50 with the banner's four: tmux pushes the prompt's first row into the
    // scrollback, so readline's redraw starts at the screen's top-left corner.
    term.tmux("resize-window", "-t", "t", "-x", "50", "-y", "8");
    await term.waitForScreen(/^22 word23 word24\s*\nanthropic\/claude-sonnet-4-5 · context .*…$/m);
    term.tmux("resize-window", "-t", "t", "-x", "120", "-y", "8");
    const screen = await term.waitForScreen(
      /word24\s*\nanthropic\/claude-sonnet-4-5 · context .*\$0\.0000$/m,
    );
    // Only the first row the scrollback holds stays above it (claude 2.1.328 left a whole copy).
    expect(screen.match(/word24/g)).toHaveLength(1);
    expect(screen.match(/ · context /g)).toHaveLength(1);
  });

  it("a line edited on a cleared screen (Ctrl+L) leaves no copy of itself in the scrollback at each edit", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startOn(box, server, "anthropic/claude-sonnet-4-5");
    term.press("C-l");
    term.type("fix the parser");
    await term.waitForScreen(/^› fix the parser\s*\nanthropic/m);
    // ← then a key: readline draws the line again from the screen's top-left corner.
    term.press("Left", "Left", "Left", "Left", "Left", "Left");
    term.type("X");
    term.press("End");
    term.type("!");
    const screen = await term.waitForScreen(/^› fix the Xparser!\s*\nanthropic/m);
    expect(screen.match(/^› fix/gm)).toHaveLength(1);
  });

  it("goes under a prompt in wide characters (Chinese) that wraps, not over its second row; an edit keeps it there", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startOn(box, server, "anthropic/claude-sonnet-4-5");
    // 70 characters of two columns each, after the prompt's two: 142 columns, two rows of 120.
    const text = `${"修复解析器的错误并添加测试".repeat(5).slice(0, 65)}一二三四五`;
    // Key by key, as typed (a chunk of keys at once is a paste: the next test).
    for (const char of text) term.type(char);
    const under = /^› 修复\S+\n\S*一二三四五\s*\nanthropic\/claude-sonnet-4-5 · context/m;
    await term.waitForScreen(under);
    // Back over the last 40 characters (onto the first row) and type one: both rows are redrawn.
    term.press(...Array<string>(40).fill("Left"));
    term.type("X");
    await term.waitForScreen(/^› 修复\S*X\S*\n\S*一二三四五\s*\nanthropic\/claude-sonnet-4-5 · context/m);
  });

  it("a pasted line that wraps onto the status's row leaves none of the status on it", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startOn(box, server, "anthropic/claude-sonnet-4-5");
    await term.waitForScreen(/^›\s*\nanthropic\/claude-sonnet-4-5 · context/m);
    // One chunk, as a paste arrives: readline writes it straight on, over the status's row.
    term.type("x".repeat(130));
    await term.waitForScreen(/^› x{118}\nx{12}\s*\nanthropic\/claude-sonnet-4-5 · context/m);
  });

  it("/cost prints the session's cost, durations and tokens per model in claude 2.1.328's layout", async () => {
    const box = sandbox();
    const server = await modelServer([
      { ...reply.toolCall("bash", { command: "true" }), ...used(1_000, 50) },
      { ...reply.text("done"), ...used(1_200, 30, 1_000) },
    ]);
    const term = await startOn(box, server, "anthropic/claude-haiku-4-5");
    term.submit("go");
    await term.waitForScreen(/^done$/m);
    term.submit("/cost");
    // 1,200 uncached × $1 + 1,000 cache read × $0.1 + 80 out × $5, per million.
    await term.waitForScreen(
      /^Estimated cost: {8}\$0\.0017\nTotal duration \(API\): {2}\d+s\nTotal duration \(wall\): \d+s\nTotal code changes: {4}0 lines added, 0 lines removed\nUsage by model:$/m,
    );
    await term.waitForScreen(
      "    claude-haiku-4-5:  1.2k input, 80 output, 1.0k cache read, 0 cache write ($0.0017)",
    );
  });

  it("a model without a price: cost unknown, and /cost says so in claude's words and how to set one", async () => {
    const box = sandbox();
    const settings = box.json("settings.json", { models: { "anthropic/acme-1": { contextWindow: 50_000 } } });
    const server = await modelServer([{ ...reply.text("hi"), ...used(5_000, 10) }]);
    const term = await startOn(box, server, "anthropic/acme-1", ["--settings", settings]);
    term.submit("hello");
    await term.waitForScreen(/anthropic\/acme-1 · context 5k\/50k \(10%\) · 5k tokens · cost unknown$/m);
    term.submit("/cost");
    await term.waitForScreen(
      "Estimated cost:        $0.0000 (costs may be inaccurate due to usage of unknown models)",
    );
    await term.waitForScreen('no price for anthropic/acme-1: set "models": {"anthropic/acme-1": {"price"');
  });
});
