/**
 * The Agent SDK's `initialize` with fields of the wrong type: each is named on stderr and ignored,
 * and the session starts with what was right.
 */
import { describe, expect, it } from "vitest";
import { sdkStartOf } from "../src/cli/control/sdk-initialize.js";

function startOf(request: Record<string, unknown>) {
  const said: string[] = [];
  const start = sdkStartOf({ subtype: "initialize", ...request }, (line) => said.push(line));
  return { start, said };
}

describe("the Agent SDK's initialize with wrong types", () => {
  it("names every field of the wrong type and keeps none of them", () => {
    const { start, said } = startOf({
      hooks: 5,
      agents: "x",
      jsonSchema: 7,
      systemPrompt: [1],
      appendSystemPrompt: {},
      systemPromptSnapshot: "yes",
      excludeDynamicSections: "no",
    });
    expect(said).toEqual([
      "the Agent SDK's initialize: hooks: not an object of events",
      `the Agent SDK's initialize: "agents" is not an object; ignored`,
      "the Agent SDK's initialize: jsonSchema: --json-schema is not a valid JSON Schema: it must be a JSON object; no structured output",
      `the Agent SDK's initialize: "systemPrompt" is not a list of strings; ignored`,
      `the Agent SDK's initialize: "appendSystemPrompt" is not a string; ignored`,
      `the Agent SDK's initialize: "systemPromptSnapshot" is not true or false; ignored`,
      `the Agent SDK's initialize: "excludeDynamicSections" is not true or false; ignored`,
    ]);
    expect(start).toEqual({ programHooks: [] });
  });

  it("fields the SDK leaves null or false are not named", () => {
    const { start, said } = startOf({
      appendSystemPrompt: null,
      systemPromptSnapshot: null,
      excludeDynamicSections: false,
      systemPrompt: [""],
    });
    expect(said).toEqual([]);
    expect(start).toEqual({ programHooks: [] });
  });
});
