import { describe, expect, it } from "vitest";
import { resultSummary } from "../../src/cli/output/tool-summary.js";

describe("resultSummary", () => {
  it("a line a carriage return went back over is summed up as the terminal left it: its last drawing", () => {
    expect(resultSummary({ content: "one\r\x1b[2Kdone\n", isError: false })).toBe("done");
    expect(resultSummary({ content: "building 10%\rbuilding 100%\r\n", isError: false })).toBe(
      "building 100%",
    );
    expect(resultSummary({ content: "0%\r50%\r100%\nPASS\n", isError: false })).toBe("2 lines");
    expect(
      resultSummary({ content: "compiling 10%\rerror: no such file\n[exit code 1]", isError: true }),
    ).toBe("error: no such file … [exit code 1]");
  });
});
