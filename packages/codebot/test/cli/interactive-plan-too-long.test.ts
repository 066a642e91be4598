/**
 * A plan of 5 MB (5,000 lines of 999 characters) put to the person in a real terminal (tmux):
 * shown whole, its question took minutes to draw and minutes more to take its answer. Its start
 * is shown, with a line saying how much is not, and y is answered at once.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { requestText } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

const LINE = "x".repeat(999);
const PLAN = `${LINE}\n`.repeat(5000);

describe("a 5 MB plan in the terminal", { timeout: 180_000 }, () => {
  it("shows its start and how much is not shown, and takes the answer", async () => {
    const { server, term } = await startSessionWith([
      reply.toolCall("enter_plan_mode", {}, "enter"),
      reply.toolCall("exit_plan_mode", { plan: PLAN }, "exit"),
      reply.text("approved"),
    ]);
    term.submit("plan it");
    // Generous bounds for a loaded machine: the plan itself arrives in about a second.
    const screen = await term.waitForScreen(/approve this plan and switch to \w+ mode/, 60_000);
    expect(screen).toMatch(
      /^ {2}… 4,961 more lines not shown \(the plan is 5,000,000 characters\); answer n to ask for a shorter one$/m,
    );
    term.type("y");
    await term.waitForScreen(/^approved$/m, 60_000);
    expect(requestText(server.requests[2])).toContain("User has approved exiting plan mode.");
  });
});
