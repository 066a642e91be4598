/** The stdio transport of a local MCP server: how it reads what the server writes. */
import os from "node:os";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GroupStdioTransport } from "../../src/mcp/stdio-transport.js";

/** A server that writes one JSON-RPC answer whose text is `bytes` long, in 64 KB writes, then waits. */
const WRITER = `
const text = "x".repeat(Number(process.argv[1]));
const line = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { text } }) + "\\n");
let at = 0;
const next = () => {
  if (at >= line.length) return;
  process.stdout.write(line.subarray(at, at + 65536), next);
  at += 65536;
};
next();
setInterval(() => {}, 1000);
`;

afterEach(() => vi.restoreAllMocks());

describe("GroupStdioTransport", () => {
  it("reads a big message in time linear in its size: each byte is copied about once, not once per chunk", async () => {
    const size = 8 * 1024 * 1024;
    let copied = 0;
    const concat = Buffer.concat;
    vi.spyOn(Buffer, "concat").mockImplementation((list, totalLength) => {
      const joined = concat(list, totalLength);
      copied += joined.length;
      return joined;
    });
    const transport = new GroupStdioTransport({
      command: process.execPath,
      args: ["-e", WRITER, String(size)],
      env: process.env,
      cwd: os.tmpdir(),
    });
    const received = new Promise<JSONRPCMessage>((resolve) => {
      transport.onmessage = resolve;
    });
    await transport.start();
    try {
      const message = (await received) as unknown as { result: { text: string } };
      expect(message.result.text).toHaveLength(size);
      expect(copied).toBeLessThan(2 * size);
    } finally {
      await transport.close();
    }
  });
});
