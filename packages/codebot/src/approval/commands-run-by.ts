import { editorDebuggerCommands } from "./editor-debugger-commands.js";
import type { RunsInside } from "./runs-inside.js";
import { UNSEEN_TEXT, wordExpands } from "./shell-expansion.js";
import { isAssignmentWord, programName, unquote } from "./shell-words.js";

/** Words that start a compound command or pipeline and are followed by a command. */
const RESERVED = new Set(["!", "{", "if", "then", "elif", "else", "do", "while", "until"]);

interface Wrapper {
  /** Options whose value is the next word when not attached (`-n 5`, `--user root`). */
  valued?: readonly string[];
  /** An option whose value is a command line (env's `-S`). */
  script?: readonly string[];
  /** Operands before the command (timeout's DURATION). */
  operands?: number;
  /** `NAME=value` words may come before the command (env, sudo): they stay with it. */
  assignments?: boolean;
  /** The words after the options are joined into a command line for `sh -c` (watch, ssh). */
  joins?: boolean;
  /**
   * With no command given, it runs a shell that reads its commands from its input (`script`,
   * `su`, `ssh host`): no rule can tell what runs.
   */
  bareRunsShell?: boolean;
  /** Its operands are not a command: only a `script` option gives one (`script -c cmd log`: `log` is a file). */
  operandsAreData?: boolean;
  /** Where the command ends: parallel's `:::` and the arguments after it. */
  endsAt?: readonly string[];
}

