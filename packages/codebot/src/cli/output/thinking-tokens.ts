/**
 * Claude 2.1.328's `system`/`thinking_tokens` lines (recorded against a loopback server, the
 * estimate read from its code): while the main agent's answer thinks, a running estimate of the
 * thinking block's tokens, written just before each piece of it, with or without
 * `--include-partial-messages`. A piece counts the tokens the API states for it
 * (`estimated_tokens`), else a token per 4 of its characters (rounded up); a block's signature
 * raises the estimate to what it stands for (3/4 of its length in characters, a token per 4) when
 * that is more. The estimate starts again with each block.
 */
import { randomUUID } from "node:crypto";
import type { WireObject } from "./wire.js";

/** One for the whole run: it remembers the block it counts. */
export class ThinkingTokens {
  private block: string | undefined;
  private estimate = 0;

  /** A block (or a message) starts: the count starts again from nothing. */
  start(block?: string): void {
    this.block = block;
    this.estimate = 0;
  }

  /** The line for a piece of thinking of `block`, if it counts any tokens. */
  thinking(block: string, text: string, stated: number | undefined, sessionId: unknown): WireObject[] {
    if (block !== this.block) this.start(block);
    const tokens = stated ?? (text.length > 0 ? Math.ceil(text.length / 4) : undefined);
    if (tokens === undefined) return [];
    this.estimate += tokens;
    return [line(this.estimate, tokens, sessionId)];
  }

  /** The line for `block`'s signature, if what it stands for is more than the count so far. */
  signature(block: string, signature: string, sessionId: unknown): WireObject[] {
    if (block !== this.block || this.estimate === 0) return [];
    const tokens = Math.ceil(Math.round(signature.length * 0.75) / 4);
    if (tokens <= this.estimate) return [];
    const delta = tokens - this.estimate;
    this.estimate = tokens;
    return [line(tokens, delta, sessionId)];
  }
}

function line(estimate: number, delta: number, sessionId: unknown): WireObject {
  return {
    type: "system",
    subtype: "thinking_tokens",
    estimated_tokens: estimate,
    estimated_tokens_delta: delta,
    session_id: sessionId,
    uuid: randomUUID(),
  };
}
