import { randomUUID } from "node:crypto";
import type { SteeredOrigin } from "../agents/steered-origins.js";
import { closeOnSignals } from "../session/close-on-signals.js";
import { createRuntime } from "../session/create-runtime.js";
import { modelEnv } from "../session/model-env.js";
import { priceOf } from "../session/model-prices.js";
import type { PromptResult } from "../session/prompt-result.js";
import type { PromptFrom } from "../session/session.js";
import type { SessionEvent } from "../session/session-events.js";
import { sessionModel } from "../session/session-model.js";
import { CliError, errorMessage } from "./cli-error.js";
import { closeWithNotice } from "./close-with-notice.js";
import { ControlChannel } from "./control/control-channel.js";
import { MidTurnMessages } from "./control/mid-turn-messages.js";
import { NextTurnSource } from "./control/next-turn.js";
import { sdkOutputOf, sdkStartOf } from "./control/sdk-initialize.js";
import { sdkRequests } from "./control/sdk-requests.js";
import { debugLines } from "./debug-flag.js";
import { oneShotRuntimeOptions } from "./one-shot-runtime-options.js";
import { ClaudeHookLines } from "./output/claude-hook-lines.js";
import { conversationResetLine } from "./output/conversation-reset-line.js";
import { EventLines, mainMessageEnd } from "./output/event-lines.js";
import { HeldResults } from "./output/held-results.js";
import { initLine } from "./output/init-line.js";
import { jsonLine } from "./output/json-line.js";
import { MessageDisplay, OrderedOutput } from "./output/message-display.js";
import { modelFallbackText } from "./output/model-fallback-text.js";
import { modelRetryText } from "./output/model-retry-text.js";
import { joinedReplayLine, replayLine } from "./output/replay-line.js";
import { SessionStateLines } from "./output/session-state-lines.js";
import { StartEvents } from "./output/start-events.js";
import { terminalSafe } from "./output/terminal-safe.js";
import { exitCodeOf, TurnResults } from "./output/turn-results.js";
import type { WireObject } from "./output/wire.js";
import { BUILTIN_COMMANDS, type PrintCommand, printCommandOf, runPrintCommand } from "./print-commands.js";
import { exit } from "./process-exit.js";
import { PromptSuggestions, promptSuggestionsAllowed } from "./prompt-suggestions.js";
import { STDIO_PROMPT } from "./prompt-tool-flag.js";
import { promptOf } from "./read-input.js";
import type { OneShotFlags } from "./session-flags.js";
import { sessionToStart } from "./session-to-start.js";
import { checkSettings } from "./settings-check.js";
import type { StreamInputMessage } from "./stream-input.js";

/**
 * `codebot -p`: one prompt, run to the end without asking anyone (tool calls that need approval
 * are denied and the model is told; untrusted project hooks do not run). Prints the answer, the
 * result object, or Claude Code's stream-json lines. Exit 0 done (a hook's block or stop too, as
 * claude's), 1 error.
 * With `--input-format stream-json`, stdin's lines are the prompts: one turn each, in order, in one
 * session, until stdin ends (stream-input.ts); the exit code is the last turn's. The Agent SDK's
 * control requests come on the same lines and are answered at once (cli/control).
 */
