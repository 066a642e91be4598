import { describe, expect, it } from "vitest";
import { modelSettingsKey } from "../src/settings/model-settings-key.js";

describe("modelSettingsKey: the name Claude Code's modelSettings keys a model by", () => {
  it("a model's other spellings share its canonical name", () => {
    for (const id of [
      "claude-opus-4-6",
      "anthropic/claude-opus-4-6",
      "claude-opus-4-6-20260101",
      "claude-opus-4-6[1m]",
      "us.anthropic.claude-opus-4-6-v1:0",
      "anthropic.claude-opus-4-6-20260101-v1:0",
      "claude-opus-4-6@20260101",
      "Claude-Opus-4-6",
    ])
      expect(modelSettingsKey(id), id).toBe("claude-opus-4-6");
  });

  it("other models stay apart", () => {
    expect(modelSettingsKey("claude-opus-4-7")).toBe("claude-opus-4-7");
    expect(modelSettingsKey("my-gateway-model")).toBe("my-gateway-model");
  });
});
