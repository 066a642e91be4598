/**
 * The control protocol of `-p --input-format stream-json` (the Claude Agent SDK's, as claude
 * 2.1.328 speaks it; docs/claude-code.md "Agent SDK"). Both sides send requests on the lines they
 * already share:
 *
 * - in: `{"type":"control_request","request_id":…,"request":{"subtype":…}}` is answered at once
 *   with `{"type":"control_response","response":{"subtype":"success","request_id":…,"response":{…}}}`
 *   or `{"subtype":"error",…,"error":"…","error_code":"…"}`, even while a turn runs;
 * - out: codebot's own requests (`hook_callback`, `can_use_tool`) wait for the program's
 *   `control_response` with their id; one given up (timeout, interrupt) is withdrawn with
 *   `{"type":"control_cancel_request","request_id":…}`.
 *
 * User messages are queued in order for the turns; `keep_alive` lines are skipped. A request whose
 * answer takes a while (`set_model` fires PreModelSwitch) holds the requests and messages after it
 * until it is answered, so each is in force before the next line counts; the program's answers to
 * codebot's own requests never wait (the slow answer may be waiting for one of them).
 */
import { randomUUID } from "node:crypto";
import readline from "node:readline";
import { CliError } from "../cli-error.js";
import type { WireObject } from "../output/wire.js";
import { parseInputLine, type StreamInputMessage } from "../stream-input.js";

/** A request the program sent: its `request` object, `subtype` among its fields. */
export type ControlRequest = Record<string, unknown> & { subtype: string };

/** A request codebot does not answer with a success: the `error` and `error_code` it is refused with. */
export class ControlError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Answers one request: its `response` object, or a promise of it (undefined: a success without
 * one, as claude answers `apply_flag_settings`); a `ControlError` refuses it.
 */
export type ControlHandler = (
  request: ControlRequest,
) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;

interface Pending {
  resolve(response: Record<string, unknown>): void;
  reject(error: Error): void;
}

export class ControlChannel {
  private readonly pending = new Map<string, Pending>();
  private readonly queue: (StreamInputMessage | CliError)[] = [];
  private diverted: ((message: StreamInputMessage) => boolean) | undefined;
  private ended = false;
  /** The input has closed: no answer to codebot's requests can come any more. */
  private inputClosed = false;
  /** The lines read so far, requests and messages, handled in order once someone answers them. */
  private inOrder: Promise<void>;
  private open: () => void = () => {};
  /** The first line's `initialize`, once the first line is read (undefined: it was something else). */
  private readonly first: Promise<ControlRequest | undefined>;
  private settleFirst: (request: ControlRequest | undefined) => void = () => {};
  private wake: (() => void) | undefined;
  private handler: ControlHandler = (request) => {
    throw new ControlError(`Unsupported control request subtype: ${request.subtype}`, "unsupported_request");
  };

  constructor(private readonly write: (line: WireObject) => void) {
    this.inOrder = new Promise((resolve) => {
      this.open = resolve;
    });
    this.first = new Promise((resolve) => {
      this.settleFirst = resolve;
    });
  }

  /** Who answers the program's requests; the lines read until now are handled from here on. */
  answerWith(handler: ControlHandler): void {
    this.handler = handler;
    this.open();
  }

  /**
   * The program's `initialize`, when it is the first line (the Agent SDK sends it first): the
   * session starts from it. Undefined when the first line is anything else or the input ends first.
   * The request is still answered in its turn, by the handler.
   */
  initializeRequest(): Promise<ControlRequest | undefined> {
    return this.first;
  }

  /** Reads `input` to its end: requests answered, responses delivered, user messages queued. */
  listen(input: NodeJS.ReadableStream): void {
    const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
    let number = 0;
    lines.on("line", (line) => {
      number++;
      if (this.ended || line.trim() === "") return;
      this.take(line, number);
    });
    lines.on("close", () => {
      this.closeInput();
      this.inOrder = this.inOrder.then(() => this.end());
    });
  }

