import path from "node:path";
import type { ToolMiddleware } from "@codebot/agentcore";
import { withReminders } from "@codebot/hooks";
import { folderLocations } from "./instruction-locations.js";
import type { InstructionLoad } from "./instructions-loaded.js";
import { projectContext } from "./project-context.js";
import type { RuleFile } from "./rule-files.js";
import type { SessionInstructions } from "./session-instructions.js";

/**
 * Instruction files of folders below the working directory, loaded the first time the main agent
 * reads a file there (as Claude Code does): after a successful `read` of `a/b/file.ts`, the files
 * of `a/` and `a/b/` not given before are added to the tool result as a `<system-reminder>`, and
 * recorded for `/memory`. Each folder is looked at once per session. A `.claude/rules` file with
 * `paths:` is given the same way with the first read of a file its globs match.
 */
export function nestedInstructionsMiddleware(
  cwd: string,
  instructions: SessionInstructions,
  notify: (message: string) => void,
  /** Told what was loaded, and why, before the tool result goes back (InstructionsLoaded). */
  onLoaded: (loads: InstructionLoad[]) => Promise<void> = async () => undefined,
): ToolMiddleware {
  const looked = new Set<string>();
  return async (call, next, ctx) => {
    const result = await next(call);
    if (call.name !== "read" || ctx.agentName !== "main" || result.isError) return result;
    const given = call.args.file_path;
    if (typeof given !== "string") return result;
    const file = path.resolve(cwd, given);
    const folders = foldersBelow(cwd, path.dirname(file)).filter((dir) => !looked.has(dir));
    for (const dir of folders) looked.add(dir);
    const rules = instructions.pathRules.filter((rule) => matches(rule, file));
    if (folders.length === 0 && rules.length === 0) return result;
    const loaded = instructions.reader.read([
      ...folders.flatMap((dir) => folderLocations(dir, instructions.claudeCompat)),
      ...rules,
    ]);
    for (const problem of loaded.problems) notify(`codebot: instruction file: ${problem}`);
    instructions.loaded.files.push(...loaded.files);
    instructions.loaded.problems.push(...loaded.problems);
    await onLoaded(
      loaded.files.map((loadedFile) => {
        const rule = rules.find((r) => r.file === loadedFile.path);
        return rule
          ? {
              file: loadedFile,
              reason: "path_glob_match",
              triggerFilePath: file,
              globs: (rule.paths ?? []).map((glob) => glob.source),
            }
          : { file: loadedFile, reason: "nested_traversal", triggerFilePath: file };
      }),
    );
    const context = projectContext(loaded);
    return context === undefined ? result : withReminders(result, [context]);
  };
}

/** Whether a read file is one a path-scoped rule is about (its globs are relative to the project root). */
function matches(rule: RuleFile, file: string): boolean {
  const rel = path.relative(rule.base, file).split(path.sep).join("/");
  if (rel.startsWith("../") || path.isAbsolute(rel)) return false;
  return rule.paths?.some((glob) => glob.matches(rel)) === true;
}

/** The folders from just below `cwd` down to `dir`; none when `dir` is not below `cwd`. */
function foldersBelow(cwd: string, dir: string): string[] {
  const rel = path.relative(cwd, dir);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) return [];
  const parts = rel.split(path.sep);
  return parts.map((_, i) => path.join(cwd, ...parts.slice(0, i + 1)));
}
