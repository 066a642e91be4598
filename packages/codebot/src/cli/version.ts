import fs from "node:fs";

let version: string | undefined;

/** The package's version, read once from its package.json (next to dist/ and src/). */
export function codebotVersion(): string {
  const file = new URL("../../package.json", import.meta.url);
  version ??= (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
  return version;
}
