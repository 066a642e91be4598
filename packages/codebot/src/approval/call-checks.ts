import os from "node:os";
import path from "node:path";
import type { Tool, ToolCall } from "@codebot/agentcore";
import { PathPolicy } from "../paths/path-policy.js";
import { pathSpellings } from "../paths/path-spellings.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import { filesNamedBy } from "./bash-named-files.js";
import { beyondPrefixRules } from "./beyond-prefix-rules.js";
import { pathOutside } from "./outside-reach.js";
import { namesOwnFolder } from "./own-folder-commands.js";
import { acceptedBy, type PermissionDecision } from "./permission-decision.js";
import { type PermissionRule, ruleCoversTool } from "./permission-rule.js";
import { firstMatching, type RuleSubject } from "./permission-rules.js";
import { isPersonOnlyWrite } from "./person-only-writes.js";
import {
  editsOnlyFiles,
  placeOfShell,
  type ReadOnlyPlace,
  readsOnly,
  type ShellTool,
} from "./read-only-bash.js";
import { lineReach } from "./recursive-reads.js";
import { restrictedShellConcern } from "./restricted-shell.js";
import { ruleFileUnder } from "./rule-files-under.js";
import { ruleSubjectOf } from "./rule-subject.js";
import type { ToolApprovalOptions } from "./tool-approval-options.js";

/** A path rule covering a file a call reaches, and why. */
export interface PathRuleHold {
  rule: PermissionRule;
  why: string;
  /**
   * Reached, not named: under a folder the line reads whole or among files it cannot name. A deny
   * rule asks about such a line rather than refusing it, as the reading of the line is a guess.
   */
  reached?: true;
}

/** The tools acceptEdits lets run unasked. */
export const FILE_EDITS = new Set(["write", "edit"]);

/**
 * Why a `Read` rule holds a file tool that writes: an edit's answer tells whether its text is in the
 * file; a write's result gives hooks and stream-json the file's text before it (`originalFile`,
 * `structuredPatch`). claude 2.1.328 refuses both, a write of a new file too ("File is covered by
 * a Read deny rule in your permission settings and cannot be written", recorded).
 */
const WHY_READ_RULE_HOLDS: Partial<Record<string, string>> = {
  edit: "an edit tells whether its old_string is in the file",
  write: "a write gives hooks the file's text before it",
};

/** The mode's allow: a tool that only reads, acceptEdits' edit, bypassPermissions. */
export const BY_MODE = acceptedBy("config", "mode");

/**
 * What a tool call reaches that the rules and modes look past its arguments for: the files a bash
 * line names, a write to a settings file, where a shell line runs and whether it only reads, codebot's
 * and Claude Code's own folders. Read from the approval's options as they are at each call.
 */
export class CallChecks {
  /** The project's policy reaching any path: a bash line may name files outside the project. */
  private readonly anywhere: PathPolicy;

  constructor(
    private readonly options: Pick<ToolApprovalOptions, "paths" | "ownHomes" | "restricted" | "blockOutside">,
  ) {
    this.anywhere = new PathPolicy(options.paths.root, true);
  }

