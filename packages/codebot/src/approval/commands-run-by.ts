import { SHELL_KEYWORDS, valuedOption, type WrapperSyntax, wrapperNamed } from "@codebot/hooks";
import { editorDebuggerCommands } from "./editor-debugger-commands.js";
import { gitCommands } from "./git-commands.js";
import { hyperfineCommands } from "./hyperfine-commands.js";
import { packageRunnerNamed } from "./package-runners.js";
import { recipeRunnerCommands } from "./recipe-runners.js";
import type { RunsInside } from "./runs-inside.js";
import { scriptedProgramCommands } from "./scripted-programs.js";
import { searchToolCommands } from "./search-tool-commands.js";
import { sedCommands } from "./sed-commands.js";
import { UNSEEN_TEXT, wordExpands } from "./shell-expansion.js";
import { isAssignmentWord, programName, unquote } from "./shell-words.js";

const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"]);
/** find's actions that run a command, up to `;` or `+`. */
const FIND_ACTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** What the simple command `words` (as written) makes bash run besides itself (see RunsInside). */
export function commandsRunBy(words: readonly string[]): RunsInside[] {
  const first = words[0];
  if (first === undefined) return [];
  const name = programName(first);
  if (SHELL_KEYWORDS.has(first)) return [{ words: words.slice(1) }];
  if (first === "function") return [{ words: words.slice(words[2] === "{" ? 3 : 2) }];
  if (first === "coproc") return [{ words: words.slice(words[2] === "{" ? 3 : 1) }];
  const wrapper = wrapperNamed(name);
  if (wrapper !== undefined) return [...unwrapped(words, wrapper), ...sshLocalCommands(name, words)];
  const runner = packageRunnerNamed(name);
  if (runner !== undefined)
    return unwrapped(words, runner).map((run) =>
      run === "anything" || "script" in run ? run : { ...run, tighteningOnly: true },
    );
  const edited = editorDebuggerCommands(name, words);
  if (edited !== undefined) return edited;
  const scripted = scriptedProgramCommands(name, words);
  if (scripted !== undefined) return scripted;
  if (name === "find") return findActions(words);
  // GNU sed's `e` runs a command line; `s///e` runs the text of the input.
  if (name === "sed" || name === "gsed") return sedCommands(words);
  if (name === "git") return gitCommands(words);
  const searched = searchToolCommands(name, words);
  if (searched !== undefined) return searched;
  const timed = hyperfineCommands(name, words);
  if (timed !== undefined) return timed;
  const recipes = recipeRunnerCommands(name, words);
  if (recipes !== undefined) return recipes;
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

/**
 * The command after a wrapper's options (see wrapperOptions), and xargs' unseen arguments. An
 * option the table does not know may take the next word as its value (`uv run --color never rm
 * a`, `strace --output log rm a`): the command may start after that word too, which deny and ask
 * rules follow. Not a shell reading its input there (`ssh -t host` would read as a bare `ssh`).
 */
function unwrapped(words: readonly string[], wrapper: WrapperSyntax, from = 1): RunsInside[] {
  const read = wrapperOptions(words, wrapper, from);
  if ("script" in read) return [read];
  const afterValue = read.afterUnknown
    ? unwrapped(words, wrapper, read.command + 1).flatMap((run): RunsInside[] =>
        run === "anything" ? [] : [{ ...run, tighteningOnly: true }],
      )
    : [];
  return [...commandAfter(words, wrapper, read), ...afterValue];
}

/** What the wrapper runs when its command starts at `read.command`. */
function commandAfter(
  words: readonly string[],
  wrapper: WrapperSyntax,
  read: { command: number; values: Map<string, string> },
): RunsInside[] {
  const operands = wrapper.operands ?? 0;
  // `uv run pytest` runs pytest; `uv pip install x` runs no command of its own.
  const subcommand = wrapper.subcommands === undefined ? undefined : unquote(words[read.command] ?? "");
  // `docker compose exec SVC rm a`: the subcommand reads the rest as a wrapper of its own.
  const nested =
    subcommand !== undefined &&
    wrapper.subcommandWrappers !== undefined &&
    Object.hasOwn(wrapper.subcommandWrappers, subcommand)
      ? wrapper.subcommandWrappers[subcommand]
      : undefined;
  if (nested !== undefined && subcommand !== undefined)
    return unwrapped([subcommand, ...words.slice(read.command + 1)], nested).map((run) =>
      run === "anything" ? run : { ...run, tighteningOnly: true },
    );
  if (subcommand !== undefined && !wrapper.subcommands?.includes(subcommand)) return [];
  let rest = words.slice(read.command + operands);
  // `mise exec node@20 -- rm a`, `nix develop .#dev -c rm a`: the command is after the marker.
  const marker = rest.findIndex((w) => wrapper.commandAfter?.includes(unquote(w)) === true);
  if (marker !== -1)
    return [{ words: rest.slice(marker + 1), ...(subcommand === undefined ? {} : { tighteningOnly: true }) }];
  // The subcommand's own options, before its other operands too: `uv run --with x pytest`,
  // `docker exec -u root CONTAINER x`. What an environment manager runs is followed by deny and
  // ask rules only: `Bash(uv run pytest:*)` allows `uv run pytest -q`, as in Claude Code, and
  // `Bash(uv:*)` allowed `uv run x` before it was followed.
  if (subcommand !== undefined) {
    const own = { valued: wrapper.valued, commandLine: wrapper.commandLine, operands: operands - 1 };
    return unwrapped([subcommand, ...words.slice(read.command + 1)], own).map((run) =>
      run === "anything" ? run : { ...run, tighteningOnly: true },
    );
  }
  // An option after the operands (`flock FILE -c CMD`, `sg GROUP -c CMD`).
  const late = unquote(rest[0] ?? "");
  if (wrapper.commandLine?.includes(late))
    return [{ script: [unquote(rest[1] ?? ""), ...rest.slice(2)].join(" ") }];
  const runWith = wrapper.operandsRunWith ?? [];
  if (wrapper.operandsAreData === true && !runWith.some((o) => read.values.has(o))) rest = [];
  const end = rest.findIndex((w) => wrapper.endsAt?.includes(unquote(w)));
  if (end !== -1) rest = [...rest.slice(0, end), UNSEEN_TEXT];
  if (rest.length === 0) return wrapper.bareRunsShell === true ? ["anything"] : [];
  if (wrapper.joins === true) return [{ script: rest.map(unquote).join(" ") }];
  if (wrapper.appendsInput !== true) return [{ words: rest }];
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
  wrapper: WrapperSyntax,
  from: number,
): { command: number; values: Map<string, string>; afterUnknown: boolean } | { script: string } {
  const values = new Map<string, string>();
  // Whether the word at `command` follows an option the table does not know, with no `=value`.
  let afterUnknown = false;
  let i = from;
  for (; i < words.length; i++) {
    const word = unquote(words[i] as string);
    if (word === "--") {
      afterUnknown = false;
      i++;
      break;
    }
    if (!word.startsWith("-") || (wrapper.assignments === true && isAssignmentWord(word))) break;
    const option = valuedOption(word, wrapper);
    afterUnknown = option === undefined && !word.includes("=");
    if (option === undefined) continue;
    const value = option.attached ?? unquote(words[++i] ?? "");
    i += option.moreWords;
    if (option.commandLine) return { script: [value, ...words.slice(i + 1)].join(" ") };
    values.set(option.name, value);
  }
  return { command: i, values, afterUnknown };
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
