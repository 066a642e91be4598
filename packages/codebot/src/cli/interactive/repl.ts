import readline from "node:readline";
import type { ApprovalAnswer } from "../../approval/approval-types.js";
import { visible } from "../../approval/visible-text.js";
import { closeOnSignals } from "../../session/close-on-signals.js";
import { createRuntime } from "../../session/create-runtime.js";
import type { PromptResult } from "../../session/prompt-result.js";
import type { Runtime } from "../../session/runtime.js";
import { sessionModel } from "../../session/session-model.js";
import { CliError, errorMessage } from "../cli-error.js";
import { RanCalls } from "../output/ran-calls.js";
import { SessionView } from "../output/session-view.js";
import { stylesFor } from "../output/styles.js";
import { terminalScreen } from "../output/terminal-screen.js";
import { exit, onTerminalGone } from "../process-exit.js";
import { sessionToResume } from "../resume-flags.js";
import { runtimeOptionsOf, type SessionFlags } from "../session-flags.js";
import { problemLines } from "../settings-check.js";
import { codebotVersion } from "../version.js";
import { changedHookQuestion } from "./changed-hook-question.js";
import { IdleNotice, idlePromptDelay } from "./idle-notice.js";
import { pickSession } from "./pick-session.js";
import { withProjectConsent } from "./project-consent-question.js";
import { HISTORY_SIZE, PromptHistory } from "./prompt-history.js";
import { Questions } from "./questions.js";
import { slashCommand, slashCommandNames } from "./slash-commands.js";

/** Two Ctrl+C within this time quit, even while a run is going on. */
const DOUBLE_INTERRUPT_MS = 1500;
const PROMPT = "› ";
const CONTINUATION = "… ";

/** Tab after `/`: the slash commands (and the session's skills) that start with what was typed. */
function completeSlashCommand(line: string, skillNames: readonly string[]): [string[], string] {
  if (!line.startsWith("/") || line.includes(" ")) return [[], line];
  return [slashCommandNames(skillNames).filter((name) => name.startsWith(line)), line];
}

/**
 * The interactive session: type prompts, watch the answer stream in with one line per tool call
 * and per hook that ran, answer approval questions. Ctrl+C cancels the run; a second one quits
 * (when idle, or right after the first). Ctrl+D, `/exit`, SIGTERM or SIGHUP quit too, always
 * through `close()` (SessionEnd, async hooks drained).
 */
