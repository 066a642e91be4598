/**
 * How the runs of one firing fold into one ruling, keyed by the mode of the hooks waited for (§7):
 * `hard` veto (§7.2), `soft` validation (§7.3), and `feedback` for the Claude Code groups of events
 * codebot otherwise runs in the background (§11). Runs are folded in configuration order.
 */

import { claudeBlockNotice } from "./claude-block-notice.js";
import {
  type Allow,
  DEFAULT_BLOCK_REASON,
  type PermissionAnswer,
  type Ruling,
  type UpdatedOutput,
} from "./decision.js";
import { EVENT_SPECS, type EventMode, type EventSpec, type HookEvent } from "./events.js";
import type { HookRun } from "./hook-execution.js";
import { capForModel } from "./model-text-cap.js";

export interface Merge {
  /** Folds one run in; a ruling returned here ends the firing (later hooks do not run). */
  add(run: HookRun): Ruling | undefined;
  /** The arguments as rewritten by the run just folded in, if it rewrote them (PreToolUse chains them). */
  rewritten: Record<string, unknown> | undefined;
  /** The ruling once every hook has run. */
  result(): Ruling;
}

export type SyncMode = Exclude<EventMode, "async">;

export const MERGES: Readonly<Record<SyncMode, (event: HookEvent) => Merge>> = {
  hard: hardMerge,
  soft: softMerge,
  feedback: feedbackMerge,
};

/**
 * §7.2: the first blocking hook that blocks decides; contexts join; rewrites chain; ask outranks
 * allow. On an event whose Claude Code hooks join their blocks (Stop), such a hook's block is held
 * and the firing goes on; the reasons held are joined into the one block.
 */
function hardMerge(event: HookEvent): Merge {
  const spec: EventSpec = EVENT_SPECS[event];
  const held: { reasons: string[]; by?: string } = { reasons: [] };
  const rewrites = spec.rewritesArgs;
  const contexts: string[] = [];
  const blockOf = (reason: string, by: string, notice?: string): Ruling => ({
    kind: "block",
    reason: [...held.reasons, reason].join("\n\n"),
    by: held.by ?? by,
    ...(notice !== undefined && held.by === undefined ? { notice } : {}),
    // A refused tool call's result still carries what the hooks added (claude 2.1.328 sends a
    // PreToolUse deny's additionalContext to the model, recorded).
    ...(rewrites && contexts.length ? { context: contexts.join("\n\n") } : {}),
  });
  // PreToolUse's allow/ask, PermissionRequest's allow (its new arguments go with it).
  const answers = rewrites || spec.decidesPermission === true;
  let summary: string | undefined;
  let updated: { input: Record<string, unknown>; by: string } | undefined;
  let permission: PermissionAnswer | undefined;
  let elicitation: Allow["elicitation"];
  let sessionTitle: string | undefined;
  let worktreePath: string | undefined;
  let displayContent: string | undefined;
  const merge: Merge = {
    rewritten: undefined,
    add(run) {
      merge.rewritten = undefined;
      const verdict = run.verdict;
      if (spec.givesWorktree === true) {
        const failure = worktreeFailure(run);
        if (failure !== undefined) return { kind: "block", reason: failure, by: run.hook.name };
        worktreePath ??= verdict === undefined ? undefined : worktreePathOf(run.hook.spec.type, verdict);
        return undefined;
      }
      if (spec.givesDisplay === true) {
        if (verdict !== undefined && !verdict.failed && !verdict.isBlock)
          displayContent = verdict.displayContent ?? displayContent;
        return undefined;
      }
      // `continue: false` outranks every other answer (Claude Code).
      if (verdict?.stopRun !== undefined && run.hook.canStopRun) {
        return {
          kind: "stop",
          reason: verdict.stopRun,
          by: run.hook.name,
          ...(verdict.interrupt ? { interrupt: true as const } : {}),
          ...(run.blocks ? { refusal: run.blockReason ?? DEFAULT_BLOCK_REASON } : {}),
        };
      }
      if (run.blocks) {
        const reason = run.blockReason ?? DEFAULT_BLOCK_REASON;
        if (verdict?.additionalContext) contexts.push(verdict.additionalContext);
        if (run.hook.style !== "claude" || spec.claude.joinsBlocks !== true)
          return blockOf(reason, run.hook.name, claudeBlockNotice(run));
        held.reasons.push(reason);
        held.by ??= run.hook.name;
        return undefined;
      }
      if (!verdict) return undefined;
      if (verdict.additionalContext) contexts.push(verdict.additionalContext);
      summary ??= verdict.summary;
      if (verdict.elicitation) elicitation ??= { ...verdict.elicitation, by: run.hook.name };
      sessionTitle = verdict.sessionTitle ?? sessionTitle;
      if (rewrites && verdict.updatedInput) {
        updated = { input: verdict.updatedInput, by: run.hook.name };
        merge.rewritten = verdict.updatedInput;
      }
      // Permission answers count from hooks that may block, as a deny would.
      if (answers && run.hook.blocking && verdict.permission && permission?.answer !== "ask") {
        permission = {
          answer: verdict.permission,
          by: run.hook.name,
          ...(verdict.permissionReason ? { reason: verdict.permissionReason } : {}),
          ...(verdict.updatedPermissions ? { updatedPermissions: verdict.updatedPermissions } : {}),
        };
        if (!rewrites && verdict.updatedInput) updated = { input: verdict.updatedInput, by: run.hook.name };
      }
      return undefined;
    },
    result: (): Ruling => {
      if (held.by !== undefined) return { kind: "block", reason: held.reasons.join("\n\n"), by: held.by };
      return {
        kind: "allow",
        ...(contexts.length ? { context: contexts.join("\n\n") } : {}),
        ...(summary !== undefined ? { summary } : {}),
        ...(updated ? { updatedInput: updated.input, updatedBy: updated.by } : {}),
        ...(permission ? { permission } : {}),
        ...(elicitation ? { elicitation } : {}),
        ...(sessionTitle !== undefined ? { sessionTitle } : {}),
        ...(worktreePath !== undefined ? { worktreePath } : {}),
        ...(displayContent !== undefined ? { displayContent } : {}),
      };
    },
  };
  return merge;
}

