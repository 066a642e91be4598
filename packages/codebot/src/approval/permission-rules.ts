import { commandSpellings } from "./command-spellings.js";
import { findChangesFiles } from "./find-changes-files.js";
import { matchesFlagsInAnyOrder } from "./flags-in-any-order.js";
import { isHarmlessAssignment } from "./harmless-assignment.js";
import { commandsInInlineCode } from "./inline-code-commands.js";
import { matchesPastOptions } from "./options-between-words.js";
import {
  matchesCommand,
  matchesPath,
  type PathContext,
  type PermissionRule,
  ruleCoversTool,
} from "./permission-rule.js";
import { type ShellCommand, shellCommands } from "./shell-commands.js";
import { splitWords, unquote } from "./shell-words.js";
import { withoutTransparentWrappers } from "./transparent-wrappers.js";

/** What a call is, as far as rules are concerned. */
export interface RuleSubject {
  tool: string;
  /** bash: the command. */
  command?: string;
  /** read/write/edit: the absolute real path. */
  path?: string;
  /**
   * read/write/edit: the other absolute paths the file is named by (path-spellings.ts: as written,
   * through each symlink); a deny or ask rule naming any of them covers the call.
   */
  spellings?: readonly string[];
  /** bash: the shell's working directory when the line runs (the project when not given). */
  cwd?: string;
  /** skill: the skill's name (`Skill(name)` and `Skill(name:*)` rules match it). */
  skill?: string;
}

/** The honoured `permissions.allow`, `ask` and `deny` rules. */
export interface PermissionRuleSet {
  allow: readonly PermissionRule[];
  ask: readonly PermissionRule[];
  deny: readonly PermissionRule[];
}

/**
 * The first rule of `rules` that a call falls under, for deny and ask (tightening) rules: a bash
 * command falls under a rule when any command it may run does (shell-commands.ts) — `cd x && rm
 * -rf y` is an `rm`, and so are `$(rm y)`, `then rm y`, `nice rm y`, `sh -c 'rm y'` — or the
 * command as a whole, under any spelling bash reads alike (`'rm'`, `\rm`, `/bin/rm`:
 * command-spellings.ts), with options skipped between the rule's words (`git -C . push` is a
 * `git push`: options-between-words.ts) and a rule's flags in any order or spelling (`rm -fr x`, `rm x
 * -Rf` are an `rm -rf`: flags-in-any-order.ts), and the command lines an interpreter's inline code
 * quotes (`python3 -c "os.system('rm x')"`: inline-code-commands.ts). It fails closed: a command the parser cannot follow (an
 * unclosed quote) or whose command word may become anything (`$X y`, `r${X}m`) falls under every
 * rule.
 */
export function firstMatching(
  rules: readonly PermissionRule[],
  call: RuleSubject,
  ctx: PathContext,
): PermissionRule | undefined {
  const candidates = rules.filter((r) => ruleCoversTool(r, call.tool, true));
  if (candidates.length === 0) return undefined;
  if (call.command !== undefined) {
    const { commands, unmodelled } = shellCommands(call.command);
    const inline = inlineCodeCommands(commands);
    if (unmodelled || commands.some((c) => c.unresolved) || inline === "anything") return candidates[0];
    const line = call.command;
    const spellings = [...commands, ...inline].flatMap((c) => commandSpellings(c.text));
    // Options are skipped within one simple command only: across `&&` a word is no option's value.
    return candidates.find(
      (r) =>
        matchesCommand(r, line) ||
        spellings.some(
          (t) => matchesCommand(r, t) || matchesPastOptions(r, t) || matchesFlagsInAnyOrder(r, t),
        ),
    );
  }
  if (call.path !== undefined) {
    const files = [call.path, ...(call.spellings ?? [])];
    return candidates.find((r) => files.some((file) => matchesPath(r, file, ctx, true)));
  }
  return candidates.find((r) => wholeTool(r) || namesSkill(r, call.skill, true));
}

function wholeTool(rule: PermissionRule): boolean {
  return rule.bash === undefined && rule.path === undefined && rule.opaque === undefined;
}

/**
 * `Skill(review)` (or `Skill(/review)`, as typed) names that skill, `Skill(review:*)` it and its
 * `review:…` ones (claude's two "always" rules). `tightening` (a deny or ask rule): the prefix
 * is taken as text, as claude 2.1.328 takes it (recorded: a deny `Skill(note:*)` refused `notes`);
 * an allow rule does not stretch to `reviewer`.
 */
