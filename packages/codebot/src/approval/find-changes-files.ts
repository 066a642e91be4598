import { programName, splitWords, unquote } from "./shell-words.js";
import { withoutTransparentWrappers } from "./transparent-wrappers.js";

/** find's actions that remove files or write the file they name. */
const CHANGING_ACTIONS = new Set(["-delete", "-fprint", "-fprint0", "-fprintf", "-fls"]);

/**
 * Whether the simple command `text` is a `find` that removes files or writes one (`-delete`,
 * `-fprint FILE`, …). A prefix or wildcard rule for find (`Bash(find:*)`, kept to let the model
 * look for files) does not allow it, as claude 2.1.328's does not (recorded with
 * schoblaska/dotclaude's `Bash(find:*)`: "find with '-delete' executes commands or modifies
 * files — cannot be auto-allowed by a Bash(find:*) prefix rule"); a rule for the whole line does.
 * Its `-exec` commands are checked as commands of their own (commands-run-by.ts).
 */
export function findChangesFiles(text: string): boolean {
  const words = splitWords(withoutTransparentWrappers(text));
  const first = words[0];
  if (first === undefined || programName(first) !== "find") return false;
  return words.slice(1).some((word) => CHANGING_ACTIONS.has(unquote(word)));
}
