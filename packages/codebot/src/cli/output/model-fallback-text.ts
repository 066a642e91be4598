import type { AgentEvent } from "@codebot/agentcore";

/** The kernel's word that a run moved on to its next `--fallback-model`. */
export type ModelFallback = Extract<AgentEvent, { type: "model_fallback" }>;

/**
 * What a fallback says, worded as Claude Code's `model_fallback` line (claude 2.1.328: "Switched to
 * Sonnet 4.5 due to high demand for Opus 5.5"), with model ids for its display names; a failing
 * server is said as such (claude says "high demand" for it too).
 */
export function modelFallbackText(e: ModelFallback): string {
  const [from, to] = [e.from.modelId, e.to.modelId];
  switch (e.trigger) {
    case "overloaded":
      return `Switched to ${to} due to high demand for ${from}`;
    case "server_error":
      return `Switched to ${to} because the server failed for ${from} (${e.error.message})`;
    case "model_not_found":
      return `Switched to ${to} because ${from} is not available (${e.error.message})`;
  }
}
