import { shellCommands } from "./shell-commands.js";
import { wordExpands } from "./shell-expansion.js";
import { leadingAssignmentCount, programName, splitWords } from "./shell-words.js";

/**
 * The longest command read for its programs: reading one of 5 MB took 8 s, the question waiting;
 * one of 100,000 characters takes tens of milliseconds.
 */
const MOST_READ = 200_000;

/** The most program names listed; past it, how many more. */
const MOST_NAMES = 20;
/** The most characters of one name shown. */
const MOST_NAME_CHARS = 40;

/**
 * The programs a bash command runs, by name, each once, in order — `npm, curl, sh` — for a question
 * that cannot show the command whole: its hidden middle may run anything. `and what it cannot name`
 * ends the list when a command word is filled in as it runs (`$X`) or a part is not understood.
 */
export function programsNamed(command: string): string {
  if (command.length > MOST_READ) return "what codebot does not read in so long a command";
  const found = shellCommands(command);
  const names: string[] = [];
  let unnamed = found.unmodelled;
  for (const part of found.commands) {
    unnamed ||= part.unresolved;
    const words = splitWords(part.text);
    const word = words[leadingAssignmentCount(words)];
    // `"$X"` names no program; `sh` reading its input does, and runs what it cannot name besides.
    const name = word === undefined || wordExpands(word) ? "" : programName(word);
    // A program word may be thousands of characters long: the list stays a line or two.
    const shown = name.length > MOST_NAME_CHARS ? `${name.slice(0, MOST_NAME_CHARS)}…` : name;
    if (shown !== "" && !names.includes(shown)) names.push(shown);
  }
  const listed = names.slice(0, MOST_NAMES);
  if (names.length > MOST_NAMES) listed.push(`${names.length - MOST_NAMES} more`);
  if (unnamed) listed.push("what it cannot name");
  return listed.length === 0
    ? "nothing codebot can name"
    : listed.join(", ").replace(/, ([^,]+)$/, " and $1");
}
