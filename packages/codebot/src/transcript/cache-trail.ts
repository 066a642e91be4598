import { SYNTHETIC_MODEL } from "./api-error-message.js";
import type { CheckedLine } from "./line-shape.js";

/**
 * What a transcript tells of its conversation's prompt cache, gathered line by line as it is read,
 * the way claude 2.1.328 reads it for SessionStart `resume`: the last model response (when, which
 * model), and the tokens of the last response since the last compaction that reported usage.
 * Assistant lines without a model or usage (the messages a compaction kept, written again after
 * its summary) and made-up ones are no response. The values are a hand-editable file's: anything
 * but a finite number is ignored.
 */
export class CacheTrail {
  /** The last response: when it was written (ms since the epoch) and its model's id. */
  lastResponse: { at: number; model?: string } | undefined;
  /** The last response since the last compaction with tokens: its prompt (cache reads and writes too) and output. */
  windowTokens: number | undefined;
  /** The conversation restarts from a compaction's summary. */
  afterCompaction = false;

  line(line: CheckedLine): void {
    if (line.type !== "assistant" || line.message === undefined) return;
    const { model, usage } = line.message as { model?: unknown; usage?: unknown };
    if (model === SYNTHETIC_MODEL || (typeof model !== "string" && usage === undefined)) return;
    const at = typeof line.timestamp === "string" ? Date.parse(line.timestamp) : Number.NaN;
    if (!Number.isNaN(at)) this.lastResponse = { at, ...(typeof model === "string" ? { model } : {}) };
    const tokens = tokensOf(usage);
    if (tokens > 0) this.windowTokens = tokens;
  }

  compacted(): void {
    this.windowTokens = undefined;
    this.afterCompaction = true;
  }

  /** `/clear`: nothing before it is the conversation's. */
  cleared(): void {
    this.lastResponse = undefined;
    this.windowTokens = undefined;
    this.afterCompaction = false;
  }
}

/** A response's whole window: its uncached input, cache writes and reads, and output. */
function tokensOf(usage: unknown): number {
  if (typeof usage !== "object" || usage === null) return 0;
  const u = usage as Record<string, unknown>;
  const count = (key: string) => {
    const n = u[key];
    return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : 0;
  };
  return (
    count("input_tokens") +
    count("cache_creation_input_tokens") +
    count("cache_read_input_tokens") +
    count("output_tokens")
  );
}
