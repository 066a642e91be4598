import type { RunsInside } from "./runs-inside.js";
import { wordExpands } from "./shell-expansion.js";
import { unquote } from "./shell-words.js";

/** GNU sed's options that take a value (the script's and the script file's aside). */
const VALUED = new Set(["-l", "--line-length"]);
const SCRIPT_OPTIONS = new Set(["-e", "--expression"]);
const FILE_OPTIONS = new Set(["-f", "--file"]);
/** Short options that are flags, which may be grouped before one that takes a value (`-ne 1p`). */
const SHORT_FLAGS = "nErsuzi";

/**
 * What a sed line runs besides sed (GNU sed's `e`): `e command` runs `command` with sh, and `e`
 * alone or the `s///e` flag runs the pattern space — text of the input, which the line does not
 * show: anything. Its script is read from the `-e`/`--expression` values, else the first
 * operand; one the line does not show (an expansion in it) may hold an `e`: anything. A script
 * file (`-f`) is not read, as a script an interpreter runs is not. Read conservatively: a
 * command this reader does not know counts as running anything (deny and ask rules then apply).
 */
export function sedCommands(words: readonly string[]): RunsInside[] {
  /** The scripts given, each with the word it came from (its expansions are checked as written). */
  const scripts: { word: string; text: string }[] = [];
  let fromFile = false;
  let operand: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const raw = words[i] as string;
    const word = unquote(raw);
    // The value of an option, in the word (`-e1p`, `--expression=1p`) or the next one.
    const value = (attached: string | undefined): { word: string; text: string } | undefined => {
      if (attached !== undefined) return { word: raw, text: attached };
      const next = words[++i];
      return next === undefined ? undefined : { word: next, text: unquote(next) };
    };
    if (word === "--") {
      operand ??= words[i + 1];
      break;
    }
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const name = eq === -1 ? word : word.slice(0, eq);
      const attached = eq === -1 ? undefined : word.slice(eq + 1);
      if (!SCRIPT_OPTIONS.has(name) && !FILE_OPTIONS.has(name) && !VALUED.has(name)) continue;
      const given = value(attached);
      if (SCRIPT_OPTIONS.has(name) && given !== undefined) scripts.push(given);
      if (FILE_OPTIONS.has(name)) fromFile = true;
      continue;
    }
    if (word.startsWith("-") && word.length > 1) {
      // `-ne 1p`, `-e1p`, `-i.bak`: flags, then one letter that may take the rest or the next word.
      for (let k = 1; k < word.length; k++) {
        const letter = word[k] as string;
        if (letter === "i") break; // -i's suffix is the rest of the word
        if (SHORT_FLAGS.includes(letter)) continue;
        if (letter === "e" || letter === "f" || letter === "l") {
          const rest = word.slice(k + 1);
          const given = value(rest === "" ? undefined : rest);
          if (letter === "e" && given !== undefined) scripts.push(given);
          if (letter === "f") fromFile = true;
        }
        break;
      }
      continue;
    }
    operand ??= raw;
  }
  if (scripts.length === 0 && !fromFile && operand !== undefined)
    scripts.push({ word: operand, text: unquote(operand) });
  const runs: RunsInside[] = [];
  for (const { word, text } of scripts) {
    // A script the line does not show whole may hold an `e`.
    if (wordExpands(word)) return ["anything"];
    const found = commandsInScript(text);
    if (found === "anything") return ["anything"];
    runs.push(...found.map((script) => ({ script })));
  }
  return runs;
}

/** Commands that take no argument. */
const PLAIN = new Set([..."=dDgGhHnNpPxzF"]);
/** Commands whose argument is the rest of the line: a file's name, text. */
const REST_OF_LINE = new Set([..."rRwWaic"]);
/** Commands whose argument (a label, a number) ends at `;` or the line's end (`:a;N;$!ba`). */
const TO_SEMICOLON = new Set([..."btTlLqQv:"]);

/** The command lines of the script's `e` commands, or anything (bare `e`, `s///e`, an unknown command). */
function commandsInScript(script: string): string[] | "anything" {
  const found: string[] = [];
  let i = 0;
  const restOfLine = (): string => {
    const end = script.indexOf("\n", i);
    const text = script.slice(i, end === -1 ? script.length : end);
    i = end === -1 ? script.length : end + 1;
    return text;
  };
  while (i < script.length) {
    const c = script[i] as string;
    if (/[\s;}]/.test(c)) {
      i++;
      continue;
    }
    if (c === "#") {
      restOfLine();
      continue;
    }
    const afterAddress = skipAddresses(script, i);
    if (afterAddress === undefined) return "anything";
    i = afterAddress;
    const command = script[i];
    if (command === undefined) return found;
    i++;
    if (command === "{" || PLAIN.has(command)) continue;
    if (command === "e") {
      const line = restOfLine().trim();
      if (line === "") return "anything";
      found.push(line);
      continue;
    }
    if (command === "s" || command === "y") {
      const delimiter = script[i];
      if (delimiter === undefined || delimiter === "\n" || delimiter === "\\") return "anything";
      const end = skipDelimited(script, skipDelimited(script, i + 1, delimiter), delimiter);
      if (end > script.length) return "anything";
      i = end;
      if (command === "y") continue;
      const flags = /^[gpiImMe0-9 \t]*/.exec(script.slice(i))?.[0] ?? "";
      if (flags.includes("e")) return "anything";
      i += flags.length;
      // `w FILE` ends the command at the line's end.
      if (script[i] === "w") restOfLine();
      continue;
    }
    if (REST_OF_LINE.has(command)) {
      // a, i and c: a text line ending in a backslash goes on on the next line.
      let line = restOfLine();
      while (/[aic]/.test(command) && /(^|[^\\])(\\\\)*\\$/.test(line) && i < script.length)
        line = restOfLine();
      continue;
    }
    if (TO_SEMICOLON.has(command)) {
      while (i < script.length && !/[;\n}]/.test(script[i] as string)) i++;
      continue;
    }
    return "anything";
  }
  return found;
}

/** Past the addresses before a command (`1`, `$`, `/re/I`, `\%re%`, `1,+3`, `0~4`) and a `!`. */
function skipAddresses(script: string, from: number): number | undefined {
  let i = from;
  for (let n = 0; n < 2; n++) {
    const c = script[i];
    if (c === undefined) return i;
    if (/[0-9$+~]/.test(c)) {
      while (i < script.length && /[0-9$+~]/.test(script[i] as string)) i++;
    } else if (c === "/" || c === "\\") {
      const delimiter = c === "/" ? "/" : script[i + 1];
      if (delimiter === undefined || delimiter === "\n") return undefined;
      i = skipDelimited(script, c === "/" ? i + 1 : i + 2, delimiter);
      if (i > script.length) return undefined;
      while (/[IM]/.test(script[i] ?? "")) i++;
    } else break;
    while (script[i] === " ") i++;
    if (script[i] !== ",") break;
    i++;
    while (script[i] === " ") i++;
  }
  while (/[\s!]/.test(script[i] ?? "") && script[i] !== "\n") i++;
  return i;
}

/** Past the text up to an unescaped `delimiter` (the index after it; past the end when none). */
function skipDelimited(script: string, from: number, delimiter: string): number {
  let i = from;
  while (i < script.length) {
    const c = script[i];
    if (c === "\\") i += 2;
    else if (c === delimiter) return i + 1;
    else i++;
  }
  return script.length + 1;
}
