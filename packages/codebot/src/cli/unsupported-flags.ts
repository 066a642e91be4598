import { CliError } from "./cli-error.js";

/**
 * Flags of Claude Code's `claude` that codebot does not have yet: a script written for `claude`
 * gets one line saying so instead of a bare parse error.
 */
const UNSUPPORTED = ["--mcp-debug", "--ide", "--chrome", "--no-chrome"];

/** Throws for the first Claude Code flag codebot lacks, before the real parse (subcommands are left alone). */
export function rejectUnsupportedFlags(argv: readonly string[]): void {
  if (argv[0] === "hooks" || argv[0] === "demo" || argv[0] === "mcp") return;
  for (const arg of argv) {
    if (arg === "--") return;
    const name = arg.split("=")[0] as string;
    if (UNSUPPORTED.includes(name)) {
      throw new CliError(
        `${name} (a Claude Code flag) is not supported yet by codebot; see docs/claude-code.md`,
      );
    }
  }
}
