import { describe, expect, it } from "vitest";
import { savedModelName } from "../src/settings/save-model.js";

const CLAUDE_FILE = "/home/me/.claude/settings.json";
const CODEBOT_FILE = "/home/me/.codebot/settings.json";

describe("savedModelName: the `model` /model saves, read back as the same model", () => {
  it("in Claude Code's file, as claude writes it: an alias as typed, an Anthropic model by its bare id", () => {
    expect(savedModelName("Haiku", "anthropic/claude-haiku-4-5", CLAUDE_FILE)).toBe("haiku");
    expect(savedModelName("claude-opus-4-6", "anthropic/claude-opus-4-6", CLAUDE_FILE)).toBe(
      "claude-opus-4-6",
    );
    expect(savedModelName("anthropic/claude-opus-4-6", "anthropic/claude-opus-4-6", CLAUDE_FILE)).toBe(
      "claude-opus-4-6",
    );
  });

  it("another provider's model keeps its provider (a bare id would be read as Anthropic's)", () => {
    expect(savedModelName("gpt-4.1", "openai/gpt-4.1", CLAUDE_FILE)).toBe("openai/gpt-4.1");
  });

  it("in codebot's own file (claudeCompat off), the provider/id", () => {
    expect(savedModelName("haiku", "anthropic/claude-haiku-4-5", CODEBOT_FILE)).toBe(
      "anthropic/claude-haiku-4-5",
    );
  });
});
