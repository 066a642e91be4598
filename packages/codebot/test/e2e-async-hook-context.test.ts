/**
 * A Claude Code hook run in the background (`"async": true`) that finishes with
 * `additionalContext`: Claude Code gives it to the model on its next turn, and so does codebot.
 * So is what a hook says after answering `{"async": true}` on its first line.
 */
import { reply, type TurnReply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { promptText, startSession, type TestSession } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const lintSays = `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint: 2 warnings in a.ts"}}'`;

type Step = NonNullable<Parameters<typeof startSession>[0]["script"]>[number];

/**
 * A session whose bash calls run the background lint hook: the model's first step calls bash, its
 * second (`then`) comes once the hook has finished — its trace record is emitted once codebot has
 * its answer — and `rest` after.
 */
async function lintedSession(then: TurnReply, rest: Step[]): Promise<TestSession> {
  let s!: TestSession;
  const finished = () =>
    s.events.some((e) => e.kind === "hook" && e.record.event === "PostToolUse" && e.record.outcome);
  s = await startSession({
    user: {
      hooks: {
        PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: lintSays, async: true }] }],
      },
    },
    script: [
      reply.toolCalls(toolCall("bash", { command: "echo hi" }, "b1")),
      async () => {
        await waitFor(finished, 10_000, "the async hook");
        return then;
      },
      ...rest,
    ],
  });
  return s;
}

describe("a background Claude Code hook's additionalContext", () => {
  it("reaches the model with its next step, once, as a system reminder", async () => {
    const s = await lintedSession(reply.toolCalls(toolCall("bash", { command: "echo again" }, "b2")), [
      reply.text("done"),
    ]);
    await s.runtime.prompt("go");
    const said = (i: number) => promptText(s.model.requests[i], "user").join("\n");
    expect(said(1)).not.toContain("lint: 2 warnings");
    expect(said(2)).toMatch(
      /<system-reminder>\nPostToolUse hook .* \(run in the background\) says:\nlint: 2 warnings in a\.ts\n<\/system-reminder>/,
    );
    expect(said(2).split("lint: 2 warnings in a.ts")).toHaveLength(2);
  });

  it("said after the last tool call makes no step of its own: it comes with the next prompt", async () => {
    const s = await lintedSession(reply.text("done"), [reply.text("next answer")]);
    await s.runtime.prompt("go");
    expect(s.model.requests).toHaveLength(2);
    await s.runtime.prompt("and now?");
    const said = promptText(s.model.requests[2], "user").join("\n");
    expect(said).toMatch(/\(run in the background\) says:\nlint: 2 warnings in a\.ts/);
  });

  it('said after an {"async": true} reply (systemMessage, additionalContext) reaches the model with its next step', async () => {
    // The hook answers at once, then says its piece and ends; the second bash call waits for that.
    const later = `'{"systemMessage":"scan finished","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"eval() in a.py"}}'`;
    const hook = `echo '{"async": true}'; sleep 0.2; echo ${later}; exec >&-; touch said`;
    const s = await startSession({
      user: { hooks: { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] } },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo hi" }, "b1")),
        reply.toolCalls(
          toolCall("bash", { command: "while [ ! -e said ]; do sleep 0.05; done; sleep 0.5" }, "b2"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    const said = (i: number) => promptText(s.model.requests[i], "user").join("\n");
    expect(said(1)).not.toContain("eval() in a.py");
    expect(said(2)).toMatch(
      /PostToolUse hook .* \(run in the background\) says:\nscan finished\neval\(\) in a\.py/,
    );
  });
});
