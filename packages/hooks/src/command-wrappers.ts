/**
 * Where the program of a simple command is (§8, script-references.ts): after assignments, redirects,
 * shell keywords (`if`, `!`, `{`) and the commands that run the command after their own options and
 * operands — `timeout 10 bash x`, `nice -n 5 x`, `sudo -u me x`, `flock -w 5 lock x`, `xargs -0 sh`,
 * `busybox sh x`, `env -u A x`, `bundle exec x`, `poetry run x`, `uv run x`. Each wrapper's option shapes are known, so an option's value or an
 * operand (`timeout 10`, `flock lock`) is not taken for the program.
 */
import path from "node:path";
import type { ShellWord } from "./shell-words.js";

interface WrapperSyntax {
  /** Options whose value is the next word (unless given as `--opt=value` or glued: `-n5`). */
  valued: readonly string[];
  /** Words after the options that are its own, before the command: `timeout DURATION`, `flock FILE`. */
  operands?: number;
  /** Options whose value is a command line it runs (`flock -c 'cmd'`, `env -S 'bash -x x'`). */
  commandLine?: readonly string[];
  /** It adds words it reads from stdin to the command (`xargs sh`): a script may be one of them. */
  appendsInput?: boolean;
}

/** `NAME=value` before a command: a variable for it, not the command. */
export const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

const KEYWORD: WrapperSyntax = { valued: [] };
/** Shell keywords: they leave the next word in command position. Matched as written only. */
const KEYWORDS = new Set(["if", "then", "else", "elif", "do", "while", "until", "!", "{"]);

