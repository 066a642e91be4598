/**
 * One MCP server for the session: connects (initialize, then tools/list) within the startup
 * timeout, calls its tools, and follows its life. A server that dies after it started is
 * restarted once; dying again leaves it failed. Every failure is reported once, with the
 * command (or URL) and the tail of its stderr.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  ErrorCode,
  type GetPromptResult,
  ListRootsRequestSchema,
  McpError,
  type Tool as McpToolInfo,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { codebotVersion } from "../cli/version.js";
import { changedProgram } from "../settings/changed-program.js";
import { allPages } from "./list-pages.js";
import { rootsOf } from "./roots.js";
import type { ServerEntry } from "./server-entry.js";
import { type LaunchContext, launchLabel, transportFor } from "./server-launch.js";
import { GroupStdioTransport } from "./stdio-transport.js";

/** `disabled`: turned off for the session (the Agent SDK's `toggleMcpServer`). */
export type ServerState = "starting" | "connected" | "failed" | "not approved" | "closed" | "disabled";

/**
 * Longest a tool call may run unless MCP_TOOL_TIMEOUT says otherwise (Claude Code's variable). As
 * in Claude Code, it bounds the whole call: progress does not start it again.
 */
export const DEFAULT_CALL_TIMEOUT_MS = 10 * 60_000;

export interface ConnectionOptions {
  launch: LaunchContext;
  startupTimeoutMs: number;
  /** Longest a tool call may wait for its answer (default DEFAULT_CALL_TIMEOUT_MS). */
  callTimeoutMs?: number;
  /** One message per failure, for the user. */
  report(message: string): void;
  /** The server's tools changed (connected, restarted, failed). */
  onToolsChanged(): void;
  /** A server asks the user for input (MCP elicitation). */
  elicit(server: string, request: ElicitRequest["params"], signal: AbortSignal): Promise<ElicitResult>;
}

export class ServerConnection {
  state: ServerState = "starting";
  tools: McpToolInfo[] = [];
  /** The server's prompts (its slash commands `/mcp__<server>__<prompt>`), when it offers any. */
  prompts: Prompt[] = [];
  /** Why it failed, once it has. */
  error: string | undefined;
  private client: Client | undefined;
  private transport: Transport | undefined;
  private restarted = false;
  private starting: Promise<void> = Promise.resolve();
  private closing = false;
  /**
   * Connections given up on (a start that failed, a server that died), still being shut down:
   * close() waits for them, or codebot would exit before their servers are signalled.
   */
  private stopping: Promise<void> = Promise.resolve();
  /** Tool lists asked for after a `notifications/tools/list_changed`: only the latest answer counts. */
  private relists = 0;

  constructor(
    readonly entry: ServerEntry,
    private readonly options: ConnectionOptions,
  ) {}

  get name(): string {
    return this.entry.name;
  }

  /** What the server said it is in its `initialize` answer (`name`, `version`, maybe `title`), while connected. */
  get serverInfo(): Readonly<Record<string, unknown>> | undefined {
    return this.state === "connected" ? this.client?.getServerVersion() : undefined;
  }

  /** The session's folders changed (`/add-dir`): a connected server is told to ask for its roots again. */
  rootsChanged(): void {
    if (this.state === "connected") this.client?.sendRootsListChanged().catch(() => {});
  }

  /** Connects; never rejects (a failure is the state `failed`, reported once). */
  start(): Promise<void> {
    this.starting = this.connectOnce();
    return this.starting;
  }

  /** Resolves once the current start (or restart) has connected or failed. */
  settled(): Promise<void> {
    return this.starting;
  }

  private async connectOnce(): Promise<void> {
    try {
      await this.connect();
      this.state = "connected";
    } catch (error) {
      this.fail(`did not start: ${(error as Error).message}`);
    }
    this.options.onToolsChanged();
  }

