import { randomUUID } from "node:crypto";
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
} from "@ai-sdk/provider";
import { httpFetch, httpFetchChunks, isRequestObject } from "../http-fetch.js";
import { HttpHeaders } from "../http-headers.js";
import { type RotatingKey, sendWithKey } from "../rotating-key.js";
import { routedModel } from "../routed-model.js";
import { cacheableFrom } from "./cacheable.js";
import type { WireBytes } from "./wire-bytes.js";
import { captureMessages, findMarkedElement, splitAtMarker } from "./wire-splice.js";
import { sameStretch, stretchRanges } from "./wire-stretches.js";

/**
 * A provider model whose requests do not re-serialise the whole conversation at every step.
 *
 * A model API takes the whole conversation in each request, and the AI SDK's providers convert
 * and JSON-encode every message of it again each time: over a long session that work (and its
 * garbage) grows with the history. Here the provider is given, in place of the messages it
 * already serialised in an earlier request of the same conversation, one marker message; the
 * request body it builds is then completed in `fetch` with the earlier messages' wire form, kept
 * as bytes (WireBytes). The provider still builds everything that is new, so what is sent is
 * byte for byte what it would have built from the whole prompt.
 *
 * That holds because only messages the provider serialises the same way wherever they stand are
 * kept (cacheable.ts), a kept conversation ends with a user or tool message and the next new one
 * is the assistant's (Anthropic merges neighbours of the same role into one message), and a kept
 * conversation is matched by the identity of its message objects (the kernel's prompt cache keeps
 * them). Anything else, and any body not laid out as expected, is sent whole as before.
 */
export function wireCachedModel(
  create: (fetch: typeof globalThis.fetch) => LanguageModelV3,
  key?: RotatingKey,
): LanguageModelV3 {
  const cache = new WireCache(key);
  const inner = create(cache.fetch);
  return routedModel(inner, {
    doGenerate: (options) => inner.doGenerate(options),
    doStream: (options) => cache.stream(inner, options),
  });
}

/** The header that tells `fetch` which pending request a body belongs to; never sent. */
const TOKEN_HEADER = "x-codebot-wire-cache";
/** Conversations kept per model (the main agent's and a few sub-agents'). */
const MAX_CONVERSATIONS = 4;

interface Conversation {
  /** The prompt this was last extended from, and where its conversation messages begin: `wire` holds them all. */
  prompt: LanguageModelV3Prompt;
  from: number;
  wire: WireBytes;
  /** The call's provider options (they can change how messages are serialised). */
  options: string;
  /**
   * The stretches between system messages before the conversation (wire-stretches.ts), by their
   * place: each one's messages and wire form (UTF-8, encoded once: it is sent as these bytes in
   * every request), undefined for one not kept.
   */
  stretches: ({ messages: LanguageModelV3Message[]; wire: Buffer } | undefined)[];
}

type Pending =
  | { kind: "capture"; prompt: LanguageModelV3Prompt; from: number; options: string }
  | {
      kind: "splice";
      conversation: Conversation;
      prompt: LanguageModelV3Prompt;
      from: number;
      extend: boolean;
      /** The places of the stretches replaced by their markers. */
      stretches: number[];
    };

/**
 * Where the messages a conversation keeps begin: past its last system message. The system prompt
 * and a system message in mid-conversation (the tool search's listing after the first message)
 * are built anew in every request, as the provider serialises them (a system message in
 * mid-conversation adds a beta header), and whatever follows is kept; the messages between them
 * (the first message; what came before claude's note that deferred tools are gone) are kept apart,
 * a stretch each (wire-stretches.ts). `undefined` for
 * a prompt with a system message later but none opening it: Anthropic then sends that one as the
 * system prompt, outside `messages`, so the messages before it would be kept twice.
 */
function conversationStart(prompt: LanguageModelV3Prompt): number | undefined {
  let last = -1;
  for (let i = 0; i < prompt.length; i += 1) if (prompt[i]?.role === "system") last = i;
  if (last > 0 && prompt[0]?.role !== "system") return undefined;
  return last + 1;
}

/** How many conversation messages a kept conversation's wire holds. */
function keptCount(conversation: Conversation): number {
  return conversation.prompt.length - conversation.from;
}

