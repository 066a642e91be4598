import path from "node:path";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { EffortLevel } from "@codebot/agentcore";
import type { HookRunner } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { AgentDefinition } from "../agents/agent-definition.js";
import type { EndedTask, GoingTask } from "../agents/background-agents.js";
import type { ApprovalEngine } from "../approval/approval-engine.js";
import type { PermissionRulesState } from "../approval/rules-state.js";
import type { LoadedInstructions } from "../instructions/instruction-file.js";
import type { ServerStatus } from "../mcp/mcp-servers.js";
import { claudeCompatOf } from "../settings/claude-compat.js";
import type { RuleFile } from "../settings/permission-rule-edit.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import type { SessionSkills } from "../skills/session-skills.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { ProjectSettings } from "./project-settings.js";
import type { ContextInUse, RuntimeParts, RuntimeProblem } from "./runtime-parts.js";
import type { LinesChanged, SessionDurations } from "./session-totals.js";
import type { SessionUsage } from "./session-usage.js";
import { undeliveredHooksPath } from "./undelivered-hooks.js";

/**
 * What a runtime's session is, read from the parts `createRuntime` assembled: its id and files,
 * settings, model, tools, usage, context, MCP servers and background runs as they are now.
 * Runtime adds what runs and changes the session (prompts, switches, the end).
 */
export class RuntimeView {
  constructor(protected readonly parts: RuntimeParts) {}

  /** The skills and slash commands of the session, by name. */
  get skills(): SessionSkills {
    return this.parts.skills;
  }

  /** The custom agents read at the start, and the one the session runs as, for `/agents`. */
  get agents(): { all: readonly AgentDefinition[]; main: AgentDefinition | undefined } {
    return this.parts.agents;
  }

  /** The session's id (`/resume` switches it). */
  get sessionId(): string {
    return this.parts.identity().sessionId;
  }

  /** The user prompt being answered, or the last one (Claude Code payloads' `prompt_id`). */
  get promptId(): string | undefined {
    return this.parts.promptIds.current;
  }

  /** The project directory (symlinks resolved). */
  get cwd(): string {
    return this.parts.cwd;
  }

  get codebotHome(): string {
    return this.parts.codebotHome;
  }

  /** The session's JSONL transcript (the hooks' `transcript_path`). */
  get transcriptPath(): string {
    return this.parts.identity().transcriptPath;
  }

  /** The session's title (a hook's `sessionTitle`); none after `/clear` until a hook names the new one. */
  get title(): string | undefined {
    return this.parts.title();
  }

  /** The session's task list file. */
  get tasksPath(): string {
    return this.parts.identity().tasksPath;
  }

  /** The project's settings as this session read them: `layers`, `settings`, `trustStore`, the loaded hooks. */
  get project(): ProjectSettings {
    return this.parts.project;
  }

  get problems(): readonly RuntimeProblem[] {
    return this.parts.problems;
  }

  get hooks(): HookRunner {
    return this.parts.hooks;
  }

  get approval(): ApprovalEngine {
    return this.parts.approval;
  }

  /** The files `/permissions add` offers, in claude's order: the project's local file, the project's, yours. */
  ruleFiles(): RuleFile[] {
    const { cwd, project, codebotHome, userSettingsFile } = this.parts;
    const dir = path.join(cwd, claudeCompatOf(project.layers, codebotHome) ? ".claude" : ".codebot");
    return [
      { place: "local", file: path.join(dir, "settings.local.json") },
      { place: "project", file: path.join(dir, "settings.json") },
      { place: "user", file: userSettingsFile },
    ];
  }

  get tasks(): TaskStore {
    return this.parts.tasks;
  }

  /** The files FileChanged watches now (its hooks' matchers and the `watchPaths` hooks returned). */
  get watchedFiles(): string[] {
    return this.parts.fileWatch.files();
  }

  /** The main agent's tools, by name. */
  get toolNames(): readonly string[] {
    return this.parts.toolNames();
  }

  /** The instruction files given to the model, for `/memory`. */
  get instructions(): LoadedInstructions {
    return this.parts.instructions;
  }

  /** The model the next model call uses. */
  get model(): LanguageModelV3 {
    return this.parts.getModel();
  }

  /** The `provider/id` of the model the next model call uses (`/model` changes it). */
  get modelSpec(): string {
    return this.parts.modelSpec();
  }

  /** Tokens the providers reported for this process's model steps, per model. */
  get usage(): SessionUsage {
    return this.parts.usage;
  }

  /**
   * The session's time waiting for the model — Claude Code's `duration_api_ms`, every agent's
   * steps — and since it began, in ms, a resumed session's earlier time included (session-totals.ts):
   * `/cost`'s durations, the status line's, the result's `duration_api_ms` (as a difference).
   */
  durations(): SessionDurations {
    return this.parts.durations();
  }

  /** The lines the file tools (write, edit) added and removed in the session, every agent's, a resumed session's earlier ones included: `/cost`'s code changes. */
  codeChanges(): LinesChanged {
    return this.parts.codeChanges();
  }

  /** The context in use (estimated tokens of the next prompt) and the current model's window. */
  context(): ContextInUse {
    return this.parts.context();
  }

  get permissionMode(): PermissionMode {
    return this.parts.approval.mode;
  }

  /** The whole conversation so far. */
  get messages(): readonly ModelMessage[] {
    return this.parts.agent.messages;
  }

  /** The MCP servers: state, tools and where each came from. */
  mcpServers(): ServerStatus[] {
    return this.parts.mcp.servers?.status() ?? [];
  }

  /** How many sub-agents started with `run_in_background` are still going. */
  get backgroundRunning(): number {
    return this.parts.background?.running ?? 0;
  }

  /** The background sub-agents going that leaving the session would stop (none asked to stop yet). */
  backgroundGoing(): GoingTask[] {
    return this.parts.background?.going() ?? [];
  }

  /** The background sub-agents that have ended this session, for `/tasks`. */
  backgroundEnded(): readonly EndedTask[] {
    return this.parts.background?.ended() ?? [];
  }

  /** The effort the next request of the model carries (Anthropic models only), if any. */
  get effort(): EffortLevel | undefined {
    return this.parts.effort();
  }

  /** Whether the next request of the model is asked with thinking on (model-env.ts thinkingOfModel). */
  get thinkingEnabled(): boolean {
    return this.parts.thinking();
  }

  /** The id of the sub-agent run in progress named `name` (RuntimeParts.subagentId). */
  subagentId(name: string): string | undefined {
    return this.parts.subagentId(name);
  }

  /** Your user settings file codebot saves to (RuntimeParts.userSettingsFile). */
  get userSettingsFile(): string {
    return this.parts.userSettingsFile;
  }

  /** The Agent SDK's `listPermissionRules()` (RuntimeParts.permissionRules). */
  permissionRules(): PermissionRulesState {
    return this.parts.permissionRules();
  }

  /**
   * How many background hook runs have not finished (what closing still waits for); with
   * `toolUseId`, those of that tool call only.
   */
  unfinishedHooks(toolUseId?: string): number {
    return this.parts.hooks.unfinishedRuns(toolUseId);
  }

  /** Where `abandonHooks()` saves the runs it gives up: `<session-id>.undelivered.jsonl` beside the transcript. */
  get undeliveredHooksPath(): string {
    return undeliveredHooksPath(this.transcriptPath);
  }
}
