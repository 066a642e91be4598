import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { afterEach } from "vitest";
import { z } from "zod";
import {
  Agent,
  type AgentEvent,
  type AgentEventStream,
  agentLoop,
  type LoopOptions,
  type LoopResult,
  resolveModel,
  type Tool,
} from "../src/index.js";
import { type LoopbackModelServer, startLoopbackModelServer } from "../src/testing/index.js";

/** A test run's options: the model and whatever the test sets. */
export type TestRunOptions = Pick<LoopOptions, "model"> & Partial<LoopOptions>;

/** Loop options with the usual test defaults: no system prompt, the user says "go", no tools. */
export function loopOptions(options: TestRunOptions): LoopOptions {
  return { systemPrompt: "", messages: [user("go")], tools: [], ...options };
}

/** Runs the loop (with the test defaults) to its end and returns every event with the result. */
export async function runToEnd(
  options: TestRunOptions,
): Promise<{ events: AgentEvent[]; result: LoopResult }> {
  const stream = agentLoop(loopOptions(options));
  const events = await collect(stream);
  return { events, result: await stream.result() };
}

export async function collect(stream: AgentEventStream): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Polls `check` until it returns a truthy value (generous limit for a loaded machine). */
export async function waitFor<T>(
  check: () => T,
  what: string,
  timeoutMs = 10_000,
): Promise<Exclude<T, undefined | null | false | 0 | "">> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value as Exclude<T, undefined | null | false | 0 | "">;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A tool that returns its `text` argument, recording every call. */
export function echoTool(options: { concurrencySafe?: boolean; name?: string } = {}) {
  const calls: Array<Record<string, unknown>> = [];
  const tool: Tool<{ text: string }> = {
    name: options.name ?? "echo",
    description: "Returns the text it is given.",
    inputSchema: z.object({ text: z.string() }),
    concurrencySafe: options.concurrencySafe,
    async execute(args) {
      calls.push(args);
      return { content: `echo: ${args.text}`, isError: false };
    },
  };
  return { tool, calls };
}

/** A deferred tool (loaded by a search before it is offered) that answers `<name> ran`. */
export function deferredTool(name: string): Tool {
  return {
    name,
    description: `the tool ${name}`,
    inputSchema: z.object({}),
    deferLoading: "until-loaded",
    async execute() {
      return { content: `${name} ran`, isError: false };
    },
  };
}

/** A tool search `search` whose `q` lists the deferred tools to load, comma-separated. */
export function loadingSearchTool(): Tool<{ q: string }> {
  return {
    name: "search",
    description: "loads deferred tools",
    inputSchema: z.object({ q: z.string() }),
    listDeferredTools: (names) => `deferred:\n${names.join("\n")}`,
    async execute({ q }) {
      return { content: "loaded", isError: false, loadsTools: q.split(",") };
    },
  };
}

export function user(text: string): ModelMessage {
  return { role: "user", content: text };
}

/** The tool results in a history, by call id. */
export function toolResultsOf(messages: readonly ModelMessage[]) {
  const results = new Map<string, { isError: boolean; value: string }>();
  for (const message of messages) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const output = part.output as { type: string; value: string };
      results.set(part.toolCallId, { isError: output.type === "error-text", value: output.value });
    }
  }
  return results;
}

/** The tool call ids in a history's assistant messages. */
export function toolCallIdsOf(messages: readonly ModelMessage[]): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    for (const part of message.content) if (part.type === "tool-call") ids.push(part.toolCallId);
  }
  return ids;
}

export const noRetry = { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 };
export const fastRetry = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 20 };

/**
 * For a test file: starts a loopback model server for a script and gives it with an Anthropic model
 * (`modelId`, default claude-sonnet-4-5) that talks to it; every server is closed after its test.
 */
export function withLoopbackServer() {
  const servers: LoopbackModelServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  return async (
    script: Parameters<typeof startLoopbackModelServer>[0],
    modelId = "claude-sonnet-4-5",
  ): Promise<{ server: LoopbackModelServer; model: LanguageModelV3 }> => {
    const server = await startLoopbackModelServer(script);
    servers.push(server);
    const model = await resolveModel(`anthropic/${modelId}`, {
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    });
    return { server, model };
  };
}

/**
 * One prompt of an agent offered `tools` and a deferred `mcp__srv__gone` that goes after the
 * model's third request: claude's "no longer available" note lands in mid-conversation.
 */
export async function promptLosingATool(model: LanguageModelV3, tools: readonly Tool[]): Promise<void> {
  let offered: Tool[] = [
    ...tools,
    { ...echoTool({ name: "mcp__srv__gone" }).tool, deferLoading: "until-loaded" },
  ];
  let requests = 0;
  const counted: LanguageModelV3 = {
    ...model,
    doStream: (options) => {
      requests += 1;
      if (requests === 3) offered = offered.filter((tool) => tool.name !== "mcp__srv__gone");
      return model.doStream(options);
    },
  };
  await new Agent({ model: counted, systemPrompt: "sys", tools: () => offered }).prompt("go");
}
