/**
 * exit_plan_mode in a real terminal (tmux): the question shows the plan line by line and names the
 * mode a yes switches to; y leaves plan mode for it, n keeps planning and ends the turn (claude
 * 2.1.328's do, recorded); each switch of the mode is said.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { requestText } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

const script = () => [
  reply.toolCall("enter_plan_mode", {}, "enter"),
  reply.toolCall("exit_plan_mode", { plan: "# Plan\n1. write made.txt\n2. say done" }, "exit"),
  reply.toolCall("write", { file_path: "made.txt", content: "x" }, "made"),
  reply.text("done"),
];
/** A plan the user refuses: the model's next step would be a write, had the turn gone on. */
const refusedScript = () => [
  reply.toolCall("enter_plan_mode", {}, "enter"),
  reply.toolCall("exit_plan_mode", { plan: "# Plan\n1. write made.txt\n2. say done" }, "exit"),
  reply.text("keep planning then"),
];
/** exit_plan_mode's refused line, then the prompt: no answer in between. */
const TURN_ENDED_AT_REFUSAL = /^✗ exit_plan_mode [^\n]*\n› *$/m;
const QUESTION =
  /^The plan:\n {2}# Plan\n {2}1\. write made\.txt\n {2}2\. say done\n\? approve this plan and switch to acceptEdits mode {2}\[y\]es \/ \[n\]o, keep planning:/m;

describe("exit_plan_mode's question", { timeout: 120_000 }, () => {
  it("says each switch of the mode and shows the plan; y leaves plan mode for the mode from before (acceptEdits: the write runs unasked)", async () => {
    const { box, term } = await startSessionWith(script(), { args: ["--permission-mode", "acceptEdits"] });
    term.submit("plan it");
    await term.waitForScreen(/^permission mode: plan$/m);
    await term.waitForScreen(QUESTION);
    term.type("y");
    await term.waitForScreen(/^permission mode: acceptEdits$/m);
    await term.waitForScreen(/^done$/m);
    expect(fs.existsSync(box.at("made.txt"))).toBe(true);
  });

  it("in screen-reader mode the plan comes before numbered answers, the yes naming the mode; 2 keeps planning", async () => {
    const { box, server, term } = await startSessionWith(refusedScript(), {
      args: ["--permission-mode", "acceptEdits", "--ax-screen-reader"],
      ready: /^[›$]/m,
    });
    term.submit("plan it");
    await term.waitForScreen(
      /^ {2}2\. say done\n\? approve this plan and switch to acceptEdits mode\n1\. Yes, and switch to acceptEdits mode\n2\. No, keep planning\nSelect with numbers \[1-2\]:/m,
    );
    term.type("2");
    // Said in words, then the status line and the prompt: no answer in between.
    await term.waitForScreen(
      /^tool failed: exit_plan_mode [^\n]*\n(?: {2}[^\n]*\n)*anthropic\/[^\n]*\n\$ *$/m,
    );
    term.submit("why not?");
    await term.waitForScreen(/keep planning then$/m);
    expect(server.requests).toHaveLength(3);
    expect(fs.existsSync(box.at("made.txt"))).toBe(false);
  });

  it("n shows the plan rejected, as claude 2.1.328's `Rejected Claude's plan:` (recorded), not the refusal sent to the model", async () => {
    const { term } = await startSessionWith(refusedScript(), { args: ["--permission-mode", "acceptEdits"] });
    term.submit("plan it");
    await term.waitForScreen(QUESTION);
    term.type("n");
    const screen = await term.waitForScreen(TURN_ENDED_AT_REFUSAL);
    expect(screen).toMatch(
      /^✗ exit_plan_mode → Rejected codebot's plan \(shown above\); still in plan mode$/m,
    );
    expect(screen).not.toContain("doesn't want to proceed");
    expect(screen).not.toContain('{"plan"');
  });

  it("n keeps plan mode and ends the turn (claude 2.1.328's does, recorded): the model is not asked again until the user speaks, and then reads claude's refusal", async () => {
    const { box, server, term } = await startSessionWith(refusedScript(), {
      args: ["--permission-mode", "acceptEdits"],
    });
    term.submit("plan it");
    await term.waitForScreen(QUESTION);
    term.type("n");
    // The refusal, then the prompt at once: the model is not asked again.
    await term.waitForScreen(TURN_ENDED_AT_REFUSAL);
    term.submit("why not?");
    await term.waitForScreen(/^keep planning then$/m);
    // Two requests for the turn (enter, exit), the third is the user's next prompt's.
    expect(server.requests).toHaveLength(3);
    const next = requestText(server.requests[2]);
    // claude 2.1.328's words for a refused plan (recorded in its terminal), then the prompt.
    expect(next).toContain("The user doesn't want to proceed with this tool use. The tool use was rejected");
    expect(next).toContain("why not?");
    expect(term.screen()).not.toMatch(/^permission mode: acceptEdits$/m);
    expect(fs.existsSync(box.at("made.txt"))).toBe(false);
  });
});
