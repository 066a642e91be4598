import { randomUUID } from "node:crypto";
import type { HookRunner } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import { finalText, type PromptResult } from "../../session/prompt-result.js";
import { LineBatches } from "./line-batches.js";
import type { WireObject } from "./wire.js";

/**
 * MessageDisplay, as claude 2.1.328 fires it in `-p`: each assistant message of the main agent
 * that has text is given whole to the hooks (`index` 0, `final` true) when it ends, and the last
 * `displayContent` a hook gives is printed instead of its text — in the stream's `assistant` line,
 * as the answer of `text`, `json` and the `result` line. The terminal fires it as claude's terminal
 * does, per batch of completed lines while the message streams (`lineBatches`), each batch shown
 * once its hooks answered. Display only: the transcript and the model keep the text. The model goes
 * on meanwhile; what is printed after such a message waits for its hooks (`OrderedOutput`), so the
 * lines keep their order.
 */
export class MessageDisplay {
  private readonly shown = new WeakMap<ModelMessage, Promise<string | undefined>>();
  private readonly firing = new Set<Promise<unknown>>();
  private turn: { promptId: string | undefined; id: string } = { promptId: undefined, id: randomUUID() };
  private stopping = new AbortController();

  constructor(
    private readonly hooks: HookRunner,
    /** The prompt being answered: a new one is a new `turn_id`. */
    private readonly promptId: () => string | undefined,
  ) {}

  /** Some MessageDisplay hook is configured. */
  active(): boolean {
    return this.hooks.hasHooks("MessageDisplay");
  }

  /**
   * A message of the main agent ended: its hooks start now, if it is an answer with text and any
   * are configured. Returns what they show instead (as `shownFor`).
   */
  ended(message: ModelMessage): Promise<string | undefined> | undefined {
    if (message.role !== "assistant" || !this.active()) return undefined;
    const text = finalText([message]);
    if (text === "") return undefined;
    const shown = this.tracked(this.fire(text, randomUUID(), 0, true));
    this.shown.set(message, shown);
    return shown;
  }

  /**
   * The terminal's firings for a message of the main agent that starts streaming text, as claude
   * 2.1.328's terminal fires them (LineBatches; one `message_id` for them all); undefined when no
   * MessageDisplay hook is configured (the text streams as it comes).
   */
  lineBatches(): LineBatches | undefined {
    if (!this.active()) return undefined;
    const messageId = randomUUID();
    return new LineBatches((delta, index, final) => this.tracked(this.fire(delta, messageId, index, final)));
  }

  private tracked(shown: Promise<string | undefined>): Promise<string | undefined> {
    this.firing.add(shown);
    void shown.finally(() => this.firing.delete(shown)).catch(() => undefined);
    return shown;
  }

  /** Settles once every firing so far has answered (their hooks' lines are out by then). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.firing]);
  }

  /**
   * Ctrl+C while answers wait for their hooks: those hooks are stopped and their messages shown
   * as they were (a hook that fails shows the text as it was); later messages fire afresh.
   */
  stop(): void {
    this.stopping.abort();
    this.stopping = new AbortController();
  }

  /** What its hooks show instead of the message's text; undefined when it is shown as it is (or had no hooks). */
  shownFor(message: ModelMessage): Promise<string | undefined> | undefined {
    return this.shown.get(message);
  }

  /** The prompt's answer as it is to be printed: its last message's text as the hooks show it. */
  async answer(result: PromptResult): Promise<string> {
    const last = result.messages.findLast((m) => m.role === "assistant" && finalText([m]) !== "");
    // `--json-schema`'s answer is the structured output, not a message's text.
    if (last === undefined || finalText([last]) !== result.text) return result.text;
    return (await this.shown.get(last)?.catch(() => undefined)) ?? result.text;
  }

  private async fire(
    delta: string,
    messageId: string,
    index: number,
    final: boolean,
  ): Promise<string | undefined> {
    const promptId = this.promptId();
    if (promptId !== this.turn.promptId) this.turn = { promptId, id: randomUUID() };
    const decision = await this.hooks.fire("MessageDisplay", {
      turnId: this.turn.id,
      messageId,
      index,
      final,
      delta,
      signal: this.stopping.signal,
    });
    return decision.kind === "allow" ? decision.displayContent : undefined;
  }
}

/**
 * A stream `assistant` line with the text a hook shows instead, as claude writes it: the first
 * text block holds it, any other text block is emptied, tool calls stay.
 */
export function withShownText(line: WireObject, shown: string): WireObject {
  const message = line.message as { content?: unknown } | undefined;
  if (!Array.isArray(message?.content)) return line;
  let first = true;
  const content = message.content.map((block: { type?: string }) => {
    if (block.type !== "text") return block;
    const text = first ? shown : "";
    first = false;
    return { ...block, text };
  });
  return { ...line, message: { ...message, content } };
}

/**
 * Writes in the order asked, some writes waiting for something first (a message's MessageDisplay
 * hooks): a write waits only while an earlier one still waits, else it is done at once.
 */
export class OrderedOutput {
  private waiting = 0;
  private tail: Promise<void> = Promise.resolve();

  /** Done now, or after the writes that wait before it. */
  write(write: () => void): void {
    if (this.waiting === 0) write();
    else this.after(Promise.resolve(undefined), write);
  }

  /** Done once `value` settles and every write before it is done; a failed `value` is undefined. */
  after<T>(value: Promise<T>, write: (value: T | undefined) => void): void {
    this.waiting++;
    const settled = value.catch(() => undefined);
    this.tail = this.tail
      .then(() => settled)
      .then(write)
      .catch((error: Error) => process.emitWarning(`output: a write failed: ${error.message}`))
      .finally(() => {
        this.waiting--;
      });
  }

  /** Settles once every write asked for is done. */
  drained(): Promise<void> {
    return this.tail;
  }
}