  /**
   * The first path rule of `rules` covering a file a call reaches past its own rules, and why:
   * a `Read` rule covers any file a bash line names (`cat .env` under `Read(./.env)`, as grep and
   * glob leave such files out) and the file an `edit` or `write` changes (WHY_READ_RULE_HOLDS:
   * claude 2.1.328 refuses both, recorded); an `Edit` or `Write`
   * rule a file a bash line may write (`echo k >> ~/.ssh/authorized_keys` under `Edit(~/.ssh/**)`,
   * refused by claude 2.1.328 in bypass mode too, recorded). A bash line is read from where its
   * shell is now: after an earlier `cd src`, `cat ../.env` is the project's `.env`.
   */
  pathRuleNamed(
    rules: readonly PermissionRule[],
    subject: RuleSubject,
    tool: Tool,
  ): PathRuleHold | undefined {
    const why = WHY_READ_RULE_HOLDS[subject.tool];
    if (why !== undefined && subject.path !== undefined) {
      const rule = firstMatching(rules, { ...subject, tool: "read" }, { root: this.options.paths.root });
      return rule === undefined ? undefined : { rule, why };
    }
    if (subject.command === undefined) return undefined;
    const cwd = this.shellPlace(tool)?.cwd ?? this.options.paths.root;
    for (const [ruleTool, how] of [
      ["read", "names"],
      ["write", "writes"],
    ] as const) {
      if (!rules.some((r) => r.path !== undefined && ruleCoversTool(r, ruleTool, true))) continue;
      const files = filesNamedBy(subject.command, cwd, undefined, how === "writes");
      const found = this.ruleOnFiles(rules, ruleTool, files, cwd);
      if (found !== undefined) return { rule: found.rule, why: `the command ${how} ${found.file}` };
    }
    return this.readRuleReached(rules, subject.command, cwd);
  }

  /**
   * The first `Read` rule covering a file a bash line reads without naming it: under a folder it
   * reads whole (`grep -r KEY .`, `tar c .`) or among files it cannot name (`cat $(ls | grep env)`),
   * as recursive-reads.ts reads the line; only a covered file that is there counts.
   */
  private readRuleReached(
    rules: readonly PermissionRule[],
    command: string,
    cwd: string,
  ): PathRuleHold | undefined {
    const readRules = rules.filter((r) => r.path !== undefined && ruleCoversTool(r, "read", true));
    if (readRules.length === 0) return undefined;
    const { paths } = this.options;
    const where = { root: paths.root };
    const reach = lineReach(command, cwd, os.homedir());
    const name = (file: string) => (file === paths.root ? "the project folder" : paths.display(file));
    for (const folder of reach.folders)
      for (const rule of readRules) {
        const file = ruleFileUnder(rule, folder, where);
        if (file !== undefined)
          return {
            rule,
            why: `the command reads every file under ${name(folder)}, ${name(file)} among them`,
            reached: true,
          };
      }
    if (!reach.unnamed) return undefined;
    for (const rule of readRules) {
      const file = ruleFileUnder(rule, undefined, where);
      if (file !== undefined)
        return {
          rule,
          why: `the command reads files it cannot name, and ${name(file)} is there to read`,
          reached: true,
        };
    }
    return undefined;
  }

  private ruleOnFiles(
    rules: readonly PermissionRule[],
    tool: string,
    files: readonly string[],
    cwd: string,
  ): { rule: PermissionRule; file: string } | undefined {
    const { paths } = this.options;
    const where = { root: paths.root };
    for (const named of files) {
      const real = this.anywhere.resolve(tool, named);
      if (!real.ok) continue;
      const rule = firstMatching(
        rules,
        { tool, path: real.path, spellings: pathSpellings(cwd, named) },
        where,
      );
      // Shown as the line names it (`.env`, not the file its symlink leads to).
      if (rule !== undefined) return { rule, file: paths.display(path.resolve(named)) };
    }
    return undefined;
  }

  /**
   * Why a call is refused under `permissions.blockReadsOutsideWorkingDirectories` or
   * `blockWritesOutsideWorkingDirectories`: the first path outside the project and its added
   * folders a bash line reads or writes (outside-reach.ts), from where its shell is now; or the
   * path of a file tool the session lets reach outside (the SDK's `allowOutsideProject`).
   */
  outsideBlocked(subject: RuleSubject, tool: Tool): string | undefined {
    const block = this.options.blockOutside;
    if (block === undefined) return undefined;
    const { paths } = this.options;
    const cwd = this.shellPlace(tool)?.cwd ?? paths.root;
    // Writes first: a write blocked both ways is named for its write.
    for (const [kind, file] of [
      ["writes", block.writes],
      ["reads", block.reads],
    ] as const) {
      if (file === undefined) continue;
      const writing = kind === "writes";
      const found =
        subject.command !== undefined
          ? pathOutside(subject.command, cwd, paths, os.homedir(), writing)
          : // A write or edit reads the file too: its result gives hooks the text before it, an
            // edit's answer whether its old_string is there (as a Read rule holds them).
            subject.path !== undefined && (!writing || FILE_EDITS.has(subject.tool))
            ? paths.outside(subject.path)
            : undefined;
      if (found === undefined) continue;
      const key = writing ? "blockWritesOutsideWorkingDirectories" : "blockReadsOutsideWorkingDirectories";
      return `${kind} ${found}, outside the project and its added folders: ${kind} there are blocked (permissions.${key} in ${file}); add the folder with /add-dir, or remove that setting`;
    }
    return undefined;
  }

