/**
 * Variables a hook command sets and then uses where a program or script goes (§8,
 * script-references.ts): `f=bin/fmt; $f`, `f=./n; sh "$f"`, `export F=n; sh $F`, `for f in a b; do
 * sh "$f"; done` run the files the values name, as writing them out does. The values are followed
 * as written in the command (a value built of another variable set there too, `d=bin; f=$d/fmt`);
 * a variable may hold any value the command gives it (more names, never fewer), and an unquoted
 * value's words each count as well (`F="-x n"; sh $F`). A value from a command's output cannot be
 * named: a word running one is listed as such (usesOutputVariable). Not followed: a value from the
 * environment, `read` or a glob, or a word with another expansion beside it.
 */
import { ASSIGNMENT } from "./command-wrappers.js";
import { type ShellWord, UNKNOWN_PART } from "./shell-words.js";

/** `$name`, `${name}` in a word as written. */
const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
/** Builtins whose `NAME=value` arguments set variables. */
const DECLARES = new Set(["export", "local", "declare", "typeset", "readonly"]);
/** More values than this a variable, or readings a word, may have: the rest are not followed. */
const MAX_VALUES = 16;

/** The values set variables may hold, by name, and the variables set from a command's output. */
export interface Variables {
  values: Map<string, string[]>;
  /** Set from `$(…)` or backquotes (`f=$(jq -r .x)`, `for f in $(ls)`): what they hold is not known. */
  fromOutput: Set<string>;
}

/**
 * Notes the values a command sets (`NAME=value` alone, `export NAME=value`…, `for NAME in …`):
 * `program` is its program word's index (-1 for none).
 */
export function noteAssignments(words: readonly ShellWord[], program: number, variables: Variables): void {
  const name = program === -1 ? "" : (words[program] as ShellWord).text;
  if (name === "for") {
    const variable = words[program + 1];
    if (variable === undefined || words[program + 2]?.text !== "in") return;
    const values = words.slice(program + 3).filter((w) => w.redirect === undefined);
    if (values.some((w) => w.outputOf !== undefined)) variables.fromOutput.add(variable.text);
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
    if (word.outputOf !== undefined) variables.fromOutput.add(word.text.slice(0, equals));
    add(
      variables,
      word.text.slice(0, equals),
      textsOf(word, variables).map((text) => text.slice(equals + 1)),
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
 * Whether `word` uses a variable the command set from a command's output (`root=$(git rev-parse
 * --show-toplevel); "$root/x"`): what it names is worked out as the command runs.
 */
export function usesOutputVariable(word: ShellWord, variables: Variables): boolean {
  return word.dynamic && referencedNames(word).some((name) => variables.fromOutput.has(name));
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
