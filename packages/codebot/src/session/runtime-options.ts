import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { EffortLevel, Env, ThinkingDisplay, ToolMiddleware } from "@codebot/agentcore";
import type { CallbackSpec, CompiledHook, HookEvent, HookExecutor, TraceRecord } from "@codebot/hooks";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { AgentDefinition } from "../agents/agent-definition.js";
import type { AskHookApproval, AskToolApproval } from "../approval/approval-types.js";
import type { PermissionRule } from "../approval/permission-rule.js";
import type { ToolApprovalOptions } from "../approval/tool-approval-options.js";
import type { SettingSourceName } from "../settings/load-settings.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import type { SessionModes } from "../settings/session-modes.js";
import type { OutputSchema } from "../tools/structured-output-tool.js";
import type { AutoCompactWindow } from "./auto-compact-window.js";
import type { ProjectSettings } from "./project-settings.js";
import type { ClosingStep } from "./runtime-parts.js";
import type { SessionListener } from "./session-events.js";

/** What a session is assembled from (createRuntime): the command line's flags, the Agent SDK program's, a test's. */
export interface RuntimeOptions {
  /** The project directory. */
  cwd: string;
  /** Default: `$CODEBOT_HOME`, else `~/.codebot`. */
  codebotHome?: string;
  /** Every `--settings` value (a file or inline JSON), in order. */
  settingsFiles?: readonly string[];
  /** Every `--plugin-dir <dir>`: Claude Code plugin folders, loaded after those of `claudePlugins`. */
  pluginDirs?: readonly string[];
  /** A model, or a `provider/id` spec. Default: settings `model`, else CODEBOT_MODEL / the provider whose key is set. */
  model?: LanguageModelV3 | string;
  /** Overrides settings `permissions.mode`; default `ask`. */
  permissionMode?: PermissionMode;
  /** `--allow-dangerously-skip-permissions`: the session may switch to `auto` later (approval/bypass-switch.ts). */
  allowBypass?: boolean;
  /** `--allowedTools`: allow rules of the user's own, on top of the settings'. */
  allowedTools?: readonly PermissionRule[];
  /** `--disallowedTools`: deny rules of the user's own, on top of the settings'. */
  disallowedTools?: readonly PermissionRule[];
  /** Claude Code's folder (`~/.claude`); default `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
  claudeHome?: string;
  /** The folder of the policy folders `codebot/` and `claude-code/`; default `$CODEBOT_MANAGED_SETTINGS_ROOT`, else `/etc`. */
  managedRoot?: string;
  /** Approve project/local hooks and permission grants for this run only. */
  trustProjectHooks?: boolean;
  /** Consent fingerprints of project hooks the user approved for this session only. */
  hooksApprovedOnce?: readonly string[];
  /**
   * The project's settings when the caller has read them already (the CLI checks them before a
   * session starts): readProjectSettings of the same project, CODEBOT_HOME, files and
   * trustProjectHooks. They are not read again.
   */
  projectSettings?: ProjectSettings;
  /** Let file tools reach paths outside the project directory. */
  allowOutsideProject?: boolean;
  /** Asks the user about a tool call; absent = non-interactive. */
  askToolApproval?: AskToolApproval;
  /**
   * The interactive session (repl.ts), not `-p` or the Agent SDK's: where claude 2.1.328 answers the
   * model otherwise there (a background shell's launch text, background-bash.ts).
   */
  interactive?: boolean;
  /**
   * When the user last pressed a key (epoch ms; a terminal's session): a key pressed while a tool
   * call's question is open puts off its `permission_prompt` Notification (permission-hooks.ts).
   */
  lastKeyAt?: () => number;
  /** Asks the user about an untrusted project hook; absent = non-interactive. */
  askHookApproval?: AskHookApproval;
  /** Told how each tool call's permission check ended (stream-json's `tool_result_meta`). */
  onPermissionDecision?: ToolApprovalOptions["onDecision"];
  /**
   * Innermost tool middleware, for every agent: it sees each call as it really runs (after hook
   * rewrites and approval) — the terminal uses it to show what ran and the diff of a file change.
   */
  toolObservers?: readonly ToolMiddleware[];
  /**
   * Messages for the user (untrusted hooks, failed hooks, transcript errors). Default: stderr.
   * `toolUseId`: the tool call a failed hook run was for (its notice can go under the call's line).
   */
  notify?: (message: string, toolUseId?: string) => void;
  /** Subscribed before SessionStart fires. */
  onEvent?: SessionListener;
  onTrace?: (record: TraceRecord) => void;
  /** A JSONL file every hook trace record is appended to. */
  traceFile?: string;
  /** The main agent's events carry the provider's own stream events (`--include-partial-messages`). */
  rawChunks?: boolean;
  /** The events whose running command hooks report their output so far (`hook_progress` events); absent: none. */
  hookProgress?: (event: HookEvent) => boolean;
  /** Most model steps per prompt (and per sub-agent run). */
  maxTurns?: number;
  /** `--setting-sources`: the user, project and local layers read (absent: all). */
  settingSources?: readonly SettingSourceName[];
  /**
   * `--bare`, `--safe-mode`, `--restricted` (Claude Code's): the parts of the session they switch
   * off (session-modes.ts); `--bare` also offers bash, edit and read at most, `--restricted` no bash
   * unless `--tools` names it.
   */
  modes?: SessionModes;
  /** `--worktree`: the repository the worktree was made from; its approvals count (SettingsLocation). */
  trustDir?: string;
  /** `--add-dir`: more folders the file tools may reach, as `additionalDirectories` (real paths). */
  addDirs?: readonly string[];
  /** `--tools`: the built-in tools offered, by codebot's names (absent: all). */
  builtinTools?: readonly string[];
  /**
   * `--fallback-model`: `provider/id` specs the main agent's runs fall back to, in order, when the
   * model is overloaded, its server fails or it is not found (each prompt starts with the model again).
   */
  fallbackModels?: readonly string[];
  /**
   * `--agent <name>`: the session itself runs as that custom agent — its instructions, tools,
   * hooks and (unless `--model` chose one: `modelFromFlag`) model; payloads carry its `agent_type`.
   * Without it, the settings' `agent` (a project's once trusted) chooses one.
   */
  agent?: string;
  /** `--model` chose the model: an agent the session runs as does not replace it with its own. */
  modelFromFlag?: boolean;
  /**
   * `--permission-prompt-tool`: the MCP tool asked, with nobody to ask, about calls that need a
   * yes; or (`stdio`) the function that asks the Agent SDK's program (cli/control).
   */
  permissionPromptTool?: string | NonNullable<ToolApprovalOptions["promptTool"]>;
  /** The Agent SDK's hook callbacks (`callback` hooks): the program is called back over the control protocol. */
  hookCallbacks?: HookExecutor<CallbackSpec>;
  /** Hooks of the program that runs the session (the Agent SDK's `initialize`): in force before SessionStart fires. */
  programHooks?: readonly CompiledHook[];
  /** `--agents`: custom sub-agents given on the command line; they win a name clash. */
  cliAgents?: readonly AgentDefinition[];
  /** `--autocompact <auto|tokens>`: automatic compaction counts against this window (auto-compact-window.ts). */
  autoCompactWindow?: AutoCompactWindow;
  /** `-n, --name`: the session's title from the start (a hook's `sessionTitle` may change it later). */
  sessionName?: string;
  /** `--json-schema`: the model answers through the `structured_output` tool, in this schema's shape. */
  jsonSchema?: OutputSchema;
  /** `--max-budget-usd`: the run ends once its model calls cost this much (SpendingLimit). */
  maxBudgetUsd?: number;
  /** Environment for model resolution (API keys, base URLs) and CODEBOT_HOME. Default: process.env. */
  env?: Env;
  /** Default: a random UUID. */
  sessionId?: string;
  /**
   * `sessionId` names an earlier session of this project: its conversation is restored from its
   * transcript (after the last compaction), the transcript and task list go on, and SessionStart
   * gets source `resume`.
   */
  resume?: boolean;
  /**
   * `--fork-session`: `sessionId` is a new session that starts as a copy of this one (with
   * `resume`); the forked session is left as it was.
   */
  forkFrom?: string;
  /**
   * Default true. False (`--no-session-persistence`): nothing of the session is written — no
   * transcript, task list, mark or lock — so it cannot be resumed; hook records that could not be
   * delivered are still kept.
   */
  persistSession?: boolean;
  /**
   * The agent tool's `run_in_background` is offered (`-p` and the interactive session, which answer
   * each notification that comes between turns in a turn of its own); without it the parameter is refused.
   */
  backgroundAgents?: boolean;
  /** Replaces the main agent's default instructions. */
  systemPrompt?: string;
  /** Every `--mcp-config`: a `.mcp.json`-shaped file, or its JSON inline. */
  mcpConfigs?: readonly string[];
  /** `--strict-mcp-config`: only the `--mcp-config` servers start. */
  strictMcpConfig?: boolean;
  /** The Agent SDK program's in-process MCP servers (`initialize`'s `sdkMcpServers`), reached through `sdkMcpTransport`. */
  sdkMcpServers?: readonly string[];
  sdkMcpTransport?(server: string): Transport;
  /**
   * `--disable-slash-commands` (Claude Code's "Disable all skills and commands"): none are loaded,
   * so the model gets no `skill` tool and a `/name args` prompt goes to it as typed.
   */
  disableSlashCommands?: boolean;
  /** `--betas`: sent in every Anthropic request's `anthropic-beta` header (sub-agents' and hooks' too). */
  anthropicBetas?: readonly string[];
  /** `--effort`: under CLAUDE_CODE_EFFORT_LEVEL, over the settings' `effortLevel` (effort-choice.ts). */
  effort?: EffortLevel;
  /**
   * How codebot was started, as claude's `CLAUDE_CODE_ENTRYPOINT` says it to commands and hooks:
   * `sdk-cli` for `-p`, `cli` for the terminal (agent-env.ts). Absent: none is set.
   */
  entrypoint?: "cli" | "sdk-cli";
  /** `--max-thinking-tokens` (0: `--thinking disabled`): each Anthropic request's thinking budget (ModelAccessOptions). */
  maxThinkingTokens?: number;
  /** `--thinking-display`: how each Anthropic request asks for its thinking to be shown (ModelAccessOptions). */
  thinkingDisplay?: ThinkingDisplay;
  /**
   * Default true. False assembles the session without firing SessionStart: `hooks test` of
   * another event must not run the user's SessionStart hooks.
   */
  sessionStart?: boolean;
  /** Added after the main agent's instructions (`--append-system-prompt`). */
  appendSystemPrompt?: string;
  /**
   * `--system-prompt-snapshot`: the system prompt is recorded on the conversation's first request and
   * sent as recorded until it is compacted, resumes included (system-prompt-snapshot.ts). Default: on,
   * off under `bare`, as claude's.
   */
  systemPromptSnapshot?: boolean;
  /**
   * `--exclude-dynamic-system-prompt-sections`: what differs between machines (the project directory)
   * goes with the first prompt's context instead of the default system prompt; not with `systemPrompt`.
   */
  excludeDynamicSystemPrompt?: boolean;
  /**
   * `--init`/`--init-only` (`init`) or `--maintenance`: the Setup hooks run before SessionStart;
   * the context of their Claude Code groups joins the first prompt.
   */
  setup?: "init" | "maintenance";
  /** A step of the session's end, after SessionEnd (an interactive `--worktree` session's: worktree-end.ts). */
  closing?: ClosingStep;
}
