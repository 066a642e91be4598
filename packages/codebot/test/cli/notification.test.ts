/**
 * Notification where Claude Code sends it (issue 14): none in `-p`; in the interactive session
 * `permission_prompt` as a tool call is put to the user and `idle_prompt` once the prompt has
 * waited (CODEBOT_IDLE_PROMPT_MS shortens Claude Code's 60 s for the test, and
 * CODEBOT_PERMISSION_PROMPT_MS its 6 s wait of a question before permission_prompt).
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import {
  command,
  group,
  heldReply,
  modelEnv,
  modelServer,
  requestText,
  type Sandbox,
  sandbox,
} from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

const logTo = (file: string) => command(`cat >> ${file}; echo >> ${file}`);

function lines(file: string): Record<string, unknown>[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The hook's trace line, whole: one row, ending with its duration or, cut at the terminal's width, `…`. */
const HOOK_LINE_DONE = /^ {2}⚑ hook Notification .*(\d ms|…)$/m;

/**
 * The hook's line whole with, on a later row, a line starting with `next` (the question or the
 * input, drawn again below it): what a test reads once both are on screen, since the redraw under
 * the hook's line is a write of its own.
 */
const hookLineThen = (next: string) =>
  new RegExp(`${HOOK_LINE_DONE.source}\\n(?:.*\\n)*?${next.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m");

/**
 * An interactive session whose permission_prompt hook logs to `asked.jsonl`, after a prompt whose
 * bash call (`echo ok > out.txt`) is put to the user; the question waits `waitMs` before the hook.
 */
async function askedToWrite(box: Sandbox, waitMs: string) {
  const settings = box.json("s.json", {
    hooks: { Notification: [group("permission_prompt", logTo("asked.jsonl"))] },
  });
  const server = await modelServer([
    reply.toolCall("bash", { command: "echo ok > out.txt" }),
    reply.text("all done"),
  ]);
  const term = await startSession(box, server, {
    args: ["--settings", settings],
    env: { CODEBOT_PERMISSION_PROMPT_MS: waitMs },
  });
  term.submit("write the file");
  return term;
}

describe("Notification", { timeout: 120_000 }, () => {
  it("a -p run fires none: not at its end, not for a call refused with nobody to ask", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { Notification: [group("", logTo("claude.jsonl")), logTo("native.jsonl")] },
    });
    const server = await modelServer([
      reply.toolCall("read", { file_path: "s.json" }, "r1"),
      reply.toolCall("bash", { command: "touch x" }, "b1"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(lines(box.at("claude.jsonl"))).toEqual([]);
    expect(lines(box.at("native.jsonl"))).toEqual([]);
  });

  it("interactive: permission_prompt as the question is asked, idle_prompt once the prompt has waited", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        Notification: [
          group("permission_prompt", logTo("asked.jsonl")),
          group("idle_prompt", logTo("idle.jsonl")),
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo ok > out.txt" }),
      reply.text("all done"),
    ]);
    const term = await startSession(box, server, {
      args: ["--settings", settings],
      env: { CODEBOT_IDLE_PROMPT_MS: "300", CODEBOT_PERMISSION_PROMPT_MS: "300" },
    });
    term.submit("write the file");
    await term.waitForScreen("allow bash echo ok > out.txt");
    const asked = await waitFor(() => lines(box.at("asked.jsonl"))[0], 10_000, "the permission_prompt hook");
    expect(asked).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "permission_prompt",
      message: "codebot needs your permission to use bash",
    });
    // Waiting for the answer to a question is not the idle prompt.
    expect(lines(box.at("idle.jsonl"))).toEqual([]);
    term.submit("y");
    await term.waitForScreen("all done");
    const idle = await waitFor(() => lines(box.at("idle.jsonl"))[0], 10_000, "the idle_prompt hook");
    expect(idle).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "idle_prompt",
      message: "codebot is waiting for your input",
    });
    // Once per wait.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(lines(box.at("idle.jsonl"))).toHaveLength(1);
    expect(lines(box.at("asked.jsonl"))).toHaveLength(1);
  });

  it("interactive: keys pressed while the question is open put its permission_prompt off until they stop", async () => {
    const box = sandbox();
    // A wait of 2 s: long beside the key presses' 200 ms apart, even on a loaded machine.
    const term = await askedToWrite(box, "2000");
    await term.waitForScreen("allow bash echo ok > out.txt");
    // A key that answers nothing (the question is drawn again), for three waits' time.
    const pressing = Date.now();
    while (Date.now() - pressing < 6_000) {
      term.press("x");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(lines(box.at("asked.jsonl"))).toEqual([]);
    // Once they stop, the hooks are told.
    const asked = await waitFor(() => lines(box.at("asked.jsonl"))[0], 20_000, "the permission_prompt hook");
    expect(asked).toMatchObject({ notification_type: "permission_prompt" });
    term.press("y");
    await term.waitForScreen("all done");
  });

  it("interactive: the permission_prompt hook's line goes above the question, which stays whole and is answered", async () => {
    const box = sandbox();
    const term = await askedToWrite(box, "300");
    const screen = (await term.waitForScreen(hookLineThen("? allow bash echo ok > out.txt"))).split("\n");
    const hookRow = screen.findIndex((l) => l.includes("⚑ hook Notification"));
    const questionRow = screen.findIndex((l) => l.startsWith("? allow bash echo ok > out.txt"));
    // The question on a row of its own, after the hook's line, as it was asked.
    expect(screen[questionRow]?.trimEnd()).toBe(
      "? allow bash echo ok > out.txt  [y]es / [n]o / [a]lways (bash(echo ok > out.txt)):",
    );
    expect(hookRow).toBeGreaterThanOrEqual(0);
    expect(hookRow).toBeLessThan(questionRow);
    term.press("y");
    await term.waitForScreen("all done");
    expect(fs.readFileSync(box.at("out.txt"), "utf8")).toBe("ok\n");
  });

  it("interactive: a key pressed at the prompt after the turn ended means no idle_prompt for that wait, as in claude", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        UserPromptSubmit: [group("", logTo("prompts.jsonl"))],
        Notification: [group("idle_prompt", logTo("idle.jsonl"))],
      },
    });
    const server = await modelServer([reply.text("first answer"), reply.text("second answer")]);
    const term = await startSession(box, server, {
      args: ["--settings", settings],
      env: { CODEBOT_IDLE_PROMPT_MS: "2000" },
    });
    term.submit("hello");
    await term.waitForScreen("first answer");
    term.type("x");
    await term.waitForScreen(/^› x/m);
    // Past the wait's notice time: without the key it would have been sent by now.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    term.press("Enter");
    await term.waitForScreen("second answer");
    // The second wait, keyless, has its notice: the only one, from the second prompt.
    const idle = await waitFor(() => lines(box.at("idle.jsonl"))[0], 10_000, "the idle_prompt hook");
    const second = lines(box.at("prompts.jsonl"))[1];
    expect(second).toMatchObject({ prompt: "x" });
    expect(idle).toMatchObject({ notification_type: "idle_prompt", prompt_id: second?.prompt_id });
    expect(lines(box.at("idle.jsonl"))).toHaveLength(1);
  });

  it("interactive: the idle_prompt hook's line goes above the prompt; what was typed stays and is sent", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { Notification: [group("idle_prompt", logTo("idle.jsonl"))] },
    });
    const { step: held, release } = heldReply("first answer");
    const server = await modelServer([held, reply.text("second answer")]);
    const term = await startSession(box, server, {
      args: ["--settings", settings],
      env: { CODEBOT_IDLE_PROMPT_MS: "1500" },
    });
    term.submit("hello");
    await term.waitForScreen("Esc to interrupt");
    // Typed while the turn goes on: a key after its end would mean no notice for the wait.
    term.type("half a thought");
    await term.waitForScreen("half a thought");
    release();
    const screen = (await term.waitForScreen(hookLineThen("› half"))).split("\n");
    const hookRow = screen.findIndex((l) => l.includes("⚑ hook Notification"));
    const promptRow = screen.findIndex((l) => l.startsWith("› half"));
    expect(screen[promptRow]?.trimEnd()).toBe("› half a thought");
    expect(hookRow).toBeGreaterThanOrEqual(0);
    expect(hookRow).toBeLessThan(promptRow);
    term.press("Enter");
    await term.waitForScreen("second answer");
    expect(requestText(server.requests[1])).toContain("half a thought");
  });

  it("interactive: the idle_prompt hook's line goes above an input of several rows being edited mid-line; the input is drawn once", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { Notification: [group("idle_prompt", logTo("idle.jsonl"))] },
    });
    const { step: held, release } = heldReply("first answer");
    const server = await modelServer([held]);
    const term = await startSession(box, server, {
      args: ["--settings", settings],
      env: { CODEBOT_IDLE_PROMPT_MS: "1500" },
    });
    term.submit("hello");
    await term.waitForScreen("Esc to interrupt");
    // Three rows of input, then an edit before its end: readline redraws it whole. Typed while the
    // turn goes on: a key after its end would mean no notice for the wait.
    term.type(Array.from({ length: 45 }, (_, i) => `word${i}`).join(" "));
    term.press("Left");
    term.type("X");
    await term.waitForScreen("word4X4");
    release();
    const screen = await term.waitForScreen(hookLineThen("› word0 "));
    expect(screen).toMatch(/^first answer\n {2}⚑ hook Notification[^›]*\n› word0 /m);
    expect(screen.match(/› word0 /g)).toHaveLength(1);
  });
});
