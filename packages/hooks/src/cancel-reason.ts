/**
 * Why a run was cancelled, as its trace record says it (`cancelReason`): the reason its signal was
 * aborted with (`interrupted by the user`, `the session ended`, `background agent stopped by the
 * user`), or a plain `run cancelled` when the canceller gave none.
 */
export function cancelReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.message) return reason.message;
  if (typeof reason === "string" && reason) return reason;
  return "run cancelled";
}
