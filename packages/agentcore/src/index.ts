export { Agent, type AgentOptions, type Steered } from "./agent.js";
export {
  type CompactedHistoryOptions,
  ConversationTooLargeError,
  compactedHistory,
  SUMMARY_PREAMBLE,
  type SummaryRequest,
  summarizeConversation,
  summarizedPart,
  summaryMessage,
} from "./compaction.js";
export { ContextMeter } from "./context-meter.js";
export { isContextOverflow } from "./context-overflow.js";
export { contextWindowOf, DEFAULT_CONTEXT_WINDOW, type ModelOverrides } from "./context-window.js";
export { keepingLoadedTools, loadedToolNames, toolReferencePart } from "./deferred-tools.js";
export { addedToolsNote, addedToolsOf } from "./deferred-tools-added.js";
export { isDeferredToolsNote, removedToolsNote, removedToolsOf } from "./deferred-tools-removal.js";
export {
  EFFORT_LEVELS,
  type EffortChoice,
  type EffortLevel,
  effortLevelOf,
  effortToSend,
} from "./effort.js";
export { EMPTY_ANSWER_NUDGE_TEXT, isEmptyAnswerNudge } from "./empty-answer.js";
export { AgentEventStream } from "./event-stream.js";
export type { AgentEvent, ExecutedCall, LoopResult, StopReason, Usage } from "./events.js";
export type { FallbackTrigger } from "./fallback.js";
export { agentLoop, type LoopOptions, type StopInfo } from "./loop.js";
export { toolResultMessage, userMessage } from "./messages.js";
export { ModelCallError } from "./model-error.js";
export type { StepOutcome } from "./model-step.js";
export {
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_MODEL,
  defaultModelSpec,
  type Env,
  type ModelAccessOptions,
  ModelConfigError,
  type ModelRequestOptions,
  resolveModel,
} from "./models.js";
export {
  type AnswerReader,
  isOutputLimitResume,
  OUTPUT_LIMIT_RESUME_TEXT,
  OutputLimitError,
  SUBAGENT_RESUME_TEXTS,
} from "./output-limit.js";
export { DEFAULT_RETRY, type RetryPolicy } from "./retry.js";
export type { RotatingKey } from "./rotating-key.js";
export { THINKING_DISPLAYS, type ThinkingDisplay, thinkingToSend } from "./thinking.js";
export { MAX_TIMER_MS, timerDelayMs } from "./timer-limit.js";
export type {
  ArgsCheck,
  PermissionSlot,
  Tool,
  ToolCall,
  ToolContext,
  ToolData,
  ToolImage,
  ToolMiddleware,
  ToolNext,
  ToolResult,
} from "./tool.js";
export { ABORT_GRACE_MS, abortedCallText, DEFAULT_TOOL_CONCURRENCY } from "./tool-execution.js";
export { toolJsonSchema } from "./tool-json-schema.js";
export { addUsage, emptyUsage } from "./usage.js";
export { withoutThinking } from "./without-thinking.js";
