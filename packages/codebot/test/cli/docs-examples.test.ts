import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runHooksTest, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, repoRoot, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Every ```json block of a Markdown file that is a settings file or a hook entry, as settings. */
function settingsExamples(file: string): { line: number; settings: Record<string, unknown> }[] {
  const text = fs.readFileSync(path.join(repoRoot, file), "utf8");
  const out: { line: number; settings: Record<string, unknown> }[] = [];
  for (const m of text.matchAll(/```json\n([\s\S]*?)```/g)) {
    let value: unknown;
    try {
      value = JSON.parse(m[1] as string);
    } catch {
      continue; // JSON Lines samples and payloads with "…" are not settings
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) continue;
    const obj = value as Record<string, unknown>;
    const line = text.slice(0, m.index).split("\n").length;
    // A Claude Code group (`{"matcher", "hooks": [...]}`) or a lone entry, shown on its own: as a PreToolUse hook.
    if (Array.isArray(obj.hooks) || ("type" in obj && !("hooks" in obj)))
      out.push({ line, settings: { hooks: { PreToolUse: [obj] } } });
    else if ("hooks" in obj) out.push({ line, settings: obj });
  }
  return out;
}

async function validate(settings: Record<string, unknown>) {
  const box = sandbox();
  const file = box.json("example.json", settings);
  // As a user of the examples would run them: with the token their headers send.
  const r = await runCli(["hooks", "validate", "--json", "--settings", file, "--cwd", box.project], {
    env: { ...cliEnv(box.home), POLICY_TOKEN: "t0ken" },
  });
  return JSON.parse(r.stdout) as { errors: number; problems: { message: string }[] };
}

describe("the settings examples in the docs", () => {
  // How many settings examples each page has at least: a change in how they are found shows.
  const pages: Record<string, number> = {
    "docs/hooks.md": 9,
    "README.md": 1,
    "docs/claude-code.md": 2,
    "docs/http-hooks.md": 3,
  };
  for (const [doc, least] of Object.entries(pages)) {
    it(`every settings example in ${doc} validates without errors`, async () => {
      const examples = settingsExamples(doc);
      expect(examples.length).toBeGreaterThanOrEqual(least);
      for (const { line, settings } of examples) {
        const result = await validate(settings);
        expect({ line, problems: result.problems.map((p) => p.message) }).toEqual({ line, problems: [] });
      }
    });
  }

  it("the guard examples of docs/hooks.md block what they say and nothing else", async () => {
    const guard = settingsExamples("docs/hooks.md").find((e) =>
      JSON.stringify(e.settings).includes("no destructive commands"),
    );
    expect(guard).toBeDefined();
    const box = sandbox();
    const file = box.json("guard.json", guard?.settings);
    const test = (tool: string, args: unknown) =>
      runHooksTest(box, "PreToolUse", ["--tool", tool, "--args", JSON.stringify(args)], { settings: file });
    expect((await test("bash", { command: "rm -rf build" })).code).toBe(2);
    expect((await test("bash", { command: "git push origin main --force" })).code).toBe(2);
    expect((await test("bash", { command: "git push origin main" })).code).toBe(0);
    expect((await test("write", { file_path: "config/.env", content: "X=1" })).code).toBe(2);
    expect((await test("write", { file_path: "src/env.ts", content: "" })).code).toBe(0);
  });

  it("the rewrite example of docs/hooks.md turns npm into pnpm", async () => {
    const rewrite = settingsExamples("docs/hooks.md").find((e) =>
      JSON.stringify(e.settings).includes("pnpm"),
    );
    const box = sandbox();
    const file = box.json("rewrite.json", rewrite?.settings);
    const r = await runHooksTest(
      box,
      "PreToolUse",
      ["--tool", "bash", "--args", '{"command":"npm install"}', "--json"],
      { settings: file },
    );
    expect(JSON.parse(r.stdout).decision.updated_input).toEqual({ command: "pnpm install" });
  });

  it("the PostStopValidation example of docs/hooks.md fails with the test output when the tests fail", async () => {
    const check = settingsExamples("docs/hooks.md").find((e) =>
      JSON.stringify(e.settings).includes("tail -40"),
    );
    const box = sandbox();
    box.json("package.json", { name: "x", scripts: { test: "echo 'FAIL adds: expected 3, got 4'; exit 1" } });
    const file = box.json("check.json", check?.settings);
    // `npm test` runs the project's package.json scripts: held until approved for the project.
    const r = await runHooksTest(box, "PostStopValidation", ["--trust-project-hooks"], { settings: file });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("the agent would be told:\nFAIL adds: expected 3, got 4");
  });

  it("the notification examples of docs/hooks.md succeed where notify-send or osascript is missing", async () => {
    const notify = settingsExamples("docs/hooks.md").find((e) =>
      JSON.stringify(e.settings).includes("notify-send"),
    );
    const box = sandbox();
    const file = box.json("notify.json", notify?.settings);
    const r = await runHooksTest(box, "Stop", ["--json"], {
      settings: file,
      env: cliEnv(box.home, { PATH: "/usr/bin:/bin" }),
    });
    const trace = JSON.parse(r.stdout).trace as { outcome: string }[];
    expect(trace.map((t) => t.outcome)).toEqual(["allowed", "allowed"]);
  });
});
