/**
 * Runs one matched hook: asks for approval, dispatches to its executor by type, interprets the
 * outcome and states what it means for the event (block or not), with its trace record.
 */

import { randomUUID } from "node:crypto";
import { CLAUDE_ANSWER_CAP } from "./answer-cap.js";
import { type ApproveHook, askApproval } from "./approval.js";
import { saidAfterAsyncReply } from "./async-reply.js";
import type { TakeTurn } from "./background-jobs.js";
import { cancelReason } from "./cancel-reason.js";
import { claudeSpec, claudeVariables } from "./claude-command.js";
import { claudeEffort } from "./claude-effort.js";
import { claudeEnvFile } from "./claude-env-file.js";
import type { CompiledHook } from "./compiled-hook.js";
import { EVENT_SPECS, type EventSpec, type HookEvent } from "./events.js";
import type { CommandSpec, Executors, HookExecutor, HookSpec, RunOutcome } from "./executor.js";
import type { HookJob } from "./hook-job.js";
import { failUnusableHttpAnswer, plainHttpAnswerWarning } from "./http-answer.js";
import { allowBeyondIf } from "./if-allow.js";
import { failureSummary, type HookVerdict, interpret } from "./interpret.js";
import { capForModel } from "./model-text-cap.js";
import type { HookSession } from "./payload.js";
import { timedOutMessage } from "./run-deadline.js";
import type { HookProgress, HookStart, TraceDecision, TraceOutcome, TraceRecord } from "./trace.js";

export interface ExecutionDeps {
  session: HookSession;
  executors: Executors;
  approveHook?: ApproveHook;
  /** Present for background hooks: waits for the hook's turn in its lane (background-lanes.ts). */
  takeTurn?: TakeTurn;
  /** Told right before a hook's executor runs (after approval, once its turn has come). */
  started?: (start: HookStart) => void;
  /** Where a running command hook of the event reports its output so far, about once a second while it grows. */
  progressOf?: (event: HookEvent) => ((progress: HookProgress) => void) | undefined;
  /**
   * What a Claude Code hook said for the model after its `{"async": true}` reply, when it ended
   * by itself (async-reply.ts): for the model's next request, like a background hook's context.
   */
  saidLater?: (hook: CompiledHook, said: string) => void;
}

/** What one hook did for the event. */
export interface HookRun {
  hook: CompiledHook;
  record: TraceRecord;
  /** Absent when the hook did not run (not approved). */
  verdict?: HookVerdict;
  /** The `runId` of its start, when its executor was started. */
  runId?: string;
  /** This run vetoes: a blocking hook that blocked, failed closed, or was not approved (§7, §8). */
  blocks: boolean;
  /** Why, when `blocks`. */
  blockReason?: string;
}

export function baseRecord(
  hook: CompiledHook,
  matched: boolean,
  job: HookJob,
  time = new Date().toISOString(),
): TraceRecord {
  return {
    time,
    sessionId: job.session.sessionId,
    event: hook.event,
    ...(job.toolUseId !== undefined ? { toolUseId: job.toolUseId } : {}),
    hook: hook.name,
    source: hook.source,
    file: hook.path,
    matched,
  };
}

