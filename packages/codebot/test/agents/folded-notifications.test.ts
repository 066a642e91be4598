/** UserPromptSubmit for a background run's notification as it joins a turn in progress (folded-notifications.ts). */
import type { Decision } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { admitFoldedNotifications } from "../../src/agents/folded-notifications.js";
import { notificationText } from "../../src/agents/task-notification.js";
import type { StopRequest } from "../../src/session/session.js";

const notification = notificationText({
  agentId: "a1",
  description: "helper",
  prompt: "look",
  outputFile: "/tmp/a1.jsonl",
  toolUseId: "t1",
  agentType: "general-purpose",
  status: "completed",
  result: "found it",
  tokens: 15,
  toolUses: 1,
  durationMs: 5,
});

/** admitFoldedNotifications over a UserPromptSubmit that answers `answer` (or throws it), with what it was asked and told. */
function admitting(answer: Decision | Error) {
  const prompts: string[] = [];
  const notices: string[] = [];
  const stops: StopRequest[] = [];
  const joined: string[] = [];
  const admit = admitFoldedNotifications({
    runner: {
      userPromptSubmit: async (input) => {
        prompts.push(input.prompt);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    notify: (message) => notices.push(message),
    blocked: (event) => notices.push(`blocked: ${event.shown}`),
    stopRun: (stop) => stops.push(stop),
    joined: (text) => joined.push(text),
  });
  const steered: ModelMessage[] = [{ role: "user", content: notification }];
  return { admit, run: () => admit(steered, new AbortController().signal), prompts, notices, stops, joined };
}

describe("a notification folded into a turn in progress", () => {
  it("a message that is no notification joins as it is, and fires no hook", async () => {
    const { admit, prompts } = admitting({ kind: "allow", trace: [] });
    const sdkMessage: ModelMessage = {
      role: "user",
      content: "The user sent a new message while you were working:\nhi",
    };
    expect(await admit([sdkMessage], new AbortController().signal)).toEqual([sdkMessage]);
    expect(prompts).toEqual([]);
  });

  it("the hook's continue: false keeps it out and ends the turn", async () => {
    const { run, stops } = admitting({ kind: "stop", by: "gate", reason: "enough", trace: [] });
    expect(await run()).toEqual([]);
    expect(stops).toEqual([{ hook: "gate", reason: "enough" }]);
  });

  it("a hook that could not run keeps nothing out: the notification joins as it is, and the user is told", async () => {
    const { run, notices } = admitting(new Error("spawn failed"));
    expect(await run()).toEqual([{ role: "user", content: notification }]);
    expect(notices).toEqual(["hook: UserPromptSubmit failed: spawn failed"]);
  });
});
