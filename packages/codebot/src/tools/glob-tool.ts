import fs from "node:fs";
import type { Tool } from "@codebot/agentcore";
import { z } from "zod";
import { compileGlob, type GlobPattern } from "../paths/glob-pattern.js";
import { spellingsUnder } from "../paths/path-spellings.js";
import type { ToolEnvironment } from "./tool-environment.js";
import { walkFiles } from "./walk-files.js";

const MAX_RESULTS = 1000;

const inputSchema = z.object({
  pattern: z.string().min(1).describe('A glob such as "**/*.ts" or "src/*.{js,json}", relative to path'),
  path: z.string().optional().describe("The directory to search (default: the project)"),
});

/** `glob {pattern, path?}`: files whose path relative to `path` matches the glob. */
export function globTool(env: ToolEnvironment): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "glob",
    description:
      "Find files by glob pattern (`*` within a directory, `**` across directories, `{a,b}`, `?`). Skips node_modules and .git.",
    inputSchema,
    concurrencySafe: true,
    async execute(args) {
      const resolved = env.paths.resolve("glob", args.path ?? ".");
      if (!resolved.ok) return { content: resolved.error, isError: true };
      const spelled = spellingsUnder(env.paths.root, args.path ?? ".", resolved.path);
      const stat = fs.statSync(resolved.path, { throwIfNoEntry: false });
      if (stat?.isDirectory() !== true) {
        // Without a path this is the project folder itself, gone while the session runs.
        const why = stat === undefined ? "no such directory" : "not a directory";
        return { content: `glob: ${args.path ?? resolved.path}: ${why}`, isError: true };
      }
      let pattern: GlobPattern;
      try {
        pattern = compileGlob(args.pattern.replace(/^\.\//, ""));
      } catch (error) {
        return {
          content: `glob: invalid pattern ${args.pattern}: ${(error as Error).message}`,
          isError: true,
        };
      }
      const found: string[] = [];
      let more = false;
      let denied = 0;
      for await (const file of walkFiles(resolved.path)) {
        if (!pattern.matches(file.rel)) continue;
        if (env.readRules?.keptOutBy(file.abs, "deny-and-ask", spelled(file.abs)) !== undefined) {
          denied++;
          continue;
        }
        if (found.length === MAX_RESULTS) {
          more = true;
          break;
        }
        found.push(env.paths.display(file.abs));
      }
      if (more) found.push(`[more than ${MAX_RESULTS} files; narrow the pattern]`);
      if (found.length === 0) found.push("no files found");
      if (denied > 0) found.push(deniedListing(denied));
      return { content: found.join("\n"), isError: false };
    },
  };
}

/** What the model is told of files a deny rule kept out of a listing. */
function deniedListing(count: number): string {
  return `[${count} matching file${count === 1 ? "" : "s"} not listed: a Read deny or ask rule covers ${count === 1 ? "it" : "them"}]`;
}
