export type { ApproveHook, HookApproval, HookApprovalRequest } from "./approval.js";
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
export { consentFingerprint, hookFingerprint } from "./fingerprint.js";
export { describeHook, type HookDescription } from "./hook-description.js";
export {
  type AllowEntry,
  type AllowList,
  allowedHostsFromLayers,
  type LayerAllowList,
} from "./http-allowlist.js";
export { createHttpExecutor, type HttpExecutorOptions } from "./http-executor.js";
export { type HookVerdict, interpret } from "./interpret.js";
export { type CompiledHook, type LoadedHooks, loadHooks } from "./load-hooks.js";
export {
  type Matcher,
  MatcherSyntaxError,
  matchesAnyName,
  parseClaudeMatcher,
  parseMatcher,
} from "./matcher.js";
export type { ToolPermissions } from "./middleware.js";
export {
  buildPayload,
  type EventInputs,
  type HookSession,
  type HookTask,
  type PayloadFields,
} from "./payload.js";
export { formatProblem, type Problem } from "./problem.js";
export { createPromptExecutor, type PromptExecutorOptions, type PromptModel } from "./prompt-executor.js";
export { createHookRunner, type HookRunner, type HookRunnerOptions } from "./runner.js";
export { referencedScripts } from "./script-references.js";
export type { SettingsLayer, SettingsSource } from "./settings-layer.js";
export { USER_OWNED_SOURCES } from "./settings-layer.js";
export { hookSettingsSchema, settingsJsonSchema } from "./settings-schema.js";
export { ProcessHost, type ProcessHostOptions } from "./spawn/process-host.js";
export { processHost, spawnProcess } from "./spawn/spawn-process.js";
export type { SpawnedProcess, SpawnFailure, SpawnHandlers, SpawnRequest } from "./spawn/spawn-request.js";
export type { HostResolver, ResolvedAddress } from "./ssrf.js";
export { systemReminder } from "./system-reminder.js";
export { claudeToolName, codebotToolName, toolNames } from "./tool-aliases.js";
export type { HookStart, SkipReason, TraceDecision, TraceOutcome, TraceRecord } from "./trace.js";
