/** The terminal's line for a background run's notification a UserPromptSubmit hook kept out of the turn in progress. */
import { describe, expect, it } from "vitest";
import { type Screen, SessionView } from "../../src/cli/output/session-view.js";
import { stylesFor } from "../../src/cli/output/styles.js";

function view() {
  const out = { text: "" };
  const screen: Screen = {
    write: (text) => {
      out.text += text;
    },
    status: () => {},
  };
  return { view: new SessionView(screen, stylesFor({ isTTY: false }, {}), { trace: "ran" }), out };
}

describe("SessionView: a notification a hook blocked", () => {
  it("says so in claude's words, the notification as the original prompt", () => {
    const { view: v, out } = view();
    v.onEvent({
      kind: "prompt_blocked",
      reason: "not now",
      shown: "not now",
      prompt: "<task-notification>\n…",
    });
    expect(out.text).toContain(
      "UserPromptSubmit operation blocked by hook:\nnot now\n\nOriginal prompt: <task-notification>",
    );
  });

  it("writes no escape sequence the hook's reason or the run's answer held", () => {
    const { view: v, out } = view();
    v.onEvent({
      kind: "prompt_blocked",
      reason: "x\x1b]0;pwned\x07",
      shown: "x\x1b]0;pwned\x07",
      prompt: "<task-notification>\x1b[2J",
    });
    expect(out.text).toContain("UserPromptSubmit operation blocked by hook:\nx");
    expect(out.text).not.toContain("\x1b");
  });
});
