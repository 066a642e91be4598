/**
 * exit_plan_mode in a real terminal (tmux): the question shows the plan line by line; y leaves
 * plan mode for the mode from before, n keeps planning; each switch of the mode is said.
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
const QUESTION =
  /^The plan:\n {2}# Plan\n {2}1\. write made\.txt\n {2}2\. say done\n\? approve this plan and leave plan mode {2}\[y\]es \/ \[n\]o, keep planning:/m;

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

  it("in screen-reader mode the plan comes before numbered answers; 2 keeps planning", async () => {
    const { box, term } = await startSessionWith(script(), {
      args: ["--permission-mode", "acceptEdits", "--ax-screen-reader"],
      ready: /^[›$]/m,
    });
    term.submit("plan it");
    await term.waitForScreen(
      /^ {2}2\. say done\n\? approve this plan and leave plan mode\n1\. Yes\n2\. No, keep planning\nSelect with numbers \[1-2\]:/m,
    );
    term.type("2");
    await term.waitForScreen(/done$/m);
    expect(fs.existsSync(box.at("made.txt"))).toBe(false);
  });

  it("n keeps plan mode: the model reads claude's refusal (recorded), and the write is refused", async () => {
    const { box, server, term } = await startSessionWith(script(), {
      args: ["--permission-mode", "acceptEdits"],
    });
    term.submit("plan it");
    await term.waitForScreen(QUESTION);
    term.type("n");
    await term.waitForScreen(/^done$/m);
    // claude 2.1.328's words for a refused plan (recorded in its terminal).
    expect(requestText(server.requests[2])).toContain(
      "The user doesn't want to proceed with this tool use. The tool use was rejected",
    );
    expect(fs.existsSync(box.at("made.txt"))).toBe(false);
  });
});