/** `kill`: what kills the hook's process once it runs (hookKill: the run's signal, unless a hook ended the run). */
export async function executeHook(
  hook: CompiledHook,
  job: HookJob,
  deps: ExecutionDeps,
  kill: AbortSignal = job.signal,
): Promise<HookRun> {
  const record = baseRecord(hook, true, job);
  const started = performance.now();
  const mode = hook.mode;
  // A denied guard counts as a block (a guard that cannot run never lets things through); any
  // other denied hook is only skipped: it never makes the model continue or blocks a prompt (§8).
  const vetoes =
    guardsCall(hook.event) && hook.blocking && !hook.background && (mode === "hard" || mode === "soft");

  if (deps.approveHook) {
    const approval = await askApproval(
      deps.approveHook,
      {
        event: hook.event,
        ...(job.toolName ? { tool: job.toolName } : {}),
        label: hook.name,
        blocking: hook.blocking,
        source: hook.source,
        path: hook.path,
        fingerprint: hook.fingerprint,
        hook,
      },
      hook.timeoutMs,
      job.signal,
    );
    if (!approval.approved) {
      // A persistent process started while it was approved must not go on without consent.
      if (hook.spec.type === "command" && hook.spec.persistent === true)
        void deps.executors.command?.release?.(claudeSpec(hook, deps.session.cwd) as CommandSpec);
      // Its question withdrawn with the run: nobody refused it, and it never started.
      if ("withdrawn" in approval)
        return withdrawnRun(hook, record, vetoes, job.signal, elapsed(started), approval.reason);
      const reason = `hook not approved: ${approval.reason}`;
      const blocks = vetoes && !("guardsNothing" in approval);
      Object.assign(record, {
        skipped: "not approved",
        approval: "denied",
        approvalReason: approval.reason,
        durationMs: elapsed(started),
        ...(blocks ? { outcome: "blocked", decision: { block: true, reason } } : {}),
      } satisfies Partial<TraceRecord>);
      return { hook, record, blocks, ...(blocks ? { blockReason: reason } : {}) };
    }
    record.approval = "approved";
  }

  const start = startOf(hook, job);
  const progress = deps.progressOf?.(hook.event);
  let startedRun = false;
  const run = (): Promise<RunOutcome> => {
    // The time spent waiting for approval and for its turn counts: a queue of runs behind a hung
    // endpoint then ends within one timeout, not one timeout per run (docs/hooks.md).
    const timeoutMs = hook.timeoutMs - elapsed(started);
    const limit = { timeoutMs, limitMs: hook.timeoutMs };
    if (timeoutMs < 1) return Promise.resolve(timedOutWaiting(hook.spec.type, limit));
    startedRun = true;
    deps.started?.(start);
    return runExecutor(deps.executors, claudeSpec(hook, deps.session.cwd), {
      payload: job.payload(hook),
      // A hook written for Claude Code may answer past §6.1's 1 MiB: claude reads it (answer-cap.ts).
      ...(hook.style === "claude" ? { answerCap: CLAUDE_ANSWER_CAP } : {}),
      // Side by side, the event's hooks read their answers past 1 MiB from one budget (answer-budget.ts).
      answerBudget: job.answerBudget,
      cwd: deps.session.cwd,
      env: hookEnv(hook, job),
      ...limit,
      signal: kill,
      source: hook.source,
      // Claude Code's Stop verifier judges the conversation; a native prompt hook reads its payload only (§6.2).
      ...(hook.style === "claude" && job.conversation ? { conversation: job.conversation } : {}),
      ...(deps.takeTurn ? { background: true } : {}),
      ...(deps.saidLater ? { onLaterOutput: laterOutputOf(hook, deps.saidLater) } : {}),
      ...(progress
        ? {
            onOutput: (stdout: string, stderr: string, output: string) =>
              progress({ runId: start.runId, stdout, stderr, output }),
          }
        : {}),
    });
  };
  const outcome = await (deps.takeTurn ? deps.takeTurn(run) : run());
  // A guard's garbled veto must not pass as an allow: a hook that may veto reads stdout strictly.
  const strict = hook.blocking && !hook.background && mode === "hard";
  const verdict = interpret(outcome, strict, hook.reasonNeedsDecision === true);
  // Only a guard's answer is a verdict on an action: a Stop hook posting to Slack gets "ok" back.
  if (strict && guardsCall(hook.event)) failUnusableHttpAnswer(hook.spec, verdict);
  // Claude Code: plain stdout of a successful UserPromptSubmit or SessionStart hook is context.
  const plain = verdict.stdout.trim();
  if (
    hook.plainContext &&
    !verdict.stdoutIsJson &&
    verdict.exitCode === 0 &&
    !verdict.failed &&
    plain !== ""
  ) {
    // An http answer is context only as JSON: a proxy's HTML page must not reach the model.
    if (hook.spec.type === "http") verdict.warnings.push(plainHttpAnswerWarning(plain));
    else verdict.additionalContext = plain;
  }

  // Context is text for the model, as a block reason is: capped the same way (a hook may print a megabyte).
  if (verdict.additionalContext) verdict.additionalContext = capForModel(verdict.additionalContext);

  const allowIgnored = allowBeyondIf(hook, job, verdict);
  if (allowIgnored) {
    delete verdict.permission;
    delete verdict.permissionReason;
  }

  const effect = blockEffect(hook, verdict);
  const decision: TraceDecision = { block: effect.blocks || effect.ignored !== undefined };
  if (effect.reason) decision.reason = effect.reason;
  if (effect.ignored) decision.ignored = effect.ignored;
  if (verdict.additionalContext && !hook.background) decision.additionalContext = verdict.additionalContext;
  if (verdict.permission && !hook.background) decision.permission = verdict.permission;
  if (allowIgnored) Object.assign(decision, { permission: "allow", permissionIgnored: allowIgnored });
  if (verdict.stopRun && !hook.background) decision.stopRun = verdict.stopRun;
  if (verdict.updatedInput && EVENT_SPECS[hook.event].rewritesArgs)
    decision.updatedInput = verdict.updatedInput;
  const cancelled = wasCancelled(verdict, kill);
  Object.assign(record, {
    // Never started (its timeout passed waiting for its turn): no HookStart came before this record.
    ...(startedRun ? {} : { skipped: "not started" }),
    durationMs: elapsed(started),
    exitCode: verdict.exitCode,
    outcome: cancelled ? "cancelled" : outcomeOf(verdict, effect.blocks),
    ...(cancelled ? { cancelReason: cancelReason(kill) } : {}),
    decision,
    ...(verdict.failed && !cancelled ? { error: failureSummary(verdict) } : {}),
    ...(verdict.truncated ? { truncated: verdict.truncated } : {}),
    ...(verdict.warnings.length ? { warnings: verdict.warnings } : {}),
    ...(hook.background ? { background: true } : {}),
  } satisfies Partial<TraceRecord>);
  return {
    hook,
    record,
    verdict,
    ...(startedRun ? { runId: start.runId } : {}),
    blocks: effect.blocks,
    ...(effect.blocks && effect.reason ? { blockReason: effect.reason } : {}),
  };
}

