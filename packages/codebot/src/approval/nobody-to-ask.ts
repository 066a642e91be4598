/** What makes a call need a yes that no rule, mode or hook gave. */
export interface NeededYes {
  /** Under `--restricted`: why only a person may approve it (person-only-writes.ts, restricted-shell.ts). */
  personOnly: string | undefined;
  /** The ask rule it matched, as written. */
  askRule: string | undefined;
  /** A deny rule whose file the call reaches without naming it, and how (call-checks.ts). */
  heldBy?: string | undefined;
  /** Why the prefix or wildcard allow rule matching it does not cover it (beyond-prefix-rules.ts). */
  beyondRule?: string | undefined;
  /** The settings, git or tool-configuration file it writes, as shown: only your yes writes one. */
  configFile: string | undefined;
  /** A file edit (`write`, `edit`): acceptEdits would let it run. */
  fileEdit: boolean;
  /** The allow rule that would let just this run, when naming it helps (`Skill(review)`, as claude names it). */
  rule?: string | undefined;
}

/**
 * Why a call that needs a yes is refused where nobody can answer (`-p`, dontAsk mode): what needs
 * the yes, then how it could be allowed.
 */
export function nobodyToAskReason(tool: string, need: NeededYes): string {
  const { personOnly, askRule, configFile, beyondRule } = need;
  // Only your yes (or bypassPermissions, or the permission handler) writes such a file.
  const needsYou = configFile !== undefined && askRule === undefined && personOnly === undefined;
  const why =
    need.heldBy !== undefined
      ? `is held by ${need.heldBy}, so it needs a yes`
      : personOnly !== undefined
        ? `${personOnly}, so it needs a person's yes under --restricted`
        : askRule !== undefined
          ? `the ask rule "${askRule}" needs a yes`
          : needsYou
            ? `of ${configFile} needs your yes: no allow rule, acceptEdits or hook's allow approves writing a settings, git or tool-configuration file`
            : beyondRule !== undefined
              ? `needs a yes: ${beyondRule}, which no prefix or wildcard allow rule lets run unasked`
              : "needs approval";
  const how =
    askRule !== undefined || personOnly !== undefined
      ? "nobody can answer in a non-interactive run"
      : needsYou
        ? "nobody can answer in a non-interactive run (--permission-mode bypassPermissions writes it)"
        : beyondRule !== undefined
          ? "nobody can answer in a non-interactive run (a permissions.allow rule naming the whole line allows it)"
          : `allow it with a "permissions.allow" rule${need.rule !== undefined ? ` (${need.rule})` : ""}, --allowedTools, or --permission-mode ${need.fileEdit ? "acceptEdits" : "bypassPermissions"}`;
  return `permission denied: ${tool} ${why}; ${how}`;
}
