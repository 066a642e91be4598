/** Loopback servers for the http hook and SSRF tests: they record every request and connection. */
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo, Server, Socket } from "node:net";
import { afterEach } from "vitest";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LoopbackServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RecordedRequest[];
  /** TCP connections accepted, counted on `connection`, so a refused hook must leave it at 0. */
  readonly connections: number;
  close(): Promise<void>;
}

export type Responder = (request: RecordedRequest, res: ServerResponse) => void;

/** Answers 200 with this body. */
export const respondWith =
  (body: string, status = 200): Responder =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body);
  };

/** Starts an HTTP server on `host` (default 127.0.0.1, port chosen by the OS unless given). */
export async function startLoopbackServer(
  respond: Responder,
  options: { host?: string; port?: number; ipv6Only?: boolean } = {},
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      respond(recorded, res);
    });
  });
  countConnections(server, sockets, () => connections++);
  server.listen({ host: options.host ?? "127.0.0.1", port: options.port ?? 0, ipv6Only: options.ipv6Only });
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections;
    },
    close: () => closeServer(server, sockets),
  };
}

/** startLoopbackServer for one test file: each server it starts is closed after its test. */
export function loopbackServers(): typeof startLoopbackServer {
  const servers: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (...args) => {
    const server = await startLoopbackServer(...args);
    servers.push(server);
    return server;
  };
}

/** Tracks sockets so close() can end them (a server that never answers still closes at once). */
export function countConnections(server: Server, sockets: Set<Socket>, onConnection: () => void): void {
  server.on("connection", (socket: Socket) => {
    onConnection();
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
}

export async function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  if (!server.listening) return;
  const closed = once(server, "close");
  server.close();
  await closed;
}

/** Polls until `check` holds or the bound passes (async effects on a loaded machine). */
export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("waitFor: condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
