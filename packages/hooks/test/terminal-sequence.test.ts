/**
 * A hook's `terminalSequence` (Claude Code 2.1.328): only what claude lets through reaches the
 * user's terminal — BEL and OSC 0, 1, 2, 9, 99, 777 — since a hook's output is untrusted and an
 * escape sequence can do much more (set the clipboard, rewrite the screen, answer back).
 */
import { describe, expect, it } from "vitest";
import { interpret } from "../src/index.js";
import { allowedTerminalSequence } from "../src/terminal-sequence.js";

const ESC = "\x1b";
const BEL = "\x07";

describe("allowedTerminalSequence", () => {
  it("passes a notification, a title and a bell, each OSC ended by BEL whether it came with BEL or ST", () => {
    expect(allowedTerminalSequence(`${ESC}]9;Build finished${BEL}`)).toBe(`${ESC}]9;Build finished${BEL}`);
    expect(allowedTerminalSequence(`${ESC}]777;notify;codebot;done${ESC}\\`)).toBe(
      `${ESC}]777;notify;codebot;done${BEL}`,
    );
    expect(allowedTerminalSequence(`${ESC}]0;my title${BEL}${BEL}`)).toBe(`${ESC}]0;my title${BEL}${BEL}`);
  });

  it("refuses anything else whole: CSI, OSC 52 (the clipboard), OSC 8, text outside a sequence, an unended OSC", () => {
    expect(allowedTerminalSequence(`${ESC}[2J`)).toBeUndefined();
    expect(allowedTerminalSequence(`${ESC}]52;c;cm0gLXJmIH4=${BEL}`)).toBeUndefined();
    expect(allowedTerminalSequence(`${ESC}]8;;https://x${BEL}`)).toBeUndefined();
    expect(allowedTerminalSequence(`${ESC}]9;ok${BEL}rm -rf ~`)).toBeUndefined();
    expect(allowedTerminalSequence(`${ESC}]9;never ended`)).toBeUndefined();
    expect(allowedTerminalSequence(`${ESC}]9;a${ESC}[31m${BEL}`)).toBeUndefined();
    expect(allowedTerminalSequence("")).toBeUndefined();
  });

  it("drops control characters inside the text and refuses more than 4096 bytes", () => {
    expect(allowedTerminalSequence(`${ESC}]2;a\u0090b\u007fc\u0001d${BEL}`)).toBe(`${ESC}]2;abcd${BEL}`);
    expect(allowedTerminalSequence(`${ESC}]9;${"x".repeat(4096)}${BEL}`)).toBeUndefined();
  });

  it("refuses an OSC 9 text starting with a digit (a command to ConEmu) but passes its 4;state;percent progress form", () => {
    expect(allowedTerminalSequence(`${ESC}]9;1;2${BEL}`)).toBeUndefined();
    expect(allowedTerminalSequence(`${ESC}]9; -3${BEL}`)).toBeUndefined();
    expect(allowedTerminalSequence(`${ESC}]9;4;1;50${BEL}`)).toBe(`${ESC}]9;4;1;50${BEL}`);
  });
});

describe("interpret: terminalSequence", () => {
  const run = (sequence: unknown) =>
    interpret({ stdout: JSON.stringify({ terminalSequence: sequence }), stderr: "", exitCode: 0 });

  it("an allowed one is on the verdict, in canonical form", () => {
    expect(run(`${ESC}]9;done${ESC}\\`)).toMatchObject({
      terminalSequence: `${ESC}]9;done${BEL}`,
      warnings: [],
    });
  });

  it("a refused one is left out with a warning, and the run still succeeds", () => {
    const verdict = run(`${ESC}]52;c;eA==${BEL}`);
    expect(verdict.terminalSequence).toBeUndefined();
    expect(verdict.failed).toBe(false);
    expect(verdict.warnings).toEqual([expect.stringContaining("terminalSequence is not one codebot writes")]);
  });
});
