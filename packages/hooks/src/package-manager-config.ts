/**
 * The words of a package manager's configuration file that may name a file run with every script
 * (§8): yarn's own program (`yarnPath` in `.yarnrc.yml`, `yarn-path` in `.yarnrc`), the shell npm
 * runs scripts with (`.npmrc`'s `script-shell`), what each node process loads (`node-options=
 * --require ./x.js`), bun's `preload`. Read failing closed: every word counts, whatever key holds
 * it (a yarn plugin's `path:`), and those naming an existing project file have their content
 * approved with the command (script-references.ts) — so the file yarnPath names, edited after
 * consent, asks again.
 */
import { fileStart } from "./file-start.js";

/** Past this many bytes a configuration file is not read further. */
const MAX_BYTES = 256 * 1024;

/** The words of `configFile`, split where YAML, TOML or ini syntax separates a value. */
export function configWords(configFile: string): string[] {
  return fileStart(configFile, MAX_BYTES)
    .split(/[\s=:,[\]{}"'`]+/)
    .filter((word) => word !== "");
}
