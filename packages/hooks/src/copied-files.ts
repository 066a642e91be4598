/**
 * Copies a hook command makes: it may copy, link or move a project file and run it by its new name
 * (`cp bin/fmt /tmp/f; /tmp/f`, `ln -s "$PWD/n" /tmp/y && sh /tmp/y`, `cat n > /tmp/y; sh /tmp/y`),
 * which runs the project's code as running the file itself does (script-references.ts). This reads
 * a command's sources and the names the copies may have, more names than are made, never fewer:
 * - `cp`, `ln`, `install`, `mv`, `rsync`, `scp`: the destination itself, and, as it may be a folder,
 *   each source's name inside it (`cp a b /tmp/`, `cp -t /tmp a`); a source may be a folder
 *   (`cp -r bin /tmp/b`), whose files then lie under each of those names;
 * - `dd if=a of=b`;
 * - a file written through an option (`curl -o y file://$PWD/n`, `wget -O y`, `sort -o y n`): a
 *   copy of each file the command's other words name (a `file://` URL by its path) or it reads;
 * - failing closed, any command writing a file (`> y`, `>> y`, `tee y`, `dd of=y` without `if=`):
 *   what it writes may be a copy of any file its arguments or its `<` input name, or the commands
 *   whose output reaches it do (`cat n > y`, `tee y < n`, `cat n | tr a b > y`, `echo "$(cat n)" > y`).
 * A copy made another way (a script, an interpreter's code) is not followed.
 */
import path from "node:path";
import { type ShellWord, UNKNOWN_PART } from "./shell-words.js";

const COPIES = new Set(["cp", "ln", "install", "mv", "rsync", "scp"]);
/** Options of those programs whose value is the next word (`-t DIR`, `install -m 755`, `rsync -e ssh`). */
const TAKES_VALUE =
  /^(?:-[tmogSePi]|--target-directory|--suffix|--mode|--owner|--group|--rsh|--exclude|--include|--filter)$/;
const TARGET = /^(?:-t|--target-directory=)(.+)$/;
/** Files a command may write that are no copy anyone runs. */
const NOT_A_COPY = /^\/dev\/(?:null|stdout|stderr|tty|fd\/[0-2])$/;

export interface Copy {
  /** The sources as written (a leading `$PWD/` read as `./`). */
  sources: string[];
  /** The names a copy may have, as written (relative ones are relative to where the command is). */
  destinations: string[];
}

/**
 * What `program` with `args` may copy where (see above), or `undefined` when it writes no file;
 * `upstream` are the words of the commands whose output reaches it (through `|` or `$(…)`).
 */
export function copyOf(
  program: string,
  args: readonly ShellWord[],
  upstream: readonly ShellWord[] = [],
): Copy | undefined {
  const named = COPIES.has(program)
    ? namedCopy(args)
    : program === "dd"
      ? ddCopy(args, upstream)
      : optionCopy(program, args, upstream);
  const written = writtenCopy(program, args, upstream);
  if (named === undefined) return written;
  if (written === undefined) return named;
  return {
    sources: [...named.sources, ...written.sources],
    destinations: [...named.destinations, ...written.destinations],
  };
}

/** `cp a b`, `cp a b dir/`, `cp -t dir a b`: the sources, and the destination with each name in it. */
function namedCopy(args: readonly ShellWord[]): Copy | undefined {
  const names: string[] = [];
  let target: string | undefined;
  let options = true;
  for (let k = 0; k < args.length; k++) {
    const word = args[k] as ShellWord;
    if (word.redirect !== undefined) continue;
    const text = currentDirRelative(word);
    if (options && text === "--") options = false;
    else if (options && TAKES_VALUE.test(text)) {
      const value = args[k + 1];
      if ((text === "-t" || text === "--target-directory") && value !== undefined)
        target = currentDirRelative(value);
      k++;
    } else if (options && text.startsWith("-") && text !== "-") {
      const attached = TARGET.exec(text);
      if (attached !== null) target = attached[1] as string;
    } else names.push(text);
  }
  const destination = target ?? names.pop();
  if (destination === undefined || names.length === 0) return undefined;
  // `scp a host:/tmp/y`, `rsync a host:y`: a copy on another machine runs nothing here.
  if (/^[^/]*:/.test(destination)) return undefined;
  const inside = names.map((name) => `${destination.replace(/\/+$/, "")}/${path.basename(name)}`);
  return { sources: names, destinations: target === undefined ? [destination, ...inside] : inside };
}

