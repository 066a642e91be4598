import { describe, expect, it } from "vitest";
import { TerminalSafeFilter, terminalSafe } from "../../src/cli/output/terminal-safe.js";

const ESC = "\x1b";
const BEL = "\x07";

describe("terminalSafe: control sequences from a model or a tool never reach the terminal", () => {
  it("drops an OSC 52 clipboard write (BEL- or ST-terminated) whole", () => {
    expect(terminalSafe(`a${ESC}]52;c;cm0gLXJmIH4=${BEL}b`)).toBe("ab");
    expect(terminalSafe(`a${ESC}]52;c;cm0gLXJmIH4=${ESC}\\b`)).toBe("ab");
  });

  it("drops an OSC 0 window title and an OSC 8 hyperlink's wrapper", () => {
    expect(terminalSafe(`${ESC}]0;pwned${BEL}title`)).toBe("title");
    expect(terminalSafe(`${ESC}]8;;https://evil${ESC}\\click${ESC}]8;;${ESC}\\`)).toBe("click");
  });

  it("drops CSI sequences: concealed text, colours, cursor moves and erases", () => {
    expect(terminalSafe(`shown ${ESC}[8mhidden${ESC}[0m`)).toBe("shown hidden");
    expect(terminalSafe(`x${ESC}[2K${ESC}[1A${ESC}[31mred`)).toBe("xred");
    // The 8-bit CSI (0x9b) too.
    expect(terminalSafe("a\u009b8mb")).toBe("ab");
  });

  it("drops DCS/APC strings, C1 and C0 controls and carriage returns; keeps newlines, tabs and Unicode", () => {
    expect(terminalSafe(`${ESC}P1$r${ESC}\\${ESC}_apc${BEL}ok`)).toBe("ok");
    expect(terminalSafe("a\rb\bc\x00d\u0085e")).toBe("abcde");
    expect(terminalSafe("line 1\r\n\tline 2 · é ✓\n")).toBe("line 1\n\tline 2 · é ✓\n");
  });

  it("keeps its state across chunks: a sequence split between two deltas is still dropped", () => {
    const filter = new TerminalSafeFilter();
    const parts = ["hello ", `${ESC}`, "]5", "2;c;Zm9v", `${ESC}`, "\\ world", ` ${ESC}[`, "8m!"];
    expect(parts.map((p) => filter.push(p)).join("")).toBe("hello  world !");
  });

  it("keeps colours (SGR) when asked, and still drops every other sequence", () => {
    const text = `${ESC}[1;32mmain${ESC}[0m ${ESC}[2J${ESC}]0;title${BEL}${ESC}[?25l\u009b31m!`;
    expect(terminalSafe(text, true)).toBe(`${ESC}[1;32mmain${ESC}[0m !`);
    expect(terminalSafe(text)).toBe("main !");
  });
});
