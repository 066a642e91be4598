import { describe, expect, it } from "vitest";
import { type Screen, SessionView } from "../../src/cli/output/session-view.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false }, {});

describe("SessionView: what is typed during a run", () => {
  it("is drawn under the status line as it changes, and leaves with an empty line", () => {
    const statuses: [string, string | undefined][] = [];
    const screen: Screen = { write: () => {}, status: (text, typed) => statuses.push([text, typed]) };
    const view = new SessionView(screen, plain, { trace: "ran", live: true });
    view.typing("› next");
    view.typing("› next one");
    view.typing("");
    expect(statuses).toEqual([
      ["", "› next"],
      ["", "› next one"],
      ["", ""],
    ]);
  });
});
