/** Entries of a settings file's `hooks`, as tests write them: one way for the e2e and CLI tests alike. */

/** A command hook entry. */
export function command(cmd: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "command", command: cmd, ...extra };
}

/** A Claude Code hook group: the entries that run when `matcher` matches. */
export const group = (matcher: string, ...hooks: unknown[]) => ({ matcher, hooks });
