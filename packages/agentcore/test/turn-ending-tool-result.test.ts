import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { Tool } from "../src/index.js";
import { reply, scriptedModel } from "../src/testing/index.js";
import { runToEnd } from "./helpers.js";

/** A call the person refused, the refusal ending the turn (a plan refused in claude's terminal). */
const refusedTool: Tool<Record<string, never>> = {
  name: "refused",
  description: "Refused by the person.",
  inputSchema: z.object({}),
  async execute() {
    return { content: "The user doesn't want to proceed with this tool use.", isError: true, endsTurn: true };
  },
};

describe("a tool result that ends the turn", () => {
  test("stops the run after its batch without asking the model again or onStop", async () => {
    const model = scriptedModel([reply.toolCall("refused", {}), reply.text("never asked")]);
    let asked = 0;
    const { result } = await runToEnd({
      model,
      tools: [refusedTool],
      onStop: async () => {
        asked++;
        return "go on";
      },
    });
    expect(result.reason).toBe("stop");
    expect(model.callCount).toBe(1);
    expect(asked).toBe(0);
    // The refusal is in the history, for the next prompt's request.
    expect(JSON.stringify(result.newMessages.at(-1))).toContain("doesn't want to proceed");
  });
});
