import fs from "node:fs";
import path from "node:path";
import type { Tool } from "@codebot/agentcore";
import { RE2JS } from "re2js";
import { z } from "zod";
import { compileGlob, type GlobPattern } from "../paths/glob-pattern.js";
import { spellingsUnder } from "../paths/path-spellings.js";
import type { ToolEnvironment } from "./tool-environment.js";
import { type WalkedFile, walkFiles } from "./walk-files.js";

const MAX_MATCHES = 250;
const MAX_LINE = 300;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const inputSchema = z.object({
  pattern: z.string().min(1).describe("A regular expression (RE2 syntax: no backreferences or lookaround)"),
  path: z.string().optional().describe("A file or directory to search (default: the project)"),
  glob: z.string().optional().describe('Only files matching this glob, e.g. "*.ts" or "src/**/*.go"'),
});

/**
 * `grep {pattern, path?, glob?}`: matching lines as `path:line: text`. The pattern is written
 * by the model, so it runs on RE2 (linear time) rather than JavaScript's backtracking engine.
 */
export function grepTool(env: ToolEnvironment): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "grep",
    description:
      "Search file contents with a regular expression (RE2 syntax). Skips node_modules, .git and binary files. Output: path:line: text.",
    inputSchema,
    concurrencySafe: true,
    async execute(args) {
      const resolved = env.paths.resolve("grep", args.path ?? ".");
      if (!resolved.ok) return { content: resolved.error, isError: true };
      const spelled = spellingsUnder(env.paths.root, args.path ?? ".", resolved.path);
      let regex: RE2JS;
      let filter: GlobPattern | undefined;
      try {
        regex = RE2JS.compile(args.pattern);
        filter = args.glob === undefined ? undefined : compileGlob(args.glob);
      } catch (error) {
        return { content: `grep: invalid pattern: ${(error as Error).message}`, isError: true };
      }
      const stat = fs.statSync(resolved.path, { throwIfNoEntry: false });
      if (stat === undefined)
        return { content: `grep: ${args.path ?? resolved.path}: no such file or directory`, isError: true };
      const files: AsyncIterable<WalkedFile> | WalkedFile[] = stat.isDirectory()
        ? walkFiles(resolved.path)
        : [{ abs: resolved.path, rel: path.basename(resolved.path) }];
      // A glob without `/` matches the file name at any depth, as ripgrep's --glob does.
      const filterOn = (f: WalkedFile) =>
        filter !== undefined && !args.glob?.includes("/") ? path.basename(f.rel) : f.rel;
      const lines: string[] = [];
      let more = false;
      let denied = 0;
      search: for await (const file of files) {
        if (filter !== undefined && !filter.matches(filterOn(file))) continue;
        if (env.readRules?.keptOutBy(file.abs, "deny-and-ask", spelled(file.abs)) !== undefined) {
          denied++;
          continue;
        }
        const text = await readText(file.abs);
        if (text === undefined) continue;
        const shown = env.paths.display(file.abs);
        const fileLines = text.split("\n");
        for (let i = 0; i < fileLines.length; i++) {
          const line = fileLines[i] as string;
          if (!regex.test(line)) continue;
          if (lines.length === MAX_MATCHES) {
            more = true;
            break search;
          }
          lines.push(`${shown}:${i + 1}: ${line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line}`);
        }
      }
      if (more) lines.push(`[more than ${MAX_MATCHES} matches; narrow the pattern, path or glob]`);
      if (lines.length === 0) lines.push("no matches");
      if (denied > 0) lines.push(deniedNote(denied));
      return { content: lines.join("\n"), isError: false };
    },
  };
}

/** What the model is told of files a deny rule kept out of a search. */
function deniedNote(count: number): string {
  return `[${count} file${count === 1 ? "" : "s"} not searched: a Read deny or ask rule covers ${count === 1 ? "it" : "them"}]`;
}

/** The file as text, or undefined for files too large or binary to search. */
async function readText(file: string): Promise<string | undefined> {
  try {
    const stat = await fs.promises.stat(file);
    if (stat.size > MAX_FILE_BYTES) return undefined;
    const bytes = await fs.promises.readFile(file);
    if (bytes.subarray(0, 8000).includes(0)) return undefined;
    return bytes.toString("utf8");
  } catch {
    return undefined;
  }
}
