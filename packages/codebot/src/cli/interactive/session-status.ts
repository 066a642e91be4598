import type readline from "node:readline";
import type { Runtime } from "../../session/runtime.js";
import { titledStatus } from "../output/session-title.js";
import type { Styles } from "../output/styles.js";
import { statusText, usageOf } from "../output/usage-lines.js";
import { codebotVersion } from "../version.js";
import { backgroundStatusText } from "./background-tasks-lines.js";
import { statusLineOf } from "./status-line-command.js";
import { statusLinePayload } from "./status-line-payload.js";
import { StatusUnderPrompt } from "./status-under-prompt.js";

/** The interactive session's status: codebot's own line, or what the user's statusLine command prints. */
export interface SessionStatus {
  /** The status drawn under the prompt (never in screen-reader mode). */
  readonly underPrompt: StatusUnderPrompt;
  /** The status's lines, styled: the statusLine command's last answer, else codebot's own. */
  lines(): string[];
  /** Runs the user's statusLine command again, and shows its answer if the prompt is still waiting. */
  refresh(): void;
  /** The session is closing: no more ticks, and a statusLine run still going is killed. */
  stop(): void;
}

export function sessionStatus(
  rt: Runtime,
  rl: readline.Interface,
  s: Styles,
  options: {
    /** A terminal at both ends. */
    terminal: boolean;
    screenReader: boolean;
    /** `disableAllHooks`: the statusLine command is off too. */
    hooksDisabled: boolean;
    notice(message: string): void;
    /** The prompt waits for the user, no run, question or quitting in the way: the status may be drawn. */
    promptFree(): boolean;
    /** The row of a Ctrl+R search going on, shown in the status's place. */
    searchRow?(): string | undefined;
  },
): SessionStatus {
  const statusLine = statusLineOf(rt, options.terminal, options.hooksDisabled, options.notice);
  // The background sub-agents going are counted at its end (claude lists them under its prompt).
  const own = () =>
    statusLine?.latest ?? [
      s.dim(titledStatus(rt.title, statusText(usageOf(rt)) + backgroundStatusText(rt.backgroundGoing()))),
    ];
  const lines = () => {
    const search = options.searchRow?.();
    return search !== undefined ? [search] : own();
  };
  // In screen-reader mode the status is not under the prompt, drawn again after every key (a
  // screen reader would read it out each time): it is printed once above each prompt, as claude's.
  const underPrompt = new StatusUnderPrompt(
    options.terminal && !options.screenReader,
    process.stdout,
    rl,
    () => rl.getPrompt(),
    lines,
  );
  const refresh = () =>
    void statusLine?.refresh(statusLinePayload(rt, codebotVersion())).then(() => {
      if (options.promptFree()) underPrompt.draw();
    });
  // `refreshInterval`: a clock or a CI badge changes without the session doing anything. A run
  // still going is left to finish (cancelling it each tick, a slow command would never show).
  const ticks =
    statusLine?.refreshIntervalMs === undefined
      ? undefined
      : setInterval(() => {
          if (options.promptFree() && !statusLine.busy) refresh();
        }, statusLine.refreshIntervalMs);
  ticks?.unref();
  return {
    underPrompt,
    lines,
    refresh,
    stop: () => {
      clearInterval(ticks);
      statusLine?.cancel();
    },
  };
}
