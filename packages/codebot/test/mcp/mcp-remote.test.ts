import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { startSession, toolResultFor } from "../support/e2e.js";
import { waitFor } from "../support/wait-for.js";
import { everythingServer } from "./mcp-fixtures.js";

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill("SIGKILL");
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real server-everything over HTTP (`streamableHttp` at /mcp, `sse` at /sse) on a loopback port. */
async function httpEverything(transport: "streamableHttp" | "sse"): Promise<string> {
  const port = await freePort();
  const { command, args } = everythingServer();
  const child = spawn(command, [...(args as string[]), transport], {
    env: { PATH: process.env.PATH, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await waitFor(() => /(listening|running) on port/i.test(stderr), 15_000, "server-everything to listen");
  return `http://127.0.0.1:${port}`;
}

function echoScript() {
  return [reply.toolCalls(toolCall("mcp__web__echo", { message: "over http" }, "c1")), reply.text("done")];
}

describe("remote MCP servers", () => {
  it("a user's streamable HTTP server is reached and its tools work", async () => {
    const base = await httpEverything("streamableHttp");
    const s = await startSession({
      user: { mcpServers: { web: { type: "http", url: `${base}/mcp` } } },
      script: echoScript(),
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "Echo: over http", isError: false });
  });

  it("a url without type that only speaks SSE is reached through the SSE fallback", async () => {
    const base = await httpEverything("sse");
    const s = await startSession({
      user: { mcpServers: { web: { url: `${base}/sse` } } },
      script: echoScript(),
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "Echo: over http", isError: false });
  });

  it("an approved project server's loopback url is refused by the SSRF guard, with one report", async () => {
    const base = await httpEverything("streamableHttp");
    const s = await startSession({ script: [reply.text("fine")] });
    fs.writeFileSync(
      path.join(s.project, ".mcp.json"),
      JSON.stringify({ mcpServers: { web: { type: "http", url: `${base}/mcp` } } }),
    );
    const t = await startSession({
      dirs: { project: s.project, home: s.home },
      runtime: { trustProjectHooks: true },
      script: [reply.text("fine")],
    });
    await t.runtime.prompt("go");
    const reports = t.notices.filter((n) => n.includes("MCP server web"));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/refused/);
    expect(t.runtime.mcpServers()).toMatchObject([{ name: "web", state: "failed", origin: "mcp.json" }]);
  });

  it("the user's httpHookAllowedHosts lets a project server reach an allowed loopback host", async () => {
    const base = await httpEverything("streamableHttp");
    const s = await startSession({ script: [] });
    fs.writeFileSync(
      path.join(s.project, ".mcp.json"),
      JSON.stringify({ mcpServers: { web: { type: "http", url: `${base}/mcp` } } }),
    );
    const t = await startSession({
      dirs: { project: s.project, home: s.home },
      user: { httpHookAllowedHosts: ["127.0.0.1"] },
      runtime: { trustProjectHooks: true },
      script: echoScript(),
    });
    await t.runtime.prompt("go");
    expect(toolResultFor(t.model, "c1")).toEqual({ text: "Echo: over http", isError: false });
  });
});
