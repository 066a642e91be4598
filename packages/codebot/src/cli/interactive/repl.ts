import readline from "node:readline";
import type { AskQueue } from "../../approval/ask-queue.js";
import { closeOnSignals } from "../../session/close-on-signals.js";
import { createRuntime } from "../../session/create-runtime.js";
import { modelEnv } from "../../session/model-env.js";
import type { Runtime } from "../../session/runtime.js";
import { sessionModel } from "../../session/session-model.js";
import { renameSession } from "../../transcript/rename-session.js";
import { listAllSessions, type SessionSummary } from "../../transcript/session-files.js";
import { gitBranch } from "../../worktree/git-branch.js";
import { type WorktreeChoice, worktreeClosing } from "../../worktree/worktree-end.js";
import { CliError, errorMessage } from "../cli-error.js";
import { debugLines } from "../debug-flag.js";
import { historyRecap } from "../output/history-recap.js";
import { MessageDisplay } from "../output/message-display.js";
import { RanCalls } from "../output/ran-calls.js";
import { SessionView } from "../output/session-view.js";
import { stylesFor } from "../output/styles.js";
import { terminalScreen } from "../output/terminal-screen.js";
import { exit, onTerminalGone } from "../process-exit.js";
import { runtimeOptionsOf, type SessionFlags } from "../session-flags.js";
import { sessionToStart } from "../session-to-start.js";
import { problemLines } from "../settings-check.js";
import { aboveInput } from "./above-input.js";
import { loadAnswerRenderer } from "./answer-renderer-loading.js";
import { BracketedPaste } from "./bracketed-paste.js";
import { changedHookQuestion } from "./changed-hook-question.js";
import { ctrlDQuits } from "./ctrl-d-quits.js";
import { editEvenOnDumbTerminal } from "./dumb-terminal.js";
import { fillInput } from "./fill-input.js";
import { GatedOutput } from "./gated-output.js";
import { HistorySearch } from "./history-search.js";
import { IdleNotice, idlePromptDelay } from "./idle-notice.js";
import { InteractiveState } from "./interactive-state.js";
import { interruptKeys } from "./interrupt-keys.js";
import { type Key, NewlineKeys } from "./newline-keys.js";
import { PastedTexts } from "./pasted-texts.js";
import { pickSession } from "./pick-session.js";
import { withProjectConsent } from "./project-consent-question.js";
import { promptCompleter } from "./prompt-completion.js";
import { HISTORY_SIZE, PromptHistory } from "./prompt-history.js";
import { GLYPH_PROMPT_MARKS, promptEcho, WORD_PROMPT_MARKS } from "./prompt-rows.js";
import { PromptScreen } from "./prompt-screen.js";
import { PromptTurns } from "./prompt-turns.js";
import { type ListQuestion, Questions } from "./questions.js";
import { editByGraphemes } from "./readline-graphemes.js";
import { measureAsTerminal, redrawAfterJoiner } from "./readline-measure.js";
import { syncRows } from "./readline-rows.js";
import { screenReaderMode } from "./screen-reader-mode.js";
import { SentPromptLines } from "./sent-prompt-lines.js";
import { sessionBanner } from "./session-banner.js";
import { sessionEventRouting } from "./session-event-routing.js";
import { sessionNotice } from "./session-notice.js";
import { SessionPicker } from "./session-picker.js";
import { previewSession } from "./session-preview.js";
import { sessionQuit } from "./session-quit.js";
import { sessionStatus } from "./session-status.js";
import { slashCommand } from "./slash-commands.js";
import { StartUpInput } from "./start-up-input.js";
import { toolCallQuestion } from "./tool-call-question.js";
import { TypedLines } from "./typed-lines.js";
import { WholePromptHistory } from "./whole-prompt-history.js";
import { killWords } from "./word-kills.js";

/**
 * The interactive session: type prompts, watch the answer stream in with one line per tool call
 * and per hook that ran, answer approval questions. Esc or Ctrl+C interrupts the run; a second Ctrl+C quits
 * (when idle, or right after the first). Ctrl+D twice, `/exit`, SIGTERM or SIGHUP quit too, always
 * through `close()` (SessionEnd, async hooks drained).
 */