/** Programs that run the command given in their arguments, and how to find that command. */
const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  builtin: {},
  busybox: {},
  caffeinate: { valued: ["-t", "-w"] },
  catchsegv: {},
  chpst: {
    valued: ["-u", "-U", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c", "-r", "-t"],
  },
  chroot: { valued: ["--userspec", "--groups"], operands: 1 },
  chrt: { valued: ["-T", "-P", "-D", "--sched-runtime", "--sched-period", "--sched-deadline"], operands: 1 },
  command: {},
  cpulimit: { valued: ["-l", "--limit", "-p", "--pid", "-e", "--exe"] },
  "dbus-run-session": {},
  doas: { valued: ["-u", "-C"] },
  entr: {},
  env: {
    valued: ["-u", "--unset", "-C", "--chdir", "-P"],
    script: ["-S", "--split-string"],
    assignments: true,
  },
  exec: { valued: ["-a"] },
  fakeroot: { valued: ["-l", "--lib", "--faked", "-s", "-i"] },
  firejail: {},
  // `flock FILE CMD`, `flock FILE -c CMD`, `flock -c CMD FILE`.
  flock: {
    valued: ["-w", "--wait", "--timeout", "-E", "--conflict-exit-code"],
    script: ["-c", "--command"],
    operands: 1,
  },
  ionice: { valued: ["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"] },
  ltrace: { valued: ["-e", "-o", "-p", "-s", "-u", "-a", "-A", "-D", "-F", "-l", "-n", "-w", "-x"] },
  nice: { valued: ["-n", "--adjustment"] },
  nohup: {},
  nsenter: { valued: ["-t", "--target", "-S", "--setuid", "-G", "--setgid"] },
  numactl: {
    valued: [
      "-N",
      "-m",
      "-C",
      "-p",
      "-i",
      "--cpunodebind",
      "--membind",
      "--physcpubind",
      "--preferred",
      "--interleave",
    ],
  },
  // parallel runs its command through a shell, with the arguments after `:::` (or from its input) added.
  parallel: {
    valued: [
      "-j",
      "--jobs",
      "-S",
      "--sshlogin",
      "-a",
      "--arg-file",
      "-d",
      "--delimiter",
      "-I",
      "-C",
      "--colsep",
    ].concat(["-n", "-N", "-L", "--tmpdir", "--results", "--joblog", "--timeout", "-E", "--halt", "--delay"]),
    joins: true,
    bareRunsShell: true,
    endsAt: [":::", "::::", ":::+", "::::+"],
  },
  pkexec: { valued: ["--user"] },
  prlimit: { valued: ["-p", "--pid"] },
  proxychains: { valued: ["-f"] },
  proxychains4: { valued: ["-f"] },
  runuser: {
    valued: ["-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w"],
    script: ["-c", "--command", "--session-command"],
  },
  screen: { valued: ["-S", "-c", "-T", "-e", "-h", "-p", "-t", "-s"] },
  // `script -c CMD [file]`: with no -c it runs an interactive shell, which reads its input.
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
    script: ["-c", "--command"],
    bareRunsShell: true,
    operandsAreData: true,
  },
  setpriv: {
    valued: ["--reuid", "--regid", "--ruid", "--rgid", "--euid", "--egid", "--groups", "--inh-caps"],
  },
  setsid: {},
  // `sg GROUP CMD` and `sg GROUP -c CMD`: through a shell either way.
  sg: { script: ["-c"], operands: 1, joins: true, bareRunsShell: true },
  // ssh's remote command is a command line for the remote shell: `ssh localhost rm x` runs here.
  ssh: {
    valued: [
      "-b",
      "-c",
      "-D",
      "-E",
      "-e",
      "-F",
      "-I",
      "-i",
      "-J",
      "-L",
      "-l",
      "-m",
      "-O",
      "-o",
      "-p",
      "-Q",
      "-R",
    ].concat(["-S", "-W", "-w", "-B"]),
    operands: 1,
    joins: true,
    bareRunsShell: true,
  },
  stdbuf: { valued: ["-i", "-o", "-e", "--input", "--output", "--error"] },
  strace: { valued: ["-e", "-o", "-p", "-s", "-u", "-E", "-a", "-b", "-I", "-O", "-S", "-P", "-X"] },
  su: {
    valued: ["-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w", "--whitelist-environment"],
    script: ["-c", "--command", "--session-command"],
    bareRunsShell: true,
    operandsAreData: true,
  },
  sudo: {
    valued: ["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-T", "-U", "--user", "--group", "--chdir"],
    assignments: true,
  },
  "systemd-run": {
    valued: ["-u", "--unit", "-p", "--property", "-E", "--setenv", "-M", "--machine", "-H", "--host"].concat([
      "--description",
      "--slice",
      "--uid",
      "--gid",
      "--nice",
      "-D",
      "--working-directory",
    ]),
  },
  taskset: { operands: 1 },
  time: { valued: ["-f", "-o", "--format", "--output"] },
  timeout: { valued: ["-s", "-k", "--signal", "--kill-after"], operands: 1 },
  torsocks: { valued: ["-u", "-p", "-a", "-P"] },
  unbuffer: {},
  unshare: {
    valued: [
      "--map-user",
      "--map-group",
      "--propagation",
      "--setgroups",
      "-S",
      "--setuid",
      "-G",
      "--setgid",
    ].concat(["-R", "--root", "-w", "--wd"]),
  },
  valgrind: {},
  watch: { valued: ["-n", "-q", "--interval", "--equexit"], joins: true },
  "xvfb-run": {
    valued: ["-n", "--server-num", "-s", "--server-args", "-f", "--auth-file", "-e", "--error-file"],
  },
  xargs: {
    valued: ["-a", "-d", "-E", "-I", "-L", "-n", "-P", "-s", "--arg-file", "--delimiter", "--max-args"],
  },
};

const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"]);
/** find's actions that run a command, up to `;` or `+`. */
const FIND_ACTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** What the simple command `words` (as written) makes bash run besides itself (see RunsInside). */
export function commandsRunBy(words: readonly string[]): RunsInside[] {
  const first = words[0];
  if (first === undefined) return [];
  const name = programName(first);
  if (RESERVED.has(first)) return [{ words: words.slice(1) }];
  if (first === "function") return [{ words: words.slice(words[2] === "{" ? 3 : 2) }];
  if (first === "coproc") return [{ words: words.slice(words[2] === "{" ? 3 : 1) }];
  const wrapper = WRAPPERS[name];
  if (wrapper !== undefined) return [...unwrapped(name, words, wrapper), ...sshLocalCommands(name, words)];
  const edited = editorDebuggerCommands(name, words);
  if (edited !== undefined) return edited;
  if (name === "find") return findActions(words);
  if (SHELLS.has(name)) return shellString(words);
  if (name === "source" || name === ".") return sourced(words);
  const args = words.slice(1).map(unquote);
  if (name === "eval") return args.length === 0 ? [] : [{ script: args.join(" ") }];
  if (name === "trap") {
    const action = args[0] === "--" ? args[1] : args[0];
    return action === undefined || action.startsWith("-") ? [] : [{ script: action }];
  }
  if (name === "hash") return optionValues(words, "dp", "p").map((w) => ({ words: [w] }));
  if (CALLBACKS[name] !== undefined)
    return optionValues(words, CALLBACKS[name] as string, "C").map((w) => ({ script: unquote(w) }));
  if (name === "alias")
    return args.filter((a) => a.includes("=")).map((a) => ({ script: a.slice(a.indexOf("=") + 1) }));
  return [];
}

