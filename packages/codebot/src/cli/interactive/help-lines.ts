import { wrapWords } from "../output/word-wrap.js";

/** The built-in commands with what each does. */
const COMMANDS: readonly [string, string][] = [
  [
    "/hooks [event|all]",
    "the hooks of this session (a count per event when they would not fit the terminal)",
  ],
  ["/mcp", "the MCP servers of this session: state, tools, where each came from"],
  [
    "/agents",
    "the custom agents of this session: where each came from, its model, the one the session runs as",
  ],
  ["/memory", "the instruction files (AGENTS.md, CLAUDE.md, …) given to the model, and from where"],
  [
    "/model [id]",
    "show or switch the model (provider/id, sonnet/opus/haiku, default; a bare id keeps the provider), saved for new sessions",
  ],
  ["/effort [level]", "show or set the effort of the next model requests (low … max, auto) for this session"],
  ["/add-dir <folder>", "let the file tools reach one more folder for this session (DirectoryAdded runs)"],
  ["/context", "the context in use: a grid of the model's window, the tokens in use and what is free"],
  [
    "/permissions",
    "the allow, ask and deny rules in force and the file each came from; /permissions add or remove changes them",
  ],
  ["/status", "this session: version, session id and name, folder, model, permission mode, settings files"],
  ["/cost", "the session's tokens (by kind), model steps and cost"],
  ["/compact [focus]", "summarise the conversation now, with what to focus on"],
  ["/clear", "start a new session with a fresh conversation (SessionEnd clear, SessionStart clear)"],
  [
    "/resume [id|n]",
    "pick one of this project's sessions to go on with (↑/↓, type to filter, Space previews, Ctrl+R renames), or go on with that one",
  ],
  [
    "/rewind",
    "go back to before an earlier prompt: the conversation, the files codebot's file tools changed, or both (also Esc Esc)",
  ],
  ["/skills", "the skills and slash commands of this session (run one with /name args)"],
  [
    "/reload-plugins",
    "read the plugins again: those switched on, off, installed or changed since the start bring or take their hooks, skills, commands, agents and MCP servers",
  ],
  [
    "/tasks",
    "the background sub-agents: each one going (status, time, tokens, tool calls, its call going on), then those that ended; /tasks <n|name> shows one, its calls and prompt, /tasks stop <n|name> stops one",
  ],
  ["/exit", "end the session (SessionEnd runs, async hooks are waited for)"],
  ["/help", "this list"],
];

const NAME_WIDTH = Math.max(...COMMANDS.map(([name]) => name.length)) + 2;
/** Narrower than this for the descriptions, and each goes under its command instead of beside it. */
const MIN_TEXT_WIDTH = 30;

/**
 * `/help`: each command with what it does, the descriptions in one column and wrapped between
 * words to the terminal's width; on a narrow terminal each description goes under its command.
 */
export function helpLines(columns: number | undefined): string[] {
  const lines: string[] = [];
  for (const [name, text] of COMMANDS) {
    if (columns === undefined) lines.push(`${name.padEnd(NAME_WIDTH)}${text}`);
    else if (columns - NAME_WIDTH >= MIN_TEXT_WIDTH) {
      const [first = "", ...rest] = wrapWords(text, columns - NAME_WIDTH - 1);
      lines.push(`${name.padEnd(NAME_WIDTH)}${first}`, ...rest.map((row) => " ".repeat(NAME_WIDTH) + row));
    } else lines.push(name, ...wrapWords(text, columns - 5).map((row) => `    ${row}`));
  }
  return lines;
}

/** The `/names` of the built-in commands, for Tab completion. */
export function builtinCommandNames(): string[] {
  return COMMANDS.map(([name]) => name.split(" ")[0] ?? name);
}
