/**
 * The gate inside the gate (§8): before any hook runs, the harness is asked whether it may.
 * Hooks from a cloned repository run only once the user approved their fingerprint.
 */

import type { CompiledHook } from "./compiled-hook.js";
import type { HookEvent } from "./events.js";
import { formatSeconds } from "./run-deadline.js";
import type { SettingsSource } from "./settings-layer.js";

export interface HookApprovalRequest {
  event: HookEvent;
  /** The tool the event is about, when there is one. */
  tool?: string;
  /** The hook's name. */
  label: string;
  blocking: boolean;
  source: SettingsSource;
  /** The settings file it came from. */
  path: string;
  fingerprint: string;
  hook: CompiledHook;
  /**
   * Aborted once the hook is given up — its timeout passed while it waited for approval, or the
   * run that fired it was cancelled — with an Error saying which: a question still on screen (or
   * still queued) must be withdrawn, and its late answer means nothing. `approvalWithdrawn` tells
   * the two apart.
   */
  signal: AbortSignal;
}

/**
 * `guardsNothing`: the hook is not run, and its not running refuses nothing — for a call a person
 * answers in any case (exit_plan_mode in plan mode), where a guard that cannot run has nothing to guard.
 */
export type HookApproval = { approved: true } | { approved: false; reason: string; guardsNothing?: true };

/** askApproval's answer: `withdrawn` when the question was given up because the run was cancelled. */
export type AskedApproval = HookApproval | { approved: false; reason: string; withdrawn: true };

/** Answers at once where it can (a hook approved already): then there is no wait to time. */
export type ApproveHook = (request: HookApprovalRequest) => HookApproval | Promise<HookApproval>;

/**
 * Asks for approval within the hook's time limit (the wait counts against its `timeout`, as
 * docs/hooks.md says); no answer in time or a failing gate is a denial, a cancelled run withdraws
 * the question (`withdrawn`: the hook is recorded cancelled, not denied). When it gives up, the
 * request's signal tells the gate to withdraw its question. A gate that answers at once is taken
 * at its word: its request's signal is made only if it reads it (an AbortController and a timer
 * cost ≈ 0.1 ms, on every hook run).
 */
export async function askApproval(
  approve: ApproveHook,
  request: Omit<HookApprovalRequest, "signal">,
  timeoutMs: number,
  runSignal: AbortSignal,
): Promise<AskedApproval> {
  if (runSignal.aborted) return WITHDRAWN;
  let controller: AbortController | undefined;
  const withSignal = Object.defineProperty({ ...request }, "signal", {
    get: () => {
      controller ??= new AbortController();
      return controller.signal;
    },
    enumerable: true,
  }) as HookApprovalRequest;
  let answer: HookApproval | PromiseLike<HookApproval>;
  try {
    answer = approve(withSignal);
  } catch (err) {
    return failed(err);
  }
  if (typeof (answer as PromiseLike<HookApproval>).then !== "function") return answer as HookApproval;
  controller ??= new AbortController();
  const giveUp = controller;
  const gaveUp = new Promise<AskedApproval>((resolve) => {
    giveUp.signal.addEventListener(
      "abort",
      () =>
        resolve(
          runSignal.aborted
            ? WITHDRAWN
            : { approved: false, reason: (giveUp.signal.reason as Error).message },
        ),
      { once: true },
    );
  });
  const timer = setTimeout(
    () => giveUp.abort(new Error(`no approval within ${formatSeconds(timeoutMs)}`)),
    timeoutMs,
  );
  const onCancel = () => giveUp.abort(new ApprovalWithdrawn(WITHDRAWN.reason));
  runSignal.addEventListener("abort", onCancel, { once: true });
  try {
    return await Promise.race([Promise.resolve(answer).catch(failed), gaveUp]);
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener("abort", onCancel);
  }
}

/** The reason a request's signal is aborted with when the run that fired the hook was cancelled. */
class ApprovalWithdrawn extends Error {}

/**
 * Whether a request's signal was aborted because the run was cancelled (the question is withdrawn),
 * not because the hook's timeout passed while it waited (the question expired).
 */
export function approvalWithdrawn(signal: AbortSignal): boolean {
  return signal.reason instanceof ApprovalWithdrawn;
}

const WITHDRAWN = {
  approved: false,
  reason: "the run was cancelled before the hook was approved",
  withdrawn: true,
} as const;

function failed(err: unknown): HookApproval {
  return { approved: false, reason: `approval failed: ${err instanceof Error ? err.message : String(err)}` };
}
