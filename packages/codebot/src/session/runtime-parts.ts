import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Agent, EffortLevel, Usage } from "@codebot/agentcore";
import type { HookRunner, Problem } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { AgentDefinition } from "../agents/agent-definition.js";
import type { BackgroundAgents } from "../agents/background-agents.js";
import type { SteeredOrigins } from "../agents/steered-origins.js";
import type { ApprovalEngine } from "../approval/approval-engine.js";
import type { PermissionRuleSet } from "../approval/permission-rules.js";
import type { PermissionRulesState } from "../approval/rules-state.js";
import type { LoadedInstructions } from "../instructions/instruction-file.js";
import type { SessionMcp } from "../mcp/session-mcp.js";
import type { PathPolicy } from "../paths/path-policy.js";
import type { KeptPlugins } from "../settings/kept-plugins.js";
import type { PluginFolder } from "../settings/plugin-folder.js";
import type { SessionSkills } from "../skills/session-skills.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { BackgroundSaid } from "./background-context.js";
import type { FileWatch } from "./file-watch.js";
import type { ThinkingChange } from "./model-env.js";
import type { ProjectSettings } from "./project-settings.js";
import type { PromptIds } from "./prompt-ids.js";
import type { CheckpointStore } from "./rewind/checkpoint-store.js";
import type { ResumedSession, Session } from "./session.js";
import type { SessionEvents } from "./session-events.js";
import type { SessionLock } from "./session-lock.js";
import type { LinesChanged, SessionDurations } from "./session-totals.js";
import type { SessionUsage } from "./session-usage.js";
import type { SettingsWatch } from "./settings-watch.js";

/**
 * A configuration problem found while assembling the runtime (settings, hooks, http allow-list),
 * as its line: `message` is `formatProblem`'s line naming the file and what is wrong.
 */
export type RuntimeProblem = Pick<Problem, "severity" | "message">;

/** The context of the main conversation. */
export interface ContextInUse {
  tokens: number;
  window: number;
  /** What the main agent's last model step reported (none yet, or since a compaction or `/clear`). */
  lastStep?: Usage;
}