/**
 * Builtins whose `-C` option is a command line bash runs (mapfile's callback; compgen runs its
 * `-C` command at once), with the letters of their options that take a value.
 */
const CALLBACKS: Readonly<Record<string, string>> = {
  mapfile: "dnOsuCc",
  readarray: "dnOsuCc",
  compgen: "AGWFCXPSo",
  complete: "AGWFCXPSo",
};

/**
 * The values of option `wanted` (one letter) among a builtin's options, read as getopt does
 * (`-tC cmd`, `-Ccmd`): `valued` are the letters that take a value. As written, when a word of
 * its own. `hash -p /bin/rm zz` makes `zz` run `rm`: it is taken as running its `-p` program.
 */
function optionValues(words: readonly string[], valued: string, wanted: string): string[] {
  const found: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = unquote(words[i] as string);
    if (word === "--" || !word.startsWith("-") || word === "-") break;
    for (let k = 1; k < word.length; k++) {
      const letter = word[k] as string;
      if (!valued.includes(letter)) continue;
      const value = k < word.length - 1 ? word.slice(k + 1) : words[++i];
      if (letter === wanted && value !== undefined) found.push(value);
      break;
    }
  }
  return found;
}

/** The command after a wrapper's options (see wrapperOptions), and xargs' unseen arguments. */
function unwrapped(name: string, words: readonly string[], wrapper: Wrapper): RunsInside[] {
  const read = wrapperOptions(words, wrapper);
  if ("script" in read) return [read];
  let rest = words.slice(read.command + (wrapper.operands ?? 0));
  // An option after the operands (`flock FILE -c CMD`, `sg GROUP -c CMD`).
  const late = unquote(rest[0] ?? "");
  if (wrapper.script?.includes(late))
    return [{ script: [unquote(rest[1] ?? ""), ...rest.slice(2)].join(" ") }];
  if (wrapper.operandsAreData === true) rest = [];
  const end = rest.findIndex((w) => wrapper.endsAt?.includes(unquote(w)));
  if (end !== -1) rest = [...rest.slice(0, end), UNSEEN_TEXT];
  if (rest.length === 0) return wrapper.bareRunsShell === true ? ["anything"] : [];
  if (wrapper.joins === true) return [{ script: rest.map(unquote).join(" ") }];
  if (name !== "xargs") return [{ words: rest }];
  // xargs runs echo by default, and adds what it reads to the command or puts it in place of
  // -I's string (`{}` for -i): both are taken as happening.
  const markers = [read.values.get("-I"), "{}"].filter((m): m is string => m !== undefined && m !== "");
  const unseen = (w: string) => markers.reduce((word, m) => word.split(m).join(UNSEEN_TEXT), w);
  return [{ words: [...rest.map(unseen), UNSEEN_TEXT] }];
}

/** ssh's `-o ProxyCommand=…` (and LocalCommand, KnownHostsCommand) runs here, before any connection. */
function sshLocalCommands(name: string, words: readonly string[]): RunsInside[] {
  if (name !== "ssh") return [];
  const runs: RunsInside[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = unquote(words[i] as string);
    const value =
      word === "-o" ? unquote(words[++i] ?? "") : word.startsWith("-o") ? word.slice(2) : undefined;
    const local =
      value && /^\s*(?:proxycommand|localcommand|knownhostscommand)\s*[=\s]\s*([\s\S]*)$/i.exec(value);
    if (local) runs.push({ script: local[1] as string });
  }
  return runs;
}

