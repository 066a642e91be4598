import { describe, expect, it } from "vitest";
import { stylesFor } from "../../src/cli/output/styles.js";
import { terminalScreen } from "../../src/cli/output/terminal-screen.js";

const plain = stylesFor({ isTTY: false }, {});

/** A 20-column terminal that records what is written to it. */
function fakeTerminal() {
  const written: string[] = [];
  const stream = {
    isTTY: true,
    columns: 20,
    writable: true,
    write: (text: string) => written.push(text) > 0,
  } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe("terminalScreen: the status line, and what is typed during a run under it", () => {
  it("draws the line being typed on a row under the status, and erases both rows before writing", () => {
    const { stream, written } = fakeTerminal();
    const screen = terminalScreen(stream, plain);
    screen.status("⠋ thinking…", "› next prompt");
    screen.write("answer\n");
    expect(written).toEqual(["⠋ thinking…\n› next prompt", "\r\x1b[1A\x1b[J", "answer\n"]);
  });

  it("cuts a long typed line at its start, so its end (where the cursor is) stays in view", () => {
    const { stream, written } = fakeTerminal();
    terminalScreen(stream, plain).status("", "› abcdefghijklmnopqrstuvwxyz");
    // 19 characters: one column is left free, so the cursor never wraps.
    expect(written).toEqual(["…ijklmnopqrstuvwxyz"]);
  });

  it("a status alone is one row, erased on its own row", () => {
    const { stream, written } = fakeTerminal();
    const screen = terminalScreen(stream, plain);
    screen.status("⠋ thinking…");
    screen.status("");
    expect(written).toEqual(["⠋ thinking…", "\r\x1b[K"]);
  });

  it("cuts by columns: a status and a typed line in wide characters (Chinese) stay one row each", () => {
    const { stream, written } = fakeTerminal();
    terminalScreen(stream, plain).status(
      "⠋ bash echo 修复解析器的错误并添加",
      "› 修复解析器的错误并添加测试",
    );
    // 19 columns each, one left free: a wide character takes two.
    expect(written).toEqual(["⠋ bash echo 修复解…\n…器的错误并添加测试"]);
  });

  it("a terminal narrowed since the status was drawn: its erase climbs the rows the status was rewrapped onto", () => {
    const { stream, written } = fakeTerminal();
    const screen = terminalScreen(stream, plain);
    screen.status("⠋ bash sleep 3; echo", "› next");
    // 19 and 6 columns drawn; at 10 columns the terminal shows them on 2 rows and 1.
    (stream as { columns: number }).columns = 10;
    screen.write("done\n");
    expect(written.slice(1)).toEqual(["\r\x1b[2A\x1b[J", "done\n"]);
  });
});
