/**
 * The `mcp_tool` hook handler (Claude Code's `{"type": "mcp_tool", "server", "tool", "input"}`):
 * calls a tool of a connected MCP server as the hook. String values of `input` may hold
 * `${path}` references into the hook's input JSON (`${tool_input.file_path}`, `${session_id}`);
 * the tool's text result is read like a command hook's stdout, and an `isError` result or a
 * server that is not connected fails the run like a command's non-zero exit.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpServers } from "./mcp-servers.js";
import { toToolResult } from "./tool-result.js";

export interface McpToolHookSpec {
  type: "mcp_tool";
  server: string;
  tool: string;
  input?: Record<string, unknown>;
}

export interface McpToolHookRun {
  /** The hook's input JSON (its payload in Claude Code's shape). */
  payload: string;
  timeoutMs: number;
  signal: AbortSignal;
}

export interface McpToolHookOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  error?: string;
  timedOut?: boolean;
}

export async function runMcpToolHook(
  spec: McpToolHookSpec,
  run: McpToolHookRun,
  servers: McpServers | undefined,
): Promise<McpToolHookOutcome> {
  const label = `mcp_tool hook ${spec.server}/${spec.tool}`;
  const failed = (error: string, timedOut = false): McpToolHookOutcome => ({
    stdout: "",
    stderr: "",
    exitCode: null,
    error: `${label}: ${error}`,
    ...(timedOut ? { timedOut } : {}),
  });
  const connection = servers?.connection(spec.server);
  if (connection === undefined) return failed(`no MCP server named ${spec.server} in this session`);
  let payload: unknown;
  try {
    payload = JSON.parse(run.payload);
  } catch {
    payload = {};
  }
  const args = interpolate(spec.input ?? {}, payload) as Record<string, unknown>;
  const timeout = AbortSignal.timeout(run.timeoutMs);
  const signal = AbortSignal.any([run.signal, timeout]);
  try {
    // A hook that fires while its server is still starting waits for it (within its own timeout).
    await Promise.race([
      connection.settled(),
      new Promise((resolve) => signal.addEventListener("abort", resolve)),
    ]);
    const result = toToolResult(
      textFirst(await connection.callTool(spec.tool, args, signal)),
      connection.name,
    );
    return result.isError
      ? { stdout: "", stderr: result.content, exitCode: 1, error: `${label}: the tool returned an error` }
      : { stdout: result.content, stderr: "", exitCode: 0 };
  } catch (error) {
    if (timeout.aborted) return failed(`timed out after ${run.timeoutMs / 1000}s`, true);
    return failed((error as Error).message);
  }
}

/** The hook reads the tool's text as a command's stdout; structured content only when there is no text. */
function textFirst(result: CallToolResult): CallToolResult {
  const hasText = (result.content ?? []).some((block) => block.type === "text");
  return hasText ? { ...result, structuredContent: undefined } : result;
}

/** `${a.b}` in string values, from the hook input; a string that is one whole reference keeps the value's type. */
function interpolate(value: unknown, input: unknown): unknown {
  if (typeof value === "string") {
    const whole = /^\$\{([A-Za-z0-9_.]+)\}$/.exec(value);
    if (whole) return lookup(input, whole[1] as string) ?? "";
    return value.replace(/\$\{([A-Za-z0-9_.]+)\}/g, (_, path: string) => {
      const found = lookup(input, path);
      if (found === undefined || found === null) return "";
      return typeof found === "string" ? found : JSON.stringify(found);
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, input));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, input)]));
  return value;
}

function lookup(input: unknown, path: string): unknown {
  let current = input;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
