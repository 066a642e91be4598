import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { EffortLevel, Steered } from "@codebot/agentcore";
import type { BackgroundTask, SessionEndReason } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { PermissionRuleSet } from "../approval/permission-rules.js";
import { programServerEntries } from "../mcp/program-servers.js";
import { claudeCompatOf } from "../settings/claude-compat.js";
import type { KeptPlugins } from "../settings/kept-plugins.js";
import type { PluginFolder } from "../settings/plugin-folder.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import { addDirectory, folderToAdd } from "./add-directory.js";
import type { CompactOutcome } from "./compaction.js";
import type { ThinkingChange } from "./model-env.js";
import { type ModelSwitchOutcome, switchModel } from "./model-switch.js";
import type { PromptResult } from "./prompt-result.js";
import { suggestNextPrompt } from "./prompt-suggestion.js";
import { rememberDirectory } from "./remember-directory.js";
import type { RestoreOutcome } from "./rewind/checkpoint-store.js";
import { type RewindChoice, type RewindPoint, rewind, rewindPoints, summarizeAt } from "./rewind/rewind.js";
import type { RuntimeParts } from "./runtime-parts.js";
import { RuntimeShutdown } from "./runtime-shutdown.js";
import { RuntimeView } from "./runtime-view.js";
import type { PromptFrom } from "./session.js";
import type { SessionListener } from "./session-events.js";
import type { AbandonedHooks } from "./undelivered-hooks.js";

const PROMPT_RUNNING = "session: a prompt is already running; wait for it or abort it";

/**
 * A running codebot session: settings, approval, hooks, tools, agent and transcript put
 * together: what it is is read through RuntimeView, what runs and changes it is here. `close()`
 * ends it: SessionEnd, then every async hook in flight (RuntimeShutdown).
 */
export class Runtime extends RuntimeView {
  private readonly shutdown: RuntimeShutdown;

  /** Set while the first prompt waits for the MCP servers to start. */
  private waitingForMcp: AbortController | undefined;

  /** The history of the session last resumed as its recap shows it; see `resumedConversation`. */
  private resumedShown: readonly ModelMessage[] | undefined;

  constructor(parts: RuntimeParts) {
    super(parts);
    this.resumedShown = parts.resumedShown;
    this.shutdown = new RuntimeShutdown(parts);
  }

  /** A prompt that never reaches the model (`hooks test`): the events fired next carry a new prompt_id. */
  beginPrompt(): void {
    this.parts.promptIds.next();
  }

  /**
   * `/resume <id>`: SessionEnd (reason `resume`) for the session left, then an earlier session of
   * the project goes on in its place — its history, id, transcript and task list — with
   * SessionStart (source `resume`). Throws while a prompt runs, or when the id names no session
   * of the project.
   */
  resume(sessionId: string): void {
    if (this.shutdown.began) throw new Error("session: closed");
    const other = this.parts.resume(sessionId);
    this.parts.session.switchTo(other);
    this.resumedShown = other.shown;
  }

  /** `/add-dir`: one more folder the file tools may reach; DirectoryAdded fires. Returns the folder (its real path). */
  addDirectory(input: string): string {
    const { cwd, paths, hooks, backgroundSaid } = this.parts;
    const folder = addDirectory(input, cwd, paths, hooks, (text) => backgroundSaid.note(text));
    // The folder is one more MCP root: servers are told, as claude 2.1.328 tells them (read in its binary).
    this.parts.mcp.servers?.rootsChanged();
    return folder;
  }

  /** The folder `/add-dir <input>` would add (its real path); throws the one-line error when there is none. */
  folderToAdd(input: string): string {
    return folderToAdd(input, this.parts.cwd, this.parts.paths);
  }

  /** `/add-dir`'s "remember": the folder in the project's local settings, approved there (remember-directory.ts). Returns the file. */
  rememberDirectory(folder: string): string {
    const { cwd, project, codebotHome } = this.parts;
    return rememberDirectory(folder, cwd, claudeCompatOf(project.layers, codebotHome), project.trustStore);
  }

  /**
   * `--prompt-suggestions`: the user's likely next prompt, asked of the model between turns
   * (prompt-suggestion.ts); undefined when there is none to give. Its usage counts as the session's.
   */
  suggestNextPrompt(signal: AbortSignal): Promise<string | undefined> {
    const spec = this.parts.modelSpec();
    return suggestNextPrompt({
      agent: this.parts.agent,
      lastStep: this.parts.context().lastStep,
      planMode: this.permissionMode === "plan",
      signal,
      used: (usage) => this.parts.usage.add(spec, usage),
    });
  }

