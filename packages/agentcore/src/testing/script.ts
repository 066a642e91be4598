/**
 * The script language shared by the scripted model and the loopback model server: one entry per
 * model call, saying what the "model" answers. For tests and demos only.
 */

/** One tool call the scripted model makes. `input` is the raw JSON text, so invalid JSON can be scripted. */
export interface ScriptedToolCall {
  id: string;
  name: string;
  input: string;
}

/** The token counts a reply reports; `inputTokens` is the whole prompt, cache reads and writes included. */
export interface ScriptedUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** What a reply reports when its script gives no usage. */
export const DEFAULT_USAGE: ScriptedUsage = { inputTokens: 10, outputTokens: 5 };

/** What one model call answers. */
export type TurnReply =
  | {
      kind: "reply";
      text?: string;
      reasoning?: string;
      /**
       * The signature of the reasoning's thinking block (Anthropic wire; default `loopback-signature`;
       * empty: none is streamed, as when the answer stops at max_tokens inside the thinking).
       */
      signature?: string;
      /** A `redacted_thinking` block's data, after the reasoning (Anthropic wire only). */
      redactedThinking?: string;
      toolCalls?: ScriptedToolCall[];
      /** Stream the text, then never finish: the call ends only when it is aborted. */
      hang?: boolean;
      /**
       * Stream the text, then end the stream without its final event (a connection cut mid-answer).
       * With tool calls, on the Anthropic wire: the cut comes half-way through the first call's
       * arguments (the OpenAI wire and the scripted model cut before the calls).
       */
      cut?: boolean;
      /**
       * With `cut`, on the loopback server: the connection is reset (its socket destroyed) a second
       * after the events were sent, rather than closed in order.
       */
      reset?: boolean;
      /** What the reply reports as its usage (default DEFAULT_USAGE). */
      usage?: ScriptedUsage;
      /** The answer stops at the output token limit (Anthropic's `max_tokens`, OpenAI's `length`). */
      atLimit?: boolean;
    }
  /** An HTTP error status (the scripted model throws the matching APICallError). */
  | { kind: "http-error"; status: number; message?: string; headers?: Record<string, string> }
  /** The connection breaks (the server destroys the socket; the scripted model throws ECONNRESET). */
  | { kind: "network-error" }
  /** The scripted model throws this value (the server treats it as a network error). */
  | { kind: "throw"; error: unknown };

/** A reply that answers (as opposed to a failure). */
export type ReplyTurn = Extract<TurnReply, { kind: "reply" }>;

/** One script entry: a fixed reply or a function of the request that was received. */
export type ScriptStep<Req> = TurnReply | ((request: Req) => TurnReply | Promise<TurnReply>);

let callCounter = 0;

/** A tool call with JSON-serialisable arguments (an id is made up when none is given). */
export function toolCall(name: string, args: unknown, id?: string): ScriptedToolCall {
  return { id: id ?? nextCallId(), name, input: JSON.stringify(args) };
}

/** A tool call whose argument text is sent exactly as given (e.g. invalid JSON). */
export function rawToolCall(name: string, input: string, id?: string): ScriptedToolCall {
  return { id: id ?? nextCallId(), name, input };
}

function nextCallId(): string {
  callCounter += 1;
  return `call_${callCounter}`;
}

/** Builders for script entries. */
export const reply = {
  text: (text: string): ReplyTurn => ({ kind: "reply", text }),
  toolCall: (name: string, args: unknown, id?: string): ReplyTurn => ({
    kind: "reply",
    toolCalls: [toolCall(name, args, id)],
  }),
  toolCalls: (...calls: ScriptedToolCall[]): ReplyTurn => ({ kind: "reply", toolCalls: calls }),
  turn: (
    parts: Pick<ReplyTurn, "text" | "reasoning" | "signature" | "redactedThinking" | "toolCalls">,
  ): ReplyTurn => ({
    kind: "reply",
    ...parts,
  }),
  hang: (text?: string): ReplyTurn => ({ kind: "reply", text, hang: true }),
  cut: (text?: string): ReplyTurn => ({ kind: "reply", text, cut: true }),
  /** A stream cut half-way through this call's arguments (Anthropic wire; see `cut`). */
  cutInToolCall: (call: ScriptedToolCall): ReplyTurn => ({ kind: "reply", toolCalls: [call], cut: true }),
  /** As cutInToolCall, the connection then reset (see `reset`). */
  resetInToolCall: (call: ScriptedToolCall): ReplyTurn => ({
    kind: "reply",
    toolCalls: [call],
    cut: true,
    reset: true,
  }),
  /** A text answer that stops at the output token limit. */
  atLimit: (text: string): ReplyTurn => ({ kind: "reply", text, atLimit: true }),
  httpError: (
    status: number,
    options: { message?: string; headers?: Record<string, string> } = {},
  ): TurnReply => ({
    kind: "http-error",
    status,
    ...options,
  }),
  networkError: (): TurnReply => ({ kind: "network-error" }),
  throws: (error: unknown): TurnReply => ({ kind: "throw", error }),
};

/** Replays a script one step per call; running past its end is an error naming the call. */
export class ScriptCursor<Req> {
  private index = 0;

  constructor(
    private readonly steps: readonly ScriptStep<Req>[],
    private readonly owner: string,
  ) {}

  async next(request: Req): Promise<TurnReply> {
    const step = this.steps[this.index];
    this.index += 1;
    if (step === undefined) {
      throw new Error(`${this.owner}: script exhausted (call ${this.index}, ${this.steps.length} scripted)`);
    }
    return typeof step === "function" ? step(request) : step;
  }

  /** How many script steps have been consumed. */
  get used(): number {
    return this.index;
  }
}

/** Splits text into a few deltas so streaming consumers see more than one chunk. */
export function chunkText(text: string): string[] {
  const parts = text.match(/\S+\s*|\s+/g);
  return parts ?? [];
}
