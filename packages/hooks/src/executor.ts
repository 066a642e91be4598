import type { ModelMessage } from "ai";
import type { AnswerBudget } from "./answer-budget.js";
import type { SettingsSource } from "./settings-layer.js";
/**
 * The one interface every hook executor (command, prompt, http) implements. Each turns a hook
 * spec plus a payload into the same outcome, which then goes through one interpretation.
 */

/** What running one hook produced, whatever its type. */
export interface RunOutcome {
  /** Captured stdout (for http: the response body; for prompt: the model's verdict as JSON). */
  stdout: string;
  /** Captured stderr (command hooks; empty otherwise). */
  stderr: string;
  /** Command hooks: stdout and stderr together, in the order their pieces came (Claude Code's `output`). */
  output?: string;
  /** Exit code of a command hook; for http the status is mapped by the executor (0 ok, 1 failed). */
  exitCode: number | null;
  /** Set when the run failed: spawn error, timeout, crash by signal, transport error, model error. */
  error?: string;
  /** True when the run was stopped by its timeout. */
  timedOut?: boolean;
  /** Names of the streams that hit their cap and were cut ("stdout", "stderr"). */
  truncated?: string[];
  /** When stdout was cut: the bytes of it that were read (answer-cap.ts). */
  stdoutCap?: number;
  /** When stdout was cut because the firing's hooks had read their budget (answer-budget.ts): the budget. */
  stdoutBudget?: number;
  /** What the executor noticed about the request it made (an http header naming an unset variable). */
  warnings?: string[];
}

/** What an executor needs to know about this one run. */
export interface RunContext {
  /** Compact JSON payload (§5). */
  payload: string;
  /** Bytes of the answer (stdout, an http body) read; default ANSWER_CAP (answer-cap.ts). */
  answerCap?: number;
  /** What the answers of the firing's hooks past ANSWER_CAP may take together, shared by them (answer-budget.ts). */
  answerBudget?: AnswerBudget;
  /** The project directory (working directory of command hooks). */
  cwd: string;
  /** Environment for command hooks: HOOK_* variables and the entry's own env, on top of process.env. */
  env: Record<string, string>;
  /** Time left for the run, in milliseconds: the hook's timeout less what its approval took. */
  timeoutMs: number;
  /** The hook's timeout as configured, named when the run times out (default: timeoutMs). */
  limitMs?: number;
  /** Aborts the run (the hook's lifetime, detached from the agent run for async events). */
  signal: AbortSignal;
  /** Nobody waits for the run: an http hook then uses the origin's background connections. */
  background?: boolean;
  /**
   * Stop, SubagentStop, a Claude Code hook only: the stopping agent's conversation, which claude's
   * prompt hook sends its model before the condition (prompt-executor.ts).
   */
  conversation?: readonly ModelMessage[];
  /** Where the hook is configured: a harness gives managed hooks an environment no other layer sets. */
  source?: SettingsSource;
  /**
   * A command hook that answered `{"async": true}` first (async-reply.ts) and then ended by itself
   * (not killed): what it printed after that line.
   */
  onLaterOutput?: (stdout: string) => void;
  /**
   * A command hook still running: its output so far, about once a second while it grows; `output`
   * is both streams in the order their pieces came.
   */
  onOutput?: (stdout: string, stderr: string, output: string) => void;
}

export interface CommandSpec {
  type: "command";
  command: string;
  /** Claude Code's exec form: `command` is the program, run without a shell with these arguments (exec-form.ts). */
  args?: readonly string[];
  /** One long-running process per session answers every event (persistent-hooks.ts). */
  persistent?: boolean;
  /**
   * Claude Code's protocol: a first stdout line `{"async": true}` ends the wait, and the process
   * goes on in the background (async-reply.ts). Set for hooks of Claude Code groups.
   */
  asyncReply?: boolean;
}

export interface PromptSpec {
  type: "prompt";
  prompt: string;
  /** `provider/model-id`; absent means the session's current model. */
  model?: string;
  /**
   * A block (`ok: false`) also ends the turn (`continue: false`), as a Claude Code prompt hook's
   * does unless it sets `continueOnBlock`.
   */
  stopOnBlock?: boolean;
  /**
   * A template without `$ARGUMENTS` gets the payload after it as `ARGUMENTS: <json>`, as a Claude
   * Code prompt hook's does (claude 2.1.328, recorded on PreToolUse and Stop); a native one's gets nothing (§6.2).
   */
  appendArguments?: boolean;
}

export interface HttpSpec {
  type: "http";
  url: string;
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
}

/** Claude Code's `mcp_tool` hook: calls a tool of a connected MCP server; its text result is the stdout. */
export interface McpToolSpec {
  type: "mcp_tool";
  server: string;
  tool: string;
  /** Arguments; string values may hold `${path}` references into the hook's input JSON. */
  input?: Record<string, unknown>;
}

/**
 * Claude Code's `agent` hook: a sub-agent with read-only tools checks the condition the prompt
 * describes and answers `{ok, reason}` like a prompt hook. The harness runs the sub-agent.
 */
export interface AgentSpec {
  type: "agent";
  /** Template; `$ARGUMENTS` becomes the payload JSON. */
  prompt: string;
  /** `provider/model-id`; absent means the session's current model. */
  model?: string;
}

/**
 * A hook a program registered through the Claude Agent SDK: a function of the program's, called
 * over the control protocol (`hook_callback` with this id); its answer reads as a command hook's
 * JSON output. The harness sends the request.
 */
export interface CallbackSpec {
  type: "callback";
  callbackId: string;
}

export type HookSpec = CommandSpec | PromptSpec | HttpSpec | McpToolSpec | AgentSpec | CallbackSpec;

export interface HookExecutor<S extends HookSpec = HookSpec> {
  run(spec: S, ctx: RunContext): Promise<RunOutcome>;
  /**
   * Releases what the executor keeps between runs (kept-alive connections, persistent hook
   * processes), at session end. A later run starts afresh.
   */
  close?(): Promise<void>;
  /**
   * Stops what it keeps running for this hook (a persistent process): the hook's consent is not
   * given now, so what was started under it must not go on. Its next approved run starts afresh.
   */
  release?(spec: S): Promise<void>;
  /** Stops what it keeps running for hooks other than these (the settings no longer have them). */
  retain?(specs: readonly S[]): Promise<void>;
}

/** The executors a runner dispatches to by `type`. A missing one makes such hooks fail with a clear error. */
export interface Executors {
  command?: HookExecutor<CommandSpec>;
  prompt?: HookExecutor<PromptSpec>;
  http?: HookExecutor<HttpSpec>;
  mcp_tool?: HookExecutor<McpToolSpec>;
  agent?: HookExecutor<AgentSpec>;
  callback?: HookExecutor<CallbackSpec>;
}
