import fs from "node:fs";
import type { Tool } from "@codebot/agentcore";
import { z } from "zod";
import { compileGlob, type GlobPattern } from "../paths/glob-pattern.js";
import type { ToolEnvironment } from "./tool-environment.js";

/** More entries than anyone reads in one listing; the rest is counted, not shown. */
const MAX_ENTRIES = 1000;

const inputSchema = z.object({
  path: z.string().optional().describe("The directory to list (default: the project)"),
  ignore: z.array(z.string()).optional().describe('Globs of names to leave out, e.g. ["*.log", "dist"]'),
});

/**
 * `ls {path?, ignore?}` (Claude Code's LS): one directory's entries, folders first with a
 * trailing `/`, symbolic links marked `@` and not followed.
 */
export function lsTool(env: ToolEnvironment): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "ls",
    description:
      "List the files and folders of one directory (folders end with /). Use glob to find files across directories.",
    inputSchema,
    concurrencySafe: true,
    async execute(args) {
      const resolved = env.paths.resolve("ls", args.path ?? ".");
      if (!resolved.ok) return { content: resolved.error, isError: true };
      let ignore: GlobPattern[];
      try {
        ignore = (args.ignore ?? []).map((glob) => compileGlob(glob));
      } catch (error) {
        return { content: `ls: invalid ignore pattern: ${(error as Error).message}`, isError: true };
      }
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(resolved.path, { withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const why = code === "ENOENT" ? "no such directory" : code === "ENOTDIR" ? "not a directory" : code;
        return { content: `ls: ${args.path ?? "."}: ${why ?? (error as Error).message}`, isError: true };
      }
      const shown = entries
        .filter((e) => !ignore.some((glob) => glob.matches(e.name)))
        .map((e) => (e.isDirectory() ? `${e.name}/` : e.isSymbolicLink() ? `${e.name}@` : e.name))
        .sort((a, b) => Number(!a.endsWith("/")) - Number(!b.endsWith("/")) || (a < b ? -1 : a > b ? 1 : 0));
      const where = env.paths.display(resolved.path);
      if (shown.length === 0) return { content: `${where}: empty`, isError: false };
      const more =
        shown.length > MAX_ENTRIES ? [`[${shown.length - MAX_ENTRIES} more entries not shown]`] : [];
      const lines = [`${where}/`, ...shown.slice(0, MAX_ENTRIES), ...more];
      return { content: lines.join("\n"), isError: false };
    },
  };
}
