import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox, streamJsonBashRun } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("a hook's statusMessage is shown while the hook runs (§3.1)", { timeout: 120_000 }, () => {
  it("stream-json writes a snake_case hook_start line before the hook's trace line", async () => {
    const { settings, result: r } = await streamJsonBashRun(
      [command("exit 0", { name: "guard", statusMessage: "checking the command" })],
      "ok",
    );
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    const start = lines.find((l) => l.subtype === "hook_start");
    expect(start).toMatchObject({
      type: "system",
      subtype: "hook_start",
      event: "PreToolUse",
      hook: "guard",
      source: "cli",
      file: settings,
      status_message: "checking the command",
      tool_use_id: "c1",
    });
    const trace = lines.find((l) => l.subtype === "hook" && l.hook === "guard");
    expect(lines.indexOf(start as Record<string, unknown>)).toBeLessThan(
      lines.indexOf(trace as Record<string, unknown>),
    );
  });

  it("--debug hooks prints a start line, with the statusMessage, before the hook's trace line", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        UserPromptSubmit: [command("exit 0", { name: "scan", statusMessage: "scanning the prompt" })],
      },
    });
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "hi", "--debug", "hooks", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    const lines = r.stderr.split("\n");
    const start = lines.findIndex((l) =>
      /^hook UserPromptSubmit "scan" \(cli: .*s\.json\) · started · scanning the prompt$/.test(l),
    );
    const end = lines.findIndex((l) => /^hook UserPromptSubmit "scan" .* · allowed · exit 0/.test(l));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
  });

  it("the interactive session shows the statusMessage while the hook runs, then the hook's line", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        UserPromptSubmit: [
          // Runs until the test has seen the screen: the message must be there while it runs.
          command("while [ ! -f release ]; do sleep 0.05; done", {
            name: "scan",
            statusMessage: "scanning the prompt for secrets",
          }),
        ],
      },
    });
    const server = await modelServer([reply.text("the answer")]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("go");
    const whileRunning = await term.waitForScreen(/^ {2}⋯ scanning the prompt for secrets$/m);
    expect(whileRunning).not.toContain('⚑ hook UserPromptSubmit "scan"');
    fs.writeFileSync(box.at("release"), "");
    const after = await term.waitForScreen("the answer");
    expect(after).toMatch(
      /^ {2}⋯ scanning the prompt for secrets\n {2}⚑ hook UserPromptSubmit "scan" · allowed · exit 0/m,
    );
  });
});
