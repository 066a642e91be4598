import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicError, anthropicEvents, anthropicMessage, anthropicSse } from "./anthropic-wire.js";
import { openaiChunks, openaiCompletion, openaiError, openaiSse } from "./openai-wire.js";
import { ScriptCursor, type ScriptStep, type TurnReply } from "./script.js";

/** One HTTP request the loopback server received. */
export interface RecordedRequest {
  api: "anthropic" | "openai" | "unknown";
  method: string;
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body as received. */
  text: string;
  /** The parsed JSON body (`undefined` when it was not JSON), parsed when first read. */
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are asserted on freely in tests
  body: any;
}

export interface LoopbackServerOptions {
  /**
   * Keep every request in `requests` (default true). A benchmark of a long session keeps none:
   * holding a thousand whole conversations would make the server, in the same process, slower
   * with every request, and that is not the agent's time.
   */
  keepRequests?: boolean;
}

export interface LoopbackModelServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Base URL for ANTHROPIC_BASE_URL (the official convention: without `/v1`). */
  anthropicBaseUrl: string;
  /** Base URL for OPENAI_BASE_URL or CODEBOT_COMPAT_BASE_URL (with `/v1`). */
  openaiBaseUrl: string;
  /** Every request received, in order (none with `keepRequests: false`). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * FOR TESTS AND DEMOS ONLY: a real HTTP server on 127.0.0.1 that answers the Anthropic Messages
 * API (POST /v1/messages) and OpenAI chat completions (POST /v1/chat/completions), streaming or
 * not as the request asks, from a script of turns (one per model request). It records every request,
 * unless told not to keep them.
 */
export async function startLoopbackModelServer(
  script: readonly ScriptStep<RecordedRequest>[],
  { keepRequests = true }: LoopbackServerOptions = {},
): Promise<LoopbackModelServer> {
  const cursor = new ScriptCursor(script, "loopback model server");
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `loopback model server: ${String(error)}` } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const api =
      path === "/v1/messages" ? "anthropic" : path === "/v1/chat/completions" ? "openai" : "unknown";
    const recorded = recordedRequest(api, req, path, text);
    if (keepRequests) requests.push(recorded);
    if (api === "unknown" || req.method !== "POST") {
      sendJson(res, 404, { error: { message: `loopback model server: no route ${req.method} ${path}` } });
      return;
    }
    const turn = await cursor.next(recorded);
    counter += 1;
    const { model, stream } = peekOptions(recorded);
    answer(res, turn, api, {
      model,
      stream,
      id: api === "anthropic" ? `msg_loopback_${counter}` : `chatcmpl-loopback-${counter}`,
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    anthropicBaseUrl: url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(
  res: ServerResponse,
  turn: TurnReply,
  api: "anthropic" | "openai",
  { model, stream, id }: { model: string; stream: boolean; id: string },
): void {
  switch (turn.kind) {
    case "network-error":
    case "throw":
      res.socket?.destroy();
      return;
    case "http-error": {
      const message = turn.message ?? `loopback error ${turn.status}`;
      const body =
        api === "anthropic" ? anthropicError(turn.status, message) : openaiError(turn.status, message);
      res.writeHead(turn.status, { "content-type": "application/json", ...turn.headers });
      res.end(JSON.stringify(body));
      return;
    }
    case "reply":
      break;
  }
  if (!stream) {
    sendJson(
      res,
      200,
      api === "anthropic" ? anthropicMessage(turn, model, id) : openaiCompletion(turn, model, id),
    );
    return;
  }
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  if (api === "anthropic") {
    for (const event of anthropicEvents(turn, model, id)) res.write(anthropicSse(event));
  } else {
    for (const chunk of openaiChunks(turn, model, id)) res.write(openaiSse(chunk));
    if (!turn.hang && !turn.cut) res.write(openaiSse("[DONE]"));
  }
  // A hanging turn keeps the response open until the client goes away (e.g. it aborted).
  if (turn.hang) return;
  // The second lets the client read what was sent first: a reset drops what it has not read.
  if (turn.reset) res.write("", () => setTimeout(() => res.socket?.destroy(), 1000));
  else res.end();
}

function recordedRequest(
  api: RecordedRequest["api"],
  req: IncomingMessage,
  path: string,
  text: string,
): RecordedRequest {
  let parsed: { value: unknown } | undefined;
  return {
    api,
    method: req.method ?? "GET",
    path,
    headers: Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
    ),
    text,
    get body() {
      parsed ??= { value: parseJson(text) };
      return parsed.value;
    },
  };
}

/**
 * The request's model and whether it asks for a stream. The providers put `model` first and
 * `stream` among the last keys, so these are read from the ends of the body without parsing a
 * whole conversation; a body laid out otherwise is parsed.
 */
function peekOptions(recorded: RecordedRequest): { model: string; stream: boolean } {
  const head = /^\{"model":"([^"\\]*)"/.exec(recorded.text);
  const tail = recorded.text.slice(-300);
  if (head && (tail.includes('"stream":true') || tail.includes('"stream":false'))) {
    return { model: head[1] as string, stream: tail.includes('"stream":true') };
  }
  return { model: String(recorded.body?.model ?? "loopback"), stream: recorded.body?.stream === true };
}

function sendJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
