/**
 * Programs that only read: a bash line made of them alone runs unasked where the mode would ask
 * (read-only-bash.ts), as Claude Code runs `ls`, `cat README.md` or `git status` unasked. Each
 * entry lists the options that would make it write a file or run a program (`sort -o`, `find
 * -exec`, `rg --pre`); a line using one asks as any command does. Every other word of the line is
 * checked as a path the program may read (read-only-bash.ts), unless `text` says its words are
 * not files.
 */
export interface ReadOnlyProgram {
  /** Options that write or run something, by name (a long one also as `--name=value`, a short one also glued: `-ofile`). */
  refused?: readonly string[];
  /** Its words are text, not files it reads (`echo`, `printf`): they are not checked as paths. */
  text?: boolean;
  /** The most operands it takes before one becomes a file it writes (`uniq IN OUT`, `xxd IN OUT`). */
  maxOperands?: number;
  /** Operands must start with this (`date +%F`; `date MMDDhhmm` sets the clock). */
  operandPrefix?: string;
  /** A word matching this asks (jq's `env` and `$ENV` print the environment, secrets included). */
  refusedWord?: RegExp;
  /**
   * Its first operand is a pattern, not a file (`grep x .`, `jq .a f`) — unless one of `given`
   * came first (`grep -e x`, `grep -f pats`); the word after one of `patterns` is a pattern too.
   */
  pattern?: { patterns: readonly string[]; given: readonly string[] };
  /** A glob operand asks: it may match more than meant (`rm -r *`). */
  noGlobs?: boolean;
  /** A folder operand (or a glob) asks: `diff a b` of two folders reads their files through symlinks. */
  filesOnly?: boolean;
  /**
   * Nothing may follow it in the line (`sleep`): a read after it runs long after the line's paths
   * were checked, when a sub-agent running beside it may have swapped a folder for one whose file
   * is a link out of the project.
   */
  lastInLine?: boolean;
}

/**
 * `word` is `option`, `option=value`, a short `option` glued or in a cluster (`-ofile`, `-uo`), or
 * a start of a long `option` (`--out=f`): GNU tools and git take any unambiguous start for the option.
 */
export function usesOption(word: string, option: string): boolean {
  if (word === option || word.startsWith(`${option}=`)) return true;
  if (!word.startsWith("-")) return false;
  const name = word.split("=")[0] as string;
  if (option.startsWith("--") && name.startsWith("--") && name.length > 2) return option.startsWith(name);
  if (option.startsWith("--") || word.startsWith("--")) return false;
  // find's primaries are words of their own (`-exec`), never clusters.
  if (option.length > 2) return false;
  return word.slice(1).includes(option.slice(1));
}

const GREP_PATTERN = { patterns: ["-e", "--regexp"], given: ["-e", "--regexp", "-f", "--file"] };
// `rg --files DIR` lists DIR's files and takes no pattern: DIR is a path.
const RG_PATTERN = { ...GREP_PATTERN, given: [...GREP_PATTERN.given, "--files"] };

const READS: ReadOnlyProgram = {};
const TEXT: ReadOnlyProgram = { text: true };
const CHECKSUMS: ReadOnlyProgram = { refused: ["-c", "--check"] };

export const READ_ONLY_PROGRAMS: Readonly<Record<string, ReadOnlyProgram>> = {
  // `ls -RL` lists what a symlink to a folder outside the project holds.
  ls: { refused: ["-L", "--dereference"] },
  cat: READS,
  head: READS,
  tail: READS,
  // `--files0-from F` reads the files F names, which the line does not show.
  wc: { refused: ["--files0-from"] },
  nl: READS,
  tac: READS,
  rev: READS,
  od: READS,
  hexdump: READS,
  strings: READS,
  cmp: READS,
  // Recursive, it follows a symlink to a folder outside the project.
  diff: { refused: ["-r", "--recursive"], filesOnly: true },
  comm: READS,
  join: READS,
  paste: READS,
  cut: READS,
  column: READS,
  fold: READS,
  expand: READS,
  unexpand: READS,
  stat: READS,
  du: { refused: ["-L", "--dereference", "--files0-from"] },
  realpath: READS,
  readlink: READS,
  // `-c LIST` reads the files LIST names, which the line does not show.
  md5sum: CHECKSUMS,
  sha1sum: CHECKSUMS,
  sha256sum: CHECKSUMS,
  sha512sum: CHECKSUMS,
  base64: READS,
  // `-R` follows symlinks to folders outside the project (`-r` only those named on the line).
  grep: { refused: ["-R", "--dereference-recursive"], pattern: GREP_PATTERN },
  egrep: { refused: ["-R", "--dereference-recursive"], pattern: GREP_PATTERN },
  fgrep: { refused: ["-R", "--dereference-recursive"], pattern: GREP_PATTERN },
  // A program from a file (`-f`) or a module (`import`, `include`, `-L`) may use `env` unseen.
  jq: {
    refused: ["-f", "--from-file", "-L"],
    refusedWord: /\benv\b|\bENV\b|\bimport\b|\binclude\b/,
    pattern: { patterns: [], given: [] },
  },
  // `file -C` compiles a magic file and writes it; `-f LIST` reads the files LIST names.
  file: { refused: ["-C", "--compile", "-f", "--files-from"] },
  // `tree -o FILE` writes its listing; `-R` re-runs it with `-o` for each folder; `-l` follows symlinks.
  tree: { refused: ["-o", "-R", "-l"] },
  // `--pre CMD` runs a program on every file; `--hostname-bin` runs one too; `-L` follows symlinks.
  rg: { refused: ["--pre", "--pre-glob", "--hostname-bin", "-L", "--follow"], pattern: RG_PATTERN },
  find: {
    refused: [
      "-exec",
      "-execdir",
      "-ok",
      "-okdir",
      "-delete",
      "-fprint",
      "-fprint0",
      "-fprintf",
      "-fls",
    ].concat(["-L", "-follow", "-files0-from"]),
  },
  sort: { refused: ["-o", "--output", "--compress-program", "--files0-from"] },
  uniq: { maxOperands: 1 },
  xxd: { refused: ["-r", "-revert"], maxOperands: 1 },
  tr: TEXT,
  echo: TEXT,
  // `printf -v NAME` sets a shell variable.
  printf: { text: true, refused: ["-v"] },
  pwd: TEXT,
  true: TEXT,
  false: TEXT,
  whoami: TEXT,
  id: TEXT,
  uname: TEXT,
  nproc: TEXT,
  which: TEXT,
  type: TEXT,
  basename: TEXT,
  dirname: TEXT,
  // Waits, as Claude Code runs it unasked: its words are durations (`sleep infinity` ends at the
  // call's timeout). Last in its line: `sleep 5 && cat x` reads x long after it was checked.
  sleep: { text: true, lastInLine: true },
  // Its operands are checked as paths: `test -r /etc/shadow` tells what is outside the project.
  test: READS,
  "[": READS,
  // `date -f FILE` prints each line of FILE it cannot read as a date, `-r FILE` tells FILE's time:
  // its words are not checked as paths.
  date: { text: true, refused: ["-s", "--set", "-f", "--file", "-r", "--reference"], operandPrefix: "+" },
};
