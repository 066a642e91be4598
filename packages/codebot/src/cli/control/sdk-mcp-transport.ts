/**
 * The transport to an MCP server that runs inside the Agent SDK program (`createSdkMcpServer()`,
 * named in `initialize`'s `sdkMcpServers`): each JSON-RPC message goes to the program as an
 * `mcp_message` control request, as claude 2.1.328 sends it
 * (`{"subtype":"mcp_message","server_name":"calc","message":{"method":"tools/call",…,"jsonrpc":"2.0","id":2}}`),
 * and a request's answer is the success's `mcp_response`. A notification's answer carries nothing.
 * A refused or unanswerable request (the program's input ended) is answered as a JSON-RPC error,
 * so the call fails with the reason instead of waiting.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import type { ControlChannel } from "./control-channel.js";

/** JSON-RPC's internal error code. */
const INTERNAL_ERROR = -32603;

export class SdkMcpTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Aborted at close: requests still out are withdrawn (`control_cancel_request`). */
  private readonly open = new AbortController();

  constructor(
    private readonly channel: Pick<ControlChannel, "request">,
    private readonly server: string,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.open.signal.aborted) throw new Error(`MCP server ${this.server}: the connection is closed`);
    const answer = this.channel.request(
      { subtype: "mcp_message", server_name: this.server, message },
      this.open.signal,
    );
    if (!("method" in message) || !("id" in message)) {
      // A notification, or codebot's answer to the server's request: the program acknowledges it.
      answer.catch(() => undefined);
      return;
    }
    const { id } = message;
    answer.then(
      (response) => this.onmessage?.(replyOf(response.mcp_response, id)),
      (error: Error) => {
        if (!this.open.signal.aborted) this.onmessage?.(errorReply(id, error.message));
      },
    );
  }

  async close(): Promise<void> {
    if (this.open.signal.aborted) return;
    this.open.abort(new Error(`MCP server ${this.server}: the connection is closed`));
    this.onclose?.();
  }
}

/**
 * The program's `mcp_response` as the answer to request `id`; anything else an error answer. Checked
 * with the MCP client's own schemas: an answer they do not take (`{"result": 42}`, an error without
 * a code) would be dropped as an unknown message, and the call would wait for good.
 */
function replyOf(reply: unknown, id: string | number): JSONRPCMessage {
  if (typeof reply === "object" && reply !== null && !Array.isArray(reply)) {
    const answer = { ...reply, jsonrpc: "2.0", id };
    if (isJSONRPCResultResponse(answer) || isJSONRPCErrorResponse(answer)) return answer;
  }
  return errorReply(id, "the Agent SDK program's mcp_response is not a JSON-RPC answer");
}

function errorReply(id: string | number, message: string): JSONRPCMessage {
  return { jsonrpc: "2.0", id, error: { code: INTERNAL_ERROR, message } };
}