export async function runInteractive(given: SessionFlags): Promise<number> {
  const s = stylesFor(process.stdout);
  /** The session's skills and commands, once it has started. */
  let skillNames: string[] = [];
  // The project's hooks and grants first, in one question: its model, if approved, is the session's.
  const { flags, inventory } = await withProjectConsent(given, s);
  const modelSpec = sessionModel(flags.model, inventory.project.settings);
  const screen = terminalScreen(process.stdout, s);
  const view = new SessionView(screen, s, {
    trace: flags.debugHooks ? "all" : "ran",
    live: process.stdout.isTTY === true,
  });
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    historySize: HISTORY_SIZE,
    completer: (line: string) => completeSlashCommand(line, skillNames),
  });
  rl.setPrompt(PROMPT);
  const questions = new Questions(rl, process.stdin, view, PROMPT);
  // ↑/↓ reach the prompts of earlier sessions in this project.
  const history = new PromptHistory(inventory.codebotHome, inventory.cwd);
  (rl as unknown as { history: string[] }).history = history.load();
  rl.on("history", (entries: string[]) => history.save(entries));
  const ranCalls = new RanCalls(inventory.cwd);
  view.showRanCalls(ranCalls);

  // While the session starts, typed lines wait for it, and Ctrl+C or Ctrl+D leave at once.
  const typedAhead: string[] = [];
  const earlyLine = (line: string) => {
    if (!questions.answer(line)) typedAhead.push(line);
  };
  const earlyQuit = () => void exit(130);
  rl.on("line", earlyLine);
  rl.on("SIGINT", earlyQuit);
  rl.on("close", earlyQuit);

  view.line(`${s.bold("codebot")} ${codebotVersion()} · ${modelSpec} · ${inventory.cwd}`);
  view.line(s.dim("/help for commands · Ctrl+C cancels a run · Ctrl+C twice, Ctrl+D or /exit quits"));
  for (const line of problemLines(inventory.problems, s)) view.line(line);
  // Loaded after the first frame (marked and the highlighter are large); needed by the first answer.
  const markdownReady = import("../output/markdown.js").then(({ MarkdownStream }) =>
    view.renderMarkdown(new MarkdownStream(s, process.stdout.columns ?? 80)),
  );
  // `-r` alone: the user picks a session (the answer is not a prompt typed ahead).
  rl.off("line", earlyLine);
  const resumeId = flags.resume
    ? await sessionToResume(
        flags.resume,
        inventory,
        pickSession(rl, (line) => view.line(line), s),
      )
    : undefined;
  rl.on("line", earlyLine);

  let runtime: Runtime;
  try {
    runtime = await createRuntime({
      ...runtimeOptionsOf(flags, inventory, modelSpec),
      ...(resumeId !== undefined ? { sessionId: resumeId, resume: true } : {}),
      notify: (message) => view.line(s.yellow(message)),
      onEvent: (event) => {
        // Notices reach the view through `notify` already.
        if (event.kind !== "notice") view.onEvent(event);
      },
      toolObservers: [ranCalls.middleware],
      // Only for a project hook that changed since the project question (a script it runs edited).
      askHookApproval: changedHookQuestion(inventory, questions, view, s),
      askToolApproval: (request) => {
        const who = request.agentName === "main" ? "" : `[${request.agentName}] `;
        const what = visible(request.subject ?? JSON.stringify(request.args));
        // A hook's permissionDecision "ask" (Claude Code) says why it asks.
        const why =
          request.hookReason !== undefined
            ? ` ${s.dim(`(a hook asks: ${visible(request.hookReason)})`)}`
            : "";
        return questions.ask<ApprovalAnswer>(
          `${s.yellow("?")} allow ${visible(who)}${s.bold(visible(request.tool))} ${what}${why}  [y]es / [n]o / [a]lways (${visible(request.alwaysRule)}): `,
          { y: "once", n: "deny", a: "always" },
          "deny",
          request.signal,
        );
      },
    });
  } catch (error) {
    rl.off("close", earlyQuit);
    rl.close();
    throw new CliError(errorMessage(error));
  }
  const rt = runtime;
  skillNames = [...rt.skills.all.values()].filter((skill) => skill.userInvocable).map((skill) => skill.name);
  // The hooks the project question was answered "no" for: said once, as a non-interactive run does
  // (the runtime does not, since the session can ask — but only about hooks changed since).
  if (!inventory.disabled) {
    const enabled = inventory.hooks.filter((h) => h.hook.enabled).map((h) => h.hook);
    const notice = rt.approval.untrustedHooksNotice(enabled, false, inventory.cwd);
    if (notice !== undefined) view.line(s.yellow(notice));
  }
  rl.off("line", earlyLine);
  rl.off("SIGINT", earlyQuit);
  rl.off("close", earlyQuit);

  let busy = false;
  let quitting = false;
  let armed = false;
  let lastInterrupt = 0;
  const queue: string[] = [];
  const model = { spec: modelSpec };
  // Lines printed while the prompt is on screen replace it rather than follow it.
  const clearPrompt = () => screen.write("\r\x1b[K");

  const quit = async (code: number): Promise<void> => {
    if (quitting) return;
    quitting = true;
    idleNotice.stop();
    questions.cancel();
    if (!busy) clearPrompt();
    view.line(s.dim("closing the session (SessionEnd, waiting for hooks)…"));
    try {
      rl.close();
    } catch {
      // The terminal is gone (EIO): closing the session matters more.
    }
    try {
      // SessionEnd's reason (Claude Code's): the user left at the prompt, or the terminal went away.
      await rt.close(code === 0 ? "prompt_input_exit" : "other");
    } catch (error) {
      view.line(s.red(`closing failed: ${errorMessage(error)}`));
    }
    await exit(code);
  };
  closeOnSignals(rt, { signals: ["SIGTERM", "SIGHUP"], exit: (code) => void exit(code) });
  onTerminalGone(() => void quit(129));

  const idle = () => {
    if (!quitting) rl.prompt();
  };
  const idleNotice = new IdleNotice(idlePromptDelay(process.env), () =>
    rt.hooks.fire("Notification", {
      message: "codebot is waiting for your input",
      notificationType: "idle_prompt",
    }),
  );

  const run = async (text: string): Promise<void> => {
    busy = true;
    armed = false;
    try {
      await markdownReady;
      const result = await rt.prompt(text);
      view.runEnded();
      report(result);
    } catch (error) {
      view.runEnded();
      view.line(s.red(errorMessage(error)));
    }
    busy = false;
    const next = queue.shift();
    if (next === undefined) {
      // The turn has ended and the prompt waits for the user (Claude Code's idle_prompt).
      idleNotice.waiting();
      return idle();
    }
    // A queued prompt is echoed as it starts, as if typed now.
    view.line(`${PROMPT}${next}`);
    void handle(next);
  };

  const report = (result: PromptResult): void => {
    switch (result.status) {
      case "completed":
        return;
      case "blocked":
        view.line(
          s.red(
            `✗ prompt blocked by a ${result.blockedBy ?? "UserPromptSubmit"} hook: ${result.reason ?? ""}`,
          ),
        );
        return;
      case "aborted":
        view.line(s.yellow("cancelled"));
        return;
      case "stopped":
        view.line(s.yellow(result.reason ?? "the run was ended by a hook"));
        return;
      case "max_turns":
        view.line(s.yellow(`stopped after ${result.turns} model steps (--max-turns)`));
        return;
      default:
        view.line(s.red(`✗ ${result.reason ?? result.status}`));
    }
  };

  const handle = async (text: string): Promise<void> => {
    if (!text.startsWith("/")) return run(text);
    const outcome = await slashCommand(text, {
      runtime: rt,
      model,
      flags,
      styles: s,
      print: (line) => view.line(line),
    });
    if (outcome === "exit") return quit(0);
    // A skill or command of the session: the prompt is expanded on its way to the model.
    if (outcome === "prompt") return run(text);
    idle();
  };

  // A line ending with a backslash continues on the next one (a multi-line prompt).
  let continued = "";
  const onLine = (line: string): void => {
    idleNotice.stop();
    if (questions.answer(line)) return;
    if (line.endsWith("\\")) {
      continued += `${line.slice(0, -1)}\n`;
      rl.setPrompt(CONTINUATION);
      rl.prompt();
      return;
    }
    const whole = continued + line;
    continued = "";
    rl.setPrompt(PROMPT);
    const text = whole.trim();
    if (text === "") {
      // An Enter pressed out of habit after a one-key answer must not draw the prompt mid-run.
      if (!busy) idle();
      return;
    }
    if (busy) {
      queue.push(text);
      // The spinner redraws the line being typed on: say what was queued.
      view.line(s.dim(`(queued: ${visible(text)} — runs when the current prompt is done)`));
      return;
    }
    void handle(text);
  };
  rl.on("line", onLine);

  rl.on("SIGINT", () => {
    const now = Date.now();
    const quick = now - lastInterrupt < DOUBLE_INTERRUPT_MS;
    lastInterrupt = now;
    questions.cancel();
    if (busy) {
      if (quick) return void quit(0);
      armed = true;
      queue.length = 0;
      rt.abort();
      view.line(s.yellow("^C cancelling the run (Ctrl+C again to quit)"));
      return;
    }
    if (rl.line !== "") {
      // Like a shell: Ctrl+C drops what was typed.
      rl.write(null, { ctrl: true, name: "u" });
      return;
    }
    if (armed || quick) return void quit(0);
    armed = true;
    clearPrompt();
    view.line(s.dim("(Ctrl+C again, Ctrl+D or /exit to quit)"));
    idle();
  });

  rl.on("close", () => void quit(0));

  // Esc interrupts the running step (the run is cancelled, the session goes on); Ctrl+C keeps its meaning.
  process.stdin.on("keypress", (_text: string | undefined, key: { name?: string } | undefined) => {
    if (key?.name !== "escape" || !busy || quitting) return;
    questions.cancel();
    queue.length = 0;
    rt.abort();
    view.line(s.yellow("Esc: interrupting the run"));
  });

  if (flags.firstPrompt !== undefined && flags.firstPrompt.trim() !== "")
    typedAhead.unshift(flags.firstPrompt);
  if (typedAhead.length === 0) idle();
  for (const line of typedAhead.splice(0)) onLine(line);
  // Runs until quit() exits the process.
  return new Promise<number>(() => {});
}
