import path from "node:path";
import { agentLines } from "../../agents/agent-lines.js";
import { visible } from "../../approval/visible-text.js";
import { memoryLines } from "../../instructions/memory-lines.js";
import { promptCommandName } from "../../mcp/prompt-command-name.js";
import type { Runtime } from "../../session/runtime.js";
import { renameSession } from "../../transcript/rename-session.js";
import { listSessions } from "../../transcript/session-files.js";
import { errorMessage } from "../cli-error.js";
import { loadInventory } from "../hooks/hook-inventory.js";
import { withScopedHooks } from "../hooks/scoped-inventory.js";
import { serverLines } from "../mcp/mcp-lines.js";
import { contextLines } from "../output/context-lines.js";
import { contextUsage } from "../output/context-usage.js";
import { costLines } from "../output/cost-lines.js";
import { historyRecap } from "../output/history-recap.js";
import { usageOf } from "../output/usage-lines.js";
import { addDirCommand } from "./add-dir-command.js";
import { effortCommand } from "./effort-command.js";
import { builtinCommandNames, helpLines } from "./help-lines.js";
import { hooksCommandLines } from "./hooks-command.js";
import { modelCommand } from "./model-command.js";
import { permissionsLines } from "./permissions-command.js";
import { permissionsEdit } from "./permissions-edit.js";
import { reloadPluginsCommand } from "./reload-plugins-command.js";
import { rewindCommand } from "./rewind-command.js";
import { SessionPicker } from "./session-picker.js";
import { previewSession } from "./session-preview.js";
import { sessionRows } from "./session-rows.js";
import type { SlashContext } from "./slash-context.js";
import { statusLines } from "./status-command.js";
import { tasksCommand } from "./tasks-command.js";

/**
 * Runs one `/command`; "exit" asks the session to end, "prompt" hands the line to the session as
 * a prompt (a skill or slash command of the session, expanded there).
 */
export async function slashCommand(text: string, ctx: SlashContext): Promise<"exit" | "prompt" | undefined> {
  const [name = "", ...rest] = text.slice(1).trim().split(/\s+/);
  const arg = rest.join(" ");
  const s = ctx.styles;
  switch (name) {
    case "exit":
    case "quit":
      return "exit";
    case "help":
      for (const line of helpLines(ctx.columns())) ctx.print(line);
      return undefined;
    case "hooks":
      try {
        // The plugins as the session runs them: an edited hooks.json counts only after /reload-plugins.
        const inventory = await withScopedHooks(
          loadInventory(ctx.flags.project, {}, ctx.runtime.loadedPlugins),
        );
        for (const line of hooksCommandLines(arg, inventory, ctx.flags, s, ctx.rows())) ctx.print(line);
      } catch (error) {
        ctx.print(s.red(errorMessage(error)));
      }
      return undefined;
    case "mcp":
      for (const line of serverLines(ctx.runtime.mcpServers(), ctx.runtime.cwd, s)) ctx.print(line);
      return undefined;
    case "agents":
      for (const line of agentLines(ctx.runtime.agents.all, ctx.runtime.agents.main)) ctx.print(line);
      return undefined;
    case "memory":
      for (const line of memoryLines(ctx.runtime.instructions)) ctx.print(line);
      return undefined;
    case "model":
      await modelCommand(arg, ctx);
      return undefined;
    case "effort":
      await effortCommand(arg, ctx);
      return undefined;
    case "add-dir":
      await addDirCommand(arg, ctx);
      return undefined;
    case "context":
      for (const line of contextLines(contextUsage(ctx.runtime.context(), ctx.model.spec)))
        ctx.printFitted(line);
      return undefined;
    case "permissions":
      if (arg !== "") await permissionsEdit(arg, ctx);
      else for (const line of permissionsLines(ctx.runtime, s)) ctx.print(line);
      return undefined;
    case "status":
      for (const line of statusLines(ctx.runtime)) ctx.print(line);
      return undefined;
    case "cost":
      for (const line of costLines(
        usageOf(ctx.runtime),
        ctx.runtime.durations(),
        ctx.runtime.codeChanges(),
        s,
      ))
        ctx.print(line);
      return undefined;
    case "compact":
    case "clear":
      await conversationCommand(name, arg, ctx);
      return undefined;
    case "resume":
      await resumeCommand(arg, ctx);
      return undefined;
    case "rewind":
      await rewindCommand(ctx);
      return undefined;
    case "skills":
      for (const line of skillLines(ctx.runtime)) ctx.print(line);
      return undefined;
    case "tasks":
      tasksCommand(arg, ctx);
      return undefined;
    case "reload-plugins":
      await reloadPluginsCommand(ctx);
      return undefined;
    default:
      if (ctx.runtime.skills.all.get(name)?.userInvocable) return "prompt";
      // An MCP server's prompt (/mcp__<server>__<prompt>): the session expands it. Typed at once,
      // it waits for the servers still starting, as the first prompt does.
      if (name.startsWith("mcp__")) await ctx.runtime.mcpReady();
      if (
        ctx.runtime
          .mcpServers()
          .some((row) => row.prompts?.some((p) => promptCommandName(row.name, p) === name))
      )
        return "prompt";
      ctx.print(s.red(`unknown command /${name} (/help lists them)`));
      return undefined;
  }
}

