/** A loopback http endpoint standing for an http hook's server: it answers `{}` and keeps each request's headers. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { onTestFinished } from "vitest";

/** Started for one test and closed when it ends. */
export async function recordingEndpoint(): Promise<{ port: number; headers: http.IncomingHttpHeaders[] }> {
  const headers: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    headers.push(req.headers);
    req.resume();
    req.on("end", () => res.end("{}"));
  });
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, headers };
}
