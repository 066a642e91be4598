/**
 * The `fetch` the model providers use: node:http(s) underneath, and on top a response with the
 * `Response` interface a fetch caller reads (http-response.ts; the AI SDK reads headers and streams
 * the body exactly as from Node's own fetch).
 *
 * Why not Node's fetch: its HTTP client (bundled undici) parses responses with a WebAssembly
 * module that V8 compiles on the first request and then recompiles with its optimising compiler
 * in the background. For a CLI run that makes a handful of requests that is ≈ 25 MiB of peak
 * memory, a second core kept busy, and tens of ms, for nothing node:http does not do already.
 *
 * What differs from Node's fetch, on purpose: redirects are not followed (an API endpoint does not
 * redirect, and a key is never resent to another host); a body other than a string or bytes
 * (FormData, a stream), or a `Request` object, is handed to Node's fetch. Like Node's fetch, a
 * connection that fails rejects with `TypeError("fetch failed")` carrying the cause, and a
 * connection silent for 300 s fails.
 */
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { HttpHeaders } from "./http-headers.js";
import { HttpResponse } from "./http-response.js";

/** Node's fetch gives up on a server silent this long (undici's headers and body timeouts). */
const IDLE_TIMEOUT_MS = 300_000;

/** Statuses whose response has no body, by definition. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export async function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const given = init.body ?? null;
  const plainBody = given === null || typeof given === "string" || given instanceof Uint8Array;
  if (isRequestObject(input) || !plainBody) return fetch(input, init);
  return httpFetchChunks(input, init, given === null ? [] : [given]);
}

/**
 * Whether fetch's input is a `Request` (neither a string nor a URL), told without touching the
 * platform's `Request`, whose first use loads Node's bundled undici (see http-headers.ts).
 */
export function isRequestObject(input: string | URL | Request): input is Request {
  return typeof input !== "string" && !(input instanceof URL);
}

/**
 * httpFetch with the body given as consecutive pieces (`init.body` is ignored), written one after
 * another: a body assembled from parts that live on (a conversation's wire prefix, see
 * wire-cache/) is sent without first being copied into one string.
 */
export async function httpFetchChunks(
  input: string | URL,
  init: RequestInit,
  chunks: readonly (string | Uint8Array)[],
): Promise<Response> {
  const url = new URL(input);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError("fetch failed", { cause: new Error(`unsupported protocol ${url.protocol}`) });
  }
  const signal = init.signal ?? undefined;
  signal?.throwIfAborted();
  const method = (init.method ?? "GET").toUpperCase();
  const headers: Record<string, string> = {};
  new HttpHeaders(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  if (chunks.length > 0 && typeof chunks[0] === "string")
    headers["content-type"] ??= "text/plain;charset=UTF-8";
  if (chunks.length > 0) {
    let length = 0;
    for (const chunk of chunks)
      length += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    headers["content-length"] = String(length);
  }

  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, { method, headers });
    let incoming: http.IncomingMessage | undefined;
    // Before the response: the promise rejects. While the body streams: reading it rejects.
    const onAbort = () => {
      incoming?.destroy(signal?.reason);
      request.destroy(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    request.setTimeout(IDLE_TIMEOUT_MS, () =>
      request.destroy(Object.assign(new Error("no data for 300 s"), { code: "ETIMEDOUT" })),
    );
    request.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
    });
    request.on("response", (response) => {
      incoming = response;
      const status = incoming.statusCode ?? 0;
      const statusText = incoming.statusMessage ?? "";
      const responseHeaders = new HttpHeaders();
      const raw = incoming.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2)
        responseHeaders.append(raw[i] as string, raw[i + 1] as string);
      if (method === "HEAD" || NULL_BODY_STATUSES.has(status)) {
        incoming.resume();
        signal?.removeEventListener("abort", onAbort);
        resolve(
          asResponse(new HttpResponse(null, { status, statusText, headers: responseHeaders, url: url.href })),
        );
        return;
      }
      const decoded = decode(incoming, responseHeaders);
      incoming.on("close", () => signal?.removeEventListener("abort", onAbort));
      const body = Readable.toWeb(decoded) as ReadableStream<Uint8Array>;
      resolve(
        asResponse(new HttpResponse(body, { status, statusText, headers: responseHeaders, url: url.href })),
      );
    });
    // A string chunk is written as it is (the socket encodes it into a buffer it frees at once): a
    // copy in a Buffer of our own would live until the response has ended, long enough for V8 to
    // move it to the old generation, where a long session's bodies pile up until a full GC.
    for (const chunk of chunks) if (chunk.length > 0) request.write(chunk);
    request.end();
  });
}

/** The body as sent before any `content-encoding`, as Node's fetch hands it over. */
function decode(incoming: http.IncomingMessage, headers: HttpHeaders): Readable {
  const encoding = headers.get("content-encoding")?.trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return incoming;
  incoming.on("error", (error) => decoder.destroy(error));
  return incoming.pipe(decoder);
}

/** fetch's callers are typed for the platform's `Response`; they read only what HttpResponse has. */
function asResponse(response: HttpResponse): Response {
  return response as unknown as Response;
}
