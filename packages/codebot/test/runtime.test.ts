import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { createRuntime } from "../src/session/create-runtime.js";
import { readProjectSettings } from "../src/session/project-settings.js";
import { scratchDir, startSession } from "./support/e2e.js";

describe("createRuntime", () => {
  it("starts despite broken settings and lists every problem with its file", async () => {
    const project = scratchDir("codebot-project-");
    fs.mkdirSync(path.join(project, ".codebot"));
    fs.writeFileSync(path.join(project, ".codebot/settings.json"), '{ "hooks": { ');
    const s = await startSession({
      dirs: { project, home: scratchDir("codebot-home-") },
      user: { hooks: { PreToolUse: [{ type: "command", command: "true" }], OnLunch: [] }, model: 42 },
    });
    const messages = s.runtime.problems.map((p) => `${p.severity}: ${p.message}`);
    expect(messages).toContainEqual(
      expect.stringMatching(/^error: settings: .*\.codebot\/settings\.json:1:\d+: .*\(layer skipped\)$/),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^warning: settings: .*settings\.json: model: expected "provider\/model-id", got 42; ignored$/,
      ),
    );
    expect(messages).toContainEqual(expect.stringMatching(/^error: .*settings\.json: hooks\.OnLunch: /));
    expect(s.runtime.hooks.hooks).toHaveLength(1);
  });

  it("takes the model from settings when none is given", async () => {
    const home = scratchDir("codebot-home-");
    fs.writeFileSync(path.join(home, "settings.json"), '{ "model": "anthropic/claude-from-settings" }');
    const runtime = await createRuntime({
      cwd: scratchDir("codebot-project-"),
      codebotHome: home,
      env: { ANTHROPIC_API_KEY: "k", OPENAI_API_KEY: "k" },
      notify: () => {},
    });
    expect(runtime.model.modelId).toBe("claude-from-settings");
    await runtime.setModel("openai/gpt-other");
    expect(runtime.model.modelId).toBe("gpt-other");
    await expect(runtime.setModel("nope")).rejects.toThrow(/model: "nope" is not provider\/model-id/);
    await runtime.close();
  });

  it("uses settings the caller has read already instead of reading the files again", async () => {
    const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
    const settingsFile = path.join(dirs.home, "settings.json");
    fs.writeFileSync(
      settingsFile,
      JSON.stringify({ hooks: { Stop: [{ type: "command", command: "true" }] } }),
    );
    const projectSettings = readProjectSettings({ cwd: dirs.project, codebotHome: dirs.home });
    // Read again, this file would give the session no hooks.
    fs.writeFileSync(settingsFile, "{}");
    const s = await startSession({ dirs, runtime: { projectSettings } });
    expect(s.runtime.project.layers).toBe(projectSettings.layers);
    expect(s.runtime.project.trustStore).toBe(projectSettings.trustStore);
    expect(s.runtime.hooks.hooks.map((h) => h.event)).toEqual(["Stop"]);
  });

  it("refuses a project directory that does not exist", async () => {
    const missing = path.join(scratchDir("codebot-project-"), "nope");
    await expect(
      createRuntime({ cwd: missing, codebotHome: scratchDir("codebot-home-"), model: "x/y", env: {} }),
    ).rejects.toThrow(`session: project directory ${missing} does not exist or is not a directory`);
  });

  it("rejects a second prompt while one is running", async () => {
    const s = await startSession({ script: [reply.hang("working")] });
    const first = s.runtime.prompt("one");
    await expect(s.runtime.prompt("two")).rejects.toThrow("session: a prompt is already running");
    s.runtime.abort();
    expect((await first).status).toBe("aborted");
  });
});
