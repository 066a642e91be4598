/**
 * Whose message a resumed transcript line holds comes from its fields (claude 2.1.328's `origin`
 * and `promptSource`), not its text: a background task's notification is no prompt `/rewind` goes
 * back to, nor the picker's first prompt, and reads in the recap as its summary; a prompt the user
 * began with `<system-reminder>` is still theirs. A line with neither field (an older codebot's)
 * is read as before.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_CLOSING, NOTIFICATION_OPENING } from "../../src/agents/task-notification.js";
import { sessionDirectory } from "../../src/transcript/session-files.js";
import { writeClaudeQueuedTurn } from "./support/claude-queued-turn.js";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import type { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const OWN_REMINDER = "<system-reminder>my own text</system-reminder> please answer";

/** claude 2.1.328's fields on a typed prompt's line and on a notification turn's (recorded). */
const TYPED = { origin: { kind: "human" }, promptSource: "typed", turnOrigin: "human" };
const NOTIFIED = {
  origin: { kind: "task-notification", producer: "session-task", runId: "0mxd7ojm7-907b909b" },
  promptSource: "system",
  turnOrigin: "task_notification",
};

/** A background Bash's notification as claude 2.1.328 writes it on its turn's line (recorded). */
const NOTIFICATION = [
  "<task-notification>",
  "<task-id>bmqvzbcok</task-id>",
  "<tool-use-id>toolu_bg1</tool-use-id>",
  "<output-file>/tmp/bmqvzbcok.output</output-file>",
  "<status>completed</status>",
  '<summary>Background command "sleep a bit" completed (exit code 0)</summary>',
  "</task-notification>",
].join("\n");

/**
 * A transcript shaped as claude 2.1.328 wrote one in a terminal (recorded, its other lines left
 * out): a prompt, one that started a background Bash, the Bash's notification turn, then two more
 * prompts, the last begun with `<system-reminder>`. `older`: as an older codebot wrote them, with
 * neither field, the notification in the reminder the model read it in. Returns the session id.
 */
