import type { ToolMiddleware } from "@codebot/agentcore";
import type { PathPolicy } from "../paths/path-policy.js";
import type { OutsideBlock } from "../settings/managed-policy.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import type {
  AskHookApproval,
  AskToolApproval,
  HookApprovalRequest,
  HookApprovalResult,
  PermissionHooks,
} from "./approval-types.js";
import { AskQueue } from "./ask-queue.js";
import type { AutoModeClassifier } from "./auto-mode-classifier.js";
import { checkBypassSwitch } from "./bypass-switch.js";
import { displayFile } from "./held-own-hook.js";
import { type HeldHook, HookApproval } from "./hook-approval.js";
import type { PermissionRuleSet } from "./permission-rules.js";
import { ToolApproval } from "./tool-approval.js";
import type { ToolApprovalOptions } from "./tool-approval-options.js";
import type { TrustStore } from "./trust-store.js";

export interface ApprovalEngineOptions {
  mode: PermissionMode;
  /** Honoured `permissions.allow`, `ask` and `deny` rules. */
  rules: PermissionRuleSet;
  paths: PathPolicy;
  trustStore: TrustStore;
  trustProjectHooks?: boolean;
  /** Consent fingerprints of project hooks approved for this session only. */
  hooksApprovedOnce?: readonly string[];
  /** Absent: non-interactive; what is not allowed by mode or rule is denied. */
  askToolApproval?: AskToolApproval;
  /** Absent: non-interactive; untrusted project hooks do not run. */
  askHookApproval?: AskHookApproval;
  /** `auto` mode's classifier (ToolApprovalOptions). */
  classifier?: AutoModeClassifier;
  /** See ToolApprovalOptions. */
  budgetSpent?: ToolApprovalOptions["budgetSpent"];
  /** See ToolApprovalOptions. */
  classifyAllShell?: ToolApprovalOptions["classifyAllShell"];
  /** PermissionRequest, PermissionDenied and Notification hooks of tool approval. */
  permissionHooks?: PermissionHooks;
  /** Told how each tool call's permission check ended (see ToolApprovalOptions). */
  onDecision?: ToolApprovalOptions["onDecision"];
  /** `--permission-prompt-tool`: who answers, with nobody to ask (see ToolApprovalOptions). */
  promptTool?: ToolApprovalOptions["promptTool"];
  /** Why setMode refuses a mode the settings disable (disableBypassPermissionsMode, disableAutoMode), if they do. */
  modeRefusal?: (mode: PermissionMode) => string | undefined;
  /** `--allow-dangerously-skip-permissions`: a switch to `bypassPermissions` is allowed though the session started in another mode (bypass-switch.ts). */
  bypassAvailable?: boolean;
  /**
   * codebot's and Claude Code's own folders and the loaded plugins' (real paths), where acceptEdits
   * does not edit unasked.
   */
  ownHomes?: readonly string[];
  /** Told what could not be saved (an "always" answer on a full disk). */
  notify?: (message: string) => void;
  /** `--restricted`: some calls need a person's yes whatever the rules say (ToolApprovalOptions). */
  restricted?: boolean;
  /** `permissions.block*OutsideWorkingDirectories` (ToolApprovalOptions). */
  blockOutside?: OutsideBlock;
  /** The user's own settings' `env` PATH and loading variables, which hooks get (HookApprovalOptions). */
  hookSettingsEnv?: () => Readonly<Record<string, string>> | undefined;
}

/**
 * One engine approves both tool calls and hooks, under one permission mode and one question
 * queue (the gate inside the gate of §8).
 */
export class ApprovalEngine {
  private currentMode: PermissionMode;
  /**
   * The mode the session left for the plan mode in force (`ask` for one started in plan mode):
   * what an approved plan returns to. Set by every switch into plan mode — enter_plan_mode's,
   * the Agent SDK's `set_permission_mode`, a hook's `setMode` — as claude 2.1.328 returns to the
   * mode its last entry left (recorded), so a mode the session stepped down from meanwhile does
   * not come back with a plan's approval.
   */
  private beforePlan: PermissionMode = "ask";
  private readonly modeRefusal: ApprovalEngineOptions["modeRefusal"];
  /** Launched in `bypassPermissions`, or with `--allow-dangerously-skip-permissions`: a switch back to `bypassPermissions` is allowed. */
  private readonly bypassAvailable: boolean;
  readonly tools: ToolApproval;
  readonly hooks: HookApproval;
  /** The questions put to the user, one at a time: where the open one stands among those waiting. */
  readonly queue = new AskQueue();