  async callTool(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    // Restarting after a death a moment ago: the call waits for it (at most the startup timeout).
    if (this.state === "starting") await Promise.race([this.settled(), aborted(signal)]);
    if (signal.aborted) throw new Error(`MCP server ${this.name}: call cancelled`);
    const { client, transport } = this;
    if (this.state !== "connected" || client === undefined) {
      throw new Error(`MCP server ${this.name} is ${this.state}${this.error ? ` (${this.error})` : ""}`);
    }
    const timeout = this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    try {
      return (await client.callTool({ name: tool, arguments: args }, undefined, {
        signal,
        timeout,
      })) as CallToolResult;
    } catch (error) {
      if (signal.aborted) throw new Error(`MCP server ${this.name}: call cancelled`);
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
        throw new Error(`MCP server ${this.name}: no answer within ${timeout} ms (MCP_TOOL_TIMEOUT)`);
      // The process may have gone: its exit says more than "Connection closed".
      await new Promise((resolve) => setImmediate(resolve));
      const died = this.client !== client ? ` (the server ${this.deathText(transport)})` : "";
      throw new Error(`MCP server ${this.name}: ${(error as Error).message}${died}`);
    }
  }

  /** Ends the connection and the server's processes. */
  async close(): Promise<void> {
    this.closing = true;
    this.state = "closed";
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    await client?.close().catch(() => {});
    await transport?.close().catch(() => {});
    await this.stopping;
  }

  /** Shuts a connection down in the background; close() waits for it. */
  private stop(client: Client | undefined, transport: Transport): void {
    const stopped = (async () => {
      await client?.close().catch(() => {});
      await transport.close().catch(() => {});
    })();
    this.stopping = Promise.all([this.stopping, stopped]).then(() => {});
  }

  private async connect(): Promise<void> {
    // The project files it runs may have changed since they were approved (the model's edit, then
    // a restart after the server died): what runs must still be what was approved.
    const changed = changedProgram(this.entry.approved, this.options.launch.cwd, "the server");
    if (changed !== undefined)
      throw new Error(`${changed}; run "codebot mcp trust" and start again to approve it`);
    try {
      await this.connectWith(transportFor(this.entry, this.options.launch));
    } catch (error) {
      // Streamable HTTP first; a server that only speaks the older SSE transport gets a second try.
      const config = this.entry.config;
      if (!("url" in config) || config.type !== "http" || this.closing) throw error;
      const sse = transportFor({ ...this.entry, config: { ...config, type: "sse" } }, this.options.launch);
      if (!(sse instanceof SSEClientTransport)) throw error;
      try {
        await this.connectWith(sse);
      } catch {
        throw error;
      }
    }
  }

  /** One of its prompts, filled with `args` (`prompts/get`). */
  async getPrompt(name: string, args: Record<string, string>, signal: AbortSignal): Promise<GetPromptResult> {
    const client = this.connectedClient();
    const timeout = this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    try {
      return await client.getPrompt({ name, arguments: args }, { signal, timeout });
    } catch (error) {
      throw new Error(`MCP server ${this.name}: ${(error as Error).message}`);
    }
  }

  /** It said in its `initialize` answer that it has resources (claude offers its resource tools then). */
  get hasResources(): boolean {
    return this.state === "connected" && this.client?.getServerCapabilities()?.resources !== undefined;
  }

  /** Every resource it lists (`resources/list`, page after page). */
  async listResources(signal: AbortSignal): Promise<Resource[]> {
    const client = this.connectedClient();
    const timeout = this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    return await allPages<Resource>("resources/list", async (cursor) => {
      const page = await client.listResources(cursor ? { cursor } : {}, { signal, timeout });
      return { items: page.resources, nextCursor: page.nextCursor };
    });
  }

  /** One resource's contents (`resources/read`); the server's error (an McpError, with its code) is thrown as it is. */
  async readResource(uri: string, signal: AbortSignal): Promise<ReadResourceResult> {
    const timeout = this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    return await this.connectedClient().readResource({ uri }, { signal, timeout });
  }

  private connectedClient(): Client {
    const client = this.client;
    if (this.state !== "connected" || client === undefined)
      throw new Error(`MCP server ${this.name} is ${this.state}`);
    return client;
  }

  /** Its tools, page after page; none without asking when it says it has none (a server of resources only), as claude does. */
  private async listTools(client: Client, deadline: AbortSignal): Promise<McpToolInfo[]> {
    if (client.getServerCapabilities()?.tools === undefined) return [];
    return await allPages<McpToolInfo>("tools/list", async (cursor) => {
      const page = await client.listTools(cursor ? { cursor } : {}, {
        signal: deadline,
        timeout: this.options.startupTimeoutMs,
      });
      return { items: page.tools, nextCursor: page.nextCursor };
    });
  }

