import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Agent } from "@codebot/agentcore";
import type { HookRunner, Problem, SettingsLayer } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { ApprovalEngine } from "../approval/approval-engine.js";
import type { TrustStore } from "../approval/trust-store.js";
import type { PermissionMode, RuntimeSettings } from "../settings/runtime-settings.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { PromptResult } from "./prompt-result.js";
import type { Session } from "./session.js";
import type { SessionEvents, SessionListener } from "./session-events.js";

/**
 * A configuration problem found while assembling the runtime (settings, hooks, http allow-list),
 * as its line: `message` is `formatProblem`'s line naming the file and what is wrong.
 */
export type RuntimeProblem = Pick<Problem, "severity" | "message">;

/** Everything `createRuntime` assembled. */
export interface RuntimeParts {
  sessionId: string;
  cwd: string;
  codebotHome: string;
  transcriptPath: string;
  tasksPath: string;
  layers: SettingsLayer[];
  settings: RuntimeSettings;
  problems: RuntimeProblem[];
  hooks: HookRunner;
  approval: ApprovalEngine;
  trustStore: TrustStore;
  tasks: TaskStore;
  /** The main agent's tools, by name. */
  toolNames: readonly string[];
  agent: Agent;
  session: Session;
  events: SessionEvents;
  getModel(): LanguageModelV3;
  setModel(model: string | LanguageModelV3): Promise<LanguageModelV3>;
}

/**
 * A running codebot session: settings, approval, hooks, tools, agent and transcript put
 * together. `close()` ends it: SessionEnd, then every async hook in flight.
 */
export class Runtime {
  readonly sessionId: string;
  /** The project directory (symlinks resolved). */
  readonly cwd: string;
  readonly codebotHome: string;
  /** The session's JSONL transcript (the hooks' `transcript_path`). */
  readonly transcriptPath: string;
  /** The session's task list file. */
  readonly tasksPath: string;
  readonly layers: readonly SettingsLayer[];
  readonly settings: RuntimeSettings;
  readonly problems: readonly RuntimeProblem[];
  readonly hooks: HookRunner;
  readonly approval: ApprovalEngine;
  readonly trustStore: TrustStore;
  readonly tasks: TaskStore;
  /** The main agent's tools, by name. */
  readonly toolNames: readonly string[];
  private closing: Promise<void> | undefined;

  constructor(private readonly parts: RuntimeParts) {
    this.sessionId = parts.sessionId;
    this.cwd = parts.cwd;
    this.codebotHome = parts.codebotHome;
    this.transcriptPath = parts.transcriptPath;
    this.tasksPath = parts.tasksPath;
    this.layers = parts.layers;
    this.settings = parts.settings;
    this.problems = parts.problems;
    this.hooks = parts.hooks;
    this.approval = parts.approval;
    this.trustStore = parts.trustStore;
    this.tasks = parts.tasks;
    this.toolNames = parts.toolNames;
  }

  /** The model the next model call uses. */
  get model(): LanguageModelV3 {
    return this.parts.getModel();
  }

  get permissionMode(): PermissionMode {
    return this.parts.approval.mode;
  }

  /** The whole conversation so far. */
  get messages(): readonly ModelMessage[] {
    return this.parts.agent.messages;
  }

  get isRunning(): boolean {
    return this.parts.session.isRunning;
  }

  /** Runs one prompt to its end. Rejects when another prompt is running or the runtime is closed. */
  prompt(text: string): Promise<PromptResult> {
    if (this.closing) return Promise.reject(new Error("session: closed"));
    return this.parts.session.prompt(text);
  }

  /** Cancels the prompt in progress. */
  abort(): void {
    this.parts.session.abort();
  }

  /** Switches the model (a `provider/id` spec or a model) for the next model call, sub-agents and prompt hooks. */
  async setModel(model: string | LanguageModelV3): Promise<void> {
    await this.parts.setModel(model);
  }

  setPermissionMode(mode: PermissionMode): void {
    this.parts.approval.setMode(mode);
  }

  /** Kernel events of every agent, hook trace records and notices; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void {
    return this.parts.events.subscribe(listener);
  }

  /**
   * Ends the session: aborts a prompt in progress and waits for it, fires SessionEnd, then waits
   * for every async hook (each up to its own timeout). Idempotent. Transcript lines are written
   * synchronously as they happen, so there is nothing left to flush. `reason` is SessionEnd's
   * Claude Code `reason` (`prompt_input_exit` when the user leaves an interactive session,
   * `clear`, `logout`; default `other`).
   */
  close(reason = "other"): Promise<void> {
    this.closing ??= (async () => {
      this.parts.session.abort();
      await this.parts.session.settled();
      this.parts.hooks.sessionEnd({ reason });
      await this.parts.hooks.close();
    })();
    return this.closing;
  }
}
