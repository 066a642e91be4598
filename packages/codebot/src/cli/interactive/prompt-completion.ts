import { completeFileMention } from "./file-mention-completion.js";
import { completeSlashCommand } from "./slash-commands.js";

/** At most this many candidates are listed; the rest are counted. */
const LISTED = 60;

/**
 * The prompt's Tab: a slash command after `/`, a project path after `@`. Tab inserts what all the
 * candidates share; when that adds nothing and several fit, they are listed above the prompt
 * (`list`), in one line broken between words — readline's own list was written from the prompt's
 * row down, over the status line under it, and left pieces of it behind.
 */
export function promptCompleter(options: {
  skillNames: () => readonly string[];
  cwd: string;
  list: (candidates: string) => void;
}): (line: string) => [string[], string] {
  return (line) => {
    // A command's name, or a path in its arguments (`/explain @src/pa`) as in any prompt.
    const [hits, typed] = /^\/\S*$/.test(line)
      ? completeSlashCommand(line, options.skillNames())
      : completeFileMention(line, options.cwd);
    if (hits.length < 2 || sharedStart(hits).length > typed.length) return [hits, typed];
    const more = hits.length > LISTED ? `  … ${hits.length - LISTED} more` : "";
    options.list(`${hits.slice(0, LISTED).join("  ")}${more}`);
    return [[], typed];
  };
}

function sharedStart(words: readonly string[]): string {
  let shared = words[0] ?? "";
  for (const word of words) while (!word.startsWith(shared)) shared = shared.slice(0, -1);
  return shared;
}
