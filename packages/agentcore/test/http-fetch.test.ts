import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";
import { httpFetch } from "../src/http-fetch.js";

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A real HTTP server on loopback; returns its base URL. */
async function serve(handler: http.RequestListener): Promise<string> {
  const started = http.createServer(handler);
  server = started;
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (d) => {
      text += String(d);
    });
    req.on("end", () => resolve(text));
  });
}

describe("httpFetch", () => {
  test("sends the method, headers and body, and returns status, status text and every header", async () => {
    let seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    const base = await serve(async (req, res) => {
      seen = { method: req.method, headers: req.headers, body: await readBody(req) };
      res.writeHead(201, "Made", [
        ["content-type", "application/json"],
        ["set-cookie", "a=1"],
        ["set-cookie", "b=2"],
      ]);
      res.end('{"ok":true}');
    });

    const response = await httpFetch(`${base}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": "k", "content-type": "application/json" },
      body: '{"q":"é"}',
    });

    expect(seen.method).toBe("POST");
    expect(seen.headers).toMatchObject({ "x-api-key": "k", "content-type": "application/json" });
    expect(seen.headers?.["content-length"]).toBe(String(Buffer.byteLength('{"q":"é"}')));
    expect(seen.body).toBe('{"q":"é"}');
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe("Made");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({ ok: true });
  });

  test("streams the body: the first chunk is readable before the server ends the response", async () => {
    let finish: (() => void) | undefined;
    const base = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      finish = () => res.end("data: two\n\n");
    });

    const response = await httpFetch(base);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: one\n\n");
    finish?.();
    const rest: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest.push(new TextDecoder().decode(r.value));
    expect(rest.join("")).toBe("data: two\n\n");
  });

  test("an error status is a response, not a rejection, with its body", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(429, { "retry-after-ms": "5" });
      res.end('{"error":{"type":"rate_limit_error"}}');
    });
    const response = await httpFetch(base, { method: "POST", body: "{}" });
    expect(response.ok).toBe(false);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after-ms")).toBe("5");
    expect(await response.text()).toBe('{"error":{"type":"rate_limit_error"}}');
  });

  test("a gzip-encoded body arrives decoded, as from Node's fetch", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { "content-encoding": "gzip" });
      res.end(zlib.gzipSync("hello, compressed"));
    });
    expect(await (await httpFetch(base)).text()).toBe("hello, compressed");
  });

  test("a 204 has no body", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const response = await httpFetch(base, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  test("a redirect is returned as it is, not followed, so a key never goes to another address", async () => {
    let requests = 0;
    const base = await serve((_req, res) => {
      requests += 1;
      res.writeHead(307, { location: "http://127.0.0.1:9/elsewhere" });
      res.end();
    });
    const response = await httpFetch(base, { method: "POST", headers: { "x-api-key": "k" }, body: "{}" });
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("http://127.0.0.1:9/elsewhere");
    expect(requests).toBe(1);
  });

  test("a refused connection rejects with TypeError fetch failed carrying the cause, as Node's fetch does", async () => {
    const base = await serve(() => {});
    const closed = base;
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;

    const error = await httpFetch(closed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe("fetch failed");
    expect(((error as TypeError).cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
  });

  test("an abort before the response rejects with the signal's reason", async () => {
    const base = await serve(() => {
      // Never answers.
    });
    const controller = new AbortController();
    const pending = httpFetch(base, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
  });

  test("an abort while the body streams makes reading the body reject with the signal's reason", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200);
      res.write("partial");
    });
    const controller = new AbortController();
    const response = await httpFetch(base, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    const error = await (async () => {
      for (;;) if ((await reader.read()).done) return undefined;
    })().catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
  });

  test("an already aborted signal rejects without a request", async () => {
    let requests = 0;
    const base = await serve((_req, res) => {
      requests += 1;
      res.end();
    });
    const error = await httpFetch(base, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect(requests).toBe(0);
  });
});
