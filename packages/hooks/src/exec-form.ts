/**
 * Claude Code's exec form of a command hook (2.1.328: `"args": [...]`): `command` is a program,
 * started without a shell with exactly these arguments. The program is found as claude finds it
 * (checked): a name without `/` on PATH, else a path from the working directory (the project);
 * not found is a failed run ("executable not found"), never a shell fallback.
 */
import path from "node:path";
import { isExecutableFile } from "./executable-file.js";
import type { CommandSpec } from "./executor.js";

/**
 * The hook as one shell command line, for what reads a command (the project files it runs, its
 * label, running it once per firing): each word double-quoted, with `\`, `"`, `` ` `` and every `$`
 * but the `${CLAUDE_…}` folders escaped, so a word reads back as itself and a project path
 * written `${CLAUDE_PROJECT_DIR}/…` is still seen as one.
 */
export function commandLine(spec: Pick<CommandSpec, "command" | "args">): string {
  if (spec.args === undefined) return spec.command;
  return [spec.command, ...spec.args].map(doubleQuoted).join(" ");
}

const CLAUDE_FOLDER = /^\{CLAUDE_(?:PROJECT_DIR|PLUGIN_ROOT|PLUGIN_DATA)\}/;

function doubleQuoted(word: string): string {
  let out = "";
  for (let i = 0; i < word.length; i++) {
    const c = word[i] as string;
    if (c === "$") out += CLAUDE_FOLDER.test(word.slice(i + 1)) ? "$" : "\\$";
    else if (c === "\\" || c === '"' || c === "`") out += `\\${c}`;
    else out += c;
  }
  return `"${out}"`;
}

/**
 * The absolute path of the program `command` names, or undefined if there is no such
 * executable file: a name with a `/` from `cwd`, a bare name on `pathVariable` (an empty entry
 * is the working directory, as for execvp).
 */
export function findProgram(
  command: string,
  cwd: string,
  pathVariable: string | undefined,
): string | undefined {
  if (command.includes("/")) {
    const file = path.resolve(cwd, command);
    return isExecutableFile(file) ? file : undefined;
  }
  for (const dir of (pathVariable ?? "").split(":")) {
    const file = path.resolve(cwd, dir, command);
    if (isExecutableFile(file)) return file;
  }
  return undefined;
}