/** A user message holding only `marker`, standing for messages whose wire form is kept. */
function markerMessage(marker: string): LanguageModelV3Message {
  return { role: "user", content: [{ type: "text", text: marker }] };
}

/** The body's layout was not what the marker splice expects: build the request whole. */
class WireCacheMiss extends Error {}

class WireCache {
  private readonly marker = `codebot-wire-cache-${randomUUID()}`;
  private markerElement: string | undefined;
  private readonly stretchMarker = `codebot-wire-cache-stretch-${randomUUID()}`;
  /** Each stretch marker's serialised element, by the stretch's place (the same in every request). */
  private readonly stretchMarkerElements = new Map<number, string>();
  private conversations: Conversation[] = [];
  private readonly pending = new Map<string, Pending>();
  private nextToken = 1;

  constructor(private readonly key: RotatingKey | undefined) {}

  async stream(inner: LanguageModelV3, options: LanguageModelV3CallOptions) {
    const { prompt } = options;
    const from = conversationStart(prompt);
    if (from === undefined) return inner.doStream(options);
    const callOptions = JSON.stringify(options.providerOptions ?? null);
    const lastRole = prompt.at(-1)?.role;
    // A conversation is kept only up to a user or tool message: the assistant's answer comes next.
    const extend = prompt.length > from && (lastRole === "user" || lastRole === "tool");
    const conversation = this.find(prompt, from, callOptions);
    if (conversation) {
      // It is continued now or never: new messages it cannot take stay in every later prompt.
      this.conversations = this.conversations.filter((kept) => kept !== conversation);
      const fresh = from + keptCount(conversation);
      if ((fresh === prompt.length || prompt[fresh]?.role === "assistant") && cacheableFrom(prompt, fresh)) {
        // The most recently continued conversation is the last to be pushed out.
        this.conversations.unshift(conversation);
        const { head, stretches } = this.markedHead(prompt, from, conversation);
        const marked: LanguageModelV3Prompt = [...head, markerMessage(this.marker), ...prompt.slice(fresh)];
        try {
          return await this.send(
            inner,
            { ...options, prompt: marked },
            { kind: "splice", conversation, prompt, from, extend, stretches },
          );
        } catch (error) {
          if (!(error instanceof WireCacheMiss)) throw error;
          this.conversations = this.conversations.filter((kept) => kept !== conversation);
          return inner.doStream(options);
        }
      }
    }
    // A one-message conversation (a prompt hook's question, a first step) is not worth keeping:
    // it would only push out one that goes on.
    if (extend && prompt.length - from >= 2 && cacheableFrom(prompt, from)) {
      return this.send(inner, options, { kind: "capture", prompt, from, options: callOptions });
    }
    return inner.doStream(options);
  }

  /** `prompt` before `from`, each stretch `conversation` keeps (the same objects) replaced by its marker. */
  private markedHead(prompt: LanguageModelV3Prompt, from: number, conversation: Conversation) {
    const head: LanguageModelV3Message[] = [];
    const stretches: number[] = [];
    let at = 0;
    stretchRanges(prompt, from).forEach((range, place) => {
      const kept = conversation.stretches[place];
      if (kept === undefined || !sameStretch(prompt, range, kept.messages)) return;
      head.push(...prompt.slice(at, range.start), markerMessage(this.stretchMarkerOf(place)));
      stretches.push(place);
      at = range.end;
    });
    head.push(...prompt.slice(at, from));
    return { head, stretches };
  }

  /** The marker of the stretch at `place` (ended by a colon: no marker is the start of another's). */
  private stretchMarkerOf(place: number): string {
    return `${this.stretchMarker}:${place}:`;
  }

  /** The provider's request for `options`, with `pending` for `fetch` to apply to its body. */
  private async send(inner: LanguageModelV3, options: LanguageModelV3CallOptions, pending: Pending) {
    const token = String(this.nextToken++);
    this.pending.set(token, pending);
    try {
      return await inner.doStream({ ...options, headers: { ...options.headers, [TOKEN_HEADER]: token } });
    } finally {
      this.pending.delete(token);
    }
  }