/**
 * A run whose approval question was withdrawn because the run that fired it was cancelled:
 * recorded cancelled with why, never started. A guard still counts as a block, so whatever is
 * left of the run cannot take the call as allowed.
 */
function withdrawnRun(
  hook: CompiledHook,
  record: TraceRecord,
  vetoes: boolean,
  signal: AbortSignal,
  durationMs: number,
  why: string,
): HookRun {
  const reason = `hook not run: ${why}`;
  Object.assign(record, {
    skipped: "not started",
    durationMs,
    outcome: "cancelled",
    cancelReason: cancelReason(signal),
    ...(vetoes ? { decision: { block: true, reason } } : {}),
  } satisfies Partial<TraceRecord>);
  return { hook, record, blocks: vetoes, ...(vetoes ? { blockReason: reason } : {}) };
}

function startOf(hook: CompiledHook, job: HookJob): HookStart {
  return {
    runId: randomUUID(),
    event: hook.event,
    hook: hook.name,
    source: hook.source,
    file: hook.path,
    ...(hook.statusMessage !== undefined ? { statusMessage: hook.statusMessage } : {}),
    ...(job.toolUseId ? { toolUseId: job.toolUseId } : {}),
    ...(job.subject !== undefined ? { subject: job.subject } : {}),
  };
}

/**
 * The merge policy of one run. Hard events: only a blocking hook vetoes, by asking to or by failing
 * with `onError: "block"`. PostStopValidation: any hook that blocks or fails decides. Feedback: a
 * block is passed on as feedback. Async and background hooks: never.
 */
