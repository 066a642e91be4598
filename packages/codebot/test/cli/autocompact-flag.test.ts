/**
 * Claude Code's auto-compact window — `--autocompact <auto|tokens>`, `CLAUDE_CODE_AUTO_COMPACT_WINDOW`,
 * the settings' `autoCompactWindow`, in claude 2.1.328's order: automatic compaction counts its
 * threshold against that many tokens instead of the model's window.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const MODEL = "anthropic/claude-big-window";
/** About 90,000 tokens at codebot's 4 characters a token: past 0.85 of 100k, far below 1M. */
const PASTE = "p".repeat(360_000);

async function run(args: string[], settings: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  const box = sandbox();
  const file = box.json("s.json", { models: { [MODEL]: { contextWindow: 1_000_000 } }, ...settings });
  const server = await modelServer([reply.text("SUMMARY: a paste"), reply.text("answered")]);
  const r = await runCli(["-p", "look at this", "--model", MODEL, "--settings", file, ...args], {
    env: modelEnv(server, box.home, env),
    cwd: box.project,
    input: PASTE,
  });
  const summarised = requestText(server.requests[0]).includes("Summarise the conversation so far");
  return { r, summarised };
}

describe("the auto-compact window", () => {
  it("--autocompact 100000 compacts a 90k-token conversation on a 1M-token model", async () => {
    const { r, summarised } = await run(["--autocompact", "100000"]);
    expect(r.code, r.stderr).toBe(0);
    expect(summarised).toBe(true);
    expect(r.stderr).toContain("conversation compacted (auto)");
    expect(r.stdout).toBe("answered\n");
  });

  it("without it the same conversation goes to the model as it is", async () => {
    const { r, summarised } = await run([]);
    expect(r.code, r.stderr).toBe(0);
    expect(summarised).toBe(false);
    expect(r.stderr).not.toContain("compacted");
  });

  it("CLAUDE_CODE_AUTO_COMPACT_WINDOW and the autoCompactWindow setting set it too", async () => {
    expect((await run([], {}, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" })).summarised).toBe(true);
    expect((await run([], { autoCompactWindow: 100_000 })).summarised).toBe(true);
  });

  it("--autocompact auto wins over the variable: the model's window counts", async () => {
    const { r, summarised } = await run(
      ["--autocompact", "auto"],
      {},
      { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(summarised).toBe(false);
  });

  it("a window under 100000 tokens is refused: the flag before anything runs, the variable with a notice", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "go", "--autocompact", "50000"], {
      cwd: box.project,
      env: { HOME: box.home },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `option '--autocompact <auto|tokens>' argument '50000' is invalid. expected "auto" or a number of tokens of at least 100000`,
    );
    const { r: noticed, summarised } = await run([], {}, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "5000" });
    expect(noticed.stderr).toContain(
      `codebot: CLAUDE_CODE_AUTO_COMPACT_WINDOW=5000 is not "auto" or a number of tokens of at least 100000; ignored`,
    );
    expect(summarised).toBe(false);
  });
});
