/**
 * Variables a hook command sets and then uses where a program or script goes (§8,
 * script-references.ts): `f=bin/fmt; $f`, `f=./n; sh "$f"`, `export F=n; sh $F`, `for f in a b; do
 * sh "$f"; done` run the files the values name, as writing them out does. The values are followed
 * as written in the command (a value built of another variable set there too, `d=bin; f=$d/fmt`);
 * a variable may hold any value the command gives it (more names, never fewer), and an unquoted
 * value's words each count as well (`F="-x n"; sh $F`). A value from a command's output, `read`
 * (`read f < list`), a glob (`for f in ./bin/*`) or the environment (`$X`, `$HOME/../x`) cannot be
 * named: a word running one is listed as such (usesUnknownValue), as is a word running a glob
 * (`sh ./s*`) or another expansion codebot does not follow (`${X:-a}`). The user's own folders
 * (`$HOME/bin/x`, `$XDG_CONFIG_HOME/…`) are not the project's: followed as written.
 */
import { ASSIGNMENT } from "./command-wrappers.js";
import { type ShellWord, UNKNOWN_PART } from "./shell-words.js";

/** `$name`, `${name}` in a word as written. */
const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
/** Builtins whose `NAME=value` arguments set variables. */
const DECLARES = new Set(["export", "local", "declare", "typeset", "readonly"]);
/** More values than this a variable, or readings a word, may have: the rest are not followed. */
const MAX_VALUES = 16;
/** Builtins setting the variables they name to what they read: `read f`, `mapfile lines`. */
const READS_INTO: Readonly<Record<string, string>> = {
  read: "REPLY",
  mapfile: "MAPFILE",
  readarray: "MAPFILE",
};
/** A variable name, as `read` and `mapfile` take it. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Environment variables naming the user's own folders (or the current one): a word using them is
 * the user's file, not one the repository chose — unless it climbs out with `..`.
 */
const OWN_ENVIRONMENT = new Set([
  "HOME",
  "PWD",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
  "XDG_STATE_HOME",
  "XDG_CACHE_HOME",
  "CLAUDE_CONFIG_DIR",
  "CODEBOT_HOME",
  "CLAUDE_PLUGIN_ROOT",
  "CLAUDE_PLUGIN_DATA",
]);

/** The values set variables may hold, by name, and the variables set from a command's output. */
export interface Variables {
  values: Map<string, string[]>;
  /**
   * Set to what codebot cannot know: `$(…)` or backquotes (`f=$(jq -r .x)`, `for f in $(ls)`),
   * `read`, `mapfile`, a glob (`for f in ./bin/*`), the environment (`f=$X`).
   */
  unknown: Set<string>;
}

/**
 * Notes the values a command sets (`NAME=value` alone, `export NAME=value`…, `for NAME in …`):
 * `program` is its program word's index (-1 for none).
 */
export function noteAssignments(words: readonly ShellWord[], program: number, variables: Variables): void {
  const name = program === -1 ? "" : (words[program] as ShellWord).text;
  const into = READS_INTO[name];
  if (into !== undefined) {
    // `read -p prompt f`: every name-like word counts (more names, never fewer).
    const named = words.slice(program + 1).filter((w) => w.redirect === undefined && NAME.test(w.text));
    for (const variable of [into, ...named.map((w) => w.text)]) variables.unknown.add(variable);
    return;
  }
  if (name === "for" || name === "select") {
    const variable = words[program + 1];
    if (variable === undefined || words[program + 2]?.text !== "in") return;
    const values = words.slice(program + 3).filter((w) => w.redirect === undefined);
    if (values.some((w) => w.outputOf !== undefined || usesUnknownValue(w, variables)))
      variables.unknown.add(variable.text);
    add(
      variables,
      variable.text,
      values.flatMap((w) => textsOf(w, variables)),
    );
    return;
  }
  const assigning =
    program === -1 ? words : DECLARES.has(name) ? words.slice(program + 1) : words.slice(0, program);
  for (const word of assigning) {
    if (word.redirect !== undefined || !ASSIGNMENT.test(word.raw)) continue;
    const equals = word.text.indexOf("=");
    if (word.outputOf !== undefined || usesUnknownValue(word, variables))
      variables.unknown.add(word.text.slice(0, equals));
    // `d=$PWD/bin`: the hook runs in the project, so `./bin` (`$(pwd)` stays a command's output).
    const currentDir =
      word.outputOf === undefined &&
      word.currentDir?.includes(equals + 1) === true &&
      word.text[equals + 1] === UNKNOWN_PART;
    const texts = currentDir
      ? [`${word.text.slice(0, equals + 1)}.${word.text.slice(equals + 2)}`]
      : textsOf(word, variables);
    add(
      variables,
      word.text.slice(0, equals),
      texts.map((text) => text.slice(equals + 1)),
    );
  }
}