  /** The user messages in order, as they come; a malformed line throws where it stood. */
  async *messages(): AsyncGenerator<StreamInputMessage> {
    for (;;) {
      const next = this.queue.shift();
      if (next instanceof CliError) throw next;
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /** A user message is waiting for its turn: the session goes on once the turn in progress ends. */
  hasQueuedMessage(): boolean {
    return this.queue.some((m) => !(m instanceof CliError));
  }

  /** The uuids of the user messages waiting for their turn (what an interrupt leaves to run). */
  queuedUuids(): string[] {
    return this.queue.flatMap((m) => (m instanceof CliError || m.uuid === undefined ? [] : [m.uuid]));
  }

  /**
   * Sends a request and resolves with the program's `response` object; rejects with its `error`,
   * when `signal` aborts, or when the input ends first.
   */
  request(body: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>> {
    if (this.inputClosed) return Promise.reject(new Error("the program's input has ended"));
    if (signal.aborted) return Promise.reject(abortError(signal));
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        this.write({ type: "control_cancel_request", request_id: id });
        reject(abortError(signal));
      };
      signal.addEventListener("abort", onAbort, { once: true });
      const settle = () => {
        signal.removeEventListener("abort", onAbort);
        this.pending.delete(id);
      };
      this.pending.set(id, {
        resolve: (response) => {
          settle();
          resolve(response);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      this.write({ type: "control_request", request_id: id, request: body });
    });
  }

  private take(line: string, number: number): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    const type = isObject(parsed) ? parsed.type : undefined;
    if (type === "keep_alive") return;
    const request = isObject(parsed) ? parsed.request : undefined;
    this.settleFirst(
      type === "control_request" && isObject(request) && request.subtype === "initialize"
        ? (request as ControlRequest)
        : undefined,
    );
    if (type === "control_response" && isObject(parsed)) {
      this.deliver(parsed);
      return;
    }
    this.inOrder = this.inOrder.then(() => {
      if (this.ended) return;
      if (type === "control_request" && isObject(parsed)) return this.answer(parsed);
      this.queueMessage(line, number);
    });
  }

  /**
   * A user message that comes from now on is first offered to `take`; one it takes (true) waits
   * for no turn of its own. `undefined` stops offering.
   */
  divert(take: ((message: StreamInputMessage) => boolean) | undefined): void {
    this.diverted = take;
  }

  /** Messages a diverter took but could not deliver: their turns come next, in their order. */
  requeue(messages: readonly StreamInputMessage[]): void {
    if (messages.length === 0) return;
    this.queue.unshift(...messages);
    this.wake?.();
    this.wake = undefined;
  }

  private queueMessage(line: string, number: number): void {
    try {
      const message = parseInputLine(line, number);
      if (this.diverted?.(message) === true) return;
      this.push(message);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      // No turn after a malformed line: the ones before it still run.
      this.push(error);
      this.end();
    }
  }

  private async answer(line: Record<string, unknown>): Promise<void> {
    const requestId = line.request_id;
    const request = line.request;
    let response: Record<string, unknown>;
    try {
      if (!isObject(request) || typeof request.subtype !== "string")
        throw new ControlError(`a control request without a "request.subtype"`, "invalid_request");
      const answer = await this.handler(request as ControlRequest);
      response = {
        subtype: "success",
        request_id: requestId,
        ...(answer !== undefined ? { response: answer } : {}),
      };
    } catch (error) {
      response = {
        subtype: "error",
        request_id: requestId,
        error: (error as Error).message,
        ...(error instanceof ControlError ? { error_code: error.code } : {}),
      };
    }
    this.write({ type: "control_response", response });
  }

  private deliver(line: Record<string, unknown>): void {
    const response = line.response;
    if (!isObject(response) || typeof response.request_id !== "string") return;
    const waiting = this.pending.get(response.request_id);
    if (waiting === undefined) return;
    if (response.subtype === "success") waiting.resolve(isObject(response.response) ? response.response : {});
    else
      waiting.reject(new Error(typeof response.error === "string" ? response.error : "the request failed"));
  }

  private push(item: StreamInputMessage | CliError): void {
    this.queue.push(item);
    this.wake?.();
    this.wake = undefined;
  }

  private closeInput(): void {
    if (this.inputClosed) return;
    this.inputClosed = true;
    this.settleFirst(undefined);
    for (const waiting of [...this.pending.values()])
      waiting.reject(new Error("the program's input has ended"));
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.closeInput();
    this.wake?.();
    this.wake = undefined;
  }
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error("aborted");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