  /** The kept conversation `prompt` continues: same call options, same message objects. */
  private find(prompt: LanguageModelV3Prompt, from: number, callOptions: string): Conversation | undefined {
    for (const kept of this.conversations) {
      const count = keptCount(kept);
      if (kept.options !== callOptions || prompt.length - from < count) continue;
      let same = true;
      for (let i = count - 1; i >= 0 && same; i -= 1) {
        same = (prompt[from + i] as LanguageModelV3Message) === kept.prompt[kept.from + i];
      }
      if (same) return kept;
    }
    return undefined;
  }

  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers = new HttpHeaders(init.headers);
    const token = headers.get(TOKEN_HEADER);
    if (token === null) return this.transmit(input, init);
    headers.delete(TOKEN_HEADER);
    const pending = this.pending.get(token);
    const body = init.body;
    const plain = { ...init, headers };
    if (pending?.kind === "capture" && typeof body === "string") this.capture(body, pending);
    if (pending?.kind !== "splice") return this.transmit(input, plain);
    if (typeof body !== "string" || isRequestObject(input)) throw new WireCacheMiss();
    const split = splitAtMarker(body, this.marker, this.markerElement);
    if (!split) throw new WireCacheMiss();
    this.markerElement = split.markerElement;
    const { head, fresh, tail } = split.parts;
    const headChunks = this.withStretches(body, head.length, pending);
    const { conversation } = pending;
    if (!pending.extend) {
      return this.transmit(input, plain, [
        ...headChunks,
        conversation.wire.bytes(),
        fresh ? `,${fresh}` : "",
        tail,
      ]);
    }
    if (fresh) conversation.wire.append(`,${fresh}`);
    conversation.prompt = pending.prompt;
    conversation.from = pending.from;
    return this.transmit(input, plain, [...headChunks, conversation.wire.bytes(), tail]);
  };

  /**
   * Sends the request (its body as `chunks` when given), with the rotating key when there is one.
   * Below the splicing on purpose: a retry after a 401 re-sends the same bytes, while going
   * through `fetch` again would append the conversation's new messages twice.
   */
  private transmit(
    input: string | URL | Request,
    init: RequestInit,
    chunks?: readonly (string | Uint8Array)[],
  ): Promise<Response> {
    const once = (sent: RequestInit) =>
      chunks === undefined ? httpFetch(input, sent) : httpFetchChunks(input as string | URL, sent, chunks);
    return this.key === undefined ? once(init) : sendWithKey(once, init, this.key);
  }

  /**
   * The body's first `headLength` characters (before the conversation's marker) as chunks, each
   * replaced stretch's marker element giving way to the stretch's kept bytes. The stretches go
   * out as those bytes, as the conversation does: splicing them into the body's string would copy
   * and encode everything before the last system message again in every request.
   */
  private withStretches(
    body: string,
    headLength: number,
    pending: Extract<Pending, { kind: "splice" }>,
  ): (string | Uint8Array)[] {
    const chunks: (string | Uint8Array)[] = [];
    let at = 0;
    for (const place of pending.stretches) {
      const kept = pending.conversation.stretches[place];
      const marker = this.stretchMarkerOf(place);
      const found = kept && findMarkedElement(body, marker, this.stretchMarkerElements.get(place));
      if (!found || found.start < at || found.end > headLength) throw new WireCacheMiss();
      this.stretchMarkerElements.set(place, found.markerElement);
      chunks.push(body.slice(at, found.start), kept.wire);
      at = found.end;
    }
    chunks.push(body.slice(at, headLength));
    return chunks;
  }

  private capture(body: string, pending: Extract<Pending, { kind: "capture" }>): void {
    const captured = captureMessages(body);
    if (!captured) return;
    const { prompt, from } = pending;
    const ranges = stretchRanges(prompt, from);
    // The body's runs between system elements are the prompt's, one for one, or none is kept.
    const paired = ranges.length === captured.stretches.length;
    const stretches = ranges.map((range, place) => {
      const wire = captured.stretches[place];
      if (!paired || !range.cacheable || wire === undefined) return undefined;
      return {
        messages: prompt.slice(range.start, range.end) as LanguageModelV3Message[],
        wire: Buffer.from(wire),
      };
    });
    this.conversations = [
      { prompt, from, wire: captured.wire, options: pending.options, stretches },
      ...this.conversations.slice(0, MAX_CONVERSATIONS - 1),
    ];
  }
}