  /** A file edit of a settings, git or tool-configuration file (person-only-writes.ts). */
  configWrite(call: ToolCall, subject: RuleSubject): boolean {
    return (
      FILE_EDITS.has(call.name) &&
      subject.path !== undefined &&
      isPersonOnlyWrite(subject.path, this.options.paths.root, this.options.ownHomes ?? [])
    );
  }

  /** Under `--restricted`: why only a person (or `promptTool`) may approve this call, if so. */
  personOnlyConcern(call: ToolCall, subject: RuleSubject, tool: Tool): string | undefined {
    if (this.options.restricted !== true) return undefined;
    const { paths } = this.options;
    if (this.configWrite(call, subject) && subject.path !== undefined)
      return `of ${paths.display(subject.path)} (a settings, git or tool-configuration file)`;
    if (call.name === "bash" && subject.command !== undefined)
      return restrictedShellConcern(subject.command, this.shellPlace(tool)?.cwd ?? paths.root, paths);
    return undefined;
  }

  /**
   * A bash line that only reads inside the project, or under `acceptEdits` only edits files there
   * too (read-only-bash.ts), from where its shell is now.
   */
  shellLineWithin(subject: RuleSubject, tool: Tool, mode: PermissionMode): boolean {
    return this.shellLineDecision(subject, tool, mode) !== undefined;
  }

  /** What allows a shell line unasked, if anything does: it only reads, or acceptEdits' file edits. */
  shellLineDecision(subject: RuleSubject, tool: Tool, mode: PermissionMode): PermissionDecision | undefined {
    const place = this.shellPlace(tool);
    if (subject.command === undefined || place === undefined) return undefined;
    if (readsOnly(subject.command, place)) return acceptedBy("config", "subcommandResults");
    return mode === "acceptEdits" && editsOnlyFiles(subject.command, place, this.options.ownHomes ?? [])
      ? BY_MODE
      : undefined;
  }

  /** Where a shell tool's next line runs, and the PATH it finds programs on; undefined for other tools. */
  shellPlace(tool: Tool): ReadOnlyPlace | undefined {
    return placeOfShell(tool as Partial<ShellTool>, this.options.paths);
  }

  /** A bash line no allow rule lets run unasked: it names a path in codebot's or Claude Code's folder. */
  namesOwnFolder(subject: RuleSubject, tool: Tool): boolean {
    const { command } = subject;
    // From where the shell is now: after an earlier `cd src`, `../../.codebot` is one more level up.
    const cwd = this.shellPlace(tool)?.cwd ?? this.options.paths.root;
    return command !== undefined && namesOwnFolder(command, cwd, this.options.ownHomes ?? []);
  }

  /** Why no prefix or wildcard allow rule lets a bash line run unasked (beyond-prefix-rules.ts), from where its shell is now. */
  beyondPrefixRules(subject: RuleSubject, tool: Tool): string | undefined {
    const { command } = subject;
    if (command === undefined) return undefined;
    const cwd = this.shellPlace(tool)?.cwd ?? this.options.paths.root;
    return beyondPrefixRules(command, cwd, this.options.paths, this.options.ownHomes ?? []);
  }

  subjectOf(call: ToolCall): RuleSubject {
    return ruleSubjectOf(call.name, call.args, this.options.paths);
  }
}
