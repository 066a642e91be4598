/**
 * The gate inside the gate (§8): before any hook runs, the harness is asked whether it may.
 * Hooks from a cloned repository run only once the user approved their fingerprint.
 */

import type { CompiledHook } from "./compiled-hook.js";
import type { HookEvent } from "./events.js";
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
}

export type HookApproval = { approved: true } | { approved: false; reason: string };

export type ApproveHook = (request: HookApprovalRequest) => Promise<HookApproval>;

/** Asks for approval within the hook's time limit; no answer in time, or a failing gate, is a denial. */
export async function askApproval(
  approve: ApproveHook,
  request: HookApprovalRequest,
  timeoutMs: number,
): Promise<HookApproval> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<HookApproval>((resolve) => {
    timer = setTimeout(
      () => resolve({ approved: false, reason: `no approval within ${timeoutMs / 1000}s` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      approve(request).catch(
        (err: unknown): HookApproval => ({
          approved: false,
          reason: `approval failed: ${err instanceof Error ? err.message : String(err)}`,
        }),
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