  /**
   * A built-in command `-p` ran (`/usage`, `/context`) and its output, in the transcript as claude
   * 2.1.328 records it: `-c` goes on with a session that has only that, and a resume sends it.
   */
  recordCommand(command: string, output: string): void {
    this.parts.recordCommand(command, output);
  }

  /**
   * The conversation of the session last resumed (`-c`, `-r`, `/resume`) as it was then, as its
   * recap shows it: the history with the `API Error: …` answers of runs a model error ended,
   * which the model is not sent. The history in a session that never resumed or was cleared since.
   */
  get resumedConversation(): readonly ModelMessage[] {
    return this.resumedShown ?? this.messages;
  }

  get isRunning(): boolean {
    return this.waitingForMcp !== undefined || this.parts.session.isRunning;
  }

  /**
   * Runs one prompt to its end. Rejects when another prompt is running or the runtime is closed.
   * The first prompt waits for the MCP servers, at most their startup timeout; meanwhile it counts
   * as running (a second prompt is refused) and `abort()` cancels it.
   */
  prompt(text: string, uuid?: string, from: PromptFrom = "user"): Promise<PromptResult> {
    if (this.shutdown.began) return Promise.reject(new Error("session: closed"));
    if (this.waitingForMcp) return Promise.reject(new Error(PROMPT_RUNNING));
    return this.promptOnce(text, uuid, from).finally(() => {
      this.recordCostUnlessClosing();
      this.parts.background?.turnEnded();
    });
  }

  /**
   * The cost-state line after a prompt, compaction or summary. One that close() cut short (a
   * signal mid-turn) leaves it to close()'s line as the session is left: one line, not two back to
   * back that differed only in the milliseconds between them.
   */
  private recordCostUnlessClosing(): void {
    if (!this.shutdown.began) this.parts.recordCost();
  }

  private promptOnce(text: string, uuid: string | undefined, from: PromptFrom): Promise<PromptResult> {
    const startup = this.parts.mcp.servers?.startupWait();
    if (startup === undefined) return this.parts.session.prompt(text, uuid, from);
    this.waitingForMcp = new AbortController();
    const { signal } = this.waitingForMcp;
    const aborted = new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
    return Promise.race([startup, aborted]).then(() => {
      this.waitingForMcp = undefined;
      if (this.shutdown.began) throw new Error("session: closed");
      const run = this.parts.session.prompt(text, uuid, from);
      // Cancelled while waiting: the prompt ends as aborted before it reaches the model.
      if (signal.aborted) this.parts.session.abort();
      return run;
    });
  }

  /**
   * The prompt a SessionStart hook of the start asked to send first (Claude Code's
   * `initialUserMessage`), once those hooks have answered. `codebot -p` sends it before the prompt
   * given, as claude 2.1.328 `-p` does; an interactive session does not (nor does claude's).
   */
  initialUserMessage(): Promise<string | undefined> {
    return this.parts.initialUserMessage();
  }

  /** Settles once the Setup and SessionStart hooks have answered: a title one gave is the session's by then. */
  async started(): Promise<void> {
    await this.parts.startup.catch(() => undefined);
  }

  /** Resolves once every MCP server started or failed, or their startup timeout ran out. */
  async mcpReady(): Promise<void> {
    await this.parts.mcp.servers?.ready();
  }

  /** The MCP server started anew; rejects for a name the session has not started. */
  async reconnectMcpServer(name: string): Promise<void> {
    await this.mcpServersOrNone(name).reconnect(name);
  }

  /** The MCP server turned off (its tools gone) or on again for the session. */
  async toggleMcpServer(name: string, enabled: boolean): Promise<void> {
    await this.mcpServersOrNone(name).toggle(name, enabled);
  }

  /**
   * The Agent SDK program's servers become these (`setMcpServers()`): what was added and removed,
   * and each name's error. Rejects in a session that cannot take servers (no control protocol).
   */
  async setMcpServers(
    servers: Record<string, unknown>,
  ): Promise<{ added: string[]; removed: string[]; errors: Record<string, string> }> {
    const mcp = this.parts.mcp.servers;
    if (mcp === undefined) throw new Error("this session takes no MCP servers");
    const { entries, errors } = programServerEntries(servers, this.cwd, this.parts.project);
    const set = await mcp.setProgramServers(entries);
    return { ...set, errors: { ...errors, ...set.errors } };
  }

  private mcpServersOrNone(name: string): NonNullable<RuntimeParts["mcp"]["servers"]> {
    const servers = this.parts.mcp.servers;
    if (servers === undefined) throw new Error(`Server not found: ${name}`);
    return servers;
  }

