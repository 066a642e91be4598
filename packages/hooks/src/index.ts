export type { ApproveHook, HookApproval, HookApprovalRequest } from "./approval.js";
export { CLAUDE_DEFAULT_TIMEOUT_S } from "./claude-group.js";
export { buildClaudePayload } from "./claude-payload.js";
export { type CommandExecutorOptions, createCommandExecutor } from "./command-executor.js";
export type { HardDecision, SoftDecision } from "./evaluate.js";
export {
  type ClaudeEventSpec,
  type ClaudeMatchOn,
  EVENT_SPECS,
  type EventMode,
  type EventSpec,
  HOOK_EVENTS,
  type HookEvent,
  type IfOn,
  isHookEvent,
  type MatchOn,
  modeOf,
  UNSUPPORTED_CLAUDE_EVENTS,
} from "./events.js";
export type {
  CommandSpec,
  Executors,
  HookExecutor,
  HookSpec,
  HttpSpec,
  PromptSpec,
  RunContext,
  RunOutcome,
} from "./executor.js";
export { canonicalJson, hookFingerprint } from "./fingerprint.js";
export { describeHook, type HookDescription } from "./hook-description.js";
export {
  type AllowEntry,
  type AllowList,
  allowedHostsFromLayers,
  EMPTY_ALLOW_LIST,
  type LayerAllowList,
  parseAllowList,
} from "./http-allowlist.js";
export { createHttpExecutor, HTTP_BODY_CAP, type HttpExecutorOptions } from "./http-executor.js";
export { failureSummary, type HookVerdict, interpret } from "./interpret.js";
export { type CompiledHook, type LoadedHooks, loadHooks } from "./load-hooks.js";
export {
  type Matcher,
  MatcherSyntaxError,
  matchesAnyName,
  parseClaudeMatcher,
  parseMatcher,
} from "./matcher.js";
export { createHookMiddleware, type ToolHooks, type ToolPermissions } from "./middleware.js";
export {
  buildPayload,
  type EventInputs,
  type HookSession,
  type HookTask,
  type PayloadFields,
} from "./payload.js";
export { formatProblem, type Problem } from "./problem.js";
export {
  createPromptExecutor,
  PROMPT_HOOK_SYSTEM,
  type PromptExecutorOptions,
  type PromptModel,
} from "./prompt-executor.js";
export { createHookRunner, type HookRunner, type HookRunnerOptions } from "./runner.js";
export type { SettingsLayer, SettingsSource } from "./settings-layer.js";
export { USER_OWNED_SOURCES } from "./settings-layer.js";
export {
  type ClaudeHookEntry,
  claudeHookSchema,
  commandHookSchema,
  type HookEntry,
  hookEntrySchema,
  hookGroupSchema,
  hookSettingsSchema,
  hooksSchema,
  httpHookSchema,
  promptHookSchema,
  settingsJsonSchema,
} from "./settings-schema.js";
export {
  type CheckedTarget,
  checkHookUrl,
  type HostResolver,
  type ResolvedAddress,
  SsrfRefusal,
  systemResolver,
} from "./ssrf.js";
export { type AddressClass, classifyAddress } from "./ssrf-ranges.js";
export { systemReminder } from "./system-reminder.js";
export { claudeToolName, toolNames } from "./tool-aliases.js";
export type { HookStart, SkipReason, TraceDecision, TraceOutcome, TraceRecord } from "./trace.js";
