/** Examples read out of the docs as written there, so a doc test and its doc cannot drift apart. */
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "./cli-process.js";

/** The first ```json block of `file` after the line `heading` (the file's first without one), parsed. */
export function settingsAfter(file: string, heading?: string): unknown {
  const text = fs.readFileSync(path.join(repoRoot, file), "utf8");
  const from = heading === undefined ? 0 : text.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`${file} has no "${heading}"`);
  const block = /```json\n([\s\S]*?)```/.exec(text.slice(from))?.[1];
  if (block === undefined) throw new Error(`no json block after "${heading}" in ${file}`);
  return JSON.parse(block);
}
