/**
 * The response httpFetch returns: the part of the WHATWG `Response` that a fetch caller reads —
 * status, status text, `ok`, headers, the body as a web stream, and the whole body as text, JSON
 * or bytes (once, as with the platform's). Not the platform's `Response`, for the reason given in
 * http-headers.ts: that one loads Node's bundled undici.
 */
import type { HttpHeaders } from "./http-headers.js";

export interface HttpResponseInit {
  status: number;
  statusText: string;
  headers: HttpHeaders;
  /** The URL the response came from. */
  url: string;
}

export class HttpResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: HttpHeaders;
  readonly url: string;
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = "basic";
  private used = false;

  constructor(
    readonly body: ReadableStream<Uint8Array> | null,
    init: HttpResponseInit,
  ) {
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
    this.ok = init.status >= 200 && init.status <= 299;
  }

  get [Symbol.toStringTag](): string {
    return "Response";
  }

  get bodyUsed(): boolean {
    return this.used || (this.body?.locked ?? false);
  }

  async bytes(): Promise<Uint8Array> {
    if (this.bodyUsed) throw new TypeError("Response body is already used");
    this.used = true;
    if (!this.body) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    const reader = this.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