function claudeTranscript(box: Sandbox, { notificationFirst = false, older = false } = {}): string {
  const id = randomUUID();
  let parentUuid: string | null = null;
  let second = 0;
  const lines: Record<string, unknown>[] = [];
  const add = (type: "user" | "assistant", content: unknown, fields: Record<string, unknown> = {}) => {
    const uuid = randomUUID();
    second += 1;
    lines.push({
      parentUuid,
      isSidechain: false,
      type,
      message: { role: type, content },
      uuid,
      timestamp: new Date(Date.UTC(2026, 11, 7, 11, 53, second)).toISOString(),
      ...fields,
      cwd: box.project,
      sessionId: id,
      version: "2.1.328",
    });
    parentUuid = uuid;
  };
  const said = (text: string) => [{ type: "text", text }];
  const typed = older ? {} : TYPED;
  const notified = older ? {} : NOTIFIED;
  const notification = older ? `${NOTIFICATION_OPENING}${NOTIFICATION}${NOTIFICATION_CLOSING}` : NOTIFICATION;
  if (notificationFirst) {
    add("user", notification, notified);
    add("assistant", said("The background job finished."));
  }
  add("user", "first prompt hello", typed);
  add("assistant", said("Answer one."));
  add("user", "startbg now", typed);
  add("assistant", [
    {
      type: "tool_use",
      id: "toolu_bg1",
      name: "Bash",
      input: { command: "sleep 3; echo done", description: "sleep a bit", run_in_background: true },
    },
  ]);
  add("user", [{ type: "tool_result", tool_use_id: "toolu_bg1", content: "started", is_error: false }]);
  add("assistant", said("Started it in the background."));
  if (!notificationFirst) {
    add("user", notification, notified);
    add("assistant", said("The background job finished."));
  }
  add("user", "third prompt after", typed);
  add("assistant", said("Answer three."));
  add("user", OWN_REMINDER, typed);
  add("assistant", said("Answer four."));
  const folder = sessionDirectory(box.home, fs.realpathSync(box.project));
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${id}.jsonl`), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  return id;
}

/**
 * A transcript as claude 2.1.328 wrote one where a background Bash's notification was folded into
 * a turn (recorded, its other lines left out): a `queued_command` attachment line with
 * `commandMode` `"task-notification"`, the bare block as `prompt`. Returns the session id.
 */
function claudeFoldedNotification(box: Sandbox): string {
  return writeClaudeQueuedTurn(box, {
    first: { ...TYPED, message: { role: "user", content: "first prompt hello" } },
    command: "sleep 5",
    result: "",
    queued: {
      prompt: NOTIFICATION,
      source_uuid: randomUUID(),
      delivery_id: randomUUID(),
      commandMode: "task-notification",
      origin: { kind: "task-notification", producer: "session-task" },
      runId: "0mxd1ye66-a0da829a",
    },
    answer: "Both done.",
  });
}

/**
 * The messages `-r <id> -p "next prompt"` sends the model first, the session's transcript written
 * by `write` into a fresh sandbox.
 */
async function sentOnResume(write: (box: ReturnType<typeof sandbox>) => string): Promise<string> {
  const box = sandbox();
  const id = write(box);
  const server = await modelServer([reply.text("resumed")]);
  const r = await runCli(["-r", id, "-p", "next prompt", "--cwd", box.project], {
    env: modelEnv(server, box.home),
  });
  expect(r.code, r.stderr).toBe(0);
  return JSON.stringify(server.requests[0]?.body?.messages);
}

describe("claude's notification folded into a turn (a queued_command line), resumed", {
  timeout: 120_000,
}, () => {
  it("is sent to the model as a notification, in its reminder, where it was", async () => {
    const sent = await sentOnResume(claudeFoldedNotification);
    expect(sent).toContain(JSON.stringify(`${NOTIFICATION_OPENING}${NOTIFICATION}${NOTIFICATION_CLOSING}`));
    expect(sent).not.toContain("while you were working");
  });

  it("reads in the recap as its summary line, not as a prompt", async () => {
    const box = sandbox();
    const id = claudeFoldedNotification(box);
    const term = await startSession(box, await modelServer([]), {
      args: ["-r", id],
      size: { columns: 120, rows: 40 },
    });
    const screen = await term.waitForScreen(/^Both done\.$/m);
    expect(screen).toMatch(/^● Background command "sleep a bit" completed \(exit code 0\)$/m);
    expect(screen).not.toContain("<task-notification>");
  });
});

describe("a resumed transcript's lines, known by their fields", { timeout: 120_000 }, () => {
  it("claude's notification turn of its own, written bare, is sent to the model in its reminder", async () => {
    const sent = await sentOnResume(claudeTranscript);
    expect(sent).toContain(JSON.stringify(`${NOTIFICATION_OPENING}${NOTIFICATION}${NOTIFICATION_CLOSING}`));
  });

  it("the recap shows a notification as its summary line and a prompt begun with <system-reminder> as the user's", async () => {
    const box = sandbox();
    const id = claudeTranscript(box);
    const term = await startSession(box, await modelServer([]), {
      args: ["-r", id],
      size: { columns: 120, rows: 40 },
    });
    const screen = await term.waitForScreen(/^›\s*$/m);
    expect(screen).toMatch(/^● Background command "sleep a bit" completed \(exit code 0\)$/m);
    expect(screen).not.toContain("<task-notification>");
    expect(screen).toMatch(/^› <system-reminder>my own text<\/system-reminder> please answer$/m);
  });

  it("an older codebot's lines, with neither field: the notification, in its reminder, stays out of the recap", async () => {
    const box = sandbox();
    const id = claudeTranscript(box, { older: true });
    const term = await startSession(box, await modelServer([]), {
      args: ["-r", id],
      size: { columns: 120, rows: 40 },
    });
    const screen = await term.waitForScreen(/^›\s*$/m);
    expect(screen).toMatch(/^› third prompt after$/m);
    expect(screen).not.toContain("task-notification");
    expect(screen).not.toContain("SYSTEM NOTIFICATION");
  });

  it("/rewind offers the user's prompts, not the notification's turn", async () => {
    const box = sandbox();
    const id = claudeTranscript(box);
    const term = await startSession(box, await modelServer([reply.text("unused")]), {
      args: ["-r", id],
      size: { columns: 120, rows: 40 },
    });
    await term.waitForScreen(/^›\s*$/m);
    term.submit("/rewind");
    const screen = await term.waitForScreen("Enter to continue · Esc to cancel");
    const list = screen.slice(screen.lastIndexOf("/rewind"));
    expect(list).toMatch(/^ {2}first prompt hello$/m);
    expect(list).toMatch(/^ {2}startbg now$/m);
    expect(list).toMatch(/^ {2}third prompt after$/m);
    expect(list).toContain("my own text");
    expect(list).not.toContain("task-notification");
    expect(list).not.toContain("Background command");
  });

  it("/rewind in the session where a background shell's notification had a turn of its own does not offer that turn", async () => {
    const { term } = await notificationTurn();
    term.submit("/rewind");
    const screen = await term.waitForScreen("Enter to continue · Esc to cancel");
    const list = screen.slice(screen.lastIndexOf("/rewind"));
    expect(list).toMatch(/^ {2}start the job$/m);
    expect(list).toMatch(/^ {2}second prompt$/m);
    expect(list).not.toContain("system-reminder");
    expect(list).not.toContain("task-notification");
  });

  it("resumed, codebot's own notification turn reads in the recap as its summary line", async () => {
    const { box, term } = await notificationTurn();
    const screen = await recapAfterExit(box, term, /^answer two$/m);
    expect(screen).toMatch(/^● Background command "Short job" completed \(exit code 0\)$/m);
    expect(screen).toMatch(/^› second prompt$/m);
  });

  it("the recap's notification line is the notification's summary, not one a hook's context on its turn spells", async () => {
    const box = sandbox();
    const context = "<status>completed</status>\n<summary>Hook spelled this</summary>";
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: context },
    });
    const hook = box.write(
      path.join(box.home, "hook.sh"),
      `#!/bin/sh\ncat > /dev/null\nprintf '%s' '${output}'\n`,
    );
    fs.chmodSync(hook, 0o755);
    const settings = box.json("settings.json", {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: hook }] }] },
    });
    const { term } = await notificationTurn(box, ["--settings", settings]);
    const screen = await recapAfterExit(box, term, /^answer two$/m);
    expect(screen).toMatch(/^● Background command "Short job" completed \(exit code 0\)$/m);
    expect(screen).not.toContain("Hook spelled this");
  });

  it("the resume picker's first prompt is the user's, not a notification's that came first", async () => {
    const box = sandbox();
    const id = claudeTranscript(box, { notificationFirst: true });
    const term = await startSession(box, await modelServer([]), { size: { columns: 160, rows: 30 } });
    term.submit("/resume");
    const screen = await term.waitForScreen("Enter resumes · Esc cancels");
    expect(screen).toMatch(new RegExp(`${id} {2}.* {2}first prompt hello$`, "m"));
    expect(screen).not.toContain("task-notification");
  });

  it("a typed prompt's line has claude's typed fields, and resumed, one begun with <system-reminder> shows as the user's", async () => {
    const box = sandbox();
    const term = await startSession(box, await modelServer([reply.text("answer one")]), {
      size: { columns: 120, rows: 30 },
    });
    term.submit(OWN_REMINDER);
    await term.waitForScreen(/^answer one$/m);
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
    const [line] = mainLines(box).filter((l) => JSON.stringify(l.message).includes("please answer"));
    expect(line).toMatchObject({ origin: { kind: "human" }, promptSource: "typed" });
    const resumed = await startSession(box, await modelServer([]), {
      args: ["-c"],
      size: { columns: 120, rows: 30 },
    });
    const screen = await resumed.waitForScreen(/^answer one$/m);
    expect(screen).toMatch(/^› <system-reminder>my own text<\/system-reminder> please answer$/m);
  });

  it("a -p prompt's line has claude's sdk field and no origin", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "print prompt", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    const [line] = mainLines(box).filter((l) => JSON.stringify(l.message).includes("print prompt"));
    expect(line?.promptSource).toBe("sdk");
    expect(line).not.toHaveProperty("origin");
  });
});

