import type { ToolCall } from "@codebot/agentcore";
import type { EndedTask, EndStatus, GoingTask } from "../../agents/background-agents.js";
import { visible } from "../../approval/visible-text.js";
import { cutToColumns } from "../output/columns.js";
import type { Styles } from "../output/styles.js";
import { callSummary } from "../output/tool-summary.js";

/**
 * `/tasks`: the background sub-agents and shells, as claude 2.1.328's `/tasks` panel shows them (recorded):
 * each run going, numbered — its description, type, status, time running, tokens and tool calls
 * (claude's `general-purpose · 7s · 15 tokens · 2 tools`) and, under it, its last tool call (what
 * it is doing now, claude's `›` row) — then the runs that have ended (claude's "Earlier in this
 * session": `helper   stopped · general-purpose · started 18s ago · last active 5s ago`).
 * claude's is a panel to browse them in, `x` stopping one; codebot's is this list, the number
 * for `/tasks <n>` and `/tasks stop <n>` (tasks-command.ts), and Ctrl+C at the prompt stops them all.
 * Rows are cut to the terminal's width (`columns`), a run's call to one line.
 */
export function backgroundTaskLines(
  going: readonly GoingTask[],
  ended: readonly EndedTask[],
  now: number,
  s: Styles,
  columns = 80,
): string[] {
  const lines =
    going.length === 0
      ? ["no background agents running"]
      : [
          `${countTexts(going).join(" and ")} running ${s.dim(`(/tasks <n> shows one, /tasks stop <n|name> stops it${ctrlCHint(going)})`)}`,
          ...going.flatMap((task, i) => {
            const last = task.progress.calls.at(-1);
            const row = `  ${s.bold(String(i + 1))} ${backgroundTaskRow(task, now, s)}`;
            return last === undefined ? [row] : [row, s.dim(callLine("    › ", last, columns))];
          }),
        ];
  // claude's "Earlier in this session" lists the agents that ended, not the shells (recorded: 0 after a shell failed).
  const endedAgents = ended.filter(isAgent);
  if (endedAgents.length === 0) return lines;
  const shown = endedAgents.slice(-EARLIER_SHOWN);
  const hidden = endedAgents.length - shown.length;
  return [
    ...lines,
    s.dim(
      `earlier in this session${hidden > 0 ? ` (the last ${shown.length} of ${endedAgents.length})` : ""}:`,
    ),
    ...shown.map(
      (task) =>
        `  ${nameOf(task)} ${s.dim(`· ${visible(task.agentType)} · ${statusWord(task.status)} · started ${agoText(now - task.startedAt)} · last active ${agoText(now - task.progress.lastActiveAt)}`)}`,
    ),
  ];
}

/** The most of a shell's command its `/tasks` row shows (claude's row cut one at about 50). */
const SHELL_COMMAND_COLUMNS = 50;

/** How many ended runs `/tasks` lists, the last ones: a long session's would fill the screen. */
const EARLIER_SHOWN = 10;

/**
 * One run going: `helper · general-purpose · running · 12s · 15 tokens · 2 tools`; a shell as
 * claude's panel lists one (recorded: its command, `running`): `sleep 30 · shell · running · 12s`.
 */
export function backgroundTaskRow(task: GoingTask, now: number, s: Styles): string {
  if (task.command !== undefined) {
    // Its command's first line, cut as claude's row cuts it, so the row keeps to one line.
    const [first = "", ...more] = task.command.split("\n");
    const command = cutToColumns(`${visible(first)}${more.length > 0 ? " …" : ""}`, SHELL_COMMAND_COLUMNS);
    return `${command} ${s.dim(`· shell · running · ${secondsText(now - task.startedAt)}`)}`;
  }
  const { tokens, calls } = task.progress;
  const counts = `${tokens} token${tokens === 1 ? "" : "s"} · ${calls.length} tool${calls.length === 1 ? "" : "s"}`;
  return `${nameOf(task)} ${s.dim(`· ${visible(task.agentType)} · running · ${secondsText(now - task.startedAt)} · ${counts}`)}`;
}

/**
 * `/tasks <n>`: one run going, as claude's panel shows the run chosen — its row, its last tool
 * calls (`progress:`, the last marked `›`: going on; `… 3 earlier calls` above them when there were
 * more), its prompt (a shell's command, then its last output lines) — and how to stop it.
 */
export function backgroundTaskDetail(
  task: GoingTask,
  n: number,
  now: number,
  s: Styles,
  columns = 80,
): string[] {
  const { calls } = task.progress;
  return [
    backgroundTaskRow(task, now, s),
    ...(calls.length === 0
      ? []
      : [
          s.dim("progress:"),
          ...(calls.length > CALLS_SHOWN
            ? [s.dim(`  … ${earlierCallsText(calls.length - CALLS_SHOWN)}`)]
            : []),
          ...calls
            .slice(-CALLS_SHOWN)
            .map((call, i, shown) => callLine(i === shown.length - 1 ? "› " : "  ", call, columns)),
        ]),
    // A shell's "prompt" is its command (claude's panel: `Command:`).
    s.dim(isAgent(task) ? "prompt:" : "command:"),
    ...task.prompt.split("\n").map((line) => `  ${visible(line)}`),
    ...(isAgent(task) ? [] : outputLines(task, s, columns)),
    s.dim(`/tasks stop ${n} stops it`),
  ];
}

