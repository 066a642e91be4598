/**
 * Round 33: a Claude Code group's prompt hook on Stop or SubagentStop sends the stopping agent's
 * whole conversation (files read, command output, secrets the session saw) to its model, as
 * claude 2.1.328's verifier does. The consent screens said only `prompt:` and `model:`, as for a
 * hook that gets its payload alone; now they say the conversation goes with it.
 */
import { describe, expect, it } from "vitest";
import { sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const judge = { type: "prompt", prompt: "are the tests green?", model: "anthropic/claude-judge" };
const warning = "sends the stopping agent's whole conversation to its model";

/** `hooks trust`'s screen for one project prompt hook: in a Claude Code group, or a native entry (§5). */
async function shown(event: string, group = true): Promise<string> {
  const box = sandbox();
  box.json(".codebot/settings.json", { hooks: { [event]: [group ? { hooks: [judge] } : judge] } });
  const r = await runCli(["hooks", "trust", "--cwd", box.project], { env: cliEnv(box.home) });
  expect(r.stdout).toContain("prompt: are the tests green?\n");
  return r.stdout;
}

describe("the consent screen says a Claude Code Stop prompt hook gets the conversation", () => {
  it("says so for a group's Stop and SubagentStop prompt hooks", async () => {
    expect(await shown("Stop")).toContain(warning);
    expect(await shown("SubagentStop")).toContain(warning);
  });

  it("does not for a native Stop prompt hook or a Claude Code one on another event (they get the payload alone)", async () => {
    expect(await shown("Stop", false)).not.toContain(warning);
    expect(await shown("UserPromptSubmit")).not.toContain(warning);
  });
});

/** `hooks list --json`'s `sends_conversation` for one project prompt hook on `event`. */
async function listed(event: string, group = true): Promise<unknown> {
  const box = sandbox();
  box.json(".codebot/settings.json", { hooks: { [event]: [group ? { hooks: [judge] } : judge] } });
  const r = await runCli(["hooks", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
  const hooks = (JSON.parse(r.stdout) as { hooks: { prompt: string; sends_conversation?: unknown }[] }).hooks;
  expect(hooks.map((h) => h.prompt)).toEqual(["are the tests green?"]);
  return hooks[0]?.sends_conversation;
}

describe("hooks list --json says which hooks send the conversation, as the text listing does", () => {
  it("is true for a group's Stop and SubagentStop prompt hooks", async () => {
    expect(await listed("Stop")).toBe(true);
    expect(await listed("SubagentStop")).toBe(true);
  });

  it("is absent for a native Stop prompt hook and a group's prompt hook on another event", async () => {
    expect(await listed("Stop", false)).toBeUndefined();
    expect(await listed("UserPromptSubmit")).toBeUndefined();
  });
});
