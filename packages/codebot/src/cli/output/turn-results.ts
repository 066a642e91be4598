import { randomUUID } from "node:crypto";
import { failureReason, type PromptResult, stoppedAsInterrupt } from "../../session/prompt-result.js";
import type { Runtime } from "../../session/runtime.js";
import type { ControlChannel } from "../control/control-channel.js";
import type { OutputFormat } from "../session-flags.js";
import { apiErrorLine } from "./api-error-line.js";
import type { HeldResults } from "./held-results.js";
import { jsonLine } from "./json-line.js";
import type { MessageDisplay, OrderedOutput } from "./message-display.js";
import { promptOutcomeLine } from "./prompt-outcome-line.js";
import { resultObject } from "./result-object.js";
import type { SessionStateLines } from "./session-state-lines.js";
import { terminalSafe } from "./terminal-safe.js";

/** What TurnResults writes to and with. */
export interface TurnResultsOutput {
  outputFormat: OutputFormat;
  /** The session the lines name (a `/clear` prompt starts another). */
  ids: { readonly sessionId: string };
  display: MessageDisplay;
  output: OrderedOutput;
  /** A prompt given as an argument: its results wait for the run's last turn (HeldResults). */
  held: HeldResults | undefined;
  control: ControlChannel | undefined;
  states: SessionStateLines | undefined;
  notice(message: string): void;
}

/**
 * `codebot -p`: each prompt's answer, as text, the result object, or stream-json's result line,
 * and its exit code; the durations and refused calls a result counts are its own turn's.
 */
export class TurnResults {
  /** The prompt being reported: a signal's exit waits for its lines (they may wait for hooks). */
  reported: Promise<unknown> = Promise.resolve();
  private answered = 0;
  // A result's durations count from the start of the process, or with stream-json input from
  // the start of its turn (claude 2.1.328's are per turn there); not a resumed session's earlier time.
  private turnStarted: number;
  private apiMsBefore: number;
  // A result line lists its own turn's refused calls, as claude's (not the earlier turns').
  private deniedBefore = 0;

  constructor(
    private readonly runtime: Runtime,
    private readonly out: TurnResultsOutput,
    started: number,
  ) {
    this.turnStarted = started;
    this.apiMsBefore = runtime.durations().apiMs;
  }

  /** A turn begins: its result counts from now. */
  startTurn(): void {
    this.turnStarted = performance.now();
    this.apiMsBefore = this.runtime.durations().apiMs;
    this.deniedBefore = this.runtime.approval.tools.denials.length;
  }

  /** `last`: the run's last result (json prints it only), or "held" till the run's last turn ends. */
  report(
    result: PromptResult,
    prompt: string,
    last: boolean | "held",
    fromNotification = false,
  ): Promise<number> {
    const reporting = this.reportNow(result, prompt, last, fromNotification);
    this.reported = reporting
      .then(() => (last === "held" ? this.out.held?.released : undefined))
      .catch(() => undefined);
    return reporting;
  }

  private async reportNow(
    result: PromptResult,
    prompt: string,
    ending: boolean | "held",
    fromNotification: boolean,
  ): Promise<number> {
    const { runtime } = this;
    const { outputFormat, ids, display, output, held, control, states, notice } = this.out;
    const streaming = outputFormat === "stream-json";
    const index = this.answered++;
    const code = exitCodeOf(result);
    // A prompt a UserPromptSubmit hook refused is reported as claude reports it, on stdout.
    const outcome = promptOutcomeLine(result, prompt);
    // A hook's stopReason or block reason may quote what a tool printed: no escape sequence gets through.
    if (result.status !== "completed" && outcome === undefined && result.reasonSaid !== true)
      notice(failureText(result));
    // Counted now: the answer waits for its MessageDisplay hooks, and is printed after their lines.
    const durationMs = Math.round(performance.now() - this.turnStarted);
    // `/clear` starts the session's count over (nothing asked of the model in that turn).
    const durationApiMs = Math.max(0, runtime.durations().apiMs - this.apiMsBefore);
    const denials = runtime.approval.tools.denials.slice(this.deniedBefore);
    await display.settled();
    const text = outcome ? String(outcome.content) : ((await display.answer(result)) ?? result.text);
    const write = (last: boolean, afterHeld = false) => {
      if (outputFormat === "text") {
        // On a terminal only colours stay (claude 2.1.328 drops the other control characters
        // there): the answer, or a MessageDisplay hook's text, sets no title nor clipboard. Piped, as
        // written; a refusing hook's reason, which may quote what a tool printed, never is.
        const shown = outcome ? terminalSafe(text) : process.stdout.isTTY ? terminalSafe(text, true) : text;
        // Answers held together come a blank line apart, as claude 2.1.328's (recorded).
        if (shown !== "")
          process.stdout.write(`${afterHeld ? "\n" : ""}${shown.endsWith("\n") ? shown : `${shown}\n`}`);
      } else if (last || outputFormat === "stream-json") {
        if (outcome && streaming)
          process.stdout.write(jsonLine({ ...outcome, session_id: ids.sessionId, uuid: randomUUID() }));
        const failure = streaming ? apiErrorLine(result, ids.sessionId) : undefined;
        if (failure !== undefined) process.stdout.write(jsonLine(failure));
        const object = resultObject({
          result: { ...result, text },
          sessionId: ids.sessionId,
          modelSpec: runtime.modelSpec,
          durationMs,
          durationApiMs,
          // The session's use as the line is written, as claude 2.1.328's total_cost_usd and
          // modelUsage count it (recorded): after -c or -r, what the session had used (its
          // cost-state line), and every model call since, sub-agents' included — a held line's
          // is the run's total, as claude's held lines all said.
          processUsage: runtime.usage.snapshot(),
          index,
          ...(fromNotification ? { notification: prompt } : {}),
          denials,
          isError: code !== 0,
          models: runtime.project.settings.models,
        });
        process.stdout.write(jsonLine(object));
        // As claude 2.1.328's: idle once nothing is left to do; a message waiting for its turn
        // keeps the session running into it (recorded after an interrupt with one queued).
        if (control?.hasQueuedMessage() !== true) states?.set("idle");
      }
    };
    if (ending === "held") held?.hold(write);
    else output.write(() => write(ending));
    return code;
  }
}

/**
 * 0 done, also when a hook said no (the prompt was blocked, or a hook ended the run), as claude
 * 2.1.328 exits; 1 anything else, a PermissionRequest hook's interrupt included (claude's too).
 */
export function exitCodeOf(result: PromptResult): number {
  if (stoppedAsInterrupt(result)) return 1;
  return result.status === "completed" || result.status === "blocked" || result.status === "stopped" ? 0 : 1;
}

function failureText(result: PromptResult): string {
  // The result object's `reason` is the same text (for a blocked prompt, the hook's reason alone).
  if (result.status === "blocked")
    return `prompt blocked by a ${result.blockedBy ?? "UserPromptSubmit"} hook: ${result.reason ?? ""}`;
  return failureReason(result) ?? `the run ended with status ${result.status}`;
}