  /**
   * The server said its tools changed (`notifications/tools/list_changed`): list them again and
   * offer the new set from the next request on, as claude 2.1.328 does (recorded: it asks for
   * `tools/list` at once). A list that fails keeps the tools it had.
   */
  private async relistTools(client: Client): Promise<void> {
    const relist = ++this.relists;
    try {
      const tools = await this.listTools(client, AbortSignal.timeout(this.options.startupTimeoutMs));
      if (this.client !== client || relist !== this.relists) return;
      this.tools = tools;
      this.options.onToolsChanged();
    } catch {
      // The server's earlier list stands.
    }
  }

  /** Its prompts, when it says it has some; a server that cannot list them still serves its tools. */
  private async listPrompts(client: Client, deadline: AbortSignal): Promise<Prompt[]> {
    if (client.getServerCapabilities()?.prompts === undefined) return [];
    try {
      return (await client.listPrompts({}, { signal: deadline, timeout: this.options.startupTimeoutMs }))
        .prompts;
    } catch {
      return [];
    }
  }

  private async connectWith(transport: Transport): Promise<void> {
    const client = new Client(
      { name: "codebot", version: codebotVersion() },
      // Roots as claude 2.1.328 offers them (its capabilities, read in its binary: `roots: {listChanged: true}`).
      { capabilities: { roots: { listChanged: true }, elicitation: { form: {} } } },
    );
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: rootsOf(this.options.launch.folders?.() ?? [this.options.launch.cwd]),
    }));
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      this.options.elicit(this.name, request.params, extra.signal),
    );
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.relistTools(client));
    this.client = client;
    this.transport = transport;
    const deadline = AbortSignal.timeout(this.options.startupTimeoutMs);
    try {
      await client.connect(transport, { signal: deadline, timeout: this.options.startupTimeoutMs });
      this.tools = await this.listTools(client, deadline);
      this.prompts = await this.listPrompts(client, deadline);
    } catch (error) {
      this.client = undefined;
      this.transport = undefined;
      const message = deadline.aborted
        ? `no answer within ${this.options.startupTimeoutMs} ms`
        : (error as Error).message;
      const failure = new Error(`${message}${this.stderrOf(transport)}`);
      // Reported now, not after the shutdown's grace periods: the session may be ending meanwhile.
      this.stop(client, transport);
      throw failure;
    }
    // Set only now: a start that fails is reported by start(), not as a death.
    client.onclose = () => {
      if (this.client === client && !this.closing) void this.died(transport);
    };
  }

  /** The server went away after it started: restart it once, then give up. */
  private async died(transport: Transport): Promise<void> {
    const why = `${this.deathText(transport)}${this.stderrOf(transport)}`;
    this.client = undefined;
    this.transport = undefined;
    this.stop(undefined, transport);
    await this.stopping;
    if (this.restarted) {
      this.fail(why);
      this.options.onToolsChanged();
      return;
    }
    this.restarted = true;
    this.state = "starting";
    this.options.report(`codebot: MCP server ${this.name} ${why}; restarting it once`);
    await this.start();
  }

  private deathText(transport: Transport | undefined): string {
    if (transport instanceof GroupStdioTransport && transport.stoppedBecause)
      return `was stopped: ${transport.stoppedBecause}`;
    if (transport instanceof GroupStdioTransport && transport.exitDescription)
      return `exited with ${transport.exitDescription}`;
    return "closed the connection";
  }

  private stderrOf(transport: Transport): string {
    if (!(transport instanceof GroupStdioTransport)) return "";
    const tail = transport.stderrTail();
    return tail ? `\nstderr:\n${indent(tail)}` : "";
  }

  private fail(why: string): void {
    if (this.closing) return;
    this.state = "failed";
    this.tools = [];
    this.error = why.split("\n")[0];
    this.options.report(
      `codebot: MCP server ${this.name} (${launchLabel(this.entry)}) ${why}; its tools are not available`,
    );
  }
}

function indent(text: string): string {
  return text
    .split("\n")
    .slice(-10)
    .map((line) => `  ${line}`)
    .join("\n");
}

/** Resolves when `signal` aborts (never rejects). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
