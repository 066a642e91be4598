/**
 * A background shell (bash's `run_in_background`) in the interactive session, in a real terminal
 * (tmux): the Ctrl+C of a later call stops that call only; the Ctrl+C at the prompt leaves it
 * running, as claude 2.1.328's did (recorded), and the terminal counts it in claude's words
 * (`1 shell`); leaving the session stops its process group.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { alive } from "../support/process-alive.js";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** A loop that writes its shell's pid, then a tick every tenth of a second for a minute. */
const TICKS = "echo $$ > loop.pid; for i in $(seq 1 600); do echo tick $i; sleep 0.1; done";

const pidIn = (file: string) => Number(fs.readFileSync(file, "utf8"));

/** The number of ticks the loop's output file holds so far. */
const ticksIn = (file: string) => (fs.readFileSync(file, "utf8").match(/^tick /gm) ?? []).length;

describe("a background shell in the interactive session", { timeout: 120_000 }, () => {
  it("Ctrl+C of a later call stops that call, not the background shell; Ctrl+C at the prompt leaves it too; /exit stops it", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: TICKS, description: "Print ticks", run_in_background: true }),
      reply.text("launched"),
      reply.toolCall("bash", { command: "echo $$ > slow.pid; sleep 30" }),
      reply.text("never"),
    ]);
    const settings = box.json("settings.json", { permissions: { allow: ["Bash"] } });
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("go");
    // The turn's last line and the status under the prompt count it as claude's do: `1 shell`.
    await term.waitForScreen(/launched\n1 shell still running\n/);
    await term.waitForScreen(/\$[0-9.]+ · 1 shell\n/);
    await waitFor(() => fs.existsSync(box.at("loop.pid")), 15_000, "the loop's pid");
    const found = /Output is being written to: (\S+\.output)\./.exec(
      JSON.stringify(server.requests[1]?.body),
    );
    const file = found?.[1] ?? "";
    const loop = pidIn(box.at("loop.pid"));
    term.submit("slow");
    await waitFor(
      () => fs.existsSync(box.at("slow.pid")) && fs.readFileSync(box.at("slow.pid"), "utf8") !== "",
    );
    const slow = pidIn(box.at("slow.pid"));
    term.press("C-c");
    await waitFor(() => !alive(slow), 15_000, "the later call's command to end");
    // The loop goes on: its shell is alive and its output still grows.
    expect(alive(loop)).toBe(true);
    const before = ticksIn(file);
    await waitFor(() => ticksIn(file) > before, 15_000, "another tick");
    await term.waitForScreen(/interrupted · what should codebot do instead\?\n[\s\S]*\n› *\n/);
    // Past the double Ctrl+C's window (800 ms), so this one is a first press at the prompt, not a quit.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    term.press("C-c");
    await term.waitForScreen("(Ctrl+C again, Ctrl+D or /exit to quit)");
    // As claude 2.1.328's Ctrl+C at the prompt: the shell runs on, nothing says it stopped.
    const afterPrompt = ticksIn(file);
    await waitFor(() => ticksIn(file) > afterPrompt, 15_000, "another tick after Ctrl+C at the prompt");
    expect(alive(loop)).toBe(true);
    expect(term.screen()).not.toContain("stopped");
    // Leaving asks first, names the shell, and stops it.
    term.submit("/exit");
    const asked = await term.waitForScreen(/Esc back to the session: ?$/m);
    expect(asked).toContain("  shell · Print ticks\n");
    term.type("1");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).toContain("stopping 1 shell");
    await waitFor(() => !alive(loop), 15_000, "the loop's shell to end");
    expect(fs.readFileSync(file, "utf8")).toMatch(/\n\[killed\]\n$/);
  });

  it("a shell still running at /resume ends there: its notification gets a turn of the session resumed, as claude 2.1.328's did", async () => {
    const box = sandbox();
    const other = await modelServer([reply.text("OTHER-ANSWER")]);
    const otherRun = await runCli(["-p", "OTHER-PROMPT", "--cwd", box.project], {
      env: modelEnv(other, box.home),
    });
    expect(otherRun.code).toBe(0);
    const server = await modelServer([
      reply.toolCall("bash", {
        command: "for i in $(seq 1 1200); do if [ -f go.now ]; then break; fi; sleep 0.05; done; echo fin",
        description: "Nap",
        run_in_background: true,
      }),
      reply.text("LAUNCHED-HERE"),
      reply.text("noted"),
    ]);
    const settings = box.json("settings.json", { permissions: { allow: ["Bash"] } });
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("go");
    await term.waitForScreen("LAUNCHED-HERE");
    term.submit("/resume 1");
    await term.waitForScreen(/resumed session /);
    fs.writeFileSync(box.at("go.now"), "");
    await term.waitForScreen("noted");
    // The turn is the resumed session's: its history, not the one left, with the notification.
    const last = requestText(server.requests.at(-1));
    expect(last).toContain("OTHER-PROMPT");
    expect(last).not.toContain("LAUNCHED-HERE");
    expect(last).toContain(String.raw`Background command \"Nap\" completed (exit code 0)`);
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
  });

  it("/tasks 1 shows the shell's command and its last 10 output lines, as claude 2.1.328's panel does", async () => {
    // The last line is the one not ended yet, as claude's box shows what the command printed last.
    await tasksDetailShows(
      "for i in $(seq 1 15); do echo line $i; done; printf 'half '; sleep 60",
      /\/tasks 1\nfor i in .* · shell · running · \d+s\ncommand:\n {2}for i in \$\(seq 1 15\).*\noutput \(the last 10 lines\):\n {2}line 7\n {2}line 8\n(?: {2}line \d+\n){6} {2}line 15\n {2}half\n\/tasks stop 1 stops it\n/,
    );
  });

  it("/tasks 1 shows all of a shell's output under output: when it printed fewer than 10 lines", async () => {
    await tasksDetailShows(
      "for i in $(seq 1 3); do echo line $i; done; printf 'half '; sleep 60",
      /\/tasks 1\nfor i in .* · shell · running · \d+s\ncommand:\n {2}for i in \$\(seq 1 3\).*\noutput:\n {2}line 1\n {2}line 2\n {2}line 3\n {2}half\n\/tasks stop 1 stops it\n/,
    );
  });
});

/**
 * A session whose model starts `command` (printing, then ending in `half ` and a sleep) as a
 * background shell: once it has printed, `/tasks 1` shows `screen`; then the session is left.
 */
async function tasksDetailShows(command: string, screen: RegExp): Promise<void> {
  const box = sandbox();
  const server = await modelServer([
    reply.toolCall("bash", { command, description: "Count", run_in_background: true }),
    reply.text("launched"),
  ]);
  const settings = box.json("settings.json", { permissions: { allow: ["Bash"] } });
  const term = await startSession(box, server, { args: ["--settings", settings] });
  term.submit("go");
  await term.waitForScreen(/launched\n1 shell still running\n/);
  const found = /Output is being written to: (\S+\.output)\./.exec(JSON.stringify(server.requests[1]?.body));
  const file = found?.[1] ?? "";
  await waitFor(() => fs.readFileSync(file, "utf8").endsWith("half "), 15_000, "the shell's output");
  term.submit("/tasks 1");
  await term.waitForScreen(screen);
  term.submit("/exit");
  await term.waitForScreen(/Esc back to the session: ?$/m);
  term.type("1");
  expect(await term.exitCode()).toBe(0);
}