  /**
   * `/compact [focus]`: the conversation is summarised now (PreCompact with trigger `manual` and
   * the focus as `custom_instructions`). Rejects while a prompt is running or when closed.
   */
  compact(focus?: string): Promise<CompactOutcome> {
    if (this.shutdown.began) return Promise.reject(new Error("session: closed"));
    return this.parts.session.compact(focus).finally(() => this.recordCostUnlessClosing());
  }

  /**
   * `/clear`: SessionEnd (reason `clear`), then a new session — new id, transcript and task list,
   * empty history, as Claude Code's `/clear` — with SessionStart (source `clear`). Throws while a prompt runs.
   */
  clear(): void {
    if (this.shutdown.began) throw new Error("session: closed");
    this.parts.session.clear(this.parts.fresh());
    this.resumedShown = undefined;
  }

  /** `/rewind`'s list: the conversation's prompts, oldest first, with the files each one's tools changed. */
  rewindPoints(): RewindPoint[] {
    return rewindPoints(this.parts.identity().transcriptPath, this.parts.checkpoints);
  }

  /** `/rewind`: back to before `point` — the conversation, the files, or both (session/rewind/rewind.ts). Throws while a prompt runs. */
  rewind(point: RewindPoint, choice: RewindChoice): RestoreOutcome | undefined {
    if (this.shutdown.began) throw new Error("session: closed");
    const { checkpoints, session } = this.parts;
    return rewind(point, choice, {
      transcript: this.parts.identity().transcriptPath,
      store: checkpoints,
      session,
    });
  }

  /**
   * The Agent SDK's `rewindFiles()`: the files codebot's file tools changed since the prompt whose
   * transcript line is `uuid` (an SDK message's own) — undefined when the session keeps no copies —,
   * as they would be put back, or put back (the conversation stays). Throws while a prompt runs.
   */
  rewindFiles(
    uuid: string,
    dryRun: boolean,
  ):
    | { found: boolean; before?: { file: string; before: Buffer | null }[]; outcome?: RestoreOutcome }
    | undefined {
    if (this.shutdown.began) throw new Error("session: closed");
    const store = this.parts.checkpoints;
    if (store === undefined) return undefined;
    const point = this.rewindPoints().find((p) => p.uuid === uuid);
    if (point === undefined) return { found: false };
    if (dryRun) return { found: true, before: store.contentsBefore(point) };
    return { found: true, outcome: this.rewind(point, { conversation: false, code: true }) };
  }

  /**
   * `/rewind`'s "Summarize from here" / "up to here" (session/rewind/rewind.ts): the part of the
   * conversation from `point` on, or before it, becomes a summary; PreCompact (`manual`, the
   * context typed as `custom_instructions`), PostCompact and SessionStart `compact` fire as for `/compact`.
   */
  summarizeAt(
    point: RewindPoint,
    summarize: NonNullable<RewindChoice["summarize"]>,
  ): Promise<CompactOutcome> {
    if (this.shutdown.began) return Promise.reject(new Error("session: closed"));
    const { session, agent } = this.parts;
    return summarizeAt(point, this.rewindPoints(), summarize, {
      transcript: this.parts.identity().transcriptPath,
      session,
      messages: agent.messages,
    }).finally(() => this.recordCostUnlessClosing());
  }

  /**
   * The user interrupts the prompt in progress (Esc; a first Ctrl+C): the running model step or
   * tool calls are aborted, the prompt ends with status `aborted`, and the history keeps what was
   * done plus a note that the user interrupted, for the next prompt.
   */
  interrupt(): void {
    this.waitingForMcp?.abort();
    this.parts.session.interrupt();
  }

  /**
   * A user message for the prompt in progress, given to the model before its next step (the
   * Agent SDK's message sent mid-turn, as the program sent it: the model gets it in claude's
   * mid-turn wrapper); it can be taken back while not delivered, e.g. when the run ended first.
   */
  steerMidTurn(sent: string, uuid?: string): Steered {
    return this.parts.steeredOrigins.midTurn((text) => this.parts.agent.steer(text), sent, uuid);
  }

  /**
   * Between prompts: the `<task-notification>` message of background sub-agents that ended while
   * the main agent was idle, for a turn of its own; waits while some still run. Undefined once
   * none runs and none waits (or the session closes).
   */
  async backgroundNotification(): Promise<string | undefined> {
    if (this.shutdown.began) return undefined;
    return this.parts.background?.next();
  }

