import { describe, expect, it } from "vitest";
import { modelDisplayName } from "../../src/cli/interactive/model-display-name.js";

describe("modelDisplayName (the status line's model.display_name)", () => {
  it("names Anthropic models as claude 2.1.328's model table does", () => {
    expect(modelDisplayName("anthropic/claude-sonnet-4-5")).toBe("Sonnet 4.5");
    expect(modelDisplayName("anthropic/claude-opus-5-5")).toBe("Opus 5.5");
    expect(modelDisplayName("anthropic/claude-opus-4-0")).toBe("Opus 4");
    expect(modelDisplayName("anthropic/claude-sonnet-5")).toBe("Sonnet 5");
    expect(modelDisplayName("anthropic/claude-3-5-haiku")).toBe("Haiku 3.5");
  });

  it("names a dated Anthropic id as its model", () => {
    expect(modelDisplayName("anthropic/claude-sonnet-4-5-20250929")).toBe("Sonnet 4.5");
  });

  it("keeps the provider/id of other models and of ids it cannot read", () => {
    expect(modelDisplayName("openai/gpt-4.1")).toBe("openai/gpt-4.1");
    expect(modelDisplayName("compat/claude-sonnet-4-5")).toBe("compat/claude-sonnet-4-5");
    expect(modelDisplayName("anthropic/my-gateway-model")).toBe("anthropic/my-gateway-model");
  });
});
