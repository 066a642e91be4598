import { APICallError } from "@ai-sdk/provider";
import { brokenConnectionOf } from "./retry.js";

/** A model call that failed, with a one-line message a user can act on; the provider's error is the cause. */
export class ModelCallError extends Error {
  override readonly name = "ModelCallError";
  /** HTTP status, when the failure was an HTTP response. */
  readonly statusCode: number | undefined;

  constructor(message: string, options: { cause: unknown; statusCode?: number }) {
    super(message, { cause: options.cause });
    this.statusCode = options.statusCode;
  }
}

/** Wraps whatever a provider threw into a ModelCallError (`model: status 401: invalid x-api-key`). */
export function toModelError(error: unknown): ModelCallError {
  if (error instanceof ModelCallError) return error;
  if (APICallError.isInstance(error)) {
    // The connection broke after a 200 began the answer: the provider calls it "status 200: Failed
    // to process successful response", which says nothing a user can act on. As claude 2.1.328 words
    // it (recorded: `Connection to the API was lost (ECONNRESET)`), without the status it never
    // really had, so the failure counts as no answer at all.
    const lost = isSuccess(error.statusCode) ? brokenConnectionOf(error.cause) : undefined;
    if (lost !== undefined)
      return new ModelCallError(
        `model: Connection to the API was lost (${firstLine(lost)}). This is usually temporary \u2014 try again.`,
        { cause: error.cause },
      );
    const status = error.statusCode === undefined ? "" : `status ${error.statusCode}: `;
    return new ModelCallError(`model: ${status}${firstLine(error.message)}`, {
      cause: error,
      statusCode: error.statusCode,
    });
  }
  return new ModelCallError(`model: ${firstLine(describe(error))}`, { cause: error });
}

function isSuccess(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (error && typeof error === "object") {
    const { type, message } = error as { type?: unknown; message?: unknown };
    if (typeof message === "string") return typeof type === "string" ? `${type}: ${message}` : message;
  }
  return String(error);
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0] ?? text;
}