/**
 * A wrapper's options, read as getopt does (`-Eu root`: `-u` takes `root`): where its command
 * starts and the options' values, or the command line an option gives (env's `-S`).
 */
function wrapperOptions(
  words: readonly string[],
  wrapper: Wrapper,
): { command: number; values: Map<string, string> } | { script: string } {
  const valued = new Set(wrapper.valued);
  const script = new Set(wrapper.script);
  const values = new Map<string, string>();
  let i = 1;
  for (; i < words.length; i++) {
    const word = unquote(words[i] as string);
    if (word === "--") {
      i++;
      break;
    }
    if (!word.startsWith("-") || (wrapper.assignments === true && isAssignmentWord(word))) break;
    const option = optionTakingValue(word, valued, script);
    if (option === undefined) continue;
    const value = option.attached ?? unquote(words[++i] ?? "");
    if (script.has(option.name)) return { script: [value, ...words.slice(i + 1)].join(" ") };
    values.set(option.name, value);
  }
  return { command: i, values };
}

/** The option of `word` that takes a value (and the value, when attached: `-n5`, `--user=root`), if any. */
function optionTakingValue(
  word: string,
  valued: ReadonlySet<string>,
  script: ReadonlySet<string>,
): { name: string; attached?: string } | undefined {
  const takes = (name: string) => valued.has(name) || script.has(name);
  if (word.startsWith("--")) {
    const equals = word.indexOf("=");
    const name = equals === -1 ? word : word.slice(0, equals);
    if (!takes(name)) return undefined;
    return equals === -1 ? { name } : { name, attached: word.slice(equals + 1) };
  }
  for (let k = 1; k < word.length; k++) {
    const name = `-${word[k]}`;
    if (takes(name)) return k === word.length - 1 ? { name } : { name, attached: word.slice(k + 1) };
  }
  return undefined;
}

/** The commands of find's `-exec`, `-execdir`, `-ok` and `-okdir`. */
function findActions(words: readonly string[]): RunsInside[] {
  const runs: RunsInside[] = [];
  for (let i = 1; i < words.length; i++) {
    if (!FIND_ACTIONS.has(unquote(words[i] as string))) continue;
    let end = i + 1;
    while (end < words.length && !FIND_END.has(unquote(words[end] as string))) end++;
    // find puts a file name in place of `{}`: text the line does not show.
    runs.push({ words: words.slice(i + 1, end).map((w) => w.split("{}").join(UNSEEN_TEXT)) });
    i = end;
  }
  return runs;
}
const FIND_END = new Set([";", "+"]);

/**
 * `bash -c 'STRING'` runs STRING; a shell with `-c` but no string here gets it from elsewhere
 * (`xargs sh -c`), and one with no script file, or one the line does not show (`sh <(…)`,
 * `bash "$F"`, `sh /dev/stdin`), reads commands no rule can see. A named script file is not followed.
 */
function shellString(words: readonly string[]): RunsInside[] {
  let readsString = false;
  let i = 1;
  for (; i < words.length; i++) {
    const word = unquote(words[i] as string);
    if (word === "--" || word === "-") {
      i++;
      break;
    }
    if (!word.startsWith("-") && !word.startsWith("+")) break;
    if (/^[-+][oO]$/.test(word) || word === "--rcfile" || word === "--init-file") i++;
    else if (!word.startsWith("--") && word.slice(1).includes("c")) readsString = true;
    else if (!word.startsWith("--") && word.slice(1).includes("s")) return ["anything"];
  }
  const operand = words[i];
  if (readsString) return operand === undefined ? ["anything"] : [{ script: unquote(operand) }];
  return operand === undefined || unseenScript(operand) ? ["anything"] : [];
}

/** `source F` and `. F` run F's commands: followed only so far as to see that F is not a named file. */
function sourced(words: readonly string[]): RunsInside[] {
  const file = words[1];
  return file !== undefined && unseenScript(file) ? ["anything"] : [];
}

/** A script the line does not name: an expansion or substitution, or standard input. */
function unseenScript(word: string): boolean {
  return wordExpands(word) || /^(?:-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/self\/fd\/\d+)$/.test(unquote(word));
}
