export { formatProblem, type Problem } from "@codebot/hooks";
export { ApprovalEngine, type ApprovalEngineOptions } from "./approval/approval-engine.js";
export type {
  ApprovalAnswer,
  AskHookApproval,
  AskToolApproval,
  HookApprovalRequest,
  HookApprovalResult,
  ToolApprovalRequest,
} from "./approval/approval-types.js";
export { type PermissionRule, parsePermissionRule } from "./approval/permission-rule.js";
export {
  allowedByRules,
  firstMatching,
  type PermissionRuleSet,
  type RuleSubject,
} from "./approval/permission-rules.js";
export { type TrustedHook, type TrustFile, TrustStore } from "./approval/trust-store.js";
export { resolveCodebotHome } from "./paths/codebot-home.js";
export { compileGlob, type GlobPattern } from "./paths/glob-pattern.js";
export { PathPolicy } from "./paths/path-policy.js";
export { projectSlug } from "./paths/project-slug.js";
export { type CloseOnSignalsOptions, closeOnSignals } from "./session/close-on-signals.js";
export { createRuntime } from "./session/create-runtime.js";
export type { PromptResult, PromptStatus } from "./session/prompt-result.js";
export { Runtime } from "./session/runtime.js";
export type { RuntimeOptions } from "./session/runtime-options.js";
export type { RuntimeProblem } from "./session/runtime-parts.js";
export type { StopRequest } from "./session/session.js";
export type { SessionEvent, SessionListener } from "./session/session-events.js";
export { stopHookReminder } from "./session/stop-hooks.js";
export { validationReminder } from "./session/stop-validation.js";
export { loadPluginLayers, type PluginDir } from "./settings/load-plugins.js";
export { loadSettingsLayers, type SettingsLocation } from "./settings/load-settings.js";
export {
  mergeSettings,
  PERMISSION_MODES,
  type PermissionMode,
  type RuntimeSettings,
  type UntrustedGrant,
} from "./settings/runtime-settings.js";
export type { Task, TaskStatus, WireTask } from "./tasks/task.js";
export { TaskStore } from "./tasks/task-store.js";
export { builtinTools } from "./tools/builtin-tools.js";
export type { TranscriptBlock, TranscriptLine, TranscriptMessage } from "./transcript/transcript-line.js";
export { TranscriptWriter } from "./transcript/transcript-writer.js";