  /**
   * Ctrl+C at the prompt: the background sub-agents going are stopped, with no turn for their
   * notifications; the model hears of each with the next prompt, as claude 2.1.328's does
   * (recorded: `Background agent "helper" was stopped by the user.` came with the next prompt).
   */
  stopBackgroundRuns(): BackgroundTask[] {
    const stopped = this.parts.background?.stopGoing() ?? [];
    for (const task of stopped)
      this.parts.backgroundSaid.note(
        `Background agent "${task.description || task.agentType}" was stopped by the user.`,
      );
    return stopped;
  }

  /** Stops the background sub-agent with this `agent_id`; false when none such runs. */
  stopBackgroundTask(id: string): boolean {
    return this.parts.background?.stop(id) ?? false;
  }

  /** Cancels the prompt in progress. */
  abort(): void {
    this.waitingForMcp?.abort();
    this.parts.session.abort();
  }

  /** Switches the model (a `provider/id` spec or a model) for the next model call, sub-agents and prompt hooks. */
  async setModel(model: string | LanguageModelV3): Promise<void> {
    await this.parts.setModel(model);
  }

  /** The Agent SDK's `reloadSkills()`: the skill and command folders read again, as a SessionStart hook's `reloadSkills` does. */
  async reloadSkills(): Promise<void> {
    if (this.shutdown.began) throw new Error("session: closed");
    await this.parts.reloadSkills();
  }

  /** `/effort`, the Agent SDK's `applyFlagSettings({effortLevel})`: the next model call carries `level`. */
  async setEffort(level: EffortLevel | undefined): Promise<void> {
    if (this.shutdown.began) throw new Error("session: closed");
    await this.parts.setEffort(level);
  }

  /** `/permissions` changed a settings file (RuntimeParts.rulesEdited). */
  rulesEdited(lifted: readonly { kind: "allow" | "ask" | "deny"; text: string }[]): void {
    this.parts.rulesEdited(lifted);
  }

  /** The plugins as last loaded (RuntimeParts.loadedPlugins): a listing of the session's hooks reads these, not the folders. */
  get loadedPlugins(): KeptPlugins {
    return this.parts.loadedPlugins();
  }

  /** The Agent SDK's `reloadPlugins()`: the plugin folders read again (RuntimeParts.reloadPlugins). */
  reloadPlugins(add: readonly string[] = []): Promise<{ plugins: readonly PluginFolder[]; errors: number }> {
    if (this.shutdown.began) return Promise.reject(new Error("session: closed"));
    return this.parts.reloadPlugins(add);
  }

  /** The Agent SDK's `setMaxThinkingTokens()`: the next model call carries the budget and display. */
  async setThinking(change: ThinkingChange): Promise<void> {
    if (this.shutdown.began) throw new Error("session: closed");
    await this.parts.setThinking(change);
  }

  /** The Agent SDK's `applyFlagSettings({permissions})`: its rules hold from the next call. */
  setFlagRules(rules: PermissionRuleSet): void {
    if (this.shutdown.began) throw new Error("session: closed");
    this.parts.setFlagRules(rules);
  }

  /**
   * `/model`: switches to `spec` (`provider/id`) unless a PreModelSwitch hook refuses; then
   * PostModelSwitch. `requested` is what the user asked for (an alias or a bare id).
   */
  switchModel(spec: string, requested: string | null = spec): Promise<ModelSwitchOutcome> {
    if (this.shutdown.began) return Promise.reject(new Error("session: closed"));
    const { hooks, modelSpec, setModel } = this.parts;
    return switchModel({ hooks, currentSpec: modelSpec, setModel }, spec, requested);
  }

  setPermissionMode(mode: PermissionMode): void {
    this.parts.approval.setMode(mode);
  }

  /** Kernel events of every agent, hook trace records and notices; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void {
    return this.parts.events.subscribe(listener);
  }

  /**
   * Lets another process open this session now, without ending it: for a run that only borrows a
   * session and removes it again (`hooks test`), after its hooks are closed.
   */
  releaseSession(): void {
    this.parts.sessionLock.release();
  }

  /** close() has begun. */
  get isClosing(): boolean {
    return this.shutdown.began;
  }

  /** For a process that must exit now: the hook runs not finished, saved (RuntimeShutdown.abandonHooks). */
  abandonHooks(): AbandonedHooks {
    return this.shutdown.abandonHooks(this.undeliveredHooksPath);
  }

  /** Ends the session: SessionEnd, then every async hook in flight (RuntimeShutdown.close). Idempotent. */
  close(reason: SessionEndReason = "other"): Promise<void> {
    return this.shutdown.close(reason);
  }
}
