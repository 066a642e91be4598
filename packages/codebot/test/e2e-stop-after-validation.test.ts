/**
 * Stop at the natural stop where PostStopValidation gives up (HOOKS.md §11: Stop "fires at every
 * natural stop"; §9.3: after the last failed attempt "the run ends"): the Stop hooks fire there
 * once, and nothing they answer keeps the run going.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession } from "./support/e2e.js";

const group = (...hooks: unknown[]) => ({ matcher: "", hooks });
const alwaysFails = command("echo 'tests fail'; exit 1");
const logStop = "jq -c '{active: .stop_hook_active, last: .last_assistant_message}' >> stops.jsonl";
const script = [
  reply.toolCall("write", { file_path: "file.txt", content: "bad" }),
  reply.text("try 1"),
  reply.text("try 2"),
  reply.text("try 3"),
  reply.text("unreachable"),
];

describe("Stop when PostStopValidation gives up", () => {
  it("fires once, at the stop where validation gives up, with that stop's answer and stop_hook_active false", async () => {
    const s = await startSession({
      user: { hooks: { PostStopValidation: [alwaysFails], Stop: [group(command(logStop))] } },
      script,
    });
    const result = await s.runtime.prompt("go");
    expect(result).toMatchObject({ status: "validation_failed", text: "try 3" });
    expect(s.jsonLines("stops.jsonl")).toEqual([{ active: false, last: "try 3" }]);
  });

  it("a Stop hook's block there does not keep the run going: it still ends as validation still failing", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PostStopValidation: [alwaysFails],
          Stop: [group(command(`${logStop}; echo 'not yet' >&2; exit 2`))],
        },
      },
      script,
    });
    const result = await s.runtime.prompt("go");
    expect(result).toMatchObject({
      status: "validation_failed",
      reason: "validation still fails after 3 attempts:\ntests fail",
    });
    expect(s.model.requests).toHaveLength(4);
    expect(s.jsonLines("stops.jsonl")).toHaveLength(1);
  });

  it("a Stop hook's block there is marked as ending the run, so its ⚑ line does not say 'sent back'", async () => {
    const s = await startSession({
      user: {
        hooks: { PostStopValidation: [alwaysFails], Stop: [group(command("echo 'not yet' >&2; exit 2"))] },
      },
      script,
    });
    await s.runtime.prompt("go");
    const stops = s.events.flatMap((e) => (e.kind === "hook" && e.record.event === "Stop" ? [e] : []));
    expect(stops.map((e) => [e.record.outcome, e.endsRun ?? false])).toEqual([["blocked", true]]);
  });
});