/**
 * Why a WorktreeCreate hook gave no worktree: it failed or blocked (its stderr, else the error), or
 * it did not run (not approved). Nothing when it ran and succeeded.
 */
function worktreeFailure(run: HookRun): string | undefined {
  const verdict = run.verdict;
  if (verdict === undefined) return run.record.approvalReason ?? run.blockReason ?? "not run";
  if (!verdict.failed && !verdict.isBlock) return undefined;
  return verdict.stderr.trim() || verdict.reason || verdict.error || DEFAULT_BLOCK_REASON;
}

/** As claude reads it: a command hook's last line of stdout, an http hook's `hookSpecificOutput.worktreePath`. */
function worktreePathOf(type: string, verdict: NonNullable<HookRun["verdict"]>): string | undefined {
  if (verdict.worktreePath !== undefined || type !== "command") return verdict.worktreePath;
  const lines = verdict.stdout.split("\n").map((line) => line.trim());
  return lines.filter((line) => line !== "").pop();
}

/** §7.3: the first hook that blocks or fails decides, and its output becomes the feedback. */
function softMerge(): Merge {
  return {
    rewritten: undefined,
    add: (run) =>
      run.blocks ? { kind: "block", reason: capForModel(feedbackOf(run)), by: run.hook.name } : undefined,
    result: () => ({ kind: "allow" }),
  };
}

/**
 * Every matching hook runs and nothing is vetoed: the first request to end the run wins; else block
 * reasons are joined as feedback for the model, with the context the hooks added.
 */
function feedbackMerge(): Merge {
  const contexts: string[] = [];
  const reasons: string[] = [];
  let blockedBy: string | undefined;
  let stop: { reason: string; by: string } | undefined;
  const updatedOutputs: UpdatedOutput[] = [];
  const watchPaths: string[] = [];
  let sessionTitle: string | undefined;
  let initialUserMessage: string | undefined;
  let reloadSkills = false;
  const systemMessages: string[] = [];
  return {
    rewritten: undefined,
    add(run) {
      const verdict = run.verdict;
      if (!verdict) return undefined;
      // As claude reads them: from the hooks that succeeded.
      if (verdict.systemMessage !== undefined && !verdict.failed && !verdict.isBlock)
        systemMessages.push(verdict.systemMessage);
      if (run.hook.canStopRun && verdict.stopRun !== undefined)
        stop ??= { reason: verdict.stopRun, by: run.hook.name };
      if (run.blocks) {
        reasons.push(run.blockReason ?? DEFAULT_BLOCK_REASON);
        blockedBy ??= run.hook.name;
      }
      if (verdict.additionalContext) contexts.push(verdict.additionalContext);
      for (const file of verdict.watchPaths ?? []) if (!watchPaths.includes(file)) watchPaths.push(file);
      sessionTitle = verdict.sessionTitle ?? sessionTitle;
      initialUserMessage = verdict.initialUserMessage ?? initialUserMessage;
      reloadSkills ||= verdict.reloadSkills === true;
      // Every rewrite in order: the tool middleware takes the last one that fits the tool, as
      // Claude Code does (its hooks run in parallel on the original output).
      if (verdict.updatedOutput !== undefined)
        updatedOutputs.push({ ...verdict.updatedOutput, by: run.hook.name });
      return undefined;
    },
    result(): Ruling {
      const context = {
        ...(contexts.length ? { context: contexts.join("\n\n") } : {}),
        ...(updatedOutputs.length ? { updatedOutputs } : {}),
        ...(systemMessages.length ? { systemMessages } : {}),
      };
      const watched = watchPaths.length ? { watchPaths } : {};
      const titled = {
        ...(sessionTitle !== undefined ? { sessionTitle } : {}),
        ...(initialUserMessage !== undefined ? { initialUserMessage } : {}),
        ...(reloadSkills ? { reloadSkills: true as const } : {}),
      };
      if (stop) return { kind: "stop", ...stop };
      if (blockedBy !== undefined)
        return { kind: "block", reason: reasons.join("\n\n"), by: blockedBy, ...context };
      return { kind: "allow", ...context, ...watched, ...titled };
    },
  };
}

/**
 * Trimmed stdout, else the block reason, else the error with the whole stderr. Decision JSON on
 * stdout is machine talk: its reason is the feedback when it gives one.
 */
function feedbackOf(run: HookRun): string {
  const verdict = run.verdict;
  if (!verdict) return run.blockReason ?? DEFAULT_BLOCK_REASON;
  const stdout = verdict.stdout.trim();
  const jsonReason = verdict.stdoutIsJson && verdict.isBlock ? verdict.reason : undefined;
  if (jsonReason) return jsonReason;
  if (stdout) return stdout;
  if (verdict.isBlock && verdict.reason) return verdict.reason;
  const stderr = verdict.stderr.trim();
  const error = `${run.hook.name} failed: ${verdict.error ?? "failed"}`;
  return stderr ? `${error}\n${stderr}` : error;
}
