import type { EffortLevel, ThinkingDisplay } from "@codebot/agentcore";
import type { AgentDefinition } from "../agents/agent-definition.js";
import type { PermissionRule } from "../approval/permission-rule.js";
import type { AutoCompactWindow } from "../session/auto-compact-window.js";
import type { RuntimeOptions } from "../session/runtime-options.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import type { OutputSchema } from "../tools/structured-output-tool.js";
import type { SessionWorktree } from "../worktree/session-worktree.js";
import type { HookInventory } from "./hooks/hook-inventory.js";
import type { ProjectFlags } from "./project-flags.js";
import type { ResumeRequest } from "./resume-flags.js";

/** Output formats of `-p`. */
export type OutputFormat = "text" | "json" | "stream-json";
/** Input formats of `-p`: the prompt as text, or Claude Code's stream-json lines. */
export type InputFormat = "text" | "stream-json";

/** What the command line says about a session (one-shot or interactive). */
export interface SessionFlags {
  project: ProjectFlags;
  model?: string;
  /** `--agent`: the custom agent the session runs as. */
  agent?: string;
  /** `--agents`: custom sub-agents for this session (they win a name clash). */
  cliAgents?: AgentDefinition[];
  /** `--fallback-model`: model specs to fall back to, in order. */
  fallbackModels?: string[];
  permissionMode?: PermissionMode;
  /** `--allow-dangerously-skip-permissions`: a switch to bypassPermissions during the session is allowed. */
  allowBypass?: boolean;
  /** `--allowedTools` and `--disallowedTools`: the user's own rules, on top of the settings'. */
  allowedTools?: PermissionRule[];
  disallowedTools?: PermissionRule[];
  /** `--system-prompt`: replaces the main agent's instructions. */
  systemPrompt?: string;
  /** `--append-system-prompt`: added to them. */
  appendSystemPrompt?: string;
  /** `--system-prompt-snapshot on|off` (absent: on, off under `--bare`). */
  systemPromptSnapshot?: boolean;
  /** `--exclude-dynamic-system-prompt-sections`. */
  excludeDynamicSystemPrompt?: boolean;
  /** `--ax-screen-reader`: the interactive terminal in screen-reader mode (screenReaderMode). */
  axScreenReader?: boolean;
  /** `codebot "prompt"`: the interactive session starts by running it. */
  firstPrompt?: string;
  trustProjectHooks: boolean;
  /** Project hooks (consent fingerprints) approved for this session by the project question. */
  hooksApprovedOnce?: string[];
  maxTurns?: number;
  /** `--add-dir`: more folders the file tools may reach (real paths). */
  addDirs?: string[];
  /** `--tools`: the built-in tools offered (absent: all). */
  builtinTools?: string[];
  /** `--max-budget-usd` (`-p` only). */
  maxBudgetUsd?: number;
  /** `--debug [hooks]`: every hook trace record, human-readable, on stderr (or `debugFile`). */
  debugHooks: boolean;
  /** `--autocompact`: the window automatic compaction counts against. */
  autoCompactWindow?: AutoCompactWindow;
  /** `-n, --name`: the session's title from the start. */
  sessionName?: string;
  /** `--debug-file`: where the debug lines go instead of stderr. */
  debugFile?: string;
  /** `--trace-file`: every hook trace record appended to this JSONL file. */
  traceFile?: string;
  /** Every `--mcp-config <file|json>`. */
  mcpConfigs?: string[];
  /** `--strict-mcp-config`: the `--mcp-config` servers only. */
  strictMcpConfig?: boolean;
  /** `--disable-slash-commands`: no skills or commands this session. */
  disableSlashCommands?: boolean;
  /** `--betas`: the betas sent in every Anthropic request's `anthropic-beta` header. */
  anthropicBetas?: readonly string[];
  /** `--effort`: the effort asked of Anthropic models (effort-choice.ts). */
  effort?: EffortLevel;
  /** `--max-thinking-tokens`, `--thinking disabled` (thinking-flags.ts). */
  maxThinkingTokens?: number;
  /** `--thinking-display`: how the model is asked to show its thinking (thinking.ts in agentcore). */
  thinkingDisplay?: ThinkingDisplay;
  /** `--session-id`: the new session's id. */
  sessionId?: string;
  /** `-c` / `-r`: go on with an earlier session of the project. */
  resume?: ResumeRequest;
  /** `--fork-session`: with `-c`/`-r`, go on in a copy of that session under a new id. */
  forkSession?: boolean;
  /** `--init` / `--init-only` (`init`) or `--maintenance`: the Setup hooks' trigger. */
  setup?: "init" | "maintenance";
  /** `-w, --worktree`: the worktree the session runs in (`project.cwd` is its folder). */
  worktree?: SessionWorktree;
}

