import type { CompiledHook } from "@codebot/hooks";
import type { Runtime } from "../../session/runtime.js";
import { errorMessage } from "../cli-error.js";
import { pluginHookChangeLines } from "./plugin-hook-changes.js";
import type { SlashContext } from "./slash-context.js";

/**
 * `/reload-plugins`: the plugin folders read again as the Agent SDK's `reload_plugins` reads them
 * (Runtime.reloadPlugins): plugins switched on, off, installed or changed since the start bring or
 * take their hooks, skills, commands and MCP servers. Then what the session has, in claude
 * 2.1.328's words (recorded in tmux): `Reloaded: 1 plugin · 2 skills · 6 agents · 1 hook · 1 plugin
 * MCP server · 0 plugin LSP servers`, and `1 error during load. …` when a plugin could not be read;
 * then each plugin hook the reload added or took away (pluginHookChangeLines).
 */
export async function reloadPluginsCommand(ctx: SlashContext): Promise<void> {
  try {
    const before = pluginHooks(ctx.runtime);
    const { plugins, errors } = await ctx.working("reloading plugins", () => ctx.runtime.reloadPlugins());
    ctx.print(reloadedLine(ctx.runtime, plugins.length));
    for (const line of pluginHookChangeLines(before, pluginHooks(ctx.runtime), ctx.styles)) ctx.print(line);
    // The problems themselves were said as notices (a folder gone, a manifest that does not parse).
    if (errors > 0) ctx.print(ctx.styles.red(`${count(errors, "error")} during load (said above)`));
  } catch (error) {
    ctx.print(ctx.styles.red(errorMessage(error)));
  }
}

/** claude's line, without its LSP servers (codebot has none): the counts after the reload. */
function reloadedLine(runtime: Runtime, plugins: number): string {
  const skills = [...runtime.skills.all.values()].filter((skill) => skill.source === "plugin").length;
  const hooks = pluginHooks(runtime).length;
  const servers = runtime.mcpServers().filter((row) => row.origin === "plugin").length;
  return `Reloaded: ${[
    count(plugins, "plugin"),
    count(skills, "skill"),
    count(runtime.agents.all.length, "agent"),
    count(hooks, "hook"),
    count(servers, "plugin MCP server"),
  ].join(" · ")}`;
}

/** The session's hooks from plugins. */
function pluginHooks(runtime: Runtime): CompiledHook[] {
  return runtime.hooks.hooks.filter((hook) => hook.plugin !== undefined);
}

/** `1 plugin`, `2 plugins`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
