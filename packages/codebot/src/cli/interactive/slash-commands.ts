import type { Runtime } from "../../session/runtime.js";
import { errorMessage } from "../cli-error.js";
import { loadInventory } from "../hooks/hook-inventory.js";
import { hookListLines } from "../hooks/hooks-list.js";
import { serverLines } from "../mcp/mcp-lines.js";
import type { Styles } from "../output/styles.js";
import type { SessionFlags } from "../session-flags.js";

export interface SlashContext {
  runtime: Runtime;
  /** The `provider/id` the session's model was made from; `/model` updates it. */
  model: { spec: string };
  flags: SessionFlags;
  styles: Styles;
  print(line: string): void;
}

const HELP = [
  "/hooks          the hooks configured for this session, where they come from, their trust",
  "/mcp            the MCP servers of this session: state, tools, where each came from",
  "/model [id]     show or switch the model (provider/id; a bare id keeps the provider)",
  "/exit           end the session (SessionEnd runs, async hooks are waited for)",
  "/help           this list",
];

/** Runs one `/command`; "exit" asks the session to end. */
export async function slashCommand(text: string, ctx: SlashContext): Promise<"exit" | undefined> {
  const [name = "", ...rest] = text.slice(1).trim().split(/\s+/);
  const arg = rest.join(" ");
  const s = ctx.styles;
  switch (name) {
    case "exit":
    case "quit":
      return "exit";
    case "help":
      for (const line of HELP) ctx.print(line);
      return undefined;
    case "hooks":
      try {
        for (const line of hookListLines(loadInventory(ctx.flags.project), s)) ctx.print(line);
      } catch (error) {
        ctx.print(s.red(errorMessage(error)));
      }
      return undefined;
    case "mcp":
      for (const line of serverLines(ctx.runtime.mcpServers(), ctx.runtime.cwd, s)) ctx.print(line);
      return undefined;
    case "model":
      await switchModel(arg, ctx);
      return undefined;
    default:
      ctx.print(s.red(`unknown command /${name} (/help lists them)`));
      return undefined;
  }
}

async function switchModel(arg: string, ctx: SlashContext): Promise<void> {
  if (arg === "") {
    ctx.print(`model: ${ctx.model.spec}`);
    return;
  }
  const provider = ctx.model.spec.split("/")[0] ?? "";
  const spec = arg.includes("/") ? arg : `${provider}/${arg}`;
  try {
    await ctx.runtime.setModel(spec);
    ctx.model.spec = spec;
    ctx.print(ctx.styles.green(`model: ${spec} (from the next model call)`));
  } catch (error) {
    ctx.print(ctx.styles.red(errorMessage(error)));
  }
}

/** The `/names` of the commands (from the help), for Tab completion. */
export function slashCommandNames(): string[] {
  return HELP.map((line) => line.split(/\s+/)[0] ?? "").filter((name) => name.startsWith("/"));
}
