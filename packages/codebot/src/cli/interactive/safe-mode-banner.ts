import type { ProjectFlags } from "../project-flags.js";

/**
 * The interactive banner's warning under `--safe-mode`, claude 2.1.328's words (its `-p` prints
 * none; `--restricted` has no banner there either): what is off, then how to turn it back on.
 */
export function safeModeBanner(by: NonNullable<ProjectFlags["safeModeBy"]>): [string, string] {
  return [
    "⚠ Safe mode: all customizations are off (CLAUDE.md, skills, plugins, hooks, MCP, agents, and more)",
    by === "--safe-mode"
      ? "  Restart without --safe-mode to turn customizations back on"
      : "  Unset CLAUDE_CODE_SAFE_MODE to turn customizations back on",
  ];
}
