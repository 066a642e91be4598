/**
 * How the terminal cuts a streaming answer for its MessageDisplay hooks, as claude 2.1.328's
 * terminal did when recorded (a hook logging its stdin, the answer streamed in timed chunks).
 */
import { describe, expect, it } from "vitest";
import { LineBatches } from "../../src/cli/output/line-batches.js";

/** The firings a message streamed in `chunks` makes: [delta, index, final]. */
function firings(chunks: readonly string[]): [string, number, boolean][] {
  const fired: [string, number, boolean][] = [];
  const batches = new LineBatches(async (delta, index, final) => {
    fired.push([delta, index, final]);
    return undefined;
  });
  for (const chunk of chunks) batches.push(chunk);
  batches.end();
  return fired;
}

describe("LineBatches", () => {
  it("fires the lines each chunk completes, up to its last newline; the rest, at the end, is the final one (claude's recorded firings)", () => {
    expect(
      firings([
        "First line of the answer.\nSecond ",
        "line here.\n",
        "Third line",
        "\n\nA new paragraph.\n",
        "Last words without newline",
      ]),
    ).toEqual([
      ["First line of the answer.\n", 0, false],
      ["Second line here.\n", 1, false],
      ["Third line\n\nA new paragraph.\n", 2, false],
      ["Last words without newline", 3, true],
    ]);
  });

  it("an answer ending with a newline ends with an empty final firing, as claude's", () => {
    expect(firings(["Alpha line.\nBeta ", "line.\n"])).toEqual([
      ["Alpha line.\n", 0, false],
      ["Beta line.\n", 1, false],
      ["", 2, true],
    ]);
  });

  it("a one-line answer is one firing, whole, at its end", () => {
    expect(firings(["all ", "done"])).toEqual([["all done", 0, true]]);
  });
});
