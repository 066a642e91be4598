import type { z } from "zod";

/** What a tool returns, and what the model sees as the tool result. */
export interface ToolResult {
  /** Text shown to the model. */
  content: string;
  /** True when the call failed; the model still gets `content`. */
  isError: boolean;
  /** Images sent to the model after `content` (an MCP tool's image blocks); not with an error. */
  images?: readonly ToolImage[];
  /**
   * The result as structured data, for those who observe the call (a hook payload's
   * `tool_response`); never sent to the model, which reads `content`. A list is given to them as
   * it is (claude's ListMcpResourcesTool result).
   */
  data?: ToolData;
  /**
   * The result as content blocks, as an MCP tool gives them (`{"type":"text","text":…}`), or the
   * one string claude makes of a structured result, for those who observe the call (claude's
   * stream-json `tool_result` and a hook's `tool_response`); never sent to the model, which reads
   * `content`.
   */
  blocks?: readonly Readonly<Record<string, unknown>>[] | string;
  /**
   * The call delivered the run's answer (a structured output): once its batch of calls has
   * finished, the run stops as if the model had ended its turn — `onStop` may still go on.
   */
  final?: true;
  /**
   * The person refused the call and the turn ends with it (Claude Code's terminal ends the turn
   * when a person says no): once its batch of calls has finished, the run stops without asking the
   * model again and without `onStop` — the next prompt is the person's.
   */
  endsTurn?: true;
  /**
   * The tools this result loads (a tool search's matches): the model is sent Anthropic
   * `tool_reference` blocks naming them in place of `content`, and from then on the request
   * carries their definitions (see `Tool.deferLoading`).
   */
  loadsTools?: readonly string[];
  /**
   * The result's own text, when `content` carries more for the model after it (notes a middleware
   * added): what those who observe the call are given as its text instead of `content`.
   */
  ownContent?: string;
}

/** A tool result's structured data: an object, or a list. */
export type ToolData = Readonly<Record<string, unknown>> | readonly unknown[];

/** An image in a tool result: base64 data and its media type (`image/png`). */
export interface ToolImage {
  data: string;
  mediaType: string;
}

/** One tool call as the model asked for it (after JSON parsing and schema validation). */
export interface ToolCall {
  /** The model's id of the call (`tool_use_id`). */
  id: string;
  /** The tool's name as registered. */
  name: string;
  /** The validated arguments. */
  args: Record<string, unknown>;
}

/** Result of checking arguments against a tool's input schema. */
export type ArgsCheck = { ok: true; args: Record<string, unknown> } | { ok: false; error: string };

/** Everything a tool and a middleware may know about the call in progress. */
export interface ToolContext {
  /** The model's id of this call (Claude Code's `tool_use_id`). */
  callId: string;
  /** Aborted when the run is cancelled; a tool must stop promptly. */
  signal: AbortSignal;
  /** Name of the agent that made the call (`main` for the top-level agent). */
  agentName: string;
  /** The tool definition being called. */
  tool: Tool;
  /** Validates arguments against the called tool's schema (used after a rewrite). */
  validateArgs(args: unknown): ArgsCheck;
  /** Streams partial output to the event stream (`tool_execution_update`). */
  onUpdate(partial: string): void;
  /**
   * This call's permission slot, one per call: a middleware earlier in the chain records here
   * that the call may skip the permission question (and on whose word); a permission middleware
   * later in the chain reads it.
   */
  permission: PermissionSlot;
  /**
   * Resolves once the run's reader has handled every event so far: the assistant message with
   * this very call has reached the listeners (a transcript has its line).
   */
  eventsDelivered(): Promise<void>;
}

export interface PermissionSlot {
  /** Who let this call skip the permission question (a hook's name), when someone did. */
  preApprovedBy?: string;
  /**
   * The user answered yes to a question about this very call (one a hook asked for): an ask
   * rule's question is answered too. A hook's own allow is not an answer from the user.
   */
  confirmedByUser?: boolean;
  /** The call was refused permission and never ran: there is nothing for after-call hooks to observe. */
  refused?: boolean;
  /**
   * The working directory approval read the call's relative paths from, for a tool with one of
   * its own (bash): the call runs there, though another agent's call moved it meanwhile.
   */
  judgedIn?: string;
}

/**
 * A tool the model can call. `inputSchema` is the single source of truth for its
 * arguments: it is sent to the model and checked before any middleware runs.
 */
// biome-ignore lint/suspicious/noExplicitAny: tools are stored heterogeneously
export interface Tool<Args = any> {
  name: string;
  description: string;
  inputSchema: z.ZodType<Args>;
  execute(args: Args, ctx: ToolContext): Promise<ToolResult>;
  /**
   * May run at the same time as its neighbours of the same model turn that may too (Claude Code's
   * `isConcurrencySafe`): true for every call, or a function of the checked arguments (a bash line
   * that only reads); a function that throws says no.
   */
  concurrencySafe?: boolean | ((args: Args) => boolean);
  /** A successful call changes the project (used by stop-time validation). */
  mutating?: boolean;
  /**
   * Called once a run's first model request is under way: starts what the tool's first call would
   * otherwise wait for (a process, a connection), while the model is thinking rather than before
   * the request goes out. Called again in later runs, so it must do nothing when already done;
   * what it throws is ignored.
   */
  prepare?(): void;
  /**
   * The text the model reads for a result given as data in this tool's `data` shape (an observer's
   * replacement of the result); undefined when `data` does not have that shape.
   */
  contentFromData?(data: unknown): string | undefined;
  /**
   * Anthropic's deferred loading (claude's tool search): `until-loaded` leaves the tool out of the
   * request until a tool result in the history loads it (`ToolResult.loadsTools`), then sends it
   * with `defer_loading`; `always` sends it so every time (claude's placeholder that keeps deferred
   * loading on). Either way it stays callable.
   */
  deferLoading?: "until-loaded" | "always";
  /**
   * A tool search's text naming the `until-loaded` tools (sorted) for the model: sent in every
   * request as a system message after the conversation's first message, where claude 2.1.328
   * lists its deferred tools (deferred-tools.ts).
   */
  listDeferredTools?(names: readonly string[]): string;
}

/** Calls the rest of the pipeline (inner middleware, then the tool) with a possibly rewritten call. */
export type ToolNext = (call: ToolCall) => Promise<ToolResult>;

/**
 * A tool middleware. The first middleware listed is the outermost. It may return without
 * calling `next` (a veto), call `next` with rewritten arguments (re-validated by the kernel),
 * or observe the result.
 */
export type ToolMiddleware = (call: ToolCall, next: ToolNext, ctx: ToolContext) => Promise<ToolResult>;