/** `/compact [focus]` and `/clear` (session.ts and compaction.ts do the work). */
async function conversationCommand(name: "compact" | "clear", arg: string, ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  try {
    if (name === "clear") {
      ctx.runtime.clear();
      ctx.print(s.green(`conversation cleared: new session ${ctx.runtime.sessionId}`));
      return;
    }
    ctx.print(s.dim("compacting the conversation…"));
    // The runtime says how it went (compacted, blocked, failed, interrupted) as a notice.
    await ctx.working("compacting", () => ctx.runtime.compact(arg || undefined));
  } catch (error) {
    ctx.print(s.red(errorMessage(error)));
  }
}

/**
 * `/resume` on a terminal opens a picker of the project's other sessions (session-picker.ts);
 * elsewhere (a pipe) it lists them, numbered, newest first. `/resume <id|n>` goes on with one.
 */
async function resumeCommand(arg: string, ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  const sessions = listSessions(path.dirname(ctx.runtime.transcriptPath)).filter(
    (session) => session.id !== ctx.runtime.sessionId,
  );
  if (arg === "" && ctx.choose && sessions.length > 0) {
    const chosen = await ctx.choose(
      new SessionPicker(sessions, s, ctx.columns, ctx.rows, {
        rename: renameSession,
        preview: previewSession(s, ctx.screenReader === true),
      }),
    );
    if (chosen !== undefined) await resumeSession(chosen.id, ctx);
    return;
  }
  if (arg === "") {
    if (sessions.length === 0) ctx.print("no other session of this project");
    for (const row of sessionRows(sessions, ctx.columns())) ctx.print(row);
    if (sessions.length > 0) ctx.print(s.dim("/resume <n> or /resume <session id> goes on with one of them"));
    return;
  }
  const n = Number(arg);
  const id = Number.isInteger(n) && n >= 1 && n <= sessions.length ? (sessions[n - 1]?.id ?? arg) : arg;
  await resumeSession(id, ctx);
}

/** Goes on with session `id`: its recap, then a line that says so (or the error, when it cannot). */
async function resumeSession(id: string, ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  try {
    ctx.runtime.resume(id);
    for (const line of historyRecap(
      ctx.runtime.resumedConversation,
      s,
      await ctx.answerFormat,
      ctx.columns(),
      ctx.screenReader,
    ))
      ctx.printFitted(line);
    ctx.print(s.green(`resumed session ${id} (${ctx.runtime.messages.length} messages)`));
  } catch (error) {
    ctx.print(s.red(errorMessage(error)));
  }
}

/**
 * `/skills`: each skill and command the user may run, with its argument hint and where it is from.
 * A repository's file names and front-matter may hold escape sequences (an OSC 52 clipboard
 * write): they are written out, as on the consent screens.
 */
function skillLines(runtime: Runtime): string[] {
  const skills = [...runtime.skills.all.values()].filter((skill) => skill.userInvocable);
  if (skills.length === 0) return ["no skills or slash commands (.claude/skills, .claude/commands, …)"];
  return skills.map((skill) =>
    visible(
      `/${skill.name}${skill.argumentHint ? ` ${skill.argumentHint}` : ""}  ${skill.description}  (${skill.kind}, ${skill.source})`,
    ),
  );
}

/**
 * The `/names` of the commands (from the help) and of the session's skills, for Tab completion.
 * readline prints the candidates raw: a skill whose name holds a control character (a
 * repository's folder named with an escape sequence) is left out — it cannot be typed anyway.
 */
export function slashCommandNames(skills: readonly string[] = []): string[] {
  const typable = skills.filter((name) => visible(name) === name);
  return [...builtinCommandNames(), ...typable.map((name) => `/${name}`)];
}

/** Tab after `/`: the slash commands (and the session's skills) that start with what was typed. */
export function completeSlashCommand(line: string, skillNames: readonly string[]): [string[], string] {
  if (!line.startsWith("/") || line.includes(" ")) return [[], line];
  return [slashCommandNames(skillNames).filter((name) => name.startsWith(line)), line];
}
