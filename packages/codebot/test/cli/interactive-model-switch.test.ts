/**
 * `/model` in the interactive session fires PreModelSwitch (which may refuse) and PostModelSwitch,
 * with real hook scripts, in a real terminal.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
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
    await term.waitForScreen("model: anthropic/claude-haiku-4-5 (from the next model call;");
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

/** As claude 2.1.328's /model (recorded in tmux): the choice is saved in `model` of your user settings. */
describe("/model saves the model as your default", { timeout: 120_000 }, () => {
  it("/model haiku goes into ~/.claude/settings.json as claude writes it, keeping the file's other keys and comments; -p then uses it; /model default takes it out", async () => {
    const box = sandbox();
    const file = path.join(box.home, ".claude/settings.json");
    box.write(file, '{\n  // mine\n  "theme": "dark"\n}\n');
    const server = await modelServer([reply.text("one")]);
    const term = await startSession(box, server);
    term.submit("/model haiku");
    await term.waitForScreen(
      "model: anthropic/claude-haiku-4-5 (from the next model call; saved as your default for new sessions)",
    );
    expect(fs.readFileSync(file, "utf8")).toBe('{\n  // mine\n  "theme": "dark",\n  "model": "haiku"\n}\n');

    const next = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(next.code, next.stderr).toBe(0);
    expect(server.requests[0]?.body?.model).toBe("claude-haiku-4-5");

    term.submit("/model claude-opus-4-6");
    await term.waitForScreen("model: anthropic/claude-opus-4-6 (from the next model call; saved");
    expect(JSON.parse(fs.readFileSync(file, "utf8").replace("// mine", "")).model).toBe("claude-opus-4-6");
    term.submit("/model default");
    await term.waitForScreen("(default) (from the next model call; saved as your default for new sessions)");
    expect(fs.readFileSync(file, "utf8")).toBe('{\n  // mine\n  "theme": "dark"\n}\n');
  });

  it("a settings file that is not valid JSON is left as it was; the switch holds for this session only, and the line says why", async () => {
    const box = sandbox();
    const file = box.write(path.join(box.home, ".claude/settings.json"), '{ "theme": ');
    const server = await modelServer([reply.text("one")]);
    const term = await startSession(box, server);
    term.submit("/model haiku");
    await term.waitForScreen(`${file}: not valid JSON`);
    await term.waitForScreen("the model is not saved");
    await term.waitForScreen(
      "model: anthropic/claude-haiku-4-5 (from the next model call; this session only)",
    );
    expect(fs.readFileSync(file, "utf8")).toBe('{ "theme": ');
    term.submit("hi");
    await waitFor(() => server.requests.length === 1);
    expect(server.requests[0]?.body?.model).toBe("claude-haiku-4-5");
  });

  it("says when another settings file names a model, which new sessions here start with", async () => {
    const box = sandbox();
    const pinned = box.json("pinned.json", { model: "claude-sonnet-4-5" });
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--settings", pinned] });
    term.submit("/model haiku");
    await term.waitForScreen("pinned.json pins claude-sonnet-4-5: new sessions here start with that");
  });
});
