import { describe, expect, it } from "vitest";
import { NOTICE_LINES, sessionNotice } from "../../src/cli/interactive/session-notice.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false }, {});

describe("a notice in the interactive session", () => {
  it("of many lines (a failing hook's stderr) shows its first lines and how many more there were", () => {
    const stderr = Array.from({ length: 30 }, (_, i) => `noise ${i}`).join("\n");
    const shown = sessionNotice(`codebot: hook audit: exit code 1: ${stderr}`, plain).split("\n");
    expect(shown).toHaveLength(NOTICE_LINES);
    expect(shown[0]).toBe("hook audit: exit code 1: noise 0");
    expect(shown.at(-2)).toBe(`noise ${NOTICE_LINES - 2}`);
    expect(shown.at(-1)).toBe(`… ${30 - NOTICE_LINES + 1} more lines`);
  });

  it(`of ${NOTICE_LINES} lines is shown whole`, () => {
    const message = Array.from({ length: NOTICE_LINES }, (_, i) => `line ${i}`).join("\n");
    expect(sessionNotice(message, plain)).toBe(message);
  });
});
