import { CliError } from "./cli-error.js";

/**
 * Flags of Claude Code 2.1.328's `claude` that codebot refuses: a script written for `claude`
 * gets one line saying why instead of a bare "unknown option". They need Anthropic's own
 * services or apps, which will never be codebot's.
 */
const ANTHROPIC_SERVICE: Readonly<Record<string, string>> = {
  "--cloud": "runs the session in Anthropic's cloud",
  "--environment": "runs the session in Anthropic's cloud",
  "--teleport": "moves a claude.ai session here",
  "--remote-control": "lets claude.ai drive the session",
  "--remote-control-session-name-prefix": "lets claude.ai drive the session",
  "--from-pr": "finds the session linked to a pull request on claude.ai",
  "--desktop": "opens the Claude Desktop app",
  "--bg": "hands the session to claude's background service",
  "--background": "hands the session to claude's background service",
  "--file": "downloads files from Anthropic's Files API",
  "--plugin-url": "installs a plugin from a URL",
};

/** The command line runs a session (claude's flags apply), not a subcommand of codebot's own. */
export function isSessionCommandLine(argv: readonly string[]): boolean {
  return argv[0] !== "hooks" && argv[0] !== "demo" && argv[0] !== "mcp";
}

/** Throws for the first Claude Code flag codebot refuses, before the real parse (subcommands are left alone). */
export function rejectUnsupportedFlags(argv: readonly string[]): void {
  if (!isSessionCommandLine(argv)) return;
  for (const arg of argv) {
    if (arg === "--") return;
    const name = arg.split("=")[0] as string;
    const service = ANTHROPIC_SERVICE[name];
    if (service !== undefined)
      throw new CliError(`${name} (a Claude Code flag) ${service}; codebot does not do that`);
  }
}