const WRAPPERS: Readonly<Record<string, WrapperSyntax>> = {
  time: { valued: ["-f", "--format", "-o", "--output"] },
  exec: { valued: ["-a"] },
  command: KEYWORD,
  builtin: KEYWORD,
  nohup: KEYWORD,
  setsid: KEYWORD,
  busybox: KEYWORD,
  env: { valued: ["-u", "--unset", "-C", "--chdir"], commandLine: ["-S", "--split-string"] },
  timeout: { valued: ["-s", "--signal", "-k", "--kill-after"], operands: 1 },
  nice: { valued: ["-n", "--adjustment"] },
  ionice: { valued: ["-c", "--class", "-n", "--classdata"] },
  stdbuf: { valued: ["-i", "--input", "-o", "--output", "-e", "--error"] },
  sudo: {
    valued: [
      ...["-u", "--user", "-g", "--group", "-h", "--host", "-p", "--prompt", "-C", "--close-from"],
      ...["-D", "--chdir", "-r", "--role", "-t", "--type", "-T", "--command-timeout", "-U", "--other-user"],
    ],
  },
  doas: { valued: ["-u", "-C"] },
  flock: {
    valued: ["-w", "--wait", "--timeout", "-E", "--conflict-exit-code"],
    operands: 1,
    commandLine: ["-c", "--command"],
  },
  // `script -c CMD [file]`, `su -c CMD`, `runuser -c CMD`: the command line of their `-c`.
  script: {
    valued: [
      "-E",
      "--echo",
      "-I",
      "--log-in",
      "-O",
      "--log-out",
      "-B",
      "--log-io",
      "-T",
      "--log-timing",
      "-m",
    ],
    commandLine: ["-c", "--command"],
  },
  su: { valued: ["-g", "--group", "-G", "--supp-group", "-s", "--shell"], commandLine: ["-c", "--command"] },
  runuser: {
    valued: ["-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell"],
    commandLine: ["-c", "--command"],
  },
  unbuffer: KEYWORD,
  chrt: { valued: ["-T", "-P", "-D"], operands: 1 },
  taskset: { valued: [], operands: 1 },
  // Environment managers that run a command in the project's environment: `bundle exec rake`,
  // `poetry run task`, `uv run --with x python y.py` (the subcommand is their operand).
  bundle: { valued: ["--gemfile"], operands: 1 },
  poetry: { valued: ["-C", "--directory", "-P", "--project", "-E", "--extras"], operands: 1 },
  pipenv: { valued: [], operands: 1 },
  pdm: { valued: ["-p", "--project"], operands: 1 },
  uv: {
    valued: [
      ...["--with", "--with-requirements", "--with-editable", "-p", "--python", "--project", "--directory"],
      ...["--package", "--extra", "--group", "--env-file", "--index", "--index-url", "--from"],
    ],
    operands: 1,
  },
  xargs: {
    valued: [
      ...["-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "--max-lines"],
      ...["-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars", "--process-slot-var"],
    ],
    appendsInput: true,
  },
};

/** Where a simple command's program is, and what the words before it are. */
export interface CommandStart {
  /** The index of the program's word, or -1 when there is none. */
  program: number;
  /** Words holding a command line a wrapper runs, and where in the word it starts (`--split-string=…`). */
  commandLines: { at: number; from: number }[];
  /** The index of a wrapper that adds words from its stdin to the command (`xargs`), if any. */
  appendsInput?: number;
}

/** Where the program of `words` is, past assignments, redirects, keywords and wrappers with their options. */
export function commandStart(words: readonly ShellWord[]): CommandStart {
  const start: CommandStart = { program: -1, commandLines: [] };
  let k = 0;
  while (k < words.length) {
    const w = words[k] as ShellWord;
    if (w.redirect !== undefined || ASSIGNMENT.test(w.raw)) {
      k++;
      continue;
    }
    const syntax = KEYWORDS.has(w.text) ? KEYWORD : wrapperSyntax(w.text);
    if (syntax === undefined) {
      start.program = k;
      return start;
    }
    if (syntax.appendsInput === true) start.appendsInput = k;
    k = afterWrapper(words, k + 1, syntax, start);
  }
  return start;
}

/** A wrapper named bare or by an absolute path (`/usr/bin/env`); `./bin/nice` is a project program. */
function wrapperSyntax(text: string): WrapperSyntax | undefined {
  if (text.includes("/") && !path.isAbsolute(text)) return undefined;
  const name = path.basename(text);
  return Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
}

/** Skips a wrapper's options and operands from `k`, noting the command lines they run; returns the next index. */
function afterWrapper(
  words: readonly ShellWord[],
  k: number,
  syntax: WrapperSyntax,
  start: CommandStart,
): number {
  let operands = syntax.operands ?? 0;
  while (k < words.length) {
    const w = words[k] as ShellWord;
    if (w.redirect !== undefined || (ASSIGNMENT.test(w.raw) && operands === 0)) {
      k++;
      continue;
    }
    if (w.text === "--") {
      k++;
      break;
    }
    if (w.text.startsWith("-") && w.text !== "-") {
      const name = w.text.includes("=") ? w.text.slice(0, w.text.indexOf("=")) : w.text;
      const next = takesNextWord(w.text, syntax.valued) || takesNextWord(w.text, syntax.commandLine ?? []);
      if (syntax.commandLine?.includes(name) && name !== w.text)
        start.commandLines.push({ at: k, from: name.length + 1 });
      else if (takesNextWord(w.text, syntax.commandLine ?? []) && k + 1 < words.length)
        // `-c CMD`, and bundled with flags before it: `script -qc CMD`.
        start.commandLines.push({ at: k + 1, from: 0 });
      k += next ? 2 : 1;
      continue;
    }
    if (operands === 0) break;
    operands--;
    k++;
  }
  return k;
}

/** `-n 5`, `-u root`, `-EHu root`: the option's value is the next word (not `-n5`, `--user=root`). */
function takesNextWord(option: string, valued: readonly string[]): boolean {
  if (valued.includes(option)) return true;
  if (option.startsWith("--")) return false;
  for (let j = 1; j < option.length; j++)
    if (valued.includes(`-${option[j]}`)) return j === option.length - 1;
  return false;
}