  constructor(options: ApprovalEngineOptions) {
    this.currentMode = options.mode;
    this.modeRefusal = options.modeRefusal;
    this.bypassAvailable = options.mode === "bypassPermissions" || options.bypassAvailable === true;
    const queue = this.queue;
    const mode = () => this.currentMode;
    this.tools = new ToolApproval({
      mode,
      rules: options.rules,
      paths: options.paths,
      queue,
      ask: options.askToolApproval,
      ...(options.permissionHooks ? { hooks: options.permissionHooks } : {}),
      ...(options.classifier ? { classifier: options.classifier } : {}),
      ...(options.budgetSpent ? { budgetSpent: options.budgetSpent } : {}),
      ...(options.classifyAllShell ? { classifyAllShell: options.classifyAllShell } : {}),
      ...(options.ownHomes ? { ownHomes: options.ownHomes } : {}),
      ...(options.restricted ? { restricted: true } : {}),
      ...(options.blockOutside ? { blockOutside: options.blockOutside } : {}),
      setMode: (mode) => this.setMode(mode),
      ...(options.notify ? { notify: options.notify } : {}),
      ...(options.promptTool ? { promptTool: options.promptTool } : {}),
      ...(options.onDecision ? { onDecision: options.onDecision } : {}),
    });
    this.hooks = new HookApproval({
      mode,
      projectDir: options.paths.root,
      trustStore: options.trustStore,
      queue,
      trustProjectHooks: options.trustProjectHooks,
      ...(options.hooksApprovedOnce ? { approvedOnce: options.hooksApprovedOnce } : {}),
      ask: options.askHookApproval,
      ...(options.notify ? { notify: options.notify } : {}),
      ...(options.hookSettingsEnv ? { settingsEnv: options.hookSettingsEnv } : {}),
    });
  }

  get mode(): PermissionMode {
    return this.currentMode;
  }

  setMode(mode: PermissionMode): void {
    const refusal = this.modeRefusal?.(mode);
    if (refusal !== undefined) throw new Error(refusal);
    checkBypassSwitch(this.currentMode, mode, this.bypassAvailable);
    if (mode === "plan" && this.currentMode !== "plan") this.beforePlan = this.currentMode;
    this.currentMode = mode;
  }

  /** The mode an approved plan returns to (see beforePlan). */
  get modeBeforePlan(): PermissionMode {
    return this.beforePlan;
  }

  /** The settings' permission rules changed during the session. */
  setRules(rules: PermissionRuleSet): void {
    this.tools.setRules(rules);
  }

  /** The settings were read again: the own folders now (the plugins loaded may have changed). */
  setOwnHomes(homes: readonly string[]): void {
    this.tools.setOwnHomes(homes);
  }

  /** The permission rules in force now. */
  get rules(): PermissionRuleSet {
    return this.tools.rules;
  }

  /** The hooks runner's `approveHook`. */
  approveHook = (request: HookApprovalRequest): HookApprovalResult | Promise<HookApprovalResult> =>
    this.hooks.approve(request);

  toolMiddleware(): ToolMiddleware {
    return this.tools.middleware();
  }

  /**
   * The one-time notice for a non-interactive session whose project hooks will not run, if any:
   * how many, from which files, and the command that trusts them.
   */
  untrustedHooksNotice(hooks: readonly HeldHook[], interactive: boolean, cwd: string): string | undefined {
    if (interactive) return undefined;
    const untrusted = this.hooks.untrusted(hooks);
    const project = untrusted.filter((h) => h.source === "project" || h.source === "local");
    const lines = untrusted.filter((h) => !project.includes(h)).flatMap((h) => this.hooks.tellHeld(h) ?? []);
    const n = project.length;
    if (n > 0) {
      const files = [...new Set(project.map((h) => displayFile(h.path, cwd)))].join(", ");
      const what =
        n === 1
          ? "1 project hook was not run because it is"
          : `${n} project hooks were not run because they are`;
      lines.unshift(`codebot: ${what} not trusted (${files}); run "codebot hooks trust" to review them`);
    }
    return lines.length === 0 ? undefined : lines.join("\n");
  }
}
