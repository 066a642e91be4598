import { describe, expect, it } from "vitest";
import { CliError } from "../src/cli/cli-error.js";
import { parseInputLine } from "../src/cli/stream-input.js";

describe("stream-json input lines", () => {
  it("text blocks are one prompt, joined by a newline as claude's UserPromptSubmit prompt is", () => {
    const line = JSON.stringify({
      type: "user",
      message: {
        role: "user",
        content: [
          { type: "text", text: "part one" },
          { type: "text", text: "part two" },
        ],
      },
    });
    expect(parseInputLine(line, 1).text).toBe("part one\npart two");
  });

  it.each([
    ["[1]", "line 3: not a JSON object"],
    [`{"type":"control_request","request":{}}`, `line 3: "type" is "control_request", not "user"`],
    [`{"type":"user"}`, `line 3: "message" is missing or not an object`],
    [
      `{"type":"user","message":{"role":"assistant","content":"x"}}`,
      `line 3: "message.role" is "assistant", not "user"`,
    ],
    [
      `{"type":"user","message":{"role":"user","content":5}}`,
      `line 3: "message.content" is neither a string nor a list of blocks`,
    ],
    [
      `{"type":"user","message":{"role":"user","content":[{"type":"image","source":{}}]}}`,
      `line 3: a content block of type "image": codebot takes text blocks only`,
    ],
  ])("%s is refused: %s", (line, message) => {
    expect(() => parseInputLine(line, 3)).toThrow(CliError);
    expect(() => parseInputLine(line, 3)).toThrow(message);
  });
});
