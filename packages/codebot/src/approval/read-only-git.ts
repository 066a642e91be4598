/**
 * git commands that only read the repository (`git status`, `git log -p`, `git diff HEAD~1`, `git
 * branch -a`), for read-only-bash.ts. What the repository's own `.git` makes them run (a
 * `core.fsmonitor`, a textconv driver, a hook) is checked there, through the files the line runs:
 * Claude Code 2.1.328 runs `git status` unasked in a repository whose `.git/config` names a
 * `core.fsmonitor` (checked), codebot asks.
 */
import { usesOption } from "./read-only-programs.js";

/** git's own options allowed before the subcommand; `-C DIR` is allowed too, DIR checked as a path. */
const GLOBAL_FLAGS = new Set(["--no-pager", "-P", "--no-optional-locks"]);

interface GitReader {
  /** Options that run a program or read outside the repository (`git grep -O`, `git diff --no-index`), past WRITES_OR_RUNS. */
  refused?: readonly string[];
  /** Only these first arguments (`git stash list`); none given is allowed when `bare` is true. */
  only?: readonly string[];
  bare?: boolean;
  /** Listing commands that create what a plain operand names (`git branch x`): an operand needs `-l`/`--list`. */
  listing?: { write: readonly string[]; valued: readonly string[] };
}

/**
 * Refused for every reader: the commands that walk history (`log`, `stash list`, `reflog show`,
 * `shortlog`, `rev-list`, `blame`) all take the diff options, and `--output=f` writes f wherever
 * it is (with `--format` choosing its text); `--ext-diff` runs the configured diff program.
 */
const WRITES_OR_RUNS = ["--output", "--ext-diff"];

const ANY: GitReader = {};
const DIFFS: GitReader = { refused: ["--no-index"] };

const READERS: Readonly<Record<string, GitReader>> = {
  status: ANY,
  version: ANY,
  "--version": ANY,
  log: DIFFS,
  show: DIFFS,
  diff: DIFFS,
  whatchanged: DIFFS,
  shortlog: ANY,
  // `--contents F` prints F as the file's text; `-S F` and `--ignore-revs-file F` print a line of F in an error.
  blame: { refused: ["--contents", "-S", "--ignore-revs-file"] },
  "rev-parse": ANY,
  "rev-list": ANY,
  "ls-files": ANY,
  "ls-tree": ANY,
  "cat-file": ANY,
  "merge-base": ANY,
  "show-ref": ANY,
  "for-each-ref": ANY,
  "name-rev": ANY,
  describe: ANY,
  "count-objects": ANY,
  grep: { refused: ["-O", "--open-files-in-pager"] },
  stash: { only: ["list", "show"] },
  reflog: { only: ["show"], bare: true },
  worktree: { only: ["list"] },
  remote: { only: ["-v", "--verbose", "get-url"], bare: true },
  branch: {
    listing: {
      write: [
        "-d",
        "-D",
        "--delete",
        "-m",
        "-M",
        "--move",
        "-c",
        "-C",
        "--copy",
        "-f",
        "--force",
        "-u",
      ].concat([
        "--set-upstream-to",
        "--unset-upstream",
        "--edit-description",
        "-t",
        "--track",
        "--create-reflog",
      ]),
      valued: ["--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format"],
    },
  },
  tag: {
    listing: {
      // `-v` verifies with gpg, a program the configuration names.
      write: ["-a", "-s", "-u", "-f", "--force", "-d", "--delete", "-v", "--verify", "-m", "-F", "-e"],
      valued: ["--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format"],
    },
  },
};

/** The `-C` folders of a read-only git command (to check as paths), or undefined when it is not one. */
export function readOnlyGit(args: readonly string[]): { dirs: string[] } | undefined {
  const dirs: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const word = args[i] as string;
    if (word === "-C" && args[i + 1] !== undefined) dirs.push(args[++i] as string);
    else if (!GLOBAL_FLAGS.has(word)) break;
  }
  const subcommand = args[i];
  const reader = subcommand === undefined ? undefined : READERS[subcommand];
  if (reader === undefined || !Object.hasOwn(READERS, subcommand as string)) return undefined;
  const rest = args.slice(i + 1);
  if (reader.only !== undefined) {
    const first = rest[0];
    if (first === undefined ? reader.bare !== true : !reader.only.includes(first)) return undefined;
  }
  const refused = [...WRITES_OR_RUNS, ...(reader.refused ?? [])];
  if (rest.some((word) => refused.some((option) => usesOption(word, option)))) return undefined;
  if (reader.listing !== undefined && !onlyLists(rest, reader.listing)) return undefined;
  return { dirs };
}

/** `git branch`/`git tag` that lists: no writing option, and a plain operand only with `-l`/`--list`. */
function onlyLists(rest: readonly string[], listing: NonNullable<GitReader["listing"]>): boolean {
  const lists = rest.includes("-l") || rest.includes("--list");
  for (let k = 0; k < rest.length; k++) {
    const word = rest[k] as string;
    if (listing.write.some((option) => usesOption(word, option))) return false;
    if (listing.valued.includes(word)) k++;
    else if (!word.startsWith("-") && !lists) return false;
  }
  return true;
}
