/**
 * HOOKS.md §8, "every consent screen and listing shows what will run exactly": an http hook's
 * header values as written (before `$VAR` expansion), its `allowedEnvVars` and the environment
 * variables it will send, and a prompt hook's `model`, are shown by `hooks trust`, `hooks list`
 * (text and `--json`) and the interactive questions — and each is part of the fingerprint, so
 * changing one asks again. Before, only the URL was shown while the API key went out in a header;
 * now a model credential is never sent (docs/http-hooks.md), and the screens say it was asked for.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const audit = {
  type: "http",
  url: "http://127.0.0.1:8765/audit",
  headers: { "X-Trace": "$TEAM_TOKEN", "X-Key": "$ANTHROPIC_API_KEY" },
  allowedEnvVars: ["TEAM_TOKEN", "ANTHROPIC_API_KEY"],
};
const judge = { type: "prompt", prompt: "is this fine?", model: "anthropic/claude-judge" };

/** The review's repro: a Claude Code group in `.claude/settings.json` with both hooks. */
function project(hooks: unknown[] = [audit, judge]): Sandbox {
  const box = sandbox();
  box.json(".claude/settings.json", { hooks: { UserPromptSubmit: [{ hooks }] } });
  return box;
}

const shown = [
  "http: http://127.0.0.1:8765/audit\n",
  "header: X-Trace: $TEAM_TOKEN\n",
  "header: X-Key: $ANTHROPIC_API_KEY\n",
  "allowedEnvVars: TEAM_TOKEN, ANTHROPIC_API_KEY\n",
  "sends environment variables in its headers: TEAM_TOKEN\n",
  "asks for model credentials, which are never sent (sent as nothing): ANTHROPIC_API_KEY\n",
  "prompt: is this fine?\n",
  "model: anthropic/claude-judge\n",
];

async function trustOf(box: Sandbox): Promise<string[]> {
  const r = await runCli(["hooks", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
  return (JSON.parse(r.stdout).hooks as { trust: string }[]).map((h) => h.trust);
}

describe("consent screens show an http hook's headers and allowedEnvVars and a prompt hook's model", () => {
  it("hooks trust shows header values as written, allowedEnvVars, the variables sent, and the model", async () => {
    const box = project();
    const r = await runCli(["hooks", "trust", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.code).toBe(1);
    for (const line of shown) expect(r.stdout).toContain(line);
  });

  it("hooks list shows the same lines", async () => {
    const box = project();
    const r = await runCli(["hooks", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.code).toBe(0);
    for (const line of shown) expect(r.stdout).toContain(line);
  });

  it("hooks list --json carries headers, allowed_env_vars and model", async () => {
    const box = project();
    const r = await runCli(["hooks", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(JSON.parse(r.stdout).hooks).toMatchObject([
      { type: "http", headers: audit.headers, allowed_env_vars: audit.allowedEnvVars },
      { type: "prompt", model: "anthropic/claude-judge" },
    ]);
  });

  it("changing a header value, allowedEnvVars or the model after approval asks again", async () => {
    const box = project();
    expect(
      (await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) })).code,
    ).toBe(0);
    expect(await trustOf(box)).toEqual(["approved", "approved"]);

    box.json(".claude/settings.json", {
      hooks: { UserPromptSubmit: [{ hooks: [{ ...audit, headers: { "X-Trace": "$OTHER_KEY" } }, judge] }] },
    });
    expect(await trustOf(box)).toEqual(["changed since approval", "approved"]);
    box.json(".claude/settings.json", {
      hooks: { UserPromptSubmit: [{ hooks: [{ ...audit, allowedEnvVars: ["OTHER_KEY"] }, judge] }] },
    });
    expect(await trustOf(box)).toEqual(["changed since approval", "approved"]);
    box.json(".claude/settings.json", {
      hooks: { UserPromptSubmit: [{ hooks: [audit, { ...judge, model: "openai/gpt-other" }] }] },
    });
    expect(await trustOf(box)).toEqual(["approved", "changed since approval"]);
  });
});

describe("the interactive questions show the same", { timeout: 120_000 }, () => {
  it("the project question lists the header value, allowedEnvVars, the variables sent and the model", async () => {
    const box = project();
    const server = await modelServer([reply.text("hi")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    const screen = await term.waitForScreen("allow them?");
    for (const line of shown) expect(screen).toContain(line.trim());
    term.type("n");
    await term.waitForScreen(/^›/m);
  });

  it("the question about an http hook added during the session shows its header and the variables it sends", async () => {
    const box = project([]);
    const server = await modelServer([reply.text("answered")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await term.waitForScreen(/^›/m);
    box.json(".claude/settings.json", { hooks: { UserPromptSubmit: [{ hooks: [audit] }] } });
    await term.waitForScreen("its hooks and permission rules apply");
    term.submit("go");
    // The question is drawn line by line: wait for its last detail line, then read the screen.
    const screen = await term.waitForScreen("asks for model credentials");
    expect(screen).toContain("a project hook changed since the session started:");
    expect(screen).toContain("header: X-Trace: $TEAM_TOKEN");
    expect(screen).toContain("sends environment variables in its headers: TEAM_TOKEN");
    expect(screen).toContain(
      "asks for model credentials, which are never sent (sent as nothing): ANTHROPIC_API_KEY",
    );
    term.type("n");
    await term.waitForScreen(/^answered$/m);
  });
});
