/**
 * SubagentStop's Claude Code groups block as claude 2.1.328's do: at a sub-agent's natural stop a
 * block keeps the sub-agent going with the reason, and the next stop has `stop_hook_active: true`.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { conversations } from "./support/conversations.js";
import { command, group, promptText, startSession, toolResultFor } from "./support/e2e.js";

/** Logs its payload; blocks with `reason` while the marker file is absent, then lets the stop through. */
const blockOnce = (reason: string) =>
  command(
    `cat >> stop.jsonl; echo >> stop.jsonl; if [ ! -f blocked ]; then touch blocked; echo '{"decision":"block","reason":"${reason}"}'; fi`,
  );
const stops = (at: (rel: string) => string) =>
  fs
    .readFileSync(at("stop.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));

describe("SubagentStop groups that block", () => {
  it("keep the sub-agent going with the reason; its second answer is the tool's result", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStop: [group("", blockOnce("run the tests first"))] } },
      script: [
        reply.toolCall("agent", { prompt: "fix it" }, "a1"),
        reply.text("fixed"),
        reply.text("fixed, and the tests pass"),
        reply.text("done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    await s.runtime.close();
    expect(promptText(s.model.requests[2], "user").at(-1)).toMatch(
      /A SubagentStop hook did not let you stop yet\. Continue based on its feedback:\nrun the tests first/,
    );
    expect(toolResultFor(s.model, "a1")).toEqual({ text: "fixed, and the tests pass", isError: false });
    expect(stops(s.at).map((p) => [p.stop_hook_active, p.last_assistant_message])).toEqual([
      [false, "fixed"],
      [true, "fixed, and the tests pass"],
    ]);
  });

  it("give up after postStopValidation.maxAttempts consecutive blocks, and the sub-agent's answer stands", async () => {
    const always = command(`echo '{"decision":"block","reason":"never good enough"}'`);
    const s = await startSession({
      user: { hooks: { SubagentStop: [group("", always)] }, postStopValidation: { maxAttempts: 2 } },
      script: [
        reply.toolCall("agent", { prompt: "fix it" }, "a1"),
        reply.text("try 1"),
        reply.text("try 2"),
        reply.text("done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    expect(toolResultFor(s.model, "a1")).toEqual({ text: "try 2", isError: false });
    expect(s.model.requests).toHaveLength(4);
  });

  it("without a cap set, give up after Stop's default 3 blocks (HOOKS.md §11), not claude's 9", async () => {
    const always = command(`echo '{"decision":"block","reason":"never good enough"}'`);
    const s = await startSession({
      user: { hooks: { SubagentStop: [group("", always)] } },
      script: [
        reply.toolCall("agent", { prompt: "fix it" }, "a1"),
        ...["try 1", "try 2", "try 3"].map((text) => reply.text(text)),
        reply.text("done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    expect(toolResultFor(s.model, "a1")).toEqual({ text: "try 3", isError: false });
    expect(s.model.requests).toHaveLength(5);
  });

  it("only the block at the cap is marked as ending the sub-agent's run (its ⚑ line is not 'sent back')", async () => {
    const always = command(`echo '{"decision":"block","reason":"never good enough"}'`);
    const s = await startSession({
      user: { hooks: { SubagentStop: [group("", always)] }, postStopValidation: { maxAttempts: 3 } },
      script: [
        reply.toolCall("agent", { prompt: "fix it" }, "a1"),
        reply.text("try 1"),
        reply.text("try 2"),
        reply.text("try 3"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    const blocks = s.events.flatMap((e) =>
      e.kind === "hook" && e.record.event === "SubagentStop" ? [[e.record.outcome, e.endsRun ?? false]] : [],
    );
    expect(blocks).toEqual([
      ["blocked", false],
      ["blocked", false],
      ["blocked", true],
    ]);
  });

  it("sub-agents stopping at once are each marked by their own attempts", async () => {
    // beta's first attempt ends while alpha's last is still running (it waits for beta's, then some).
    const wait = (file: string) => `for i in $(seq 1 200); do [ -f ${file} ] && break; sleep 0.05; done`;
    const hook = command(
      [
        `p=$(cat)`,
        `case "$p" in *'"last_assistant_message":"alpha'*) who=alpha;; *) who=beta;; esac`,
        `case "$p" in *'"stop_hook_active":true'*) n=2;; *) n=1;; esac`,
        `if [ $who$n = alpha2 ]; then touch alpha.last; ${wait("beta.done")}; sleep 0.5; fi`,
        `if [ $who$n = beta1 ]; then ${wait("alpha.last")}; touch beta.done; fi`,
        `printf '{"decision":"block","reason":"%s"}' "$who$n"`,
      ].join("\n"),
    );
    const agentCall = (task: string, id: string) => toolCall("agent", { prompt: task }, id);
    const s = await startSession({
      user: { hooks: { SubagentStop: [group("", hook)] }, postStopValidation: { maxAttempts: 2 } },
      script: conversations({
        "ALPHA-TASK": [reply.text("alpha 1"), reply.text("alpha 2")],
        "BETA-TASK": [reply.text("beta 1"), reply.text("beta 2")],
        go: [
          reply.toolCalls(agentCall("ALPHA-TASK", "a1"), agentCall("BETA-TASK", "a2")),
          reply.text("done"),
        ],
      }),
    });
    await s.runtime.prompt("go");
    const marks = Object.fromEntries(
      s.events.flatMap((e) =>
        e.kind === "hook" && e.record.event === "SubagentStop"
          ? [[e.record.decision?.reason, e.endsRun ?? false]]
          : [],
      ),
    );
    expect(marks).toEqual({ alpha1: false, alpha2: true, beta1: false, beta2: true });
    expect(fs.existsSync(s.at("beta.done"))).toBe(true);
  });

  it("a native SubagentStop entry cannot keep the sub-agent going", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStop: [command("exit 2", { blocking: true })] } },
      script: [reply.toolCall("agent", { prompt: "look" }, "a1"), reply.text("seen"), reply.text("done")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    expect(toolResultFor(s.model, "a1")).toEqual({ text: "seen", isError: false });
  });
});
