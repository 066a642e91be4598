/**
 * `/tasks`: the background sub-agents going (background-tasks-lines.ts), and `/tasks stop <n|name>`
 * to stop one of them, as `x` in claude 2.1.328's `/tasks` panel does (recorded): its command's
 * process group is killed, its transcript ends with that call's result, SubagentStop fires for
 * native entries only (claude's fires none, and its groups get none), and its notification — `killed`, `Agent "helper" was stopped by user` — reaches the
 * model as claude's does: a turn of its own when the prompt waits.
 * A run is named by its number in the list, its description (its type without one) or its agent id.
 * `/tasks <n|name>` shows one run — its tool calls so far and its prompt — as claude's panel does
 * for the run chosen.
 */
import type { GoingTask } from "../../agents/background-agents.js";
import { visible } from "../../approval/visible-text.js";
import { backgroundTaskDetail, backgroundTaskLines } from "./background-tasks-lines.js";
import type { SlashContext } from "./slash-context.js";

export function tasksCommand(arg: string, ctx: SlashContext): void {
  const s = ctx.styles;
  const going = ctx.runtime.backgroundGoing();
  const columns = ctx.columns();
  if (arg === "") {
    const ended = ctx.runtime.backgroundEnded();
    for (const line of backgroundTaskLines(going, ended, Date.now(), s, columns)) ctx.print(line);
    return;
  }
  const [verb = "", ...rest] = arg.split(/\s+/);
  const stopping = verb === "stop" && rest.length > 0;
  const which = stopping ? rest.join(" ") : arg.split(/\s+/).join(" ");
  if (going.length === 0) return void ctx.print("no background agents running");
  const found = taskNamed(going, which);
  if (typeof found === "string") return void ctx.print(s.red(found));
  if (!stopping) {
    const n = going.indexOf(found) + 1;
    for (const line of backgroundTaskDetail(found, n, Date.now(), s, columns)) ctx.print(line);
    return;
  }
  const kind = found.command !== undefined ? "shell" : "background agent";
  if (!ctx.runtime.stopBackgroundTask(found.id))
    return void ctx.print(s.red(`${kind} ${visible(nameOf(found))} has already ended`));
  ctx.print(`${s.cyan("●")} stopping ${kind} ${visible(nameOf(found))}`);
}

const nameOf = (task: GoingTask) => task.description || task.agentType;

/** The run `which` names (its number in `/tasks`, its name, its agent id), or why none is chosen. */
function taskNamed(going: readonly GoingTask[], which: string): GoingTask | string {
  const n = Number(which);
  if (Number.isInteger(n) && String(n) === which) {
    const task = going[n - 1];
    return task ?? `no background agent ${n}: ${going.length} running (/tasks lists them)`;
  }
  const byId = going.find((task) => task.id === which);
  if (byId !== undefined) return byId;
  const named = going.filter((task) => nameOf(task) === which);
  if (named.length === 1 && named[0] !== undefined) return named[0];
  if (named.length > 1)
    return `${named.length} background agents are called ${visible(which)}: /tasks stop <n> (/tasks lists them)`;
  return `no background agent called ${visible(which)} (/tasks lists them)`;
}
