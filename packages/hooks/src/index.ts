/**
 * The hooks engine (`@codebot/hooks`), usable on its own.
 *
 * Settings become hooks once: `loadHooks` (load-hooks.ts) hands each entry to its dialect's
 * compiler — native-entry.ts for codebot's entries, claude-group.ts for Claude Code groups —
 * which produce `CompiledHook`s (compiled-hook.ts) that already carry everything the dialect
 * decides: mode, what the matcher and `if` see, the payload builder, how stdout is read, whether
 * the hook may end the run. The path of one PreToolUse call is then linear: the kernel calls the
 * tool **middleware** (middleware.ts), which calls the runner's **fire** (runner.ts) with the call's
 * fields; fire hands the firing to firing.ts, which walks it: the pure **plan** (plan.ts) picks,
 * from the event's hooks, the steps to wait for, the hooks to start in the background
 * (background-jobs.ts) and the skipped ones with their reason; **execute** (hook-execution.ts) asks for approval and runs each waited hook through its
 * **executor** (command-executor.ts, prompt-executor.ts, http-executor.ts), whose outcome
 * interpret.ts reads once into a verdict; **merge** (merge.ts, a table keyed by mode) folds the
 * runs in configuration order into one `Decision` (decision.ts: allow | block | stop), which the
 * middleware switches on. A rewrite plans the remaining hooks again against the new arguments.
 * Adding an event is one row in events.ts, its input type in event-inputs.ts, and its tests.
 */
