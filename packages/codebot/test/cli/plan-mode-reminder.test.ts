/**
 * What the model is told of plan mode (claude 2.1.328's system reminders, recorded:
 * docs/claude-code.md "Plan mode's reminders"): the full reminder on the first prompt in plan mode
 * or with enter_plan_mode's result, a short one every sixth prompt after, and "Exited Plan Mode"
 * once the mode is left. Checked in the request bodies the real CLI sends the loopback model.
 */
import type { RecordedRequest } from "@codebot/agentcore/testing";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { allowAsAsked } from "./support/sdk-driver.js";
import { sdkSession } from "./support/sdk-session.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

const FULL = "Plan mode is active. The user indicated that they do not want you to execute yet";
const SHORT = "Plan mode still active (see full instructions earlier in conversation)";
const EXITED = "## Exited Plan Mode";

/** The main agent's requests (those that offer tools), in order. */
function agentRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((r) => Array.isArray(r.body?.tools) && r.body.tools.length > 0);
}

/** What a request added since the conversation's last answer: its last user message, as JSON. */
function lastUserMessage(request: RecordedRequest | undefined): string {
  const messages = (request?.body?.messages ?? []) as { role: string }[];
  return JSON.stringify(messages.filter((m) => m.role === "user").at(-1) ?? null);
}

describe("plan mode's reminders to the model", { timeout: 180_000 }, () => {
  it("-p --permission-mode plan: the prompt carries the full reminder, which says to give the plan as the answer (no exit_plan_mode there)", async () => {
    const { server, r } = await printRun("go", [reply.text("a plan")], {
      flags: ["--permission-mode", "plan"],
    });
    expect(r.code).toBe(0);
    const sent = lastUserMessage(agentRequests(server.requests)[0]);
    expect(sent).toContain(FULL);
    expect(sent).toContain("give your plan as your answer");
    expect(sent).not.toContain("exit_plan_mode");
  });

  // claude 2.1.328 (recorded, -p --permission-mode plan): its sub-agent is told too, in words of
  // its own ("… (for example, to make edits). Instead, you should:"); codebot tells it at once.
  it("-p --permission-mode plan: a sub-agent's first request says it is in plan mode and the plan is its answer", async () => {
    const { server, r } = await printRun(
      "go",
      [
        reply.toolCall("agent", {
          subagent_type: "general-purpose",
          prompt: "look around",
          description: "look",
        }),
        reply.text("sub done"),
        reply.text("a plan"),
      ],
      { flags: ["--permission-mode", "plan"] },
    );
    expect(r.code, r.stderr).toBe(0);
    const sub = agentRequests(server.requests).find((q) => lastUserMessage(q).includes("look around"));
    const sent = lastUserMessage(sub);
    expect(sent).toContain(FULL);
    expect(sent).toContain(
      "(for example, to make edits). Instead, you should answer the query comprehensively",
    );
    expect(sent).toContain("only the user can leave plan mode");
  });

  it("-p in another mode says nothing of plan mode", async () => {
    const { server } = await printRun("go", [reply.text("done")], {
      flags: ["--permission-mode", "acceptEdits"],
    });
    expect(JSON.stringify(agentRequests(server.requests)[0]?.body)).not.toMatch(/Plan mode/);
  });

  it("switched into plan mode mid-session: the next prompt carries the full reminder, the seventh the short one, and the first after leaving says it was left", async () => {
    const prompts = 9;
    const { server, run } = await sdkSession(
      Array.from({ length: prompts }, (_, i) => reply.text(`answer ${i + 1}`)),
      { answers: { can_use_tool: allowAsAsked } },
    );
    await run.initialized;
    await run.request("m1", { subtype: "set_permission_mode", mode: "plan" });
    for (let i = 1; i <= prompts - 1; i++) {
      run.say(`prompt ${i}`);
      await run.result(i);
    }
    await run.request("m2", { subtype: "set_permission_mode", mode: "default" });
    run.say(`prompt ${prompts}`);
    await run.result(prompts);
    await run.end();
    const said = agentRequests(server.requests).map((r) => {
      const sent = lastUserMessage(r);
      return sent.includes(FULL)
        ? "full"
        : sent.includes(SHORT)
          ? "short"
          : sent.includes(EXITED)
            ? "exited"
            : "-";
    });
    expect(said).toEqual(["full", "-", "-", "-", "-", "-", "short", "-", "exited"]);
  });

  it("/clear starts a new conversation, which is told again: the first prompt after it carries the full reminder", async () => {
    const { server, term } = await startSessionWith([reply.text("one"), reply.text("two")], {
      args: ["--permission-mode", "plan"],
    });
    term.submit("first");
    await term.waitForScreen(/^one$/m);
    term.submit("/clear");
    term.submit("second");
    await term.waitForScreen(/^two$/m);
    const requests = agentRequests(server.requests);
    expect(requests).toHaveLength(2);
    expect(lastUserMessage(requests[0])).toContain(FULL);
    expect(lastUserMessage(requests[1])).toContain("second");
    expect(lastUserMessage(requests[1])).toContain(FULL);
  });

  it("a compacted conversation is told again: the first prompt after /compact carries the full reminder", async () => {
    const { server, term } = await startSessionWith(
      [reply.text("one"), reply.text("<summary>the user said first</summary>"), reply.text("two")],
      { args: ["--permission-mode", "plan"] },
    );
    term.submit("first");
    await term.waitForScreen(/^one$/m);
    term.submit("/compact");
    term.submit("second");
    await term.waitForScreen(/^two$/m);
    const requests = agentRequests(server.requests);
    const last = requests.at(-1);
    expect(lastUserMessage(last)).toContain("second");
    expect(lastUserMessage(last)).toContain(FULL);
  });

  it("enter_plan_mode's result carries the full reminder (the next prompt does not repeat it), and an approved plan's result says plan mode was left", async () => {
    const { server, run } = await sdkSession(
      [
        reply.toolCall("enter_plan_mode", {}, "enter"),
        reply.text("planning"),
        reply.toolCall("exit_plan_mode", { plan: "# Plan" }, "exit"),
        reply.text("done"),
        reply.text("more"),
      ],
      { answers: { can_use_tool: allowAsAsked } },
    );
    await run.initialized;
    run.say("plan it");
    await run.result(1);
    run.say("go on");
    await run.result(2);
    run.say("and now");
    await run.result(3);
    await run.end();
    const requests = agentRequests(server.requests);
    // After enter_plan_mode: its result, then the reminder in it.
    expect(lastUserMessage(requests[1])).toContain("Entered plan mode.");
    expect(lastUserMessage(requests[1])).toContain(FULL);
    expect(lastUserMessage(requests[1])).toContain("exit_plan_mode");
    expect(lastUserMessage(requests[2])).not.toContain("Plan mode");
    expect(lastUserMessage(requests[3])).toContain("User has approved exiting plan mode.");
    expect(lastUserMessage(requests[3])).toContain(EXITED);
    // Told once: the prompt after the approval says nothing more.
    expect(lastUserMessage(requests[4])).not.toContain(EXITED);
  });
});
