/**
 * The examples in docs/hooks.md, as written there, run for real (issue 17, item 5): the guard
 * cannot be passed with a TAB, because `if` sees the arguments with their escapes decoded.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ifSubject } from "../src/if-subject.js";
import { bashTool, callTool, runnerFor, writeTool } from "./support.js";

const doc = readFileSync(new URL("../../../docs/hooks.md", import.meta.url), "utf8");

/** The first ```json block after the line that starts with `heading` (or the first of the file). */
function jsonAfter(heading: string | undefined): unknown {
  const from = heading === undefined ? 0 : doc.indexOf(`\n${heading}`);
  if (from < 0) throw new Error(`docs/hooks.md has no "${heading}"`);
  const match = /```json\n([\s\S]*?)```/.exec(doc.slice(from));
  if (!match?.[1]) throw new Error(`no json block after "${heading}"`);
  return JSON.parse(match[1]);
}

type Hooks = Record<string, unknown[]>;
const hooksOf = (settings: unknown) => (settings as { hooks: Hooks }).hooks;

async function blocked(hooks: Hooks, tool: typeof bashTool | typeof writeTool, args: Record<string, string>) {
  const { runner } = runnerFor(hooks);
  const { executed } = await callTool(runner, tool, args);
  return executed.length === 0;
}

describe("docs/hooks.md: Block dangerous commands, its codebot entries", () => {
  // Its Claude Code group's `if` rules need the harness's rule grammar: codebot's
  // test/cli/docs-guard-rails.test.ts runs the whole example.
  const entries = hooksOf(jsonAfter("### Block dangerous commands")).PreToolUse ?? [];
  const hooks = { PreToolUse: entries.filter((entry) => "type" in (entry as object)) };

  it.each(["psql -c 'DROP TABLE users'", "psql -c 'drop\ttable users'", "psql\t-c 'drop table\tusers'"])(
    "refuses %j",
    async (command) => {
      expect(await blocked(hooks, bashTool, { command })).toBe(true);
    },
  );

  it.each(["ls -la", "psql -c 'select 1'", "rm notes.txt"])("lets %j run", async (command) => {
    expect(await blocked(hooks, bashTool, { command })).toBe(false);
  });

  it("keeps .env files off limits and lets other files be written", async () => {
    expect(await blocked(hooks, writeTool, { file_path: "config/.env", content: "" })).toBe(true);
    expect(await blocked(hooks, writeTool, { file_path: "config/app.json", content: "" })).toBe(false);
  });
});

describe("docs/hooks.md: the opening example", () => {
  it("refuses rm -rf written with a tab", async () => {
    const hooks = { PreToolUse: hooksOf(jsonAfter(undefined)).PreToolUse ?? [] };
    expect(await blocked(hooks, bashTool, { command: "rm\t-rf /" })).toBe(true);
    expect(await blocked(hooks, bashTool, { command: "rm -r notes" })).toBe(false);
  });
});

describe("docs/hooks.md: Rewrite a command", () => {
  it("turns npm into pnpm and leaves other commands alone", async () => {
    const entry = jsonAfter("### Rewrite a command");
    const { runner } = runnerFor({ PreToolUse: [entry] });
    expect((await callTool(runner, bashTool, { command: "npm test" })).executed[0]?.args).toEqual({
      command: "pnpm test",
    });
    expect((await callTool(runner, bashTool, { command: "make" })).executed[0]?.args).toEqual({
      command: "make",
    });
  });
});

describe("docs/hooks.md: Keep a task open until its checklist is done", () => {
  it("refuses to complete a release task without a CHANGELOG.md, and allows it with one", async () => {
    const { runner, dir } = runnerFor(hooksOf(jsonAfter("### Keep a task open until its checklist is done")));
    const task = { id: "1", subject: "Release 1.2", status: "completed" };
    const input = {
      task,
      previousTask: { ...task, status: "in_progress" },
      statusFrom: "in_progress",
      statusTo: "completed",
    };
    expect(await runner.taskCompleted(input)).toMatchObject({ kind: "block" });
    writeFileSync(join(dir, "CHANGELOG.md"), "## 1.2\n");
    expect(existsSync(join(dir, "CHANGELOG.md"))).toBe(true);
    expect(await runner.taskCompleted(input)).toMatchObject({ kind: "allow" });
  });
});

describe("what `if` is searched in", () => {
  it("is compact JSON with whitespace and control escapes decoded, quotes and backslashes kept", () => {
    expect(ifSubject({ command: 'a\tb\nc "q" \\t \u0001' })).toBe(
      '{"command":"a\tb\nc \\"q\\" \\\\t \u0001"}',
    );
    expect(ifSubject(undefined)).toBe("");
  });
});
