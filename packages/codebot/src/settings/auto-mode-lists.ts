import type { SettingsSource } from "@codebot/hooks";

/** The lists of Claude Code's `autoMode` settings key: prose rules for auto mode's classifier. */
export const AUTO_MODE_LIST_NAMES = ["environment", "allow", "soft_deny", "hard_deny"] as const;
export type AutoModeListName = (typeof AUTO_MODE_LIST_NAMES)[number];

/**
 * claude's legacy list (`autoMode.deny`, before `soft_deny`): claude 2.1.328 still takes it (its
 * settings schema, and its /permissions screen says auto mode "still enforces it as a soft deny"),
 * though its -p classifier request did not carry it (recorded). codebot adds its entries to the
 * SOFT BLOCK list, after that list: they never replace the built-in entries.
 */
export const LEGACY_DENY = "deny";

/**
 * What the settings' `autoMode` says: each list the entries of every file that sets it, in layer
 * order, and `classifyAllShell` — true when any file says so (claude's: no allow rule lets a
 * shell line run unjudged in auto mode; a `false` elsewhere does not undo it, as claude's does not).
 */
export type AutoModeLists = Partial<Record<AutoModeListName | typeof LEGACY_DENY, string[]>> & {
  classifyAllShell?: boolean;
};

/** The entry of a list that stands for the classifier's built-in entries of that list (Claude Code's). */
export const DEFAULTS_ENTRY = "$defaults";

/**
 * The files whose `autoMode` counts: your user settings, `--settings` and the managed settings, as
 * claude 2.1.328 reads it (user, flag and policy settings; recorded). A project's and a local
 * file are left out, whatever the trust: a list replaces the built-in one, so even a repository's
 * `soft_deny` could drop the classifier's block rules, and its `allow` could clear them.
 */
const SOURCES_READ: ReadonlySet<SettingsSource> = new Set(["user", "cli", "managed"]);

export function readsAutoMode(source: SettingsSource): boolean {
  return SOURCES_READ.has(source);
}

/** Why a project's or local file's `autoMode` is ignored (the settings problem's text). */
export const AUTO_MODE_NOT_FROM_PROJECT =
  "autoMode is read only from your user settings, --settings and the managed settings, not from a project's files, which a repository controls (claude 2.1.328 ignores it there too)";

/** Adds one file's lists to those of the files before it. */
export function addAutoModeLists(into: AutoModeLists, lists: AutoModeLists): void {
  for (const name of [...AUTO_MODE_LIST_NAMES, LEGACY_DENY] as const) {
    const entries = lists[name];
    if (entries !== undefined) into[name] = [...(into[name] ?? []), ...entries];
  }
  if (lists.classifyAllShell === true) into.classifyAllShell = true;
}

/**
 * A list as the classifier reads it, spliced as claude 2.1.328 splices it (recorded): unset or
 * empty, the built-in entries; else the entries set, in order, which replace the built-in ones —
 * except that the first `$defaults` among them stands for the built-in entries, in its place
 * (a later one is dropped).
 */
export function splicedList(set: readonly string[] | undefined, builtIn: readonly string[]): string[] {
  if (set === undefined || set.length === 0) return [...builtIn];
  const list: string[] = [];
  let spliced = false;
  for (const entry of set) {
    if (entry !== DEFAULTS_ENTRY) list.push(entry);
    else if (!spliced) {
      list.push(...builtIn);
      spliced = true;
    }
  }
  return list;
}
