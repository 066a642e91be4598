/**
 * `/effort` in the interactive session, in claude 2.1.328's words (recorded in tmux): it sets the
 * effort of the next model request, in a real terminal, and `low` … `xhigh` are saved in your user
 * settings (`modelSettings.<model>.effortLevel`) for new sessions, as claude saves them.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("/effort", { timeout: 120_000 }, () => {
  it("shows the level, refuses an unknown one with the options, and /effort low is the next request's effort; auto goes back", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const term = await startSession(box, server, { args: ["--model", "claude-opus-5-5"] });
    term.submit("/effort");
    await term.waitForScreen("effort: medium; options: low, medium, high, xhigh, max, auto");
    term.submit("/effort bogus");
    await term.waitForScreen("Unknown option: bogus. Options: low, medium, high, xhigh, max, auto");
    term.submit("/effort low");
    await term.waitForScreen(
      "Set effort level to low (saved as your default for new sessions): Quick, straightforward",
    );
    term.submit("hi");
    await waitFor(() => server.requests.length === 1);
    await term.waitForScreen("one");
    term.submit("/effort auto");
    await term.waitForScreen("Effort level set to auto");
    term.submit("again");
    await waitFor(() => server.requests.length === 2);
    const efforts = server.requests.map(
      (r) => (r.body as { output_config?: { effort?: string } }).output_config?.effort,
    );
    expect(efforts).toEqual(["low", "medium"]);
  });

  it("says when the requests carry another level than asked: claude-opus-4-6 takes high for xhigh", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--model", "claude-opus-4-6"] });
    term.submit("/effort xhigh");
    await term.waitForScreen("anthropic/claude-opus-4-6 is asked with high");
    term.submit("/effort");
    await term.waitForScreen("effort: high; options");
  });

  it("/effort low … xhigh is saved in ~/.claude/settings.json for the model, keeping the file's other keys and comments; a new session starts with it; auto takes it out; max is for the session only", async () => {
    const box = sandbox();
    const file = path.join(box.home, ".claude/settings.json");
    box.write(file, '{\n  // mine\n  "theme": "dark"\n}\n');
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const term = await startSession(box, server, { args: ["--model", "claude-opus-4-6"] });
    term.submit("/effort max");
    await term.waitForScreen("Set effort level to max (this session only)");
    expect(fs.readFileSync(file, "utf8")).toBe('{\n  // mine\n  "theme": "dark"\n}\n');
    term.submit("/effort medium");
    await term.waitForScreen("Set effort level to medium (saved as your default for new sessions)");
    expect(fs.readFileSync(file, "utf8")).toBe(
      '{\n  // mine\n  "theme": "dark",\n  "modelSettings": {\n    "claude-opus-4-6": {\n      "effortLevel": "medium"\n    }\n  }\n}\n',
    );

    const next = await runCli(["-p", "go", "--model", "claude-opus-4-6", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(next.code, next.stderr).toBe(0);
    expect(server.requests[0]?.body?.output_config?.effort).toBe("medium");

    term.submit("/effort auto");
    await term.waitForScreen("Effort level set to auto");
    expect(JSON.parse(fs.readFileSync(file, "utf8").replace("// mine", ""))).toEqual({
      theme: "dark",
      modelSettings: { "claude-opus-4-6": {} },
    });
  });

  it("a settings file that cannot be saved to says so in one line; the level still holds for the session", async () => {
    const box = sandbox();
    const file = path.join(box.home, ".claude/settings.json");
    box.write(file, '{ "theme": ');
    const server = await modelServer([reply.text("one")]);
    const term = await startSession(box, server, { args: ["--model", "claude-opus-4-6"] });
    term.submit("/effort low");
    await term.waitForScreen("the effort is not saved");
    await term.waitForScreen("Set effort level to low (this session only)");
    expect(fs.readFileSync(file, "utf8")).toBe('{ "theme": ');
    term.submit("hi");
    await waitFor(() => server.requests.length === 1);
    expect(server.requests[0]?.body?.output_config?.effort).toBe("low");
  });

  it("says so when maxEffortLevel caps the level asked", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { maxEffortLevel: "medium" });
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--model", "claude-opus-4-7"] });
    term.submit("/effort");
    await term.waitForScreen("effort: medium; options");
    term.submit("/effort max");
    await term.waitForScreen("anthropic/claude-opus-4-7 is asked with medium");
    await term.waitForScreen("maxEffortLevel caps it");
  });
});