/** Everything `createRuntime` assembled. */
export interface RuntimeParts {
  /** Where each message steered into the main agent's turn came from (a notification, an SDK message). */
  steeredOrigins: SteeredOrigins;
  /** The sub-agents started with `run_in_background`, when the session offers it. */
  background?: BackgroundAgents;
  /** Settles once the Setup and SessionStart hooks the session waits for have answered. */
  startup: Promise<unknown>;
  /** Once `startup` settles: the SessionStart hooks' `initialUserMessage`, if one gave it. */
  initialUserMessage(): Promise<string | undefined>;
  /** What FileChanged watches; closed with the session. */
  fileWatch: FileWatch;
  /** The settings files, for ConfigChange; closed with the session. */
  settingsWatch: SettingsWatch;
  /** `/rewind`'s copies of the files the tools changed (none when the session writes nothing). */
  checkpoints?: CheckpointStore;
  /** The session's id and files; `/resume` changes them. */
  identity(): { sessionId: string; transcriptPath: string; tasksPath: string };
  /** Writes what the session has used to its transcript (cost-state-line.ts): after each prompt and compaction when it changed; `leaving`, as the session is left, always (its wall time goes on). */
  recordCost(leaving?: boolean): void;
  /** Records a built-in command `-p` ran, and its output, in the transcript (`localCommandRun`). */
  recordCommand(command: string, output: string): void;
  /** A session resumed at the start: its history as the recap shows it (RestoredConversation's `shown`). */
  resumedShown?: readonly ModelMessage[];
  /** The session's title, once a hook named it (`sessionTitle`) or the resumed transcript had one. */
  title(): string | undefined;
  cwd: string;
  codebotHome: string;
  /** The project's settings as read once for this session: layers, merged settings, trust store, hooks. */
  project: ProjectSettings;
  problems: RuntimeProblem[];
  /** Each user prompt's id (Claude Code's `prompt_id` in hook payloads). */
  promptIds: PromptIds;
  hooks: HookRunner;
  /** Where the file tools may reach; `/add-dir` adds to it. */
  paths: PathPolicy;
  /** What goes to the model with its next request (background hooks' context, DirectoryAdded's messages). */
  backgroundSaid: BackgroundSaid;
  approval: ApprovalEngine;
  tasks: TaskStore;
  /** The main agent's tools, by name. */
  toolNames: () => readonly string[];
  agent: Agent;
  session: Session;
  events: SessionEvents;
  /** The MCP servers; `close` ends their processes. */
  mcp: SessionMcp;
  /** An earlier session's restored history, and how to switch transcript, task list and ids to it. */
  resume(sessionId: string): ResumedSession;
  /** A new session (new id, transcript and task list) with an empty history, for `/clear`. */
  fresh(): ResumedSession;
  /** Keeps other codebot processes off the session while it runs; released by `close`. */
  sessionLock: SessionLock;
  /** The instruction files given to the model (AGENTS.md, CLAUDE.md, …) and what could not be read. */
  instructions: LoadedInstructions;
  /** The skills and slash commands of the session (skills/). */
  skills: SessionSkills;
  /** The custom agents read at the start, and the one the session runs as (`--agent`, settings' `agent`). */
  agents: { all: readonly AgentDefinition[]; main: AgentDefinition | undefined };
  getModel(): LanguageModelV3;
  /** The `provider/id` of the model the next model call uses. */
  modelSpec(): string;
  usage: SessionUsage;
  /** This process's time waiting for the model (every agent's steps) and since the session began, in ms. */
  durations(): SessionDurations;
  /** The lines the file tools added and removed in this process (every agent's). */
  codeChanges(): LinesChanged;
  /** The context in use (estimated tokens of the next prompt), the model's window, and the last step's usage. */
  context(): ContextInUse;
  setModel(model: string | LanguageModelV3): Promise<LanguageModelV3>;
  /** The effort the next request of the model carries (Anthropic models only), if any. */
  effort(): EffortLevel | undefined;
  /** Whether the next request of the model is asked with thinking on (statusLine's `thinking.enabled`). */
  thinking(): boolean;
  /** Reads the skill and command folders again; the next run's `skill` tool lists what is there now. */
  reloadSkills(): Promise<void>;
  /** Sets the session's effort level for the next model call (undefined: back to the start's); model-env.ts changeEffort. */
  setEffort(level: EffortLevel | undefined): Promise<void>;
  /**
   * Your user settings file codebot saves to (`/effort`): `~/.claude/settings.json` under Claude
   * Code compatibility, where claude saves (both read it), else `~/.codebot/settings.json`.
   */
  userSettingsFile: string;
  /** The id (Claude Code's `agent_id`) of the sub-agent run in progress named `name`; undefined for the main agent. */
  subagentId(name: string): string | undefined;
  /**
   * Reads the plugin folders again, with `add` (absolute folders) as more `--plugin-dir`s: their
   * hooks and skills from the next call on; the folders that loaded, and how many were skipped.
   */
  reloadPlugins(add: readonly string[]): Promise<{ plugins: readonly PluginFolder[]; errors: number }>;
  /** The plugins as last loaded (at the start or a reload): the session's plugin hooks are theirs. */
  loadedPlugins(): KeptPlugins;
  /** Sets the thinking budget or display of the next model call; model-env.ts changeThinking. */
  setThinking(change: ThinkingChange): Promise<void>;
  /** The Agent SDK's flag settings' permission rules, in force from the next call (replacing the last). */
  setFlagRules(rules: PermissionRuleSet): void;
  /** The Agent SDK's `listPermissionRules()`: the rules and working folders, with their origins. */
  permissionRules(): PermissionRulesState;
  /**
   * `/permissions` changed a settings file: the rules are read again and in force from the next
   * call, less `lifted` (rules you took out, deny and ask ones too).
   */
  rulesEdited(lifted: readonly { kind: "allow" | "ask" | "deny"; text: string }[]): void;
  /** What the caller does at the session's end besides SessionEnd (RuntimeOptions.closing). */
  closing?: ClosingStep;
}

/** A step of the session's end: `fire` once SessionEnd fired, while hooks still run; `done` after every hook finished. */
export interface ClosingStep {
  fire(hooks: HookRunner): void;
  done(): void;
}
