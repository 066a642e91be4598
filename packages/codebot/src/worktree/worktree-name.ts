/**
 * The name of `--worktree`'s worktree: the one given, or three random words as claude makes them
 * (`floating-foraging-bonbon`). A name is one folder name and part of a branch name.
 */
import { randomInt } from "node:crypto";

const FIRST = [
  "floating",
  "quiet",
  "bright",
  "gentle",
  "swift",
  "amber",
  "misty",
  "sunny",
  "velvet",
  "brisk",
];
const SECOND = ["foraging", "humming", "wandering", "drifting", "glowing", "skipping", "roaming", "weaving"];
const THIRD = ["bonbon", "otter", "meadow", "lantern", "pebble", "falcon", "teacup", "willow", "comet"];

/** A new name: three words joined by `-`. */
export function generatedWorktreeName(): string {
  const pick = (words: readonly string[]) => words[randomInt(words.length)] as string;
  return `${pick(FIRST)}-${pick(SECOND)}-${pick(THIRD)}`;
}

/** The name as given, when it is one folder name git takes in a branch name; else an error line. */
export function checkedWorktreeName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || name.includes("..") || name.endsWith(".lock"))
    throw new Error(
      `--worktree: "${name}" is not a worktree name (letters, digits, ".", "_" and "-", starting with a letter or digit)`,
    );
  return name;
}
