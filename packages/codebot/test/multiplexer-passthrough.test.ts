import { describe, expect, it } from "vitest";
import { throughMultiplexer } from "../src/cli/interactive/multiplexer-passthrough.js";

const notify = "\x1b]9;done\x07";
const title = "\x1b]2;my title\x07";

describe("a hook's terminal sequence through tmux or screen", () => {
  it("outside a multiplexer: as it is", () => {
    expect(throughMultiplexer(notify + title, {})).toBe(notify + title);
  });

  it("in tmux: a notification goes through a DCS passthrough with its ESC doubled; a title and a bell as they are", () => {
    expect(throughMultiplexer(`${notify}${title}\x07`, { TMUX: "/tmp/tmux-0/default,1,0" })).toBe(
      `\x1bPtmux;\x1b\x1b]9;done\x07\x1b\\${title}\x07`,
    );
  });

  it("in screen: the same passthrough without tmux's prefix", () => {
    expect(throughMultiplexer(notify, { STY: "123.pts-0" })).toBe("\x1bP\x1b\x1b]9;done\x07\x1b\\");
  });
});