export {
  AGENT_HOOK_MAX_TURNS,
  type AgentExecutorOptions,
  type AgentHookRequest,
  type AgentHookRunner,
  createAgentExecutor,
} from "./agent-executor.js";
export {
  type ApproveHook,
  approvalWithdrawn,
  type HookApproval,
  type HookApprovalRequest,
} from "./approval.js";
export { claudeSpec } from "./claude-command.js";
export { buildClaudePayload } from "./claude-payload.js";
export { claudeHookSendsConversation } from "./claude-stop-verifier.js";
export { type CommandExecutorOptions, createCommandExecutor } from "./command-executor.js";
export {
  SHELL_KEYWORDS,
  type ValuedOption,
  valuedOption,
  type WrapperSyntax,
  wrapperNamed,
} from "./command-wrapper-table.js";
export type { CompiledHook, PayloadBuilder } from "./compiled-hook.js";
export { type ContentView, type ContentViews, noteView, viewedContent } from "./content-view.js";
export {
  type Allow,
  type Block,
  DEFAULT_BLOCK_REASON,
  type Decision,
  type ElicitationAnswer,
  type PermissionAnswer,
  type Ruling,
  type Stop,
  toolRefusal,
} from "./decision.js";
export {
  type BatchCall,
  COMPACT_TRIGGERS,
  type CompactTrigger,
  type EventInputs,
  type HookTask,
  type ModelSwitch,
  type ResumedCache,
  SESSION_END_REASONS,
  SESSION_START_SOURCES,
  type SessionEndReason,
  type SessionStartSource,
} from "./event-inputs.js";
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
  type MatchField,
  type MatchOn,
  UNSUPPORTED_CLAUDE_EVENTS,
} from "./events.js";
export { commandLine } from "./exec-form.js";
export { isExecutableFile } from "./executable-file.js";
export type {
  AgentSpec,
  CallbackSpec,
  CommandSpec,
  Executors,
  HookExecutor,
  HookSpec,
  HttpSpec,
  PromptSpec,
  RunContext,
  RunOutcome,
} from "./executor.js";
export {
  consentFingerprint,
  fingerprintWithScripts,
  hookFingerprint,
  type ReadDigests,
  scriptsText,
} from "./fingerprint.js";
export { folderFiles } from "./folder-files.js";
export { gitConfigCommand } from "./git-config-env.js";
export { gitConfigCodeKeys } from "./git-config-file.js";
export { type GitFolders, gitFoldersOf, gitRepositoryFiles } from "./git-repository-files.js";
export { type ConsentSubject, type HookConsent, hookConsent, ownCommandPrograms } from "./hook-consent.js";
export { describeHook, type HookDescription } from "./hook-description.js";
export { envScripts, hookScripts } from "./hook-scripts.js";
export {
  type AllowEntry,
  type AllowList,
  allowedHostsFromLayers,
  type LayerAllowList,
} from "./http-allowlist.js";
export { createHttpExecutor, type HttpExecutorOptions } from "./http-executor.js";
export { type EmptyHeaderRef, emptyHeaderRefs, headerEnvVars, withheldHeaderVars } from "./http-headers.js";
export { type HookVerdict, interpret } from "./interpret.js";
export { interpreterName, interpreterRun, isShell } from "./interpreter-syntax.js";
export { type LoadedHooks, type LoadHooksOptions, loadHooks, unknownEventMessage } from "./load-hooks.js";
export { isLoadingVariable } from "./loading-variables.js";
export { isManagedHook, type UnmanagedOff } from "./managed-switches.js";
export {
  type Matcher,
  MatcherSyntaxError,
  matchesAnyName,
  parseClaudeMatcher,
  parseMatcher,
} from "./matcher.js";
export type { ToolPermissions } from "./middleware.js";
export { capForModel } from "./model-text-cap.js";
export { nearName } from "./near-name.js";
export { gitRuns } from "./nested-commands.js";
export type { HookNoVerdict } from "./no-verdict.js";
export { isWithin } from "./path-within.js";
export { type BackgroundTask, buildPayload, type HookSession, type PayloadFields } from "./payload.js";
export { type PermissionUpdate, permissionUpdatesOf } from "./permission-updates.js";
export { type Plan, type PlanOptions, plan, type Skipped, type Step } from "./plan.js";
export { formatProblem, type Problem } from "./problem.js";
export { createPromptExecutor, type PromptExecutorOptions, type PromptModel } from "./prompt-executor.js";
export { NotRegularFileError, openRegularFile, type RegularFile } from "./regular-file.js";
export { type RunDeadline, startDeadline } from "./run-deadline.js";
export { RunEndedByHook } from "./run-ended-by-hook.js";
export { createHookRunner } from "./runner.js";
export type {
  AbandonedRun,
  BackgroundContext,
  Cancellable,
  HookRunner,
  HookRunnerOptions,
  MatchingHooks,
  ResultOf,
} from "./runner-api.js";
export { ScopedHooks, type ScopeOptions } from "./scoped-hooks.js";
export {
  filesRunBy,
  referencedScripts,
  type ScriptReferences,
  scriptReferences,
} from "./script-references.js";
export { compileSdkCallbackHooks, SDK_HOOKS_PATH, type SdkCallbackHooks } from "./sdk-callback-hooks.js";
export type { SettingsLayer, SettingsSource } from "./settings-layer.js";
export { USER_OWNED_SOURCES } from "./settings-layer.js";
export { hookSettingsSchema, settingsJsonSchema } from "./settings-schema.js";
export { shellQuote } from "./shell-quote.js";
export { type HostedProcess, ProcessHost, type ProcessHostOptions } from "./spawn/process-host.js";
export { processHost, spawnProcess } from "./spawn/spawn-process.js";
export type { SpawnedProcess, SpawnFailure, SpawnHandlers, SpawnRequest } from "./spawn/spawn-request.js";
export {
  readsStartupFile,
  startWarm,
  type WarmRequest,
  WarmStarts,
  warmStarts,
} from "./spawn/warm-starts.js";
export { checkHookUrl, type HostResolver, type ResolvedAddress, SsrfRefusal } from "./ssrf.js";
export { createGuardedFetch, type GuardedFetch } from "./ssrf-fetch.js";
export { subagentTranscriptPath } from "./subagent-transcript.js";
export { systemReminder, withReminders } from "./system-reminder.js";
export { claudeToolName, codebotToolName, toolNames, toolOfExactName } from "./tool-aliases.js";
export type {
  CompiledToolRule,
  ToolCallSubject,
  ToolCondition,
  ToolRuleCompiler,
} from "./tool-rule.js";
export type {
  HookEnd,
  HookProgress,
  HookStart,
  SkipReason,
  TraceDecision,
  TraceOutcome,
  TraceRecord,
} from "./trace.js";
