import type { GoingTask } from "../../agents/background-agents.js";
import { visible } from "../../approval/visible-text.js";
import type { Styles } from "../output/styles.js";

/**
 * `/tasks`: the background sub-agents going, one numbered row each — description, agent type, time
 * since it started — as claude 2.1.328's `/tasks` shows a run (recorded: `helper`, `general-purpose
 * · 4s · …`). claude's is a panel to browse them in, `x` stopping one; codebot's is this list, the
 * number for `/tasks stop <n>` (tasks-command.ts), and Ctrl+C at the prompt stops them all.
 */
export function backgroundTaskLines(going: readonly GoingTask[], now: number, s: Styles): string[] {
  if (going.length === 0) return ["no background agents running"];
  return [
    `${agentsText(going.length)} running ${s.dim("(/tasks stop <n|name> stops one, Ctrl+C at the prompt all)")}`,
    ...going.map((task, i) => `  ${s.bold(String(i + 1))} ${backgroundTaskRow(task, now, s)}`),
  ];
}

/** One run: `helper · general-purpose · 12s`. */
export function backgroundTaskRow(task: GoingTask, now: number, s: Styles): string {
  return `${visible(task.description || task.agentType)} ${s.dim(`· ${visible(task.agentType)} · ${secondsText(now - task.startedAt)}`)}`;
}

/** What the status under the prompt adds while background sub-agents go: ` · 1 background agent`. */
export function backgroundStatusText(going: number): string {
  return going === 0 ? "" : ` · ${agentsText(going)}`;
}

/**
 * A turn ended with background sub-agents going: its last line says so, as claude 2.1.328 ends such
 * a turn (recorded: `✻ Waiting for 1 background agent to finish`). Undefined when none goes.
 */
export function backgroundWaitingText(going: number): string | undefined {
  return going === 0 ? undefined : `waiting for ${agentsText(going)} to finish`;
}

const agentsText = (n: number) => `${n} background agent${n === 1 ? "" : "s"}`;

function secondsText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
