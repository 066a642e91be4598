/**
 * `@path` in an expanded skill or command: the file's content is given to the model after the
 * text. The path may come from the arguments, so it is hostile: only regular files inside the
 * project (symlinks resolved) that the session's read rules let through are read, each capped, a
 * bounded number per expansion.
 */
import fs from "node:fs";
import type { PathPolicy } from "../paths/path-policy.js";
import type { ReadRules, RulesThatCount } from "../paths/read-rules.js";

const MENTION = /(?<=^|\s)@([^\s`'"<>]+)/g;
const MAX_FILES = 20;
const MAX_FILE_CHARS = 100_000;

/** Where mentions are resolved, and the rules that keep a file out (`counted`: see RulesThatCount). */
export interface MentionRules {
  paths: PathPolicy;
  readRules: ReadRules;
  counted: RulesThatCount;
}

/** The mentioned files' contents as `<file>` blocks, and what could not be included. */
export function mentionedFiles(text: string, rules: MentionRules): { blocks: string[]; skipped: string[] } {
  const { paths } = rules;
  const blocks: string[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const mention = (match[1] ?? "").replace(/[.,;:!?)\]]+$/, "");
    if (mention === "" || seen.has(mention)) continue;
    seen.add(mention);
    const resolved = paths.resolve("@", mention);
    if (!resolved.ok || !paths.contains(resolved.path)) {
      skipped.push(`@${mention}: outside the project; not included`);
      continue;
    }
    if (fs.statSync(resolved.path, { throwIfNoEntry: false })?.isFile() !== true) continue;
    // The real path, as the read tool's rules see `file_path` (rule-subject.ts): a symlink or `..` changes nothing.
    const keptOut = rules.readRules.keptOutBy(resolved.path, rules.counted);
    if (keptOut !== undefined) {
      skipped.push(`@${mention}: ${keptOut}; not included`);
      continue;
    }
    if (blocks.length >= MAX_FILES) {
      skipped.push(`@${mention}: more than ${MAX_FILES} files mentioned; not included`);
      continue;
    }
    let content: string;
    try {
      content = readHead(resolved.path);
    } catch (error) {
      skipped.push(`@${mention}: cannot read it (${(error as NodeJS.ErrnoException).code ?? error})`);
      continue;
    }
    const shown = paths.display(resolved.path);
    const cut = content.length > MAX_FILE_CHARS;
    const body = cut ? `${content.slice(0, MAX_FILE_CHARS)}\n[… the rest of the file is cut …]` : content;
    blocks.push(`<file path="${shown}">\n${body}\n</file>`);
  }
  return { blocks, skipped };
}

/** The start of a file, enough for the cap (a mention of a huge file must not read all of it). */
function readHead(file: string): string {
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(MAX_FILE_CHARS * 4 + 4);
    const n = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}
