import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { GatedOutput } from "../src/cli/interactive/gated-output.js";

/** A terminal that records what is written to it. */
function fakeTerminal() {
  const written: string[] = [];
  const stream = Object.assign(new EventEmitter(), {
    isTTY: true,
    columns: 120,
    rows: 40,
    writable: true,
    write: (text: string) => written.push(String(text)) > 0,
  }) as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe("GatedOutput: readline's drawing, dropped while a run goes on", () => {
  it("passes writes through, in order, while open, and drops them while shut", () => {
    const { stream, written } = fakeTerminal();
    let open = true;
    const gated = new GatedOutput(stream, () => open);
    gated.write("› ");
    open = false;
    gated.write("typed during the run");
    open = true;
    gated.write("› typed during the run");
    expect(written).toEqual(["› ", "› typed during the run"]);
  });

  it("is the terminal to readline: its size and its resize events", () => {
    const { stream } = fakeTerminal();
    const gated = new GatedOutput(stream, () => true);
    let resized = 0;
    gated.on("resize", () => resized++);
    stream.emit("resize");
    expect([gated.isTTY, gated.columns, gated.rows, resized]).toEqual([true, 120, 40, 1]);
  });
});
