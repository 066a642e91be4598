import path from "node:path";

/** `~` and `~/…` as the shell reads them, under `home`; any other word as it is. */
export function expandHome(word: string, home: string): string {
  return word === "~" || word.startsWith("~/") ? path.join(home, word.slice(1)) : word;
}
