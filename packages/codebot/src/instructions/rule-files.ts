import path from "node:path";
import { compileGlob, type GlobPattern } from "../paths/glob-pattern.js";
import { markdownFilesBelow } from "../paths/markdown-files.js";
import { readSettingsText } from "../settings/read-settings-text.js";
import type { InstructionScope } from "./instruction-file.js";
import { rulePaths } from "./rule-paths.js";

/** A `.claude/rules/*.md` file. */
export interface RuleFile {
  file: string;
  scope: InstructionScope;
  /** Absent: the rule always applies. Else it applies once a file matching one of them is read. */
  paths?: GlobPattern[];
  /** What `paths` are relative to: the project root (the git root, else the working directory). */
  base: string;
}

/** At most this many rule files per folder tree: a hostile repository cannot make startup crawl. */
const MAX_RULES = 500;

/**
 * Claude Code's rule files: every `*.md` below `<claudeHome>/rules` (user) and `<root>/.claude/rules`
 * (project), sorted by path. Symlinked folders are not followed.
 */
export function ruleFiles(claudeHome: string, projectRoot: string, problems: string[]): RuleFile[] {
  return [
    ...rulesIn(path.join(claudeHome, "rules"), "user", projectRoot, problems),
    ...rulesIn(path.join(projectRoot, ".claude", "rules"), "project", projectRoot, problems),
  ];
}

function rulesIn(dir: string, scope: InstructionScope, base: string, problems: string[]): RuleFile[] {
  const files = markdownFilesBelow(dir, MAX_RULES);
  const rules: RuleFile[] = [];
  for (const file of files) {
    const read = readSettingsText(file);
    if (read.kind === "error") problems.push(`${file}: ${read.message}`);
    if (read.kind !== "text") continue;
    const globs = rulePaths(read.text);
    if (globs === undefined || globs.length === 0) {
      rules.push({ file, scope, base });
      continue;
    }
    try {
      rules.push({ file, scope, base, paths: globs.map((glob) => compileGlob(glob)) });
    } catch (error) {
      problems.push(`${file}: paths: ${(error as Error).message}; rule not loaded`);
    }
  }
  return rules;
}