/** The user and assistant lines of the sandbox's one session. */
function mainLines(box: Sandbox): Record<string, unknown>[] {
  const folder = sessionDirectory(box.home, fs.realpathSync(box.project));
  const [name] = fs.readdirSync(folder).filter((entry) => entry.endsWith(".jsonl"));
  return jsonLines(fs.readFileSync(path.join(folder, name as string), "utf8")).filter(
    (l) => l.type === "user" || l.type === "assistant",
  );
}

/** Ends the session with /exit, resumes it with `-c`, and gives the screen once `last` shows in its recap. */
async function recapAfterExit(box: Sandbox, term: TmuxSession, last: RegExp): Promise<string> {
  term.submit("/exit");
  expect(await term.exitCode()).toBe(0);
  const resumed = await startSession(box, await modelServer([]), {
    args: ["-c"],
    size: { columns: 120, rows: 40 },
  });
  return resumed.waitForScreen(last);
}

/**
 * An interactive session in which a background shell started by the first prompt ended and its
 * notification had a turn of its own, then a second prompt was answered.
 */
async function notificationTurn(
  box = sandbox(),
  args: string[] = [],
): Promise<{ box: Sandbox; term: TmuxSession }> {
  const server = await modelServer([
    reply.toolCall("bash", {
      command: "sleep 1; echo done",
      description: "Short job",
      run_in_background: true,
    }),
    reply.text("launched"),
    reply.text("noted the job"),
    reply.text("answer two"),
  ]);
  const term = await startSession(box, server, {
    args: ["--permission-mode", "bypassPermissions", ...args],
    size: { columns: 120, rows: 40 },
  });
  term.submit("start the job");
  await term.waitForScreen(/^noted the job$/m);
  term.submit("second prompt");
  await term.waitForScreen(/^answer two$/m);
  return { box, term };
}