export async function runInteractive(given: SessionFlags): Promise<number> {
  // Screen-reader mode (docs/cli.md) has no colour. The flag and the variable are known now, for
  // the project's question; what the settings say once they are read.
  const flatAtStart = screenReaderMode(given.axScreenReader === true, process.env, []) !== undefined;
  const startStyles = stylesFor(flatAtStart ? {} : process.stdout);
  // Line editing, keys (Esc, one-key answers) and cursor control need a terminal at both ends;
  // otherwise lines are read and written plainly, without one escape sequence (docs/cli.md).
  const terminal = process.stdin.isTTY === true && process.stdout.isTTY === true;
  // Prompts from a pipe: questions get "no", and the end of the input ends the session once its
  // prompts have run. Without a terminal at both ends the output is a record: no prompt is drawn,
  // each prompt is echoed as it runs.
  const piped = process.stdin.isTTY !== true;
  /** The session's skills and commands now (a reload changes them), once it has started. */
  let skillNames: () => string[] = () => [];
  // The project's hooks and grants first, in one question: its model, if approved, is the session's.
  const { flags, inventory } = await withProjectConsent(given, startStyles);
  const screenReader = screenReaderMode(given.axScreenReader === true, process.env, inventory.project.layers);
  const flat = screenReader !== undefined;
  // As claude's: hooks and commands (and a codebot started from them) can tell.
  if (flat) process.env.CLAUDE_AX_SCREEN_READER = "1";
  const s = flat ? stylesFor({}) : startStyles;
  const modelSpec = sessionModel(
    flags.model,
    inventory.project.settings,
    modelEnv(process.env, inventory.project.settings),
  );
  const screen = terminalScreen(process.stdout, s, flat);
  /** The terminal's width now, when the output is one: the rows of hooks' lines and lists are cut to it. */
  const columns = () => (process.stdout.isTTY ? process.stdout.columns : undefined);
  // Where the session is (at the prompt, running, asking, quitting): read by each of its parts.
  const state: InteractiveState = new InteractiveState(() => questions.open);
  const rl = readline.createInterface({
    input: process.stdin,
    output: terminal ? new GatedOutput(process.stdout, () => state.readlineDraws()) : process.stdout,
    terminal,
    historySize: HISTORY_SIZE,
    // Several candidates go above the prompt, through the view made next (a Tab needs a key read).
    completer: promptCompleter({
      skillNames: () => skillNames(),
      cwd: inventory.cwd,
      list: (candidates) => view.notice(s.dim(candidates)),
    }),
    // Esc then a key within this time is read as Alt+key: readline's 500 ms swallowed an Esc
    // pressed to interrupt when the correction was typed right after it.
    escapeCodeTimeout: 50,
  });
  // Large pastes, folded at the prompt into placeholders and put back when it is sent.
  const pasted = new PastedTexts();
  if (terminal) {
    editEvenOnDumbTerminal(rl);
    measureAsTerminal(rl);
    editByGraphemes(rl, (line) => pasted.spans(line));
    killWords(rl);
  }
  const marks = flat ? WORD_PROMPT_MARKS : GLYPH_PROMPT_MARKS;
  rl.setPrompt(marks.first);
  // How to draw the prompt or question again: lines printed then go above it. Set once the
  // session's state exists.
  let redrawInput = () => {};
  // The lines sent so far of a prompt of several lines, as the prompt showed them.
  const promptAbove = new SentPromptLines(columns);
  const view = new SessionView(
    terminal
      ? aboveInput(screen, rl, {
          shown: () => state.inputShown(),
          rowsAbove: () => promptAbove.rows(),
          redraw: () => redrawInput(),
        })
      : screen,
    s,
    {
      // With --debug-file the debug lines go there; the terminal shows what it shows without --debug.
      trace: flags.debugHooks && flags.debugFile === undefined ? "all" : "ran",
      live: process.stdout.isTTY === true,
      screenReader: flat,
      columns,
      // Set once the runtime exists, before any tool call can end.
      backgroundHooks: (toolUseId) => runtime.unfinishedHooks(toolUseId),
      // Likewise, before any answer streams.
      messageDisplay: { lineBatches: () => display?.lineBatches() },
      atPrompt: () => state.promptWaits(),
    },
  );
  // A key pressed while a tool call's question is open puts off its permission_prompt Notification.
  let lastKeyAt = Number.NEGATIVE_INFINITY;
  process.stdin.on("keypress", () => {
    lastKeyAt = Date.now();
  });
  const questions = new Questions(
    rl,
    process.stdin,
    view,
    marks.first,
    piped ? "refused" : terminal ? "keys" : "lines",
    columns,
  );
  // ↑/↓ reach the prompts of earlier sessions in this project.
  const history = new PromptHistory(inventory.codebotHome, inventory.cwd);
  (rl as unknown as { history: string[] }).history = history.load();
  // Only the prompt just sent goes to the file: other sessions of the project add theirs too.
  const prompts = new WholePromptHistory(rl, history);
  const ranCalls = new RanCalls(inventory.cwd);
  view.showRanCalls(ranCalls);

  // While the session starts, typed lines wait for it, and Ctrl+C or Ctrl+D leave at once.
  const startUp = new StartUpInput(rl, questions, piped, () => state.inputEnds());

  // A custom agent the session runs as may choose its own model, known only once agents are read:
  // the banner names the agent, the status line the model.
  const agentName = flags.agent ?? inventory.project.settings.agent;
  // Your settings' env may turn safe mode on too: the way out is then the variable.
  const safeModeBy =
    flags.project.safeModeBy ?? (inventory.project.modes?.safeMode ? "CLAUDE_CODE_SAFE_MODE" : undefined);
  const banner = sessionBanner(
    {
      screenReader,
      layers: inventory.project.layers,
      runsAs: agentName !== undefined ? `agent ${agentName}` : modelSpec,
      cwd: inventory.cwd,
      terminal,
      safeModeBy,
    },
    s,
    columns(),
  );
  for (const row of banner) view.line(row);
  // The skills' and agents' unreadable files are told by the session as it reads them.
  const toldBySession = new Set(inventory.toldBySession);
  const startProblems = inventory.problems.filter((p) => !toldBySession.has(p));
  for (const line of problemLines(startProblems, s)) view.notice(line);
  // Needed by the first answer; loaded after the first frame.
  const markdownReady = loadAnswerRenderer(view, s, columns, flat);
  // `-r` alone: the user picks a session — on a terminal in /resume's picker, as claude's `-r`
  // opens its picker (Enter comes to it as a line, which the start-up input hands to the open
  // question); without a terminal at both ends by number, that answer not a prompt typed ahead.
  // A pipe's lines are prompts, so there `-r` needs the id.
  const terminalRows = () => (process.stdout.isTTY ? process.stdout.rows : undefined);
  const branch = flags.resume?.kind === "pick" ? gitBranch(inventory.cwd) : undefined;
  const start = terminal
    ? await sessionToStart(
        flags,
        inventory,
        Object.assign(
          (sessions: SessionSummary[]) =>
            questions.choose(
              new SessionPicker(sessions, s, columns, terminalRows, {
                rename: renameSession,
                preview: previewSession(s, flat),
                allProjects: () => listAllSessions(inventory.codebotHome),
                ...(branch !== undefined ? { branch } : {}),
              }),
            ),
          { takesNone: true },
        ),
      )
    : await startUp.aside(() =>
        sessionToStart(
          flags,
          inventory,
          piped ? undefined : pickSession(rl, (line) => view.line(line), s, columns),
        ),
      );

  const debugToFile = flags.debugFile !== undefined ? debugLines(flags) : undefined;
  /** What the user chose, when leaving, for a worktree with changes (asked on the way out: session-quit.ts). */
  let worktreeChoice: WorktreeChoice | undefined;
  let runtime: Runtime;
  /** The runtime's queue of approval questions, once it exists. */
  let askQueue: AskQueue | undefined;
  let display: MessageDisplay | undefined;
  const askToolQuestion = toolCallQuestion(questions, s, flat, () => askQueue?.place());
  try {
    runtime = await createRuntime({
      ...runtimeOptionsOf(flags, inventory, modelSpec),
      ...start,
      // As claude's: a background run that ends between turns starts one (PromptTurns.watchBackground).
      backgroundAgents: true,
      entrypoint: "cli",
      notify: (message, toolUseId) => view.notice(sessionNotice(message, s), toolUseId),
      onEvent: sessionEventRouting(view, debugToFile),
      toolObservers: [ranCalls.middleware],
      ...(flags.worktree
        ? {
            closing: worktreeClosing(
              flags.worktree,
              (line) => view.notice(sessionNotice(line, s)),
              () => worktreeChoice,
            ),
          }
        : {}),
      // Only for a project hook that changed since the project question (a script it runs edited).
      askHookApproval: changedHookQuestion(inventory, questions, view, s, () => askQueue?.place()),
      lastKeyAt: () => lastKeyAt,
      interactive: true,
      askToolApproval: (request) => {
        // The call runs once answered: the time shown while it runs starts then, not before its question.
        view.callAsked(request.callId);
        return askToolQuestion(request);
      },
    });
  } catch (error) {
    startUp.failed();
    throw new CliError(errorMessage(error));
  }
  display = new MessageDisplay(runtime.hooks, () => runtime.promptId);
  const rt = runtime;
  askQueue = rt.approval.queue;
  askQueue.onChange(() => questions.refresh());
  // A resumed session shows where it was (Claude Code does too): the last prompts, answers and calls.
  // Its answers rendered as the live view renders them: only then is the renderer waited for.
  if (start.resume && historyRecap(rt.resumedConversation, s).length > 0)
    for (const line of historyRecap(rt.resumedConversation, s, await markdownReady, columns(), flat))
      view.line(line);
  // A fork looks like the session it came from: said, so the user knows where prompts now go.
  if (start.forkFrom !== undefined)
    view.notice(
      s.dim(
        `forked from session ${start.forkFrom.slice(0, 8)} into a new session, ${rt.sessionId.slice(0, 8)}: what you send goes there; the other stays as it was`,
      ),
    );
  skillNames = () =>
    [...rt.skills.all.values()].filter((skill) => skill.userInvocable).map((skill) => skill.name);
  // The hooks the project question was answered "no" for: said once, as a non-interactive run does
  // (the runtime does not, since the session can ask — but only about hooks changed since).
  if (!inventory.disabled) {
    const enabled = inventory.hooks.filter((h) => h.hook.enabled).map((h) => h.hook);
    const notice = rt.approval.untrustedHooksNotice(enabled, false, inventory.cwd);
    if (notice !== undefined) view.notice(sessionNotice(notice, s));
  }
  const typedAhead = startUp.handOver();

  // The runtime's: `--agent` may have chosen the agent's model.
  const model = { spec: rt.modelSpec };
  // Ctrl+R at the prompt (not in screen-reader mode, where nothing is drawn under the prompt).
  const search = new HistorySearch(rl, s, () => state.promptFree() && !flat);
  const {
    underPrompt: status,
    lines: statusLines,
    refresh: refreshStatusLine,
    stop: stopStatus,
  } = sessionStatus(rt, rl, s, {
    terminal,
    screenReader: flat,
    hooksDisabled: inventory.disabled,
    notice: (message) => view.notice(sessionNotice(message, s)),
    promptFree: () => state.promptFree(),
    searchRow: () => search.row(),
  });
  const promptScreen = new PromptScreen({
    state,
    rl,
    view,
    screen,
    questions,
    status: { underPrompt: status, lines: statusLines, refresh: refreshStatusLine },
    promptAbove,
    terminal,
    screenReader: flat,
    continuing: () => lines.continuing,
  });
  const clearPrompt = () => promptScreen.clear();

  const quit = sessionQuit({
    state,
    runtime: rt,
    rl,
    questions,
    view,
    styles: s,
    terminal,
    worktree: flags.worktree,
    choseWorktree: (choice) => {
      worktreeChoice = choice;
    },
    clearPrompt,
    stopWaiting: () => idleNotice.stop(),
    stopStatus,
    backToSession: () => turns.done(false),
  });
  closeOnSignals(rt, {
    signals: ["SIGTERM", "SIGHUP"],
    exit: (code) => void exit(code),
    say: (line) => view.notice(sessionNotice(line, s)),
  });
  onTerminalGone(() => void quit(129));

  const showTyped = () => promptScreen.showTyped();

  // From here on the prompt, not the start-up, decides what readline draws and what is on screen.
  state.sessionStarts();

  redrawInput = () => promptScreen.redraw();
  const idle = () => {
    if (state.is.quitting) return;
    // The end of a pipe: the background runs still going are waited for, their notifications answered.
    if (state.is.inputEnded) return void turns.watchBackground();
    if (!terminal) return;
    promptScreen.draw();
    // `/rewind`'s prompt, given back to be edited and sent again.
    if (refill !== undefined) fillInput(rl, refill);
    refill = undefined;
  };
  let refill: string | undefined;
  // SessionStart hooks answer after the prompt is drawn: a title one gave goes on the status line then.
  void rt.started().then(() => {
    if (state.atPrompt()) status.draw();
    refreshStatusLine();
  });
  const idleDelay = idlePromptDelay(process.env, (message) => view.notice(sessionNotice(message, s)));
  const idleNotice = new IdleNotice(idleDelay, () =>
    rt.hooks.fire("Notification", {
      message: "codebot is waiting for your input",
      notificationType: "idle_prompt",
    }),
  );

  /** A prompt, echoed as if typed now. */
  const echo = (text: string): void => {
    for (const row of promptEcho(text, columns(), marks)) view.line(row);
  };
  const turns = new PromptTurns({
    state,
    runtime: rt,
    view,
    styles: s,
    questions,
    display,
    answerFormat: markdownReady,
    idleNotice,
    command: (text) =>
      slashCommand(text, {
        runtime: rt,
        model,
        flags,
        styles: s,
        print: (line) => view.notice(line),
        printFitted: (line) => view.line(line),
        working: (label, work) => view.working(label, work),
        columns,
        rows: terminalRows,
        answerFormat: markdownReady,
        screenReader: flat,
        ...(piped
          ? {}
          : {
              ask: <T extends string>(question: string, choices: Record<string, T>, fallback: T) =>
                state.commandAsking(() => questions.ask(question, choices, fallback)),
              // A list moved through by keys needs them one at a time: a terminal's.
              ...(terminal
                ? {
                    choose: <T>(list: ListQuestion<T>) => state.commandAsking(() => questions.choose(list)),
                    setInput: (text: string) => {
                      refill = text;
                    },
                  }
                : {}),
            }),
      }),
    echo,
    quit,
    idle,
    promptLeaves: () => promptScreen.leaveForTurn(),
    showTyped,
  });

  const lines = new TypedLines({
    state,
    rl,
    questions,
    turns,
    view,
    screen,
    styles: s,
    terminal,
    marks,
    columns,
    status,
    idleNotice,
    pasted,
    prompts,
    promptAbove,
    echo,
    idle,
  });
  // Alt+Enter / Shift+Enter, or a paste's line break: the prompt continues on the next line.
  const newlineKeys = new NewlineKeys(rl);
  // Made below, once every part that wraps readline's key handler has: it sees a paste's keys first.
  let paste: BracketedPaste | undefined;
  process.stdin.on("keypress", (text: string | undefined, key: Key | undefined) => {
    if (paste?.pasting === true || !newlineKeys.isNewline(text, key)) return;
    lines.breakLine();
    // As if Enter was pressed: readline ends the line, onLine sees lineBreak.
    rl.write("\r");
  });
  rl.on("line", lines.onLine);

  const keys = interruptKeys({
    state,
    questions,
    rl,
    runtime: rt,
    view,
    styles: s,
    quit,
    interrupt: (what) => turns.interrupt(what),
    clearPrompt,
    idle,
    rewind: () => {
      clearPrompt();
      void turns.handle("/rewind");
    },
  });
  rl.on("SIGINT", keys.ctrlC);
  // Back from Ctrl+Z (fg): readline paused its input, and with nothing else to wait for the process
  // would end there, without SessionEnd.
  rl.on("SIGCONT", () => {
    if (state.is.busy || state.is.quitting) rl.resume();
    else idle();
    // readline draws the line again after this, erasing below it: the status goes under it then.
    setImmediate(() => {
      if (terminal && state.promptFree()) status.draw();
    });
  });
  // Without readline's terminal mode Ctrl+C is the terminal's signal, not a key readline sees.
  if (!terminal) process.on("SIGINT", keys.ctrlC);

  // Before ctrlDQuits, which wraps the key handler for good: a search's keys come first.
  if (terminal) search.install();
  // Ctrl+D on an empty prompt arms quitting; a second soon after quits.
  if (terminal) ctrlDQuits(rl, keys.ctrlD);
  if (terminal)
    paste = new BracketedPaste(process.stdin, process.stdout, () => lines.breakLine(), rl, pasted);
  rl.on("close", () => {
    state.inputEnds();
    // The end of a pipe: what it sent runs first, then what its background runs report.
    if (piped) {
      if (!state.is.busy) void turns.watchBackground();
      return;
    }
    void quit(0);
  });

  // readline erases below the input when it redraws it: the status comes back after each key.
  let statusAfterKeys = false;
  process.stdin.on("keypress", () => {
    if (terminal) showTyped();
    if (!state.is.editing) return;
    // A pasted line that wrapped: the next redraw (an edit before its end) starts at its first row.
    if (terminal && !state.is.busy && !questions.open) {
      syncRows(rl);
      redrawAfterJoiner(rl);
    }
    // Once for all the keys of one read (a paste is thousands): each draw measures the whole line.
    if (statusAfterKeys) return;
    statusAfterKeys = true;
    setImmediate(() => {
      statusAfterKeys = false;
      if (state.atPrompt()) status.draw();
    });
  });

  // Before readline redraws the input at the new width (its listener comes after this one): the
  // terminal has rewrapped the input's rows (most do), so the row its cursor is on now is counted
  // at the new width. Counted at the old one, a narrowed terminal kept a copy of the first row.
  process.stdout.prependListener("resize", () => {
    if (terminal && questions.open) questions.resized();
    else if (terminal && state.atPrompt()) syncRows(rl);
  });
  // A resize makes readline redraw the input, erasing the status under it: it comes back, at the new width.
  process.stdout.on("resize", () => {
    setImmediate(() => {
      if (terminal && state.promptFree()) status.draw();
    });
  });

  // Esc interrupts the running step: the prompt ends there and the session waits for input; Ctrl+C does too, twice quits.
  process.stdin.on("keypress", (text: string | undefined, key: Key | undefined) => {
    if (paste?.pasting !== true) keys.esc(text, key);
  });
  // A key pressed after the turn ended (typing, Ctrl+C at the prompt) means the user is there:
  // claude 2.1.328 sends no idle_prompt for that wait (its bundle: none if the last interaction
  // came after the turn's end; recorded: none after a Ctrl+C at the prompt). Keys during a turn
  // come before the wait starts and leave it alone.
  process.stdin.on("keypress", () => idleNotice.stop());

  if (flags.firstPrompt !== undefined && flags.firstPrompt.trim() !== "") {
    // Never typed at the prompt: shown as if it was, so its answer has it above it (without a
    // terminal every prompt is echoed as it runs).
    if (terminal) echo(flags.firstPrompt.trim());
    typedAhead.unshift(flags.firstPrompt);
  }
  if (typedAhead.length === 0) idle();
  for (const line of typedAhead.splice(0)) lines.onLine(line);
  // Runs until quit() exits the process.
  return new Promise<number>(() => {});
}
