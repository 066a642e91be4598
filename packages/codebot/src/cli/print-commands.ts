/**
 * The built-in commands `-p` runs itself when the prompt (or a stream-json message) is one of them,
 * as claude 2.1.328's `-p` does (recorded): no UserPromptSubmit, no model call, a `success` result
 * with `local_command` (the name as typed) and the command's output as `result`. Any other prompt,
 * an unknown `/name` included, goes to the session.
 */
import { type PromptResult, resultWithoutSteps } from "../session/prompt-result.js";
import type { Runtime } from "../session/runtime.js";
import { compactAsPrompt } from "./compact-prompt.js";
import { contextMarkdown } from "./output/context-markdown.js";
import { contextUsage } from "./output/context-usage.js";
import { costLines } from "./output/cost-lines.js";
import { stylesFor } from "./output/styles.js";
import { usageOf } from "./output/usage-lines.js";

/** A built-in command as the Agent SDK's `initialize` lists it (claude 2.1.328's shape and words, recorded). */
export type BuiltinCommand = {
  name: string;
  description: string;
  argumentHint: string;
  aliases?: string[];
  builtin: true;
};

/** The built-in commands `-p` runs, under the names claude lists them (`cost` is `usage`'s alias there). */
export const BUILTIN_COMMANDS: readonly BuiltinCommand[] = [
  {
    name: "clear",
    description:
      "Start a new session with empty context; previous session stays on disk (resumable with /resume)",
    argumentHint: "",
    aliases: ["reset", "new"],
    builtin: true,
  },
  {
    name: "compact",
    description: "Free up context by summarizing the conversation so far",
    argumentHint: "<optional custom summarization instructions>",
    builtin: true,
  },
  { name: "context", description: "Show current context usage", argumentHint: "", builtin: true },
  {
    name: "usage",
    description: "Show the session's cost and token usage",
    argumentHint: "",
    aliases: ["cost"],
    builtin: true,
  },
];

/** Their names, as the stream-json init line lists them after the session's. */
export const PRINT_COMMANDS: readonly string[] = BUILTIN_COMMANDS.map((command) => command.name);

/** Each name a prompt may use, and the command it runs. */
const COMMAND_OF: ReadonlyMap<string, string> = new Map(
  BUILTIN_COMMANDS.flatMap((command) =>
    [command.name, ...(command.aliases ?? [])].map((name) => [name, command.name] as const),
  ),
);

/**
 * Commands of the interactive session that claude 2.1.328's `-p` refuses, in the words
 * runPrintCommand gives (recorded: `/permissions`, `/permissions add allow Bash(ls)`, `/status`,
 * `/hooks`, `/help`, `/exit`, `/memory`, `/resume`, `/tasks`; no UserPromptSubmit, no model call):
 * sent to the model, `/permissions add …` would be a prompt that asks it to edit your settings.
 */
const INTERACTIVE_ONLY: ReadonlySet<string> = new Set([
  "permissions",
  "status",
  "hooks",
  "help",
  "exit",
  "memory",
  "resume",
  "tasks",
]);

export interface PrintCommand {
  /** The command run (`clear`, `compact`, `context`, `usage`; one of INTERACTIVE_ONLY: refused). */
  command: string;
  /** The name as typed (`cost`, `reset`, …): the result's `local_command`, as claude's. */
  typed: string;
  /** What follows the name (`/compact`'s focus). */
  args: string;
}

/** The built-in command a prompt runs, or undefined when it is a prompt for the session. */
export function printCommandOf(prompt: string): PrintCommand | undefined {
  const match = /^\/([a-z-]+)(?:\s+([\s\S]*))?$/.exec(prompt.trim());
  const typed = match?.[1];
  const command =
    typed === undefined
      ? undefined
      : (COMMAND_OF.get(typed) ?? (INTERACTIVE_ONLY.has(typed) ? typed : undefined));
  if (typed === undefined || command === undefined) return undefined;
  return { command, typed, args: (match?.[2] ?? "").trim() };
}

export type PrintRuntime = Pick<
  Runtime,
  | "compact"
  | "usage"
  | "durations"
  | "codeChanges"
  | "clear"
  | "context"
  | "modelSpec"
  | "project"
  | "sessionId"
  | "recordCommand"
>;

/**
 * Runs a built-in command as a prompt. With slash commands disabled, or one of the interactive
 * session's, it is refused in claude 2.1.328's words (recorded): they are the result, nothing runs.
 */
export async function runPrintCommand(
  runtime: PrintRuntime,
  { command, typed, args }: PrintCommand,
  disabled = false,
): Promise<PromptResult> {
  if (disabled || INTERACTIVE_ONLY.has(command))
    return resultWithoutSteps("completed", `/${typed} isn't available in this environment.`);
  if (command === "compact") return { ...(await compactAsPrompt(runtime, args)), localCommand: typed };
  const output = localOutput(runtime, command);
  // As claude 2.1.328's `-p` (recorded): `/usage` and `/context` are recorded with their output
  // (under the command's name: `/cost` is `usage`), so `-c` goes on with a session that has only
  // them; `/clear` records itself in the new session (Session.clear).
  if (command !== "clear") runtime.recordCommand(command, output);
  return { ...resultWithoutSteps("completed", output), localCommand: typed };
}

/** What `/clear`, `/context` and `/usage` print. */
function localOutput(runtime: PrintRuntime, command: string): string {
  switch (command) {
    case "clear":
      // SessionEnd `clear`, then a new session (new id and transcript) with SessionStart `clear`.
      runtime.clear();
      return "";
    case "context":
      return contextMarkdown(contextUsage(runtime.context(), runtime.modelSpec));
    default:
      return costLines(
        usageOf(runtime),
        runtime.durations(),
        runtime.codeChanges(),
        stylesFor({ isTTY: false }),
      ).join("\n");
  }
}
