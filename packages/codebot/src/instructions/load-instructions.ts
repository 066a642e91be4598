import fs from "node:fs";
import path from "node:path";
import { expandHome } from "../paths/home-path.js";
import { ReadRules } from "../paths/read-rules.js";
import { readSettingsText } from "../settings/read-settings-text.js";
import { withoutHtmlComments } from "./html-comments.js";
import { importPaths } from "./import-paths.js";
import type { InstructionFile, InstructionScope, LoadedInstructions } from "./instruction-file.js";
import { type InstructionWhere, instructionLocations, projectRoot } from "./instruction-locations.js";

/** How many `@path` hops from a file found by its name (Claude Code's limit). */
export const MAX_IMPORT_DEPTH = 5;

/**
 * Reads every instruction file of the session start (see instructionLocations) with its imports;
 * without `readRules`, no read rule holds an import back.
 */
export function loadInstructions(where: InstructionWhere, readRules?: ReadRules): LoadedInstructions {
  const root = projectRoot(where.cwd, where.homeDir);
  return new InstructionReader(where.homeDir, root, readRules ?? ReadRules.none(root)).read(
    instructionLocations(where),
  );
}

/**
 * Reads instruction files with their `@path` imports, each import right after the file that
 * imports it. Files are read like settings files: regular files only, size-capped, so a hostile
 * repository cannot hang or flood the session. A file met twice in a session (the same real path
 * by two names, imported twice, or found again later) is given once. Nothing here is fatal: what
 * cannot be read is a problem line, and the rest loads.
 */
export class InstructionReader {
  private readonly seen = new Set<string>();

  private readonly realRoot: string;

  /**
   * `projectRoot`: a project (or local) file, or anything it imports, must really be inside it —
   * a cloned repository is hostile, and a `CLAUDE.md` symlinked to, or importing,
   * `~/.ssh/id_rsa` must not put that file in the model's context. The user's own files may
   * import anything.
   */
  constructor(
    private readonly homeDir: string,
    projectRoot: string,
    /**
     * An import is a read the read tool would refuse, or ask about, otherwise: a deny rule keeps
     * any import out; an ask rule one of a project or local file (nobody is asked at startup, and
     * a cloned repository chose it — the user's own files' imports are the user's choice).
     */
    private readonly readRules: ReadRules,
  ) {
    this.realRoot = realPath(projectRoot);
  }

  /** The files at `locations` not given before (absent ones are skipped quietly). */
  read(locations: readonly { file: string; scope: InstructionScope }[]): LoadedInstructions {
    const files: InstructionFile[] = [];
    const problems: string[] = [];

    const load = (
      file: string,
      scope: InstructionScope,
      chain: readonly string[],
      importedBy?: string,
      target?: string,
    ): void => {
      const read = readSettingsText(file);
      if (read.kind === "absent") {
        // A bare `@word` is as likely a mention of someone as a file: only a path-like one is reported.
        if (target !== undefined && /[./]/.test(target))
          problems.push(`${importedBy}: import @${target}: no such file`);
        return;
      }
      if (read.kind === "error") {
        problems.push(`${importedBy !== undefined ? `${importedBy}: import ` : ""}${file}: ${read.message}`);
        return;
      }
      const real = realPath(file);
      if (scope !== "user" && !inside(this.realRoot, real)) {
        problems.push(
          `${importedBy !== undefined ? `${importedBy}: import ` : ""}${file}: outside the project; not read`,
        );
        return;
      }
      const keptOut =
        importedBy === undefined
          ? undefined
          : this.readRules.keptOutBy(real, scope === "user" ? "deny" : "deny-and-ask");
      if (keptOut !== undefined) {
        problems.push(`${importedBy}: import ${file}: ${keptOut}; not read`);
        return;
      }
      if (chain.includes(real)) {
        problems.push(`${importedBy ?? file}: import ${file} is a cycle; not followed`);
        return;
      }
      if (this.seen.has(real)) return;
      this.seen.add(real);
      // Block-level HTML comments are notes for the file's editors, not the model (as in claude).
      const text = withoutHtmlComments(read.text);
      files.push({ path: file, scope, text, ...(importedBy !== undefined ? { importedBy } : {}) });
      const imports = importPaths(text);
      if (imports.length === 0) return;
      if (chain.length >= MAX_IMPORT_DEPTH) {
        problems.push(`${file}: imports deeper than ${MAX_IMPORT_DEPTH} levels are not followed`);
        return;
      }
      for (const target of imports) {
        load(resolveImport(target, path.dirname(file), this.homeDir), scope, [...chain, real], file, target);
      }
    };

    for (const { file, scope } of locations) load(file, scope, []);
    return { files, problems };
  }
}

function resolveImport(target: string, dir: string, homeDir: string): string {
  return path.resolve(dir, expandHome(target, homeDir));
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
