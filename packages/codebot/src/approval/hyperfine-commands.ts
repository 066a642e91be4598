import type { RunsInside } from "./runs-inside.js";
import { UNSEEN_TEXT } from "./shell-expansion.js";
import { unquote } from "./shell-words.js";

/** hyperfine's options whose value is a command line it runs: `--prepare 'rm a' ls`. */
const COMMAND_OPTIONS = new Set(["-p", "--prepare", "-s", "--setup", "-c", "--cleanup", "-C", "--conclude"]);
/** Its other options that take a value, and how many words: `-L VAR a,b`, `-P VAR MIN MAX`. */
const VALUE_WORDS: Readonly<Record<string, number>> = {
  "--reference": 1,
  "-S": 1,
  "--shell": 1,
  "-L": 2,
  "--parameter-list": 2,
  "-P": 3,
  "--parameter-scan": 3,
  ...Object.fromEntries(
    ["-w", "--warmup", "-m", "--min-runs", "-M", "--max-runs", "-r", "--runs", "-D", "--parameter-step-size"]
      .concat(["-u", "--time-unit", "--style", "--sort", "--output", "--input", "-n", "--command-name"])
      .concat(["--export-asciidoc", "--export-csv", "--export-json", "--export-markdown", "--export-orgmode"])
      .concat(["--reference-name", "--min-benchmarking-time"])
      .map((o) => [o, 1]),
  ),
};

/**
 * What `hyperfine` runs, or undefined for another program: each operand is a command line it
 * times (`hyperfine 'rm -rf a'`), and so are `--prepare`, `--setup`, `--cleanup`, `--conclude` and
 * `--reference`; `--shell X` runs X with each of them. A parameter's `{NAME}` (`-L`, `-P`) is
 * text the line does not show where it stands.
 */
export function hyperfineCommands(name: string, words: readonly string[]): RunsInside[] | undefined {
  if (name !== "hyperfine") return undefined;
  const lines: string[] = [];
  const parameters: string[] = [];
  const runs: RunsInside[] = [];
  let optionsEnded = false;
  for (let i = 1; i < words.length; i++) {
    const word = unquote(words[i] as string);
    if (optionsEnded || !word.startsWith("-") || word === "-") {
      lines.push(word);
      continue;
    }
    if (word === "--") {
      optionsEnded = true;
      continue;
    }
    const equals = word.startsWith("--") ? word.indexOf("=") : -1;
    const option = equals === -1 ? word : word.slice(0, equals);
    const attached = equals !== -1 ? word.slice(equals + 1) : undefined;
    const shortAttached = !word.startsWith("--") && word.length > 2 ? word.slice(2) : undefined;
    const short = shortAttached === undefined ? option : word.slice(0, 2);
    const known = COMMAND_OPTIONS.has(short) || Object.hasOwn(VALUE_WORDS, short);
    if (!known) continue;
    const count = COMMAND_OPTIONS.has(short) ? 1 : (VALUE_WORDS[short] as number);
    const inWord = attached ?? shortAttached;
    const values =
      inWord === undefined ? words.slice(i + 1, i + 1 + count) : [inWord, ...words.slice(i + 1, i + count)];
    i += inWord === undefined ? count : count - 1;
    const value = unquote(values[0] ?? "");
    if (COMMAND_OPTIONS.has(short) || short === "--reference") lines.push(value);
    else if (short === "-L" || short === "--parameter-list" || short === "-P" || short === "--parameter-scan")
      parameters.push(value);
    else if ((short === "-S" || short === "--shell") && value !== "none" && value !== "")
      runs.push({ script: `${value} -c ${UNSEEN_TEXT}` });
  }
  const unseen = (line: string) =>
    parameters.reduce((text, p) => text.split(`{${p}}`).join(UNSEEN_TEXT), line);
  return [...runs, ...lines.map((line) => ({ script: unseen(line) }))];
}