export interface OneShotFlags extends SessionFlags {
  /** The prompt; piped stdin is added to it, or is the prompt when there is none. */
  prompt: string | undefined;
  outputFormat: OutputFormat;
  /** `--include-partial-messages`: stream-json also sends the answer's text as it arrives. */
  partialMessages?: boolean;
  /** `--include-hook-events`: stream-json has Claude Code's lines for every hook, not only SessionStart's. */
  hookEvents?: boolean;
  /** `--no-session-persistence`: nothing of the session is written; it cannot be resumed. */
  noSessionPersistence?: boolean;
  /** `--permission-prompt-tool`: the MCP tool asked about calls that need a yes. */
  permissionPromptTool?: string;
  /** `--json-schema`: the answer's schema (checked). */
  jsonSchema?: OutputSchema;
  /** `--input-format stream-json`: the prompts are stdin's JSON lines, one turn each. */
  inputFormat?: InputFormat;
  /** `--replay-user-messages`: stream-json input's user messages are echoed on stdout. */
  replayUserMessages?: boolean;
  /** `--forward-subagent-text`: stream-json has sub-agents' messages as Claude Code's lines under their call. */
  subagentMessages?: boolean;
  /** `--prompt-suggestions`: stream-json has a `prompt_suggestion` line after a turn's result. */
  promptSuggestions?: boolean;
}

/**
 * The runtime options the session flags decide, for the settings the CLI read first (the project
 * directory as it resolved it, and the settings themselves, which the runtime does not read again)
 * and `model` (the spec the banner or init line shows, so both name the same model).
 */
export function runtimeOptionsOf(
  flags: SessionFlags,
  inventory: Pick<HookInventory, "cwd" | "project">,
  model: string,
): RuntimeOptions {
  return {
    cwd: inventory.cwd,
    settingsFiles: flags.project.settingsFiles,
    pluginDirs: flags.project.pluginDirs,
    ...(flags.project.settingSources ? { settingSources: flags.project.settingSources } : {}),
    ...(flags.project.modes ? { modes: flags.project.modes } : {}),
    ...(flags.project.trustDir !== undefined ? { trustDir: flags.project.trustDir } : {}),
    projectSettings: inventory.project,
    model,
    ...(flags.fallbackModels !== undefined ? { fallbackModels: flags.fallbackModels } : {}),
    ...(flags.cliAgents !== undefined ? { cliAgents: flags.cliAgents } : {}),
    ...(flags.agent !== undefined ? { agent: flags.agent } : {}),
    ...(flags.model !== undefined ? { modelFromFlag: true } : {}),
    ...(flags.permissionMode !== undefined ? { permissionMode: flags.permissionMode } : {}),
    ...(flags.allowBypass ? { allowBypass: true } : {}),
    ...(flags.allowedTools !== undefined ? { allowedTools: flags.allowedTools } : {}),
    ...(flags.disallowedTools !== undefined ? { disallowedTools: flags.disallowedTools } : {}),
    ...(flags.systemPrompt !== undefined ? { systemPrompt: flags.systemPrompt } : {}),
    ...(flags.appendSystemPrompt !== undefined ? { appendSystemPrompt: flags.appendSystemPrompt } : {}),
    ...(flags.systemPromptSnapshot !== undefined ? { systemPromptSnapshot: flags.systemPromptSnapshot } : {}),
    ...(flags.excludeDynamicSystemPrompt ? { excludeDynamicSystemPrompt: true } : {}),
    trustProjectHooks: flags.trustProjectHooks,
    ...(flags.hooksApprovedOnce !== undefined ? { hooksApprovedOnce: flags.hooksApprovedOnce } : {}),
    ...(flags.maxTurns !== undefined ? { maxTurns: flags.maxTurns } : {}),
    ...(flags.maxBudgetUsd !== undefined ? { maxBudgetUsd: flags.maxBudgetUsd } : {}),
    ...(flags.builtinTools !== undefined ? { builtinTools: flags.builtinTools } : {}),
    ...(flags.addDirs !== undefined ? { addDirs: flags.addDirs } : {}),
    ...(flags.traceFile !== undefined ? { traceFile: flags.traceFile } : {}),
    ...(flags.sessionName !== undefined ? { sessionName: flags.sessionName } : {}),
    ...(flags.autoCompactWindow !== undefined ? { autoCompactWindow: flags.autoCompactWindow } : {}),
    ...(flags.mcpConfigs !== undefined ? { mcpConfigs: flags.mcpConfigs } : {}),
    ...(flags.strictMcpConfig ? { strictMcpConfig: true } : {}),
    ...(flags.disableSlashCommands ? { disableSlashCommands: true } : {}),
    ...(flags.anthropicBetas !== undefined ? { anthropicBetas: flags.anthropicBetas } : {}),
    ...(flags.effort !== undefined ? { effort: flags.effort } : {}),
    ...(flags.maxThinkingTokens !== undefined ? { maxThinkingTokens: flags.maxThinkingTokens } : {}),
    ...(flags.thinkingDisplay !== undefined ? { thinkingDisplay: flags.thinkingDisplay } : {}),
    ...(flags.setup !== undefined ? { setup: flags.setup } : {}),
  };
}
