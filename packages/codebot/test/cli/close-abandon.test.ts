/**
 * Ending while closing waits for background hooks (docs/cli.md, Signals): the wait is announced,
 * and Ctrl+C or a second signal exits at once — after every hook run it gives up is saved, with
 * its payload, to `<session-id>.undelivered.jsonl` beside the transcript, and one line says so.
 */
import fs from "node:fs";
import { type LoopbackModelServer, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, startCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** A PostToolUse audit hook that runs until codebot gives it up, and a SessionEnd one. */
function slowAudit(box: Sandbox): string {
  return box.json("audit.json", {
    hooks: {
      PostToolUse: [command(`touch '${box.at("post-started")}'; sleep 30`, { name: "audit", timeout: 60 })],
      SessionEnd: [command(`touch '${box.at("end-started")}'; sleep 30`, { name: "flush", timeout: 60 })],
    },
  });
}

function startPrint(box: Sandbox, server: LoopbackModelServer, flags: readonly string[] = []) {
  const args = ["-p", "go", "--permission-mode", "bypassPermissions", "--settings", slowAudit(box), ...flags];
  return startCli([...args, "--cwd", box.project], { env: modelEnv(server, box.home) });
}

/**
 * The spool the `exiting now` line names, parsed. A terminal's screen is given with its rows
 * joined: the line is broken between words there, so the path may follow `in` with no space.
 */
function spoolOf(stderr: string): Record<string, unknown>[] {
  const file = /their payloads are in ?(\S+\.undelivered\.jsonl)/.exec(stderr)?.[1];
  expect(file, stderr).toBeDefined();
  return fs
    .readFileSync(file as string, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The session transcript beside the spool the `exiting now` line names, every line parsed. */
function transcriptBeside(stderr: string): Record<string, unknown>[] {
  const spool = /their payloads are in ?(\S+)\.undelivered\.jsonl/.exec(stderr)?.[1];
  expect(spool, stderr).toBeDefined();
  return fs
    .readFileSync(`${spool}.jsonl`, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A `-p` run whose SessionEnd hook runs `script` (after touching end-started), once that hook has started. */
async function atSessionEnd(box: Sandbox, script: string) {
  const server = await modelServer([reply.text("done")]);
  const settings = box.json("end.json", {
    hooks: {
      SessionEnd: [command(`touch '${box.at("end-started")}'; ${script}`, { name: "flush", timeout: 60 })],
    },
  });
  const args = ["-p", "go", "--settings", settings, "--cwd", box.project];
  const cli = startCli(args, { env: modelEnv(server, box.home) });
  await waitFor(() => fs.existsSync(box.at("end-started")), 30_000, `the SessionEnd hook (${cli.stderr()})`);
  return cli;
}

/**
 * An interactive session that made one call under a slow background audit hook and was then told
 * `/exit`: its close waits for the hook.
 */
async function closingWithSlowAudit(): Promise<TmuxSession> {
  const box = sandbox();
  const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
  const args = ["--permission-mode", "bypassPermissions", "--settings", slowAudit(box)];
  const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args });
  try {
    await term.waitForScreen(/^›/m);
    term.submit("go");
    await term.waitForScreen(/^done$/m);
    term.submit("/exit");
    return term;
  } catch (error) {
    term.kill();
    throw error;
  }
}

describe("abandoning background hooks at exit", { timeout: 120_000 }, () => {
  it("-p: a second SIGTERM while closing saves the unfinished hook runs and says where", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo hi" }),
      reply.hang("thinking"),
    ]);
    const cli = startPrint(box, server);
    await waitFor(() => fs.existsSync(box.at("post-started")), 30_000, `the audit hook (${cli.stderr()})`);
    cli.child.kill("SIGTERM");
    await waitFor(
      () => fs.existsSync(box.at("end-started")),
      30_000,
      `the SessionEnd hook (${cli.stderr()})`,
    );
    cli.child.kill("SIGTERM");
    const r = await cli.done;
    expect(r.code).toBe(143);
    expect(r.stderr).toMatch(/^codebot: exiting now: 2 hook runs abandoned; their payloads are in /m);
    expect(spoolOf(r.stderr)).toMatchObject([
      { state: "running", event: "PostToolUse", hook: "audit", payload: { tool: "bash", output: "hi" } },
      { state: "running", event: "SessionEnd", hook: "flush", payload: { reason: "other" } },
    ]);
  });

  it("-p: a close that waits for background hooks says how many and that Ctrl+C abandons them", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
    const cli = startPrint(box, server);
    await waitFor(() => cli.stderr().includes("codebot: closing: waiting for"), 30_000, "the waiting line");
    expect(cli.stderr()).toMatch(
      /^codebot: closing: waiting for 2 background hook runs \(each at most its timeout\); Ctrl\+C abandons them and saves the payloads to \S+\.undelivered\.jsonl$/m,
    );
    cli.child.kill("SIGKILL");
  });

  it("-p: Ctrl+C while the end of the run waits for background hooks abandons them at once", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
    const cli = startPrint(box, server);
    await waitFor(() => cli.stderr().includes("codebot: closing: waiting for"), 30_000, "the waiting line");
    cli.child.kill("SIGINT");
    const r = await cli.done;
    expect(r.code).toBe(130);
    expect(spoolOf(r.stderr).map((run) => run.event)).toEqual(["PostToolUse", "SessionEnd"]);
  });

  it("-p: the runs Ctrl+C abandons while closing each have their record in --trace-file", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
    const cli = startPrint(box, server, ["--trace-file", trace]);
    await waitFor(() => cli.stderr().includes("codebot: closing: waiting for"), 30_000, "the waiting line");
    cli.child.kill("SIGINT");
    expect((await cli.done).code).toBe(130);
    const records = jsonLines(fs.readFileSync(trace, "utf8"));
    expect(records).toMatchObject([
      {
        event: "PostToolUse",
        hook: "audit",
        outcome: "cancelled",
        exitCode: null,
        cancelReason: "abandoned at exit while running",
      },
      {
        event: "SessionEnd",
        hook: "flush",
        outcome: "cancelled",
        exitCode: null,
        cancelReason: "abandoned at exit while running",
      },
    ]);
    for (const record of records) expect(record.durationMs).toBeGreaterThan(0);
  });

  it("-p --include-hook-events: a run Ctrl+C abandons while closing gets a hook_response (cancelled) for its hook_started", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
    const cli = startPrint(box, server, ["--output-format", "stream-json", "--include-hook-events"]);
    await waitFor(() => cli.stderr().includes("codebot: closing: waiting for"), 30_000, "the waiting line");
    cli.child.kill("SIGINT");
    const r = await cli.done;
    expect(r.code).toBe(130);
    const lines = jsonLines(r.stdout);
    const started = lines.filter((l) => l.subtype === "hook_started" && l.hook_event === "PostToolUse");
    expect(started).toHaveLength(1);
    expect(
      lines.filter((l) => l.subtype === "hook_response" && l.hook_id === started[0]?.hook_id),
    ).toMatchObject([{ hook_event: "PostToolUse", exit_code: 1, outcome: "cancelled" }]);
  });

  it("-p: a first SIGTERM while the end of the run waits for a SessionEnd hook lets it finish (HOOKS.md §7.4)", async () => {
    const box = sandbox();
    const cli = await atSessionEnd(box, `sleep 2; echo flushed > '${box.at("end-finished")}'`);
    cli.child.kill("SIGTERM");
    const r = await cli.done;
    expect(r.code).toBe(143);
    expect(fs.readFileSync(box.at("end-finished"), "utf8")).toBe("flushed\n");
    expect(r.stderr).not.toMatch(/abandoned/);
  });

  it("-p: a second SIGTERM while the end of the run waits for a hung SessionEnd hook exits at once, the transcript complete", async () => {
    const cli = await atSessionEnd(sandbox(), "sleep 30");
    const sentAt = Date.now();
    cli.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cli.child.exitCode).toBeNull();
    cli.child.kill("SIGTERM");
    const r = await cli.done;
    // The hook sleeps 30 s: an exit well within that did not wait for it.
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    expect(r.code).toBe(143);
    expect(r.stderr).toMatch(/^codebot: exiting now: 1 hook run abandoned; their payloads are in /m);
    expect(spoolOf(r.stderr)).toMatchObject([
      { state: "running", event: "SessionEnd", hook: "flush", payload: { reason: "other" } },
    ]);
    // The conversation's last line is the answer (the cost-state line the prompt's end writes may follow it).
    const conversation = transcriptBeside(r.stderr).filter((line) => line.type !== "cost-state");
    expect(conversation.at(-1)).toMatchObject({ type: "assistant" });
    expect(JSON.stringify(conversation.at(-1))).toContain("done");
  });

  it("interactive: Ctrl+C while the session closes abandons the background hooks and says where", async () => {
    const term = await closingWithSlowAudit();
    try {
      await term.waitForScreen("Ctrl+C abandons them");
      term.press("C-c");
      const screen = (await term.waitForScreen("exiting now")).replace(/\n/g, "");
      expect(await term.exitCode()).toBe(130);
      expect(spoolOf(screen).map((run) => run.event)).toEqual(["PostToolUse", "SessionEnd"]);
    } finally {
      term.kill();
    }
  });

  it("interactive: while the session closes, its status line offers Ctrl+C (what stops the wait), not Esc", async () => {
    const term = await closingWithSlowAudit();
    try {
      const screen = await term.waitForScreen(/Ctrl\+C abandons them[\s\S]*\(\d+s · /);
      const closing = screen.slice(screen.indexOf("closing the session"));
      expect(closing).toMatch(/\(\d+s · Ctrl\+C abandons\)/);
      expect(closing).not.toContain("Esc to interrupt");
    } finally {
      term.kill();
    }
  });

  it("interactive: the exiting line of a Ctrl+C while the session closes starts a row of its own, not after the status line", async () => {
    const term = await closingWithSlowAudit();
    try {
      // The status line is drawn once a hook has run for a second.
      await term.waitForScreen(/Ctrl\+C abandons them[\s\S]*\(\d+s · /);
      term.press("C-c");
      const screen = await term.waitForScreen("exiting now");
      expect(screen).toMatch(/^exiting now: 2 hook runs abandoned/m);
      expect(await term.exitCode()).toBe(130);
    } finally {
      term.kill();
    }
  });
});
