/**
 * Sub-agents started with `run_in_background` in the interactive session, in a real terminal
 * (tmux), as claude 2.1.328's (recorded, docs/agents.md): one that ends while the prompt waits
 * starts a turn of its own (what the user had typed stays at the prompt), one that ends during a
 * turn goes into it, and leaving the session stops those still going.
 */
import fs from "node:fs";
import path from "node:path";
import { type RecordedRequest, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { conversations } from "../support/conversations.js";
import { waitFor } from "../support/wait-for.js";
import { command, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** Waits (at most thirty seconds) for a file of the project to appear. */
const untilFile = (file: string) =>
  `for i in $(seq 1 600); do [ -f ${file} ] && break; sleep 0.05; done; echo waited`;

/** The sub-agent's call: marks that it has started, then waits for the test to release it. */
const heldCall = () => reply.toolCall("bash", { command: `touch sub.started; ${untilFile("release")}` });

const mainRequests = (requests: readonly RecordedRequest[]) =>
  requests.filter((r) => JSON.stringify(r.body?.messages?.[0] ?? "").includes("go-main"));

const backgroundCall = () =>
  reply.toolCall("agent", { prompt: "SUB-TASK: work", description: "helper", run_in_background: true });

/** Bash runs unasked; SubagentStop's payload goes to subagent-stop.json (a Claude Code group). */
function settings(box: Sandbox, subagentStop: unknown[] = []): string {
  return box.json("settings.json", {
    permissions: { allow: ["Bash"] },
    hooks: { SubagentStop: [{ hooks: [command("cat > subagent-stop.json")] }, ...subagentStop] },
  });
}

/** A native SubagentStop entry: its payload goes to native-stop.json. */
const nativeStop = () => command("cat > native-stop.json");

/**
 * A stopped run's SubagentStop: codebot's native entry gets it (§9.5: its loop exited), the Claude
 * Code group does not, as claude 2.1.328 fires none (recorded).
 */
async function onlyNativeSubagentStop(box: Sandbox): Promise<void> {
  const file = box.at("native-stop.json");
  await waitFor(
    () => fs.existsSync(file) && fs.readFileSync(file, "utf8") !== "",
    10_000,
    "native SubagentStop",
  );
  expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({
    event: "SubagentStop",
    agent: "general-purpose",
    stop_hook_active: false,
  });
  expect(fs.existsSync(box.at("subagent-stop.json"))).toBe(false);
}

/** `subagentStop`: more SubagentStop entries than the group settings() has. */
async function startBackground(replies: Parameters<typeof conversations>[0], subagentStop: unknown[] = []) {
  const box = sandbox();
  const server = await modelServer(conversations(replies));
  const term = await startSession(box, server, { args: ["--settings", settings(box, subagentStop)] });
  return { box, server, term };
}

/** The background run's transcript: the launch answer's `output_file` (the main agent's second request has it). */
function outputFileOf(requests: readonly RecordedRequest[]): string {
  const found = /output_file: ([^\\"]+)/.exec(requestText(mainRequests(requests)[1]));
  if (found?.[1] === undefined) throw new Error("no output_file in the launch answer");
  return found[1];
}

/** The run's transcript ends with its interrupted call's result: no call is left without one. */
function endsWithToolResult(requests: readonly RecordedRequest[]): void {
  const transcript = jsonLines(fs.readFileSync(outputFileOf(requests), "utf8"));
  expect(JSON.stringify(transcript.at(-1))).toContain('"type":"tool_result"');
}

/**
 * A session whose background run's command sleeps (its pid in sleep.pid) once the launch is
 * answered; its SubagentStop has a native entry too (nativeStop), for when it is stopped.
 */
async function startSleeping(more: string[] = []) {
  const started = await startBackground(
    {
      "SUB-TASK": [
        reply.toolCall("bash", { command: "sleep 30 & echo $! > sleep.pid; wait; echo slept" }),
        reply.text("never"),
      ],
      "go-main": [backgroundCall(), reply.text("launched it"), ...more.map((text) => reply.text(text))],
    },
    [nativeStop()],
  );
  started.term.submit("go-main");
  await started.term.waitForScreen("launched it");
  await waitFor(() => fs.existsSync(started.box.at("sleep.pid")), 10_000, "the sub-agent's command");
  await waitFor(() => fs.readFileSync(started.box.at("sleep.pid"), "utf8").trim() !== "", 10_000, "its pid");
  return started;
}

describe("background sub-agents in the interactive session", { timeout: 120_000 }, () => {
  it("a run that ends while the prompt waits starts a turn: its summary line, then the answer to its notification", async () => {
    const { box, server, term } = await startBackground({
      "SUB-TASK": [heldCall(), reply.text("sub report")],
      "go-main": [backgroundCall(), reply.text("launched it"), reply.text("the helper reported")],
    });
    term.submit("go-main");
    const launched = await term.waitForScreen("launched it");
    expect(launched).toContain("✓ agent helper → backgrounded agent\n");
    fs.writeFileSync(box.at("release"), "");
    const screen = await term.waitForScreen("the helper reported");
    // With how long the run took, as claude 2.1.328 writes it (recorded: `● Agent "helper" finished · 3s`).
    expect(screen).toMatch(/● Agent "helper" finished · \d+s\n/);
    const third = requestText(mainRequests(server.requests)[2]);
    expect(third).toContain("<task-notification>");
    expect(third).toContain("sub report");
    // The prompt comes back for the user.
    await term.waitForScreen(/the helper reported[\s\S]*\n› *\n/);
  });

  it("a run that ends while the prompt waits: UserPromptSubmit sees its bare <task-notification> as prompt, as claude 2.1.328's (recorded)", async () => {
    const box = sandbox();
    const server = await modelServer(
      conversations({
        "SUB-TASK": [heldCall(), reply.text("sub report")],
        "go-main": [backgroundCall(), reply.text("launched it"), reply.text("the helper reported")],
      }),
    );
    const logged = box.json("settings.json", {
      permissions: { allow: ["Bash"] },
      hooks: { UserPromptSubmit: [{ hooks: [command("{ cat; echo; } >> prompts.log")] }] },
    });
    const term = await startSession(box, server, { args: ["--settings", logged] });
    term.submit("go-main");
    await term.waitForScreen("launched it");
    fs.writeFileSync(box.at("release"), "");
    await term.waitForScreen("the helper reported");
    const prompts = jsonLines(fs.readFileSync(box.at("prompts.log"), "utf8")).map((p) => p.prompt);
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).toBe("go-main");
    expect(prompts[1]).toMatch(/^<task-notification>\n[\s\S]*<\/task-notification>$/);
  });

  it("text half typed at the prompt when the run ends stays there, and is what Enter then sends", async () => {
    const { box, server, term } = await startBackground({
      "SUB-TASK": [heldCall(), reply.text("sub report")],
      "go-main": [
        backgroundCall(),
        reply.text("launched it"),
        reply.text("the helper reported"),
        reply.text("answered the typed prompt"),
      ],
    });
    term.submit("go-main");
    await term.waitForScreen("launched it");
    await waitFor(() => fs.existsSync(box.at("sub.started")), 10_000, "the sub-agent's call");
    term.type("half typed");
    // The sub-agent's call going on draws no spinner over the line being typed.
    const typing = await term.waitForScreen(/^› half typed/m, 10_000);
    expect(typing).not.toContain("Esc to interrupt");
    fs.writeFileSync(box.at("release"), "");
    await term.waitForScreen(/the helper reported[\s\S]*\n› half typed *\n/);
    term.press("Enter");
    await term.waitForScreen("answered the typed prompt");
    const fourth = requestText(mainRequests(server.requests)[3]);
    expect(fourth).toContain("half typed");
    expect(fourth).not.toContain("half typedhalf typed");
  });

  it("a prompt of several lines half typed when the run ends: its sent lines come back above the line being typed", async () => {
    const { box, term } = await startBackground({
      "SUB-TASK": [heldCall(), reply.text("sub report")],
      "go-main": [backgroundCall(), reply.text("launched it"), reply.text("the helper reported")],
    });
    term.submit("go-main");
    await term.waitForScreen("launched it");
    await waitFor(() => fs.existsSync(box.at("sub.started")), 10_000, "the sub-agent's call");
    term.submit("first line \\");
    term.type("second");
    await term.waitForScreen(/^… second/m);
    fs.writeFileSync(box.at("release"), "");
    const screen = await term.waitForScreen(/the helper reported\n+› first line \\\n… second *\n/);
    // Drawn once: the copy on screen when the turn started was erased with the prompt.
    expect(screen.match(/› first line/g)).toHaveLength(1);
  });

  it("a run that ends while a command waits for its answer (/add-dir's question) gets its turn once the command is done", async () => {
    const { box, term } = await startBackground({
      "SUB-TASK": [heldCall(), reply.text("sub report")],
      "go-main": [backgroundCall(), reply.text("launched it"), reply.text("the helper reported")],
    });
    const other = fs.mkdtempSync(path.join(box.home, "other-"));
    term.submit("go-main");
    await term.waitForScreen("launched it");
    await waitFor(() => fs.existsSync(box.at("sub.started")), 10_000, "the sub-agent's call");
    term.submit(`/add-dir ${other}`);
    await term.waitForScreen(/3 no: ?$/m);
    fs.writeFileSync(box.at("release"), "");
    await waitFor(() => fs.existsSync(box.at("subagent-stop.json")), 10_000, "the run's end");
    // Time for its notification to reach the session while the question is still open.
    await new Promise((resolve) => setTimeout(resolve, 500));
    term.type("1");
    const screen = await term.waitForScreen(/the helper reported[\s\S]*\n› *\n/);
    // The command's last line, then the notification's turn.
    expect(screen.indexOf(`Agent "helper" finished`)).toBeGreaterThan(
      screen.indexOf("the file tools reach it for this session"),
    );
  });

  it("a run that ends during a turn goes into that turn: its next request has the notification, no turn follows", async () => {
    const { server, term } = await startBackground({
      "SUB-TASK": [reply.text("sub report")],
      "go-main": [
        backgroundCall(),
        // The main agent works on until the run has ended (its SubagentStop hook wrote the file) and
        // a second more: the file appears as the hook starts, the notification is queued once it
        // has ended and its run has resolved (a busy machine took longer than the wait's 50 ms tick).
        reply.toolCall("bash", { command: `${untilFile("subagent-stop.json")}; sleep 1` }),
        reply.text("folded in"),
        reply.text("a turn too many"),
      ],
    });
    term.submit("go-main");
    await term.waitForScreen(/folded in[\s\S]*\n› *\n/);
    const third = requestText(mainRequests(server.requests)[2]);
    expect(third).toContain("<task-notification>");
    expect(third).toContain("sub report");
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
    expect(mainRequests(server.requests)).toHaveLength(3);
  });

  it("a run that ends during a turn: its `● Agent … finished` line comes after the call's result, above the answer", async () => {
    const { term } = await startBackground({
      "SUB-TASK": [reply.text("sub report")],
      "go-main": [
        backgroundCall(),
        reply.toolCall("bash", { command: `${untilFile("subagent-stop.json")}; sleep 1; echo slept` }),
        reply.text("folded in"),
      ],
    });
    term.submit("go-main");
    // As claude 2.1.328 shows a notification folded into its turn (recorded): the line as for a turn of its own.
    const screen = await term.waitForScreen(/folded in[\s\S]*\n› *\n/);
    expect(screen).toMatch(/echo slept\n +→ 2 lines\n+● Agent "helper" finished · \d+s\n+folded in/);
    expect(screen.match(/Agent "helper" finished/g)).toHaveLength(1);
  });

  it("/exit with a run in flight asks first; 1 stops the run (its command too), SubagentStop for native entries only, its transcript ends with that call's result, the process exits", async () => {
    const { box, server, term } = await startSleeping();
    term.submit("/exit");
    const asked = await term.waitForScreen(/1 exit and stop it · 2 stay · Esc back to the session: ?$/m);
    expect(asked).toContain("? background work is running; it stops when you leave:\n  subagent · helper\n");
    term.type("1");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).toContain("stopping 1 background agent");
    const pid = Number(fs.readFileSync(box.at("sleep.pid"), "utf8"));
    expect(alive(pid)).toBe(false);
    await onlyNativeSubagentStop(box);
    endsWithToolResult(server.requests);
    expect(path.basename(outputFileOf(server.requests))).toMatch(/^agent-a[0-9a-f]{16}\.jsonl$/);
  });

  it("the question on the way out: 2 stays, with the run going on; Esc after Ctrl+D twice does too", async () => {
    const { box, term } = await startSleeping();
    const pid = Number(fs.readFileSync(box.at("sleep.pid"), "utf8"));
    term.submit("/exit");
    await term.waitForScreen(/2 stay · Esc back to the session: ?$/m);
    term.type("2");
    await term.waitForScreen(/back to the session\n+› *\n/);
    // The run's call going on draws no spinner over the prompt come back (a few of its ticks later).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(term.screen()).toMatch(/back to the session\n+› *\n/);
    term.press("C-d", "C-d");
    await term.waitForScreen(
      /background work is running[\s\S]*background work is running[\s\S]*Esc back to the session: ?$/m,
    );
    term.press("Escape");
    await term.waitForScreen(/back to the session\n[\s\S]*back to the session\n+› *\n/);
    expect(alive(pid)).toBe(true);
    expect(fs.existsSync(box.at("subagent-stop.json"))).toBe(false);
    term.submit("/exit");
    await waitFor(
      () => term.screen().split("background work is running").length === 4,
      10_000,
      "a third question",
    );
    term.type("1");
    expect(await term.exitCode()).toBe(0);
  });

  it("with a run going, a first Ctrl+D only arms quitting: the run goes on, nothing is asked", async () => {
    const { box, term } = await startSleeping();
    const pid = Number(fs.readFileSync(box.at("sleep.pid"), "utf8"));
    term.press("C-d");
    await term.waitForScreen(/\(Ctrl\+D again to quit\)\n+› *\n/);
    expect(term.screen()).not.toContain("background work is running");
    expect(alive(pid)).toBe(true);
    term.submit("/exit");
    await term.waitForScreen(/background work is running[\s\S]*Esc back to the session: ?$/m);
    term.type("1");
    expect(await term.exitCode()).toBe(0);
    expect(alive(pid)).toBe(false);
  });

  it("a run that ends while the question on the way out is open gets its turn once 2 stays", async () => {
    const { box, term } = await startBackground({
      "SUB-TASK": [heldCall(), reply.text("sub report")],
      "go-main": [backgroundCall(), reply.text("launched it"), reply.text("the helper reported")],
    });
    term.submit("go-main");
    await term.waitForScreen("launched it");
    await waitFor(() => fs.existsSync(box.at("sub.started")), 10_000, "the sub-agent's call");
    term.submit("/exit");
    await term.waitForScreen(/2 stay · Esc back to the session: ?$/m);
    fs.writeFileSync(box.at("release"), "");
    await waitFor(() => fs.existsSync(box.at("subagent-stop.json")), 10_000, "the run's end");
    // Time for its notification to reach the session while the question is still open.
    await new Promise((resolve) => setTimeout(resolve, 500));
    term.type("2");
    await term.waitForScreen(/Agent "helper" finished[\s\S]*the helper reported[\s\S]*\n› *\n/);
  });

  it("Ctrl+C at the prompt with a run going stops it and the session stays: SubagentStop for native entries only, no turn for it, the next prompt says it was stopped", async () => {
    const { box, server, term } = await startSleeping(["answered the next prompt"]);
    const pid = Number(fs.readFileSync(box.at("sleep.pid"), "utf8"));
    term.press("C-c");
    const screen = await term.waitForScreen(
      /● background agents stopped\n\(Ctrl\+C again, Ctrl\+D or \/exit to quit\)\n/,
    );
    expect(screen).toMatch(/\n› *\n/);
    await waitFor(() => !alive(pid), 10_000, "the sub-agent's command to end");
    await onlyNativeSubagentStop(box);
    // Time for a turn that should not come (claude 2.1.328 started none, recorded).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mainRequests(server.requests)).toHaveLength(2);
    term.submit("next prompt");
    await term.waitForScreen("answered the next prompt");
    const third = requestText(mainRequests(server.requests)[2]);
    expect(third).toContain(String.raw`Background agent \"helper\" was stopped by the user.`);
    expect(third).not.toContain("<task-notification>");
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
  });

  it("a turn that ends with a run going says so on its last line", async () => {
    const { term } = await startSleeping();
    await term.waitForScreen(/launched it\nwaiting for 1 background agent to finish\n+› *\n/);
    term.submit("/exit");
    await term.waitForScreen(/Esc back to the session: ?$/m);
    term.type("1");
    expect(await term.exitCode()).toBe(0);
  });

  it("the status under the prompt counts the runs going, and no longer once Ctrl+C stopped them", async () => {
    const { term } = await startSleeping();
    await term.waitForScreen(/\$[0-9.]+ · 1 background agent\n/);
    term.press("C-c");
    const screen = await term.waitForScreen(/background agents stopped[\s\S]*\n› *\n.*\$[0-9.]+\n/);
    expect(screen).not.toMatch(/\$[0-9.]+ · 1 background agent\n(?![\s\S]*background agents stopped)/);
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
  });

  it("/tasks lists the runs going: description, type, status, time running, tokens, tool calls, and the call going on; once stopped, it is an earlier one", async () => {
    const { term } = await startSleeping();
    term.submit("/tasks");
    await term.waitForScreen(
      /1 background agent running \(\/tasks <n> shows one, \/tasks stop <n\|name> stops it, Ctrl\+C at the prompt all\)\n {2}1 helper · general-purpose · running · \d+s · \d+ tokens · 1 tool\n {4}› bash sleep 30 & echo \$! > sleep\.pid; wait; echo slept\n+› *\n/,
    );
    term.press("C-c");
    await term.waitForScreen("background agents stopped");
    term.submit("/tasks");
    await term.waitForScreen(
      /no background agents running\nearlier in this session:\n {2}helper · general-purpose · stopped · started \d+s ago · last active \d+s ago\n/,
    );
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
  });

  it("/tasks stop 1 stops that run: its command ends, its transcript too, SubagentStop for native entries only, and its notification (killed) gets a turn", async () => {
    const { box, server, term } = await startSleeping(["heard it was stopped"]);
    const pid = Number(fs.readFileSync(box.at("sleep.pid"), "utf8"));
    term.submit("/tasks stop 1");
    await term.waitForScreen("● stopping background agent helper\n");
    await waitFor(() => !alive(pid), 10_000, "the sub-agent's command to end");
    // As claude 2.1.328's `x` in its /tasks panel (recorded): a turn for the notification, its line first.
    const screen = await term.waitForScreen(
      /● Agent "helper" was stopped by user\n[\s\S]*heard it was stopped/,
    );
    expect(screen).not.toContain('Agent "helper" finished');
    const third = requestText(mainRequests(server.requests)[2]);
    expect(third).toContain("<status>killed</status>");
    // claude's has no <result> nor <usage> for a stopped run (recorded).
    expect(third).toContain(
      String.raw`<summary>Agent \"helper\" was stopped by user</summary>\n</task-notification>`,
    );
    await onlyNativeSubagentStop(box);
    endsWithToolResult(server.requests);
    // Nothing is left going: leaving asks nothing.
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).not.toContain("background work is running");
  });

  it("/tasks 1 shows that run, its tool calls so far and its prompt, as claude's /tasks panel does for a run", async () => {
    const { term } = await startSleeping();
    term.submit("/tasks 1");
    await term.waitForScreen(
      /\/tasks 1\nhelper · general-purpose · running · \d+s · \d+ tokens · 1 tool\nprogress:\n› bash sleep 30 & echo \$! > sleep\.pid; wait; echo slept\nprompt:\n {2}SUB-TASK: work\n\/tasks stop 1 stops it\n+› *\n/,
    );
    term.submit("/exit");
    await term.waitForScreen(/Esc back to the session: ?$/m);
    term.type("1");
    expect(await term.exitCode()).toBe(0);
  });

  it("/tasks stop by name; a number, name or word it does not know is a one-line error that stops nothing", async () => {
    const { box, term } = await startSleeping(["heard it was stopped"]);
    const pid = Number(fs.readFileSync(box.at("sleep.pid"), "utf8"));
    term.submit("/tasks stop 2");
    await term.waitForScreen("no background agent 2: 1 running (/tasks lists them)\n");
    term.submit("/tasks stop nobody");
    await term.waitForScreen("no background agent called nobody (/tasks lists them)\n");
    term.submit("/tasks frob");
    await term.waitForScreen("no background agent called frob (/tasks lists them)\n");
    expect(alive(pid)).toBe(true);
    term.submit("/tasks stop helper");
    await term.waitForScreen("● stopping background agent helper\n");
    await waitFor(() => !alive(pid), 10_000, "the sub-agent's command to end");
    await term.waitForScreen(/heard it was stopped\n[\s\S]*› *\n/);
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
  });

  it("Ctrl+C twice with a run going: the first stops it, the second leaves without the question", async () => {
    const { box, term } = await startSleeping();
    const pid = Number(fs.readFileSync(box.at("sleep.pid"), "utf8"));
    term.press("C-c");
    term.press("C-c");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).toContain("● background agents stopped");
    expect(term.screen()).not.toContain("background work is running");
    expect(alive(pid)).toBe(false);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
