import fs from "node:fs";

let version: string | undefined;

/** The package's version, read once from its package.json (next to dist/ and src/). */
export function codebotVersion(): string {
  // Each command a model runs is told it (session/agent-env.ts): the file's URL is not made again.
  version ??= (
    JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
  ).version;
  return version;
}
