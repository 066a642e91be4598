import { describe, expect, it } from "vitest";
import { planShown } from "../../src/cli/interactive/plan-shown.js";

describe("the plan the terminal's question shows", () => {
  it("is the whole plan when it is short", () => {
    expect(planShown("# Plan\n1. write made.txt")).toBe("# Plan\n1. write made.txt");
  });

  it("of one line of 5 MB, is its start and says the rest of the line is not shown", () => {
    const shown = planShown("y".repeat(5_000_000));
    expect(shown).toBe(
      `${"y".repeat(40_000)}…\n… the rest of its line not shown (the plan is 5,000,000 characters); answer n to ask for a shorter one`,
    );
  });

  it("of many short lines, stops at 400 lines", () => {
    const shown = planShown("step\n".repeat(1000));
    expect(shown.split("\n")).toHaveLength(401);
    expect(shown.split("\n").at(-1)).toBe(
      "… 601 more lines not shown (the plan is 5,000 characters); answer n to ask for a shorter one",
    );
  });
});
