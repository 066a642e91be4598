/**
 * Reads a prompt hook's reply (§6.2). Models wrap JSON in fences or prose, so parsing is lenient:
 * the whole text, else the span from the first `{` to the last `}`; anything unreadable allows.
 */

export type PromptVerdict = { ok: true } | { ok: false; reason?: string };

export function parsePromptVerdict(reply: string): PromptVerdict {
  return findVerdict(reply) ?? { ok: true };
}

/**
 * The verdict in a reply read just as leniently, or undefined when there is none: an agent hook
 * that ends without one failed (Claude Code: "did not return structured output"), it does not allow.
 */
export function findVerdict(reply: string): PromptVerdict | undefined {
  const text = reply.trim();
  const whole = readVerdict(text);
  if (whole) return whole;
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first !== -1 && last > first) return readVerdict(text.slice(first, last + 1));
  return undefined;
}

/**
 * The verdict as hook stdout, so it goes through the same interpretation as a command hook's.
 * `stopsTurn`: a block also ends the turn (`continue: false`, the reason as `stopReason`).
 */
export function verdictStdout(verdict: PromptVerdict, stopsTurn = false): string {
  if (verdict.ok) return "";
  const reason = verdict.reason === undefined ? {} : { reason: verdict.reason };
  const stop = !stopsTurn
    ? {}
    : { continue: false, ...(verdict.reason === undefined ? {} : { stopReason: verdict.reason }) };
  return JSON.stringify({ block: true, ...reason, ...stop });
}

/**
 * A JSON object with a boolean `ok`, else a decision in Claude Code's hook-output words; anything
 * else (a non-boolean `ok` too) is no verdict.
 */
function readVerdict(text: string): PromptVerdict | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const { ok, reason } = value;
  if (typeof ok !== "boolean") return hookOutputVerdict(value);
  if (ok) return { ok: true };
  return typeof reason === "string" ? { ok: false, reason } : { ok: false };
}

/**
 * `hookSpecificOutput.permissionDecision` deny/allow (with `permissionDecisionReason`), or
 * `decision` block/approve (with `reason`): the answer a prompt written for command hooks asks the
 * model for (claude-code-templates' ai-bash-guard does). Claude Code never reads such text — its
 * verifier must call a tool shaped `{ok, reason}` — so there the prompt's format cannot lose the
 * verdict; here a guard's "deny" in those words would otherwise be no verdict and let the call run.
 */
function hookOutputVerdict(value: Record<string, unknown>): PromptVerdict | undefined {
  const specific = isRecord(value.hookSpecificOutput) ? value.hookSpecificOutput : {};
  const decision = specific.permissionDecision ?? value.decision;
  const reason = specific.permissionDecisionReason ?? value.reason;
  if (decision === "allow" || decision === "approve") return { ok: true };
  if (decision !== "deny" && decision !== "block") return undefined;
  return typeof reason === "string" ? { ok: false, reason } : { ok: false };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