function namesSkill(rule: PermissionRule, skill: string | undefined, tightening = false): boolean {
  if (skill === undefined || rule.opaque === undefined) return false;
  const spec = rule.opaque.trim().replace(/^\//, "");
  if (spec.endsWith(":*")) {
    const prefix = spec.slice(0, -2);
    return tightening ? skill.startsWith(prefix) : skill === prefix || skill.startsWith(`${prefix}:`);
  }
  return skill === spec;
}

/**
 * Text that bash may run as code later even when it is quoted or escaped: `$(`, a backquote,
 * `$[`, or `${` with more than a plain name inside (`${_@P}` expands prompt escapes, which run
 * `$(…)`; `a[$(…)]` is evaluated by `printf -v`, `test -v`, `declare`, `$((…))`, `$[…]`). An
 * allow rule never allows a line holding one, quoted or not: it asks.
 */
export const CODE_TEXT = /\$\(|`|\$\[|\$\{(?![A-Za-z_][A-Za-z0-9_]*\})/;

/**
 * Whether the commands of a bash line no allow rule matched (`unmatched`, among `all`) may run
 * anyway: they only read (`cd sub && npm test 2>&1 | tail -5` under `Bash(npm test:*)`).
 */
export type UnruledCommands = (unmatched: readonly ShellCommand[], all: readonly ShellCommand[]) => boolean;

/**
 * Whether allow rules let the call run: for bash, every command it may run must be allowed by
 * some rule as written (`git status && rm -rf ~` is not a `git status`) — a wrapped command too:
 * `nice rm x` needs a rule for `nice` and one for `rm`, so `Bash(echo:*)` never allows `env rm x`
 * or `then rm x` — with no redirection to a file and no command substitution (nor CODE_TEXT anywhere, even quoted), whose effects a
 * rule about the command cannot foresee (Claude Code asks for `echo hi > out.txt` under
 * `Bash(echo:*)` too), no variable set before it other than a harmless one
 * (harmless-assignment.ts), and nothing the parser could not follow or resolve. A rule for what
 * `timeout 60`, `nice`, `time`, `nohup`, `stdbuf` or `command` runs also allows the line with them
 * (transparent-wrappers.ts), as in Claude Code. The commands no rule matches may still run when
 * `unruled` says so (the read-only ones: read-only-bash.ts). An exact rule for
 * the whole command allows it as written (an "always" answer). A project's rule whose files
 * changed since it was approved allows nothing, nor one whose command the call points at a
 * repository git folder it was not approved with (`stillApproved`).
 */
export function allowedByRules(
  rules: readonly PermissionRule[],
  call: RuleSubject,
  ctx: PathContext,
  unruled?: UnruledCommands,
): boolean {
  const covering = rules.filter((r) => ruleCoversTool(r, call.tool));
  if (covering.length === 0) return false;
  // Whether a rule is still as approved for the command it would allow is asked only of a rule
  // that would allow it (it may look through the project's files), at most once per command.
  const approved = new Map<string, Map<PermissionRule, boolean>>();
  const stillApproved = (r: PermissionRule, command: string): boolean => {
    if (r.stillApproved === undefined) return true;
    const forCommand = approved.get(command) ?? new Map<PermissionRule, boolean>();
    approved.set(command, forCommand);
    const known = forCommand.get(r);
    if (known !== undefined) return known;
    const now = r.stillApproved(command, call.cwd);
    forCommand.set(r, now);
    return now;
  };
  const someRule = (allows: (r: PermissionRule) => boolean, command = call.command ?? "") =>
    covering.some((r) => allows(r) && stillApproved(r, command));
  if (someRule((r) => wholeTool(r) || namesSkill(r, call.skill))) return true;
  if (call.command !== undefined) {
    const command = call.command;
    if (someRule((r) => r.bash?.kind === "exact" && matchesCommand(r, command))) return true;
    const { commands, substitutes, unmodelled } = shellCommands(command);
    if (substitutes || unmodelled || commands.length === 0 || CODE_TEXT.test(command)) return false;
    // After a `cd`, where a later git works depends on it: each is checked with the whole call.
    const movesAround = commands.some((c) => /^(?:cd|pushd)(?:\s|$)/.test(c.text));
    const plain = commands.every(
      (c) =>
        !c.redirects &&
        !splitWords([...c.assignments, c.text].join(" ")).some((w) => CODE_TEXT.test(unquote(w))) &&
        !c.unresolved &&
        c.assignments.every(isHarmlessAssignment),
    );
    if (!plain) return false;
    const unmatched = commands.filter(
      (c) =>
        !c.tighteningOnly &&
        !someRule(
          (r) =>
            (matchesCommand(r, c.text) || matchesCommand(r, withoutTransparentWrappers(c.text))) &&
            !(r.bash?.kind !== "exact" && findChangesFiles(c.text)),
          movesAround ? command : c.text,
        ),
    );
    return unmatched.length === 0 || (unruled?.(unmatched, commands) ?? false);
  }
  if (call.path !== undefined) {
    const file = call.path;
    return someRule((r) => matchesPath(r, file, ctx));
  }
  return false;
}

/**
 * The commands the string literals of an interpreter's inline code may run (inline-code-commands.ts),
 * for deny and ask rules only. A literal that does not parse as a command line is skipped: the code's
 * text is not shell, and failing closed on it would refuse most inline code under any deny rule.
 */
function inlineCodeCommands(commands: readonly ShellCommand[]): ShellCommand[] | "anything" {
  const found: ShellCommand[] = [];
  for (const command of commands) {
    const lines = commandsInInlineCode(splitWords(command.text));
    // Code the line does not show (`python3 -c "$C"`) may run anything, as `sh -c "$C"` may.
    if (lines === "anything") return lines;
    for (const line of lines) {
      const nested = shellCommands(line);
      if (!nested.unmodelled) found.push(...nested.commands.filter((c) => !c.unresolved));
    }
  }
  return found;
}
