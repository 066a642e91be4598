import path from "node:path";
import {
  type ContentViews,
  filesRunBy,
  isWithin,
  type ReadDigests,
  scriptReferences,
  scriptsText,
  shellQuote,
} from "@codebot/hooks";
import { parsePermissionRule } from "../approval/permission-rule.js";
import { shellCommands } from "../approval/shell-commands.js";
import { splitWords, unquote } from "../approval/shell-words.js";
import { withoutTransparentWrappers } from "../approval/transparent-wrappers.js";
import { approvedRun, changedRun } from "./approved-files.js";
import { grantRunning, realPathOf } from "./grant-runs.js";
import { type ChosenRuns, optionsChoosingWhatRuns } from "./options-choosing-what-runs.js";
import { wildcardFolderFiles } from "./wildcard-folder-files.js";

/**
 * The grant a project's allow rule needs (settings `permissions.allow`, a project skill's
 * `allowed-tools`): `allow:<rule>`, and when the command the rule names runs project files —
 * `Bash(./scripts/check.sh)`, `Bash(npm test)` (`package.json`), `Bash(make lint:*)`
 * (`Makefile`) — the content of those files too (`… (runs package.json #<digest>)`), read as a
 * hook command's are. Approving the rule approves what it runs: a `git pull` that puts another
 * script behind `npm test` asks again, as an edited hook script does.
 */
export function allowGrant(rule: string, projectDir: string | undefined): string {
  return allowGrantRunning(rule, projectDir).grant;
}

/**
 * The grant, and the project files it covers (real paths) — those the rule's command runs — with
 * the view each counts in (a `.git/config` by what of it can run code: content-view.ts) and the
 * digest the grant read of each (`read`: approvedAllowRule starts from it, not reading it again).
 */
export function allowGrantRunning(
  rule: string,
  projectDir: string | undefined,
): { grant: string; runs: string[]; views: ContentViews; read: ReadDigests } {
  const grant = `allow:${rule}`;
  const views: ContentViews = new Map();
  const read: ReadDigests = new Map();
  const command = projectDir === undefined ? undefined : commandOf(rule);
  if (command === undefined || projectDir === undefined) return { grant, runs: [], views, read };
  // Real paths: the same rule gives the same grant whichever spelling of the folder asked.
  const root = realPathOf(projectDir) ?? projectDir;
  const runs = filesRunByRule(rule, command, root, views).files;
  const names = runs.map((file) => path.relative(root, file));
  return {
    grant: grantRunning(grant, names, scriptsText(runs, root, views, undefined, read)),
    runs,
    views,
    read,
  };
}

/**
 * A project's granted allow rule, allowing only while what its command runs is what it was
 * approved with (`runs`, from allowGrantRunning): the same files, each as it was. A model that
 * edits `check.sh` during the session must not then run it unasked through `Bash(./check.sh)`,
 * nor one that writes a new `conftest.py` run it through `Bash(pytest)` (the grant itself is
 * checked at the start only). The files are looked for again each time the rule would allow a
 * call, as a hook's are before each run.
 */
export function approvedAllowRule<R extends { text: string }>(
  rule: R,
  approved: { runs: readonly string[]; views: ContentViews; read?: ReadDigests },
  projectDir: string | undefined,
): R {
  const command = projectDir === undefined ? undefined : commandOf(rule.text);
  if (command === undefined || projectDir === undefined) return rule;
  const root = realPathOf(projectDir) ?? projectDir;
  // Past the files a grant lists, a wildcard's folder is not what was approved: it asks. Told by
  // the same look at the files changedRun takes (it looks before stillApproved asks `complete`).
  let complete = true;
  const runsNow = () => {
    const now = filesRunByRule(rule.text, command, root);
    complete = now.complete;
    return now.files;
  };
  const run = approvedRun(`allow ${rule.text}`, approved.runs, runsNow, approved.views, approved.read);
  // The call may point git elsewhere than the rule's own command does (`Bash(git:*)` allowing
  // `git -C sub status`): a repository's git folder file it reaches must be one approved. The
  // rule's own command is looked at by changedRun already.
  const reachesApproved = (call: string) =>
    call === command ||
    scriptReferences(call, root).gitFolderFiles.every((file) => approved.runs.includes(file));
  return {
    ...rule,
    stillApproved: (call: string, cwd?: string) =>
      changedRun([run]) === undefined &&
      complete &&
      reachesApproved(call) &&
      runsApprovedThere(command, call, cwd, approved.runs, root),
  };
}

/**
 * Whether the rule's `command`, run where `call` runs it — the shell's folder `cwd` (the project
 * when not given), the folders the call's `cd`s reach and those its options name (`npm test
 * --prefix sub`, `make test -C sub`: options-choosing-what-runs.ts) — runs only approved files:
 * approved from the project, `sh check.sh` after `cd sub` runs `sub/check.sh`, and `npm test`
 * there `sub/package.json`. A folder outside the project, or one that cannot be told, allows
 * nothing, nor an option naming another file or program to run (`make test -f x.mk`).
 */
