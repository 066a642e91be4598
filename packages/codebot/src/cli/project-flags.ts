import path from "node:path";
import type { Command } from "commander";

/** Where a command works: the project directory and the `--settings` files, in order. */
export interface ProjectFlags {
  cwd: string;
  settingsFiles: string[];
}

/** Adds `--settings <file>` (repeatable) and `--cwd <dir>` to a command. */
export function withProjectOptions(command: Command): Command {
  return command
    .option(
      "--settings <file>",
      "an extra settings file, read after user/project/local (repeatable)",
      collect,
    )
    .option("--cwd <dir>", "the project directory (default: the current directory)");
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * The project flags of a command merged with those given before it (`codebot --settings a hooks
 * list --settings b` reads a, then b). Relative paths are resolved against the process directory.
 */
export function projectFlagsOf(command: Command): ProjectFlags {
  const chain: Command[] = [];
  for (let c: Command | null = command; c; c = c.parent) chain.unshift(c);
  let cwd: string | undefined;
  const settingsFiles: string[] = [];
  for (const c of chain) {
    const opts = c.opts<{ cwd?: string; settings?: string[] }>();
    if (opts.cwd !== undefined) cwd = opts.cwd;
    for (const file of opts.settings ?? []) settingsFiles.push(path.resolve(file));
  }
  return { cwd: path.resolve(cwd ?? "."), settingsFiles };
}
