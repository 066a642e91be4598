/**
 * The session's own lines about the model (a retry, a fallback, a sub-agent's failure) are broken
 * between words at the terminal's width, as its notices are: at 60 columns the terminal broke a
 * fallback's line inside a model's name ('failed for c' / 'laude-sonnet-4-5').
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { type Screen, SessionView } from "../../src/cli/output/session-view.js";
import { stylesFor } from "../../src/cli/output/styles.js";
import type { SessionEvent } from "../../src/session/session-events.js";

const plain = stylesFor({ isTTY: false }, {});

function viewAt(columns: number) {
  const out = { text: "" };
  const screen: Screen = {
    write: (text) => {
      out.text += text;
    },
    status: () => {},
  };
  return { view: new SessionView(screen, plain, { trace: "ran", columns: () => columns }), out };
}

const model = (modelId: string) => ({ modelId }) as LanguageModelV3;
const event = (agentName: string, e: Extract<SessionEvent, { kind: "agent" }>["event"]): SessionEvent => ({
  kind: "agent",
  agentName,
  event: e,
});

describe("SessionView: lines about the model, at the terminal's width", () => {
  it("breaks a fallback's line between words", () => {
    const { view, out } = viewAt(60);
    view.onEvent(
      event("main", {
        type: "model_fallback",
        from: model("claude-sonnet-4-5"),
        to: model("claude-haiku-4-5"),
        trigger: "server_error",
        error: new Error("model: status 500: boom"),
      }),
    );
    expect(out.text).toBe(
      "Switched to claude-haiku-4-5 because the server failed for\nclaude-sonnet-4-5 (model: status 500: boom)\n",
    );
  });

  it("breaks a retry's line and a sub-agent's failure between words", () => {
    const { view, out } = viewAt(40);
    view.onEvent(
      event("main", {
        type: "retry",
        attempt: 1,
        maxRetries: 3,
        delayMs: 2000,
        error: new Error("overloaded"),
      }),
    );
    view.onEvent(
      event("reviewer", { type: "error", error: new Error("model: status 500: the server broke") }),
    );
    expect(out.text).toBe(
      [
        "model call failed (overloaded); retry 1",
        "in 2000 ms",
        "[reviewer] model: status 500: the server",
        "broke",
        "",
      ].join("\n"),
    );
  });
});