function runsApprovedThere(
  command: string,
  call: string,
  cwd: string | undefined,
  approvedRuns: readonly string[],
  root: string,
): boolean {
  const commands = shellCommands(call).commands;
  const moves = commands.filter((c) => /^(?:cd|pushd)(?:\s|$)/.test(c.text));
  const ruleWords = splitWords(command).map(unquote);
  const chosen = commands
    .map((c) =>
      optionsChoosingWhatRuns(ruleWords, splitWords(withoutTransparentWrappers(c.text)).map(unquote)),
    )
    .filter((c): c is ChosenRuns => c !== undefined);
  if (chosen.some((c) => c.other)) return false;
  const optionFolders = chosen.flatMap((c) => c.folders.map((f) => `cd ${shellQuote(f)}`));
  const folder = cwd === undefined ? root : (realPathOf(cwd) ?? cwd);
  if (folder === root && moves.length === 0 && optionFolders.length === 0) return true;
  if (!isWithin(folder, root)) return false;
  const there = [`cd ${shellQuote(folder)}`, ...moves.map((c) => c.text), ...optionFolders, command].join(
    "\n",
  );
  const { files, unknownRole, unchecked } = scriptReferences(there, root);
  return (
    unchecked.length === 0 && files.every((file) => unknownRole.includes(file) || approvedRuns.includes(file))
  );
}

/**
 * A user's own allow rule whose command runs `git`, as it must hold in `projectDir`, or undefined
 * when its command runs no git (it stays as written). A repository unpacked from an archive brings
 * its `.git`, and there a `core.fsmonitor`, a filter or a `hooks/post-index-change` makes the
 * `git status` the rule allows run the repository's code (git-repository-files.ts in
 * @codebot/hooks): then the rule needs the grant a project's rule would (`grant`, covering those
 * files' content), asked once per repository. Either way it allows only while what git runs is
 * as it was, so a `.git/config` written during the session makes it ask.
 */
export function ownRuleRunningGit<R extends { text: string }>(
  rule: R,
  projectDir: string | undefined,
): { grant?: string; rule: R } | undefined {
  const command = commandOf(rule.text);
  if (command === undefined || projectDir === undefined || !/\bgit\b/.test(command)) return undefined;
  const approved = allowGrantRunning(rule.text, projectDir);
  return {
    grant: approved.runs.length === 0 ? undefined : approved.grant,
    rule: approvedAllowRule(rule, approved, projectDir),
  };
}

/**
 * Your own allow rule (a settings file's, a `--settings` one's, `--allowedTools`) as it holds in
 * `projectDir`: as written when its command runs no git; approved (ownRuleRunningGit) when what
 * its git runs needs no grant or has one; else `untrusted`, the grant it waits for.
 */
export function ownAllowRule<R extends { text: string }>(
  rule: R,
  projectDir: string | undefined,
  isGrantTrusted: (grant: string) => boolean,
): { rule: R } | { untrusted: string } {
  const own = ownRuleRunningGit(rule, projectDir);
  if (own === undefined) return { rule };
  if (own.grant === undefined || isGrantTrusted(own.grant)) return { rule: own.rule };
  return { untrusted: own.grant };
}

/**
 * The project files the rule's command runs, and for a wildcard after a path (`Bash(./scripts/*)`)
 * those the `*` can name (wildcard-folder-files.ts): a `Bash(${CLAUDE_SKILL_DIR}/*)` approved when
 * the folder held go.sh let a script added there later run unasked.
 */
function filesRunByRule(
  rule: string,
  command: string,
  root: string,
  views?: ContentViews,
): { files: string[]; complete: boolean } {
  const runs = filesRunBy(command, root, views);
  const folder = isWildcard(rule) ? wildcardFolderFiles(command, root) : undefined;
  if (folder === undefined) return { files: runs, complete: true };
  return {
    files: [...runs, ...folder.files.filter((file) => !runs.includes(file))],
    complete: folder.complete,
  };
}

function isWildcard(rule: string): boolean {
  const parsed = parsePermissionRule(rule);
  return parsed.ok && parsed.rule.bash?.kind === "wildcard";
}

/** The command a bash rule names, up to what `:*` or a `*` stands for: `Bash(npm run lint:*)` → `npm run lint`. */
function commandOf(rule: string): string | undefined {
  const parsed = parsePermissionRule(rule);
  const pattern = parsed.ok ? parsed.rule.bash : undefined;
  if (pattern === undefined) return undefined;
  if (pattern.kind === "prefix") return pattern.prefix;
  if (pattern.kind === "exact") return pattern.command;
  const named = pattern.source.slice(0, pattern.source.indexOf("*")).trim();
  return named === "" ? undefined : named;
}