export async function runOneShot(flags: OneShotFlags): Promise<number> {
  const started = performance.now();
  // With --input-format stream-json the prompts are stdin's lines, read as they come.
  const streamInput = flags.inputFormat === "stream-json";
  if (flags.permissionPromptTool === STDIO_PROMPT && !streamInput)
    throw new CliError(
      "--permission-prompt-tool stdio asks over the control protocol: it needs --input-format stream-json",
    );
  const prompt = streamInput ? "" : await promptOf(flags);
  const stderr = (line: string) => process.stderr.write(`${line}\n`);
  const inventory = checkSettings(flags, stderr);
  const modelSpec = sessionModel(
    flags.model,
    inventory.project.settings,
    modelEnv(process.env, inventory.project.settings),
  );

  // A model without a price cannot be counted: refused before anything is spent on it.
  if (flags.maxBudgetUsd !== undefined && priceOf(modelSpec, inventory.project.settings.models) === undefined)
    throw new CliError(
      `--max-budget-usd: no price for ${modelSpec}, so its cost cannot be counted; set "models": {"${modelSpec}": {"price": {"input": …, "output": …}}} (US$ per million tokens)`,
    );
  const streaming = flags.outputFormat === "stream-json";
  const start = await sessionToStart(flags, inventory);
  const { sessionId } = start;
  // Events that happen while the runtime is assembled wait until the (first) init line is out.
  const early = new StartEvents();
  // --replay-user-messages: the input message of the turn, echoed once its prompt is accepted.
  let toReplay: StreamInputMessage | undefined;
  // ... and a message sent while a turn ran, as it joins that turn (mid-turn-messages.ts).
  let joinedInput: ((steered: SteeredOrigin) => StreamInputMessage | undefined) | undefined;
  // Every line goes out in order, even when one waits for its MessageDisplay hooks.
  const output = new OrderedOutput();
  const emit = (object: WireObject) => output.write(() => process.stdout.write(jsonLine(object)));
  let display: MessageDisplay | undefined;
  // Ctrl+C while the run only waits for background sub-agents (every turn answered) stops them and
  // exits with the answer's code, as claude 2.1.328 exits 0 there (recorded), not 130; the stopped
  // runs write no more lines (claude's stream ended with their last task_progress line).
  const backgroundWait = { going: false, answerCode: 0, exitCode: undefined as number | undefined };
  // Stream-json input is also the Agent SDK's control protocol: requests both ways.
  const control = streamInput ? new ControlChannel(emit) : undefined;
  // The session's state lines, when the Agent SDK (or the environment) asks for them.
  const states = streaming ? SessionStateLines.fromEnv(process.env, emit, sessionId) : undefined;
  const notice = (message: string) => stderr(`codebot: ${terminalSafe(message)}`);
  // Read from the start, as it comes; the session starts once the first line is in: when that is
  // the SDK's initialize, its hooks, agents, schema and system prompt are the session's from its
  // start (a SessionStart callback fires for it). Requests wait for their answerer below.
  control?.listen(process.stdin);
  const initialize = await control?.initializeRequest();
  const fromProgram = initialize ? sdkStartOf(initialize, notice) : undefined;
  // The output flags, given on the command line or by the program's initialize.
  const sdkOutput = initialize ? sdkOutputOf(initialize, notice) : undefined;
  const subagentMessages = flags.subagentMessages === true || sdkOutput?.subagentMessages === true;
  const promptSuggestions =
    (flags.promptSuggestions === true || sdkOutput?.promptSuggestions === true) &&
    promptSuggestionsAllowed(
      { ...process.env, ...inventory.project.settings.env },
      inventory.project.settings.promptSuggestionEnabled,
    );
  // The session the lines name: a `/clear` prompt starts another (print-commands.ts).
  const ids = {
    get sessionId() {
      return runtime?.sessionId ?? sessionId;
    },
    model: modelSpec.slice(modelSpec.indexOf("/") + 1),
  };
  const eventLines = new EventLines({
    ids,
    partialMessages: flags.partialMessages === true,
    subagentMessages,
    thinkingDisplay: flags.thinkingDisplay,
    display: () => display,
    mcpServers: () => runtime?.mcpServers() ?? [],
    output,
  });
  const hookLines = new ClaudeHookLines(() => ids.sessionId, flags.hookEvents === true);
  const debug = debugLines(flags);
  const onEvent = (event: SessionEvent) => {
    debug?.(event);
    if (mainMessageEnd(event)) display?.ended(event.event.message);
    // Who answered matters to a script: the stream says it in its own line, text and json on stderr.
    if (!streaming && event.kind === "agent" && event.event.type === "model_fallback")
      stderr(`codebot: ${terminalSafe(modelFallbackText(event.event))}`);
    // So is a retry: a server that is down kept a text run silent for minutes.
    if (!streaming && event.kind === "agent" && event.agentName === "main" && event.event.type === "retry")
      stderr(`codebot: ${modelRetryText(event.event)}`);
    if (!streaming) return;
    // As claude's, these are written when they happen: a SessionStart hook's come before the init line.
    for (const hookLine of hookLines.lines(event)) emit(hookLine);
    if (event.kind === "prompt_accepted" && toReplay) {
      emit(replayLine(toReplay, ids.sessionId));
      toReplay = undefined;
    }
    if (mainMessageEnd(event) && event.steered !== undefined && flags.replayUserMessages) {
      const joined = joinedReplayLine(event.steered, ids.sessionId, joinedInput?.(event.steered));
      if (joined) emit(joined);
    }
    if (backgroundWait.exitCode !== undefined && event.kind === "agent" && event.subagent?.background) return;
    if (!early.hold(event)) eventLines.write(event);
  };

  // Loaded only for an Agent SDK program: it brings in the MCP SDK's message schemas, a tenth of a
  // plain `-p` run's start-up.
  const sdkMcp = control ? await import("./control/sdk-mcp-transport.js") : undefined;
  let runtime: Awaited<ReturnType<typeof createRuntime>> | undefined;
  try {
    runtime = await createRuntime(
      oneShotRuntimeOptions(flags, inventory, modelSpec, {
        start,
        fromProgram,
        control,
        sdkMcp,
        states,
        eventLines,
        hookLines,
        runtime: () => runtime,
        stderr,
        onEvent,
      }),
    );
  } catch (error) {
    // A model that cannot be resolved (no API key, unknown provider) lands here, in one line.
    throw new CliError(errorMessage(error));
  }
  display = new MessageDisplay(runtime.hooks, () => runtime.promptId);
  // `--agent` may have chosen the model: the lines name the one the session runs.
  ids.model = runtime.modelSpec.slice(runtime.modelSpec.indexOf("/") + 1);
  const held = streamInput ? undefined : new HeldResults();
  const results = new TurnResults(
    runtime,
    { outputFormat: flags.outputFormat, ids, display, output, held, control, states, notice },
    started,
  );
  const removeSignalHandlers = closeOnSignals(runtime, {
    // Ctrl+C is the user's interruption, as in a session: the transcript says so for a later -c.
    onSignal: (signal) => {
      if (signal === "SIGINT" && backgroundWait.going) backgroundWait.exitCode = backgroundWait.answerCode;
      if (signal === "SIGINT") runtime.interrupt();
      // An answer waiting for its MessageDisplay hooks is printed as it was, with its result line.
      display?.stop();
    },
    exit: (code) =>
      void results.reported.then(() => output.drained()).then(() => exit(backgroundWait.exitCode ?? code)),
    onError: (error) => stderr(`codebot: closing failed: ${errorMessage(error)}`),
  });
  // As claude's, stream-json input has an init line at the start of every turn.
  const startTurn = () => {
    results.startTurn();
    // The SDK's setModel() may have switched it since the last turn.
    ids.model = runtime.modelSpec.slice(runtime.modelSpec.indexOf("/") + 1);
    states?.set("running");
  };
  const beginTurn = (input: StreamInputMessage) => {
    startTurn();
    emitInit();
    if (flags.replayUserMessages) toReplay = input;
  };
  const emitInit = () => {
    emit(initLine(runtime, ids, flags.disableSlashCommands !== true));
    early.release((event) => eventLines.write(event));
  };
  // As Claude Code's, the init line names the MCP servers and their tools: it waits for them
  // (the prompt would wait for them anyway).
  if (streaming) await runtime.mcpReady();
  // claude 2.1.328's `-p /clear` (recorded) has no init line before the clear, in the session
  // left: the new session's comes after it (runCommand), and the start's events with it.
  const clearsFirst =
    streaming &&
    !streamInput &&
    flags.disableSlashCommands !== true &&
    printCommandOf(prompt)?.command === "clear";
  if (streaming && !streamInput) {
    states?.set("running");
    if (!clearsFirst) emitInit();
  }
  if (!streamInput && !clearsFirst) early.release((event) => eventLines.write(event));

  // A SessionStart hook's `initialUserMessage` is a prompt of its own before the one given, as in
  // claude 2.1.328 `-p`: each is answered and reported when it ends; the exit code is the given
  // prompt's. `json` is one object, the given prompt's; stream-json has a result line per prompt.
  // Each prompt's result is printed as it ends; the exit code is the last one's.
  let code = 0;
  // With stream-json input, a message sent while a turn runs goes into that turn, as claude's.
  const midTurn = control
    ? new MidTurnMessages(control, (sent, uuid) => runtime.steerMidTurn(sent, uuid))
    : undefined;
  joinedInput = midTurn && ((steered) => midTurn.joined(steered));
  if (control) {
    // Answered from now on, also while a turn runs (an interrupt); the lines read so far first.
    control.answerWith(
      sdkRequests(runtime, {
        ...(initialize ? { startedFrom: initialize } : {}),
        // Those folded into the turn that its model has not had yet wait too, as claude's.
        queuedUuids: () => [...(midTurn?.waitingUuids() ?? []), ...control.queuedUuids()],
        notify: notice,
        emit,
        startModel: runtime.modelSpec,
        sessionId,
        builtinCommands: flags.disableSlashCommands === true ? [] : BUILTIN_COMMANDS,
      }),
    );
  }
  // `--prompt-suggestions`: a `prompt_suggestion` line after a turn's result line.
  const suggestions = promptSuggestions ? new PromptSuggestions(runtime, emit) : undefined;
  // As claude 2.1.328's -p (recorded): a background sub-agent that ends after the turn has ended
  // gets a turn of its own, its `<task-notification>` the prompt (UserPromptSubmit sees it), with
  // its own init and result lines; the run ends once none is left. `json`'s object is the last turn's.
  const promptNow = (text: string, uuid: string | undefined, from: PromptFrom) => {
    const command = from === "user" ? printCommandOf(text) : undefined;
    if (command !== undefined) return runCommand(command, uuid);
    // The message's uuid names its transcript line, as claude's does: `rewind_files` finds it so.
    const prompt = () => runtime.prompt(text, uuid, from);
    return midTurn ? midTurn.during(prompt) : prompt();
  };
  // After a `/clear`, the conversation_reset line (conversation-reset-line.ts), then the new
  // session's init line before the result.
  const runCommand = async (
    command: PrintCommand,
    userMessageUuid: string = randomUUID(),
  ): Promise<PromptResult> => {
    const before = ids.sessionId;
    const result = await runPrintCommand(runtime, command, flags.disableSlashCommands === true);
    if (streaming && ids.sessionId !== before) {
      emit(conversationResetLine(userMessageUuid, before));
      emitInit();
    }
    return result;
  };
  const nextNotification = async () => {
    backgroundWait.going = true;
    try {
      return await runtime.backgroundNotification();
    } finally {
      backgroundWait.going = false;
    }
  };
  // With stream-json input (the Agent SDK) each turn's result line goes out as the turn ends,
  // background runs still going, as claude 2.1.328's (recorded); a prompt given as an argument's
  // are held till the last turn has ended (HeldResults).
  const ending = streamInput ? true : "held";
  let lastResult: PromptResult | undefined;
  const turn = async (text: string, uuid?: string, fromNotification = false): Promise<number> => {
    lastResult = await promptNow(text, uuid, fromNotification ? "notification" : "user");
    backgroundWait.answerCode = exitCodeOf(lastResult);
    return results.report(lastResult, text, ending, fromNotification);
  };
  const notificationTurn = (notification: string) => {
    startTurn();
    if (streaming) emitInit();
    return turn(notification, undefined, true);
  };
  // A prompt given as an argument: its turn, then one for each notification till no run is left.
  const answer = async (prompt: string): Promise<number> => {
    let answered = await turn(prompt);
    for (;;) {
      const notification = await nextNotification();
      if (notification === undefined || runtime.isClosing) break;
      answered = await notificationTurn(notification);
    }
    held?.release((write) => output.write(write));
    if (lastResult) suggestions?.after(lastResult);
    return answered;
  };
  try {
    const initial = await runtime.initialUserMessage();
    // Stream-json input: its channel brings the messages.
    if (control) {
      if (initial !== undefined) {
        // Echoed as a user message of its own, as claude echoes it.
        beginTurn({ text: initial, message: { role: "user", content: initial } });
        code = await turn(initial);
      }
      // The next message and the next background notification are waited for at once.
      const turns = new NextTurnSource(control.messages(), () => runtime.backgroundNotification());
      for (;;) {
        // A suggestion once no run is left to bring a turn of its own (none between those turns).
        if (lastResult && runtime.backgroundRunning === 0) suggestions?.after(lastResult);
        backgroundWait.going = runtime.backgroundRunning > 0;
        const next = await turns.next().finally(() => {
          backgroundWait.going = false;
        });
        if (next === undefined || runtime.isClosing) break;
        suggestions?.cancel();
        if (next.kind === "notification") code = await notificationTurn(next.text);
        else {
          beginTurn(next.input);
          code = await turn(next.input.text, next.input.uuid);
        }
      }
    } else {
      if (initial !== undefined) {
        // A SessionStart hook's prompt before a `/clear` is a turn of the session left.
        if (clearsFirst) emitInit();
        await results.report(await runtime.prompt(initial), initial, false);
      }
      // Reported before the session closes: SessionEnd hooks run after the result line, as claude's.
      code = await answer(prompt);
    }
    await suggestions?.settle();
  } catch (error) {
    // A malformed input line: the turns before it were answered, none after it runs.
    if (!(streamInput && error instanceof CliError)) throw error;
    stderr(`codebot: ${error.message}`);
    code = error.exitCode;
  } finally {
    // Input that ended before its first turn: the start's events still go out.
    early.release((event) => eventLines.write(event));
    // A run that ended on an error: the answers held so far are out all the same.
    held?.release((write) => output.write(write));
    // A run that ended on an error wants no suggestion (one that ended well has waited for it).
    suggestions?.cancel();
    await closeWithNotice(runtime, "other", notice);
    removeSignalHandlers();
  }
  await output.drained();
  return code;
}