/**
 * The options by which a program writes its output to a file, by program: the option alone (its
 * value the next word, or attached: `-oy`, `--output=y`), and, for single-letter ones, after
 * other letters without a value (`curl -so y`, `wget -qO y`).
 */
const OUTPUT_OPTIONS: Readonly<Record<string, { short: string; long: string }>> = {
  curl: { short: "o", long: "--output" },
  wget: { short: "O", long: "--output-document" },
  sort: { short: "o", long: "--output" },
};

/** `curl -o y file://$PWD/n`, `wget -O y`, `sort -o y n`: the other words (and what it reads) copied to `y`. */
function optionCopy(
  program: string,
  args: readonly ShellWord[],
  upstream: readonly ShellWord[],
): Copy | undefined {
  const option = OUTPUT_OPTIONS[program];
  if (option === undefined) return undefined;
  const shortAlone = new RegExp(`^-[A-Za-z]*${option.short}$`);
  const shortAttached = new RegExp(`^-[A-Za-z]*?${option.short}(.+)$`);
  const destinations: string[] = [];
  const sources: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const word = args[k] as ShellWord;
    if (word.redirect !== undefined) continue;
    const text = currentDirRelative(word);
    const next = args[k + 1];
    const attached = text.startsWith(`${option.long}=`)
      ? text.slice(option.long.length + 1)
      : text.startsWith("--")
        ? undefined
        : shortAttached.exec(text)?.[1];
    if ((text === option.long || shortAlone.test(text)) && next !== undefined) {
      destinations.push(currentDirRelative(next));
      k++;
    } else if (attached !== undefined) destinations.push(attached);
    else if (!text.startsWith("-")) sources.push(fileUrlPath(word) ?? text);
  }
  // `-O -`: to stdout, no file.
  if (destinations.every((name) => name === "-")) return undefined;
  return { sources: [...sources, ...inputsOf(args, upstream)], destinations };
}

/** The path a `file://` URL names (`file://$PWD/n`: `./n`), or `undefined` for another word. */
function fileUrlPath(word: ShellWord): string | undefined {
  const scheme = "file://";
  if (!word.text.startsWith(scheme)) return undefined;
  const currentDir = word.currentDir?.map((at) => at - scheme.length);
  return currentDirRelative({
    ...word,
    text: word.text.slice(scheme.length),
    ...(currentDir ? { currentDir } : {}),
  });
}

/** `dd if=a of=b`: `a` (or, without `if=`, what the command reads) copied to `b`. */
function ddCopy(args: readonly ShellWord[], upstream: readonly ShellWord[]): Copy | undefined {
  const operand = (name: string) =>
    args
      .filter((w) => w.redirect === undefined && w.text.startsWith(`${name}=`))
      .map((w) => currentDirRelative(w).slice(name.length + 1));
  const destinations = operand("of");
  if (destinations.length === 0) return undefined;
  const from = operand("if");
  return { sources: from.length > 0 ? from : inputsOf(args, upstream), destinations };
}

/** A command writing files (`> y`, `tee y`): each may be a copy of what it reads or names. */
function writtenCopy(
  program: string,
  args: readonly ShellWord[],
  upstream: readonly ShellWord[],
): Copy | undefined {
  const destinations = args
    .filter(
      (w) =>
        w.redirect === "out" || (program === "tee" && w.redirect === undefined && !w.text.startsWith("-")),
    )
    .map(currentDirRelative)
    .filter((text) => !NOT_A_COPY.test(text));
  if (destinations.length === 0) return undefined;
  const named = args
    .filter((w) => w.redirect === undefined && !w.text.startsWith("-"))
    .map(currentDirRelative);
  return { sources: [...named, ...inputsOf(args, upstream)], destinations };
}

/** What a command reads: its `<` files and the words of the commands whose output reaches it. */
function inputsOf(args: readonly ShellWord[], upstream: readonly ShellWord[]): string[] {
  return [...args.filter((w) => w.redirect === "in" && w.here !== true), ...upstream]
    .filter((w) => w.redirect !== "out")
    .map(currentDirRelative);
}

/** The word's text, a leading `$PWD` or `$(pwd)` before a `/` (the hook runs in the project) read as `.`. */
export function currentDirRelative(word: ShellWord): string {
  const { text } = word;
  const leading = word.currentDir?.includes(0) === true && text[0] === UNKNOWN_PART;
  return leading && (text.length === 1 || text[1] === "/") ? `.${text.slice(1)}` : text;
}