/**
 * The texts `word` may have with the variables it uses given the values they may hold, or
 * `undefined` when it uses none of them (or holds an expansion besides, which is not followed).
 */
export function variableReadings(word: ShellWord, variables: Variables): string[] | undefined {
  if (!word.dynamic || variables.values.size === 0) return undefined;
  const names = referencedNames(word);
  if (!names.some((name) => variables.values.has(name))) return undefined;
  const parts = word.text.split(UNKNOWN_PART);
  // Each `$name` stands as one unknown part; more or fewer: quoted, escaped or other expansions.
  if (parts.length - 1 !== names.length) return undefined;
  let texts = [parts[0] as string];
  names.forEach((name, k) => {
    const values = variables.values.get(name) ?? [UNKNOWN_PART];
    texts = texts.flatMap((text) => values.map((value) => text + value + parts[k + 1])).slice(0, MAX_VALUES);
  });
  return texts;
}

/**
 * Whether `word` holds a value codebot cannot know where it may name a file: a variable set to
 * such a value (`root=$(git rev-parse --show-toplevel); "$root/x"`, `read f; sh "$f"`), one from
 * the environment other than the user's own folders (`$X`, `$HOME/../$X`, `$HOME/..`), a `$(…)`
 * other than `$(pwd)`, a glob (`./s*`), or an expansion not read as a plain `$name` (`${X:-a}`).
 */
export function usesUnknownValue(word: ShellWord, variables: Variables): boolean {
  if (!word.dynamic) return false;
  const names = referencedNames(word);
  if (names.some((name) => variables.unknown.has(name))) return true;
  const environment = names.filter((name) => !variables.values.has(name));
  if (environment.some((name) => !OWN_ENVIRONMENT.has(name))) return true;
  if (environment.length > 0 && /(?:^|\/)\.\.(?:\/|$)/.test(word.text)) return true;
  const parts = word.text.split(UNKNOWN_PART).length - 1;
  // Dynamic with no unknown part: a glob, expanded as the command runs.
  if (parts === 0) return true;
  // `$PWD` stands as one unknown part and one name; `$(pwd)` as one part and no name.
  const currentDir = (word.currentDir?.length ?? 0) - names.filter((name) => name === "PWD").length;
  return parts !== names.length + currentDir;
}

/** The names of the variables a word uses, as written (`$f`, `${f}`). */
function referencedNames(word: ShellWord): string[] {
  return [...word.raw.matchAll(REFERENCE)].map((m) => (m[1] ?? m[2]) as string);
}

/** The word's texts: its readings with the variables set so far, or its own text. */
function textsOf(word: ShellWord, variables: Variables): string[] {
  return variableReadings(word, variables) ?? [word.text];
}

/** Adds values (and, as an unquoted use splits them, each of their words) to what `name` may hold. */
function add(variables: Variables, name: string, values: readonly string[]): void {
  const held = variables.values.get(name) ?? [];
  for (const value of values)
    for (const text of [value, ...value.split(/\s+/).filter((w) => w !== "" && w !== value)])
      if (!held.includes(text) && held.length < MAX_VALUES) held.push(text);
  variables.values.set(name, held);
}
