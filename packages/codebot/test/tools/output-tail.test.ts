/** A background shell's last output lines, as `/tasks <n>` shows them, read from a real file. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lastLinesOf } from "../../src/tools/output-tail.js";
import { tempDir } from "../support/temp-dirs.js";

/** The last `count` lines of a file holding `text`, read through a descriptor open for writing too. */
function lastLines(text: string, count: number): string[] {
  const file = path.join(tempDir("codebot-output-tail-"), "x.output");
  fs.writeFileSync(file, text);
  const fd = fs.openSync(file, "r+");
  try {
    return lastLinesOf(fd, count);
  } finally {
    fs.closeSync(fd);
  }
}

describe("a background shell's last output lines", () => {
  it("are the last ones, the line not yet ended among them", () => {
    expect(lastLines("a\nb\nc\nd\nhalf", 3)).toEqual(["c", "d", "half"]);
  });

  it("show a line rewritten with carriage returns (a progress bar) as it was left, and CRLF endings as lines", () => {
    expect(lastLines("10%\r50%\r100%\nok\r\n", 2)).toEqual(["100%", "ok"]);
  });

  it("leave out the line the read of a long file's end starts inside", () => {
    const text = `${"x".repeat(70 * 1024)}\nend\n`;
    expect(lastLines(text, 10)).toEqual(["end"]);
  });

  it("are none for an empty file", () => {
    expect(lastLines("", 10)).toEqual([]);
  });
});
