import { describe, expect, it } from "vitest";
import { outputAfterJson } from "../src/output-after-json.js";

describe("outputAfterJson", () => {
  it("is what follows a whole, valid object", () => {
    expect(outputAfterJson('{"a": 1}\nmore')).toBe("more");
  });

  it("skips braces, brackets and escaped quotes inside strings and nested values", () => {
    expect(outputAfterJson('{"a": "}\\"{", "b": [{"c": "]"}]} tail')).toBe("tail");
  });

  it.each([
    ["an object cut off", '{"a": "b'],
    ["an object that is not JSON", "{a: 1} tail"],
    ["an object with nothing after it but blanks", '{"a": 1}  \n'],
  ])("is undefined for %s", (_name, text) => {
    expect(outputAfterJson(text)).toBeUndefined();
  });
});
