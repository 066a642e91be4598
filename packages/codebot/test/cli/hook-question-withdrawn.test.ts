/**
 * A hook whose approval question is withdrawn because its run was cancelled (the session ended,
 * or the user interrupted the run, while the question was on screen) is recorded `cancelled` with
 * why, not `not approved`: nobody refused it; and the screen says the question was withdrawn, not
 * that it expired (its timeout passing: project-consent.test.ts).
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { atChangedHookQuestion } from "./support/changed-hook-question.js";
import { sandbox } from "./support/cli-fixtures.js";
import { jsonLines, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** The second prompt never reaches the model: its hook's question is withdrawn first. */
const NEVER_SECOND = [reply.text("first"), reply.text("never")];

describe("a changed hook's question withdrawn because the session ended", { timeout: 120_000 }, () => {
  it("its --trace-file record says cancelled, the session ended, never started, not not approved", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { term } = await atChangedHookQuestion(box, {
      args: ["--trace-file", trace],
      replies: NEVER_SECOND,
    });
    const shell = term.tmux("list-panes", "-F", "#{pane_pid}").trim();
    const [cli] = fs
      .readFileSync(`/proc/${shell}/task/${shell}/children`, "utf8")
      .split(/\s+/)
      .filter(Boolean);
    process.kill(Number(cli), "SIGTERM");
    await term.exitCode();

    const records = () => jsonLines(fs.existsSync(trace) ? fs.readFileSync(trace, "utf8") : "");
    await waitFor(() => records().length === 2, 10_000, "the second prompt's record");
    const withdrawn = records()[1];
    expect(withdrawn).toMatchObject({
      event: "UserPromptSubmit",
      hook: "logger",
      skipped: "not started",
      outcome: "cancelled",
      cancelReason: "the session ended",
    });
    expect(withdrawn).not.toHaveProperty("approval");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("v1\n");
  });
});

describe("a changed hook's question withdrawn because the user interrupted the run", {
  timeout: 120_000,
}, () => {
  it.each(["Escape", "C-c"])(
    "(%s) the screen says withdrawn, not expired, and the hook did not run",
    async (key) => {
      const box = sandbox();
      const { term } = await atChangedHookQuestion(box, { replies: NEVER_SECOND });
      term.press(key);
      const screen = await term.waitForScreen(
        "question withdrawn: the run was cancelled; the hook did not run",
      );
      expect(screen).not.toContain("question expired");
      expect(screen).not.toContain("before the hook was approved");
      expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("v1\n");
    },
  );
});