function blockEffect(
  hook: CompiledHook,
  verdict: HookVerdict,
): { blocks: boolean; reason?: string; ignored?: string } {
  const mode = hook.mode;
  if (verdict.isBlock) {
    const reason = verdict.reason;
    if (hook.background) return { blocks: false, reason, ignored: "async hooks cannot block" };
    if (mode === "async") return { blocks: false, reason, ignored: `${hook.event} hooks cannot block` };
    if (mode === "hard" && !hook.blocking) return { blocks: false, reason, ignored: "not a blocking hook" };
    return { blocks: true, reason };
  }
  const failsClosed =
    !hook.background && (mode === "soft" || (mode === "hard" && hook.blocking && hook.onError === "block"));
  if (verdict.failed && failsClosed) {
    return { blocks: true, reason: `${hook.name} failed: ${failureSummary(verdict)}` };
  }
  return { blocks: false };
}

/**
 * Stopped because the run it was part of was cancelled: its executor gave no exit code and did not
 * time out, and the run's signal has fired (a hook that exited by itself just before keeps its outcome).
 */
function wasCancelled(verdict: HookVerdict, signal: AbortSignal): boolean {
  return signal.aborted && verdict.failed && !verdict.timedOut && verdict.exitCode === null;
}

function outcomeOf(verdict: HookVerdict, blocks: boolean): TraceOutcome {
  if (verdict.timedOut) return "timed out";
  if (verdict.failed) return "failed";
  return blocks ? "blocked" : "allowed";
}

/** §5: HOOK_* variables, the project dir, Claude Code's variables (§11), then the entry's own env. */
function hookEnv(hook: CompiledHook, job: HookJob): Record<string, string> {
  const { session } = job;
  return {
    HOOK_EVENT: job.event,
    HOOK_TOOL_NAME: job.toolName,
    HOOK_SESSION_ID: session.sessionId,
    CODEBOT_PROJECT_DIR: session.cwd,
    ...claudeVariables(hook, session.cwd),
    ...claudeEnvFile(hook, job.event, session),
    ...claudeEffortVariable(hook, job, session),
    ...hook.env,
  };
}

/** Claude Code's `CLAUDE_EFFORT`, for its style of hook, where its payload says the effort. */
function claudeEffortVariable(
  hook: CompiledHook,
  job: HookJob,
  session: HookSession,
): Record<string, string> {
  // The job's subject is InstructionsLoaded's load_reason.
  const level = hook.style === "claude" ? claudeEffort(job.event, session, job.subject) : undefined;
  return level === undefined ? {} : { CLAUDE_EFFORT: level };
}

function laterOutputOf(hook: CompiledHook, saidLater: (hook: CompiledHook, said: string) => void) {
  return (stdout: string) => {
    const said = saidAfterAsyncReply(stdout);
    if (said) saidLater(hook, said);
  };
}

async function runExecutor(
  executors: Executors,
  spec: HookSpec,
  ctx: Parameters<HookExecutor["run"]>[1],
): Promise<RunOutcome> {
  const executor = executors[spec.type] as HookExecutor | undefined;
  if (!executor)
    return { stdout: "", stderr: "", exitCode: null, error: `${spec.type} hook: no executor configured` };
  try {
    return await executor.run(spec, ctx);
  } catch (err) {
    // An executor should report failures in its outcome; a throw still must not pass as success.
    const why = err instanceof Error ? err.message : String(err);
    return { stdout: "", stderr: "", exitCode: null, error: `${spec.type} hook: ${why}` };
  }
}

/** A run whose whole timeout passed before its turn came: it never started. */
function timedOutWaiting(type: HookSpec["type"], limit: { timeoutMs: number; limitMs: number }): RunOutcome {
  const error = `${type} hook: ${timedOutMessage(limit)} waiting for its turn (not started)`;
  return { stdout: "", stderr: "", exitCode: null, timedOut: true, error };
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

function guardsCall(event: HookEvent): boolean {
  const spec: EventSpec = EVENT_SPECS[event];
  return spec.guardsCall === true;
}
