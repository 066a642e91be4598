/**
 * PreModelSwitch and PostModelSwitch around `/model` (Runtime.switchModel) through a real session
 * with real hook scripts: payload, matcher on to_model, and PreModelSwitch refusing the switch.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { command, group, startSession } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const KEYS = { ANTHROPIC_API_KEY: "test-key-never-sent", OPENAI_API_KEY: "test-key-never-sent" };

describe("PreModelSwitch / PostModelSwitch", () => {
  it("fire around a switch with Claude Code's payload, matched on to_model (with or without the provider)", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PreModelSwitch: [
            group("claude-opus-4-1", command("cat > pre.json")),
            group("gpt-4.1", command("touch gpt-ran")),
          ],
          PostModelSwitch: [group("anthropic/claude-opus-4-1", command("cat > post.json"))],
        },
      },
      runtime: { env: KEYS },
    });
    const from = `${s.runtime.model.provider.split(".")[0]}/${s.runtime.model.modelId}`;
    expect(await s.runtime.switchModel("anthropic/claude-opus-4-1", "opus")).toEqual({
      switched: true,
      spec: "anthropic/claude-opus-4-1",
    });
    expect(s.runtime.model.modelId).toBe("claude-opus-4-1");
    const expected = {
      from_model: from,
      to_model: "anthropic/claude-opus-4-1",
      requested_model: "opus",
      source: "command",
      session_id: s.runtime.sessionId,
    };
    expect(JSON.parse(fs.readFileSync(s.at("pre.json"), "utf8"))).toMatchObject({
      hook_event_name: "PreModelSwitch",
      ...expected,
    });
    await waitFor(
      () => fs.existsSync(s.at("post.json")) && fs.readFileSync(s.at("post.json"), "utf8") !== "",
    );
    expect(JSON.parse(fs.readFileSync(s.at("post.json"), "utf8"))).toMatchObject({
      hook_event_name: "PostModelSwitch",
      ...expected,
    });
    expect(fs.existsSync(s.at("gpt-ran"))).toBe(false);
  });

  it("a PreModelSwitch deny refuses the switch: the model stays, PostModelSwitch does not fire", async () => {
    const deny = `echo '{"hookSpecificOutput":{"hookEventName":"PreModelSwitch","permissionDecision":"deny","permissionDecisionReason":"opus costs too much"}}'`;
    const s = await startSession({
      user: {
        hooks: {
          PreModelSwitch: [group("opus", command(deny))],
          PostModelSwitch: [group("", command("touch post-ran"))],
        },
      },
      runtime: { env: KEYS },
    });
    const before = s.runtime.model;
    const outcome = await s.runtime.switchModel("anthropic/claude-opus-4-1", "opus");
    expect(outcome).toEqual({ switched: false, reason: expect.stringContaining("opus costs too much") });
    expect(s.runtime.model).toBe(before);
    // A switch the matcher does not cover goes through.
    expect(await s.runtime.switchModel("openai/gpt-4.1", "gpt-4.1")).toMatchObject({ switched: true });
    await s.runtime.close();
    expect(fs.existsSync(s.at("post-ran"))).toBe(true);
  });

  it("a native blocking entry refuses with exit 2 and its stderr", async () => {
    const s = await startSession({
      user: { hooks: { PreModelSwitch: [command("echo 'frozen model' >&2; exit 2", { blocking: true })] } },
      runtime: { env: KEYS },
    });
    expect(await s.runtime.switchModel("anthropic/claude-haiku-4-5")).toEqual({
      switched: false,
      reason: expect.stringContaining("frozen model"),
    });
  });
});
