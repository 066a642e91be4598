/**
 * `/model` in the interactive session fires PreModelSwitch (which may refuse) and PostModelSwitch,
 * with real hook scripts, in a real terminal.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("/model with PreModelSwitch and PostModelSwitch", { timeout: 120_000 }, () => {
  it("a PreModelSwitch hook refuses /model opus; /model haiku switches and PostModelSwitch sees it", async () => {
    const box = sandbox();
    const deny = `echo '{"hookSpecificOutput":{"hookEventName":"PreModelSwitch","permissionDecision":"deny","permissionDecisionReason":"no opus on this budget"}}'`;
    const settings = box.json("s.json", {
      hooks: {
        PreModelSwitch: [{ matcher: "opus", hooks: [command(deny)] }],
        PostModelSwitch: [{ hooks: [command(`cat >> ${box.at("post.jsonl")}`)] }],
      },
    });
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("/model opus");
    await term.waitForScreen("refused the switch: no opus on this budget");
    term.submit("/model haiku");
    await term.waitForScreen("model: anthropic/claude-haiku-4-5 (from the next model call)");
    await waitFor(
      () =>
        fs.existsSync(box.at("post.jsonl")) && fs.readFileSync(box.at("post.jsonl"), "utf8").includes("\n"),
    );
    const lines = fs.readFileSync(box.at("post.jsonl"), "utf8").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        hook_event_name: "PostModelSwitch",
        to_model: "anthropic/claude-haiku-4-5",
        requested_model: "haiku",
        source: "command",
      }),
    ]);
  });
});
