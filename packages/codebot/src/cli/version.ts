import fs from "node:fs";

/** The package's version, read from its package.json (next to dist/ and src/). */
export function codebotVersion(): string {
  const file = new URL("../../package.json", import.meta.url);
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}