/**
 * How many of a shell's last output lines `/tasks <n>` shows: claude 2.1.328's panel shows 10
 * (recorded: `Output`, a box of the last 10 lines, `Showing 10 lines`).
 */
const OUTPUT_LINES_SHOWN = 10;

/**
 * A shell's last output lines, each cut to one row of the terminal; its output is the command's,
 * written out. One line more is asked for, to say "the last 10" only when there were more.
 */
function outputLines(task: GoingTask, s: Styles, columns: number): string[] {
  const asked = task.lastOutput?.(OUTPUT_LINES_SHOWN + 1) ?? [];
  if (asked.length === 0) return [s.dim("output: none yet")];
  const lines = asked.slice(-OUTPUT_LINES_SHOWN);
  return [
    s.dim(asked.length > OUTPUT_LINES_SHOWN ? `output (the last ${OUTPUT_LINES_SHOWN} lines):` : "output:"),
    ...lines.map((line) => cutToColumns(`  ${visible(line)}`, Math.max(columns, 20))),
  ];
}

/**
 * How many of a run's tool calls `/tasks <n>` lists, the last ones: claude 2.1.328's panel keeps a
 * run's last 5 (its `recentActivities`, read from its binary); a long run's would fill the screen.
 */
const CALLS_SHOWN = 5;

const earlierCallsText = (n: number) => `${n} earlier call${n === 1 ? "" : "s"}`;

/**
 * What the status under the prompt adds while background sub-agents and shells go, in claude
 * 2.1.328's words (recorded): ` · 1 background agent`, ` · 2 shells` (claude's `· 2 shells · ↓ to
 * manage`); both when both go (not recorded).
 */
export function backgroundStatusText(going: readonly GoingTask[]): string {
  return countTexts(going)
    .map((part) => ` · ${part}`)
    .join("");
}

/**
 * A turn ended with background sub-agents or shells going: its last line says so, as claude 2.1.328
 * ends such a turn (recorded: `✻ Waiting for 1 background agent to finish`, for shells only `… · 1
 * shell still running`, and with both the agents' line alone). Undefined when none goes.
 */
export function backgroundWaitingText(going: readonly GoingTask[]): string | undefined {
  const { agents, shells } = countsOf(going);
  if (agents > 0) return `waiting for ${agentsText(agents)} to finish`;
  return shells > 0 ? `${shellsText(shells)} still running` : undefined;
}

/** `stopping 1 background agent and 2 shells`: what leaving the session stops. */
export function backgroundStoppingText(going: readonly GoingTask[]): string | undefined {
  const parts = countTexts(going);
  return parts.length === 0 ? undefined : `stopping ${parts.join(" and ")}`;
}

/** `1 background agent`, `2 shells`: the counts of what goes, the ones not zero. */
function countTexts(going: readonly GoingTask[]): string[] {
  const { agents, shells } = countsOf(going);
  return [agents > 0 ? agentsText(agents) : "", shells > 0 ? shellsText(shells) : ""].filter(
    (part) => part !== "",
  );
}

/** Ctrl+C at the prompt stops the background agents, not the shells. */
function ctrlCHint(going: readonly GoingTask[]): string {
  if (!going.some(isAgent)) return "";
  return going.every(isAgent) ? ", Ctrl+C at the prompt all" : ", Ctrl+C at the prompt the agents";
}

/** A background shell is a task with a command (bash's `run_in_background`); the rest are sub-agents. */
const isAgent = (task: { command?: string }) => task.command === undefined;

function countsOf(going: readonly GoingTask[]): { agents: number; shells: number } {
  const agents = going.filter(isAgent).length;
  return { agents, shells: going.length - agents };
}

const agentsText = (n: number) => `${n} background agent${n === 1 ? "" : "s"}`;
const shellsText = (n: number) => `${n} shell${n === 1 ? "" : "s"}`;

const nameOf = (task: GoingTask) => visible(task.description || task.agentType);

/** claude's words for how a run ended (a killed run is `stopped`). */
const statusWord = (status: EndStatus) => (status === "killed" ? "stopped" : status);

/**
 * A tool call on one line of the terminal: `bash sleep 30`, its first line only, cut to `columns`.
 * Its name is the sub-agent's model's text (an unknown tool's call is listed too): written out.
 */
function callLine(lead: string, call: ToolCall, columns: number): string {
  const [first = "", ...more] = callSummary(call).split("\n");
  const text = `${lead}${visible(call.name)} ${first}${more.length > 0 ? " …" : ""}`.trimEnd();
  return cutToColumns(text, Math.max(columns, 20));
}

function secondsText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

const agoText = (ms: number) => `${secondsText(ms)} ago`;
