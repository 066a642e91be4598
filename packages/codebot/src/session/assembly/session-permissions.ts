import path from "node:path";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Tool, ToolCall, Usage } from "@codebot/agentcore";
import { type HookRunner, type LoadedHooks, USER_OWNED_SOURCES } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import { ApprovalEngine } from "../../approval/approval-engine.js";
import { autoModeClassifier, DEFAULT_CLASSIFIER_TIMEOUT_MS } from "../../approval/auto-mode-classifier.js";
import { notInEffectRules, settingsFileErrors } from "../../approval/not-in-effect-rules.js";
import type { PermissionDecision } from "../../approval/permission-decision.js";
import { permissionHooks } from "../../approval/permission-hooks.js";
import { permissionPromptTool } from "../../approval/permission-prompt-tool.js";
import type { PermissionRule } from "../../approval/permission-rule.js";
import type { PermissionRuleSet } from "../../approval/permission-rules.js";
import { reloadedRules, withoutRules } from "../../approval/reloaded-rules.js";
import type { RuleOrigin } from "../../approval/rule-origin.js";
import { type PermissionRulesState, rulesState } from "../../approval/rules-state.js";
import { visible } from "../../approval/visible-text.js";
import { PathPolicy, realPathOfDeepestAncestor } from "../../paths/path-policy.js";
import { ReadRules } from "../../paths/read-rules.js";
import { ownAllowRule } from "../../settings/allow-grant.js";
import { modeRefusal } from "../../settings/managed-policy.js";
import { millisecondsVariable } from "../../settings/milliseconds-variable.js";
import { ownSettingsEnv } from "../../settings/own-settings-env.js";
import type { PluginFolder } from "../../settings/plugin-folder.js";
import type { RuntimeSettings, UntrustedGrant } from "../../settings/runtime-settings.js";
import type { ProjectSettings } from "../project-settings.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { Notify } from "./session-notices.js";
import type { SessionSettings } from "./session-settings.js";

/** What the approval engine reaches only once the parts made after it exist. */
export interface PermissionsLateParts {
  /** The session's tools, MCP tools among them once their servers connect (`--permission-prompt-tool`'s). */
  tools(): readonly Tool[];
  /** Resolves once every MCP server has connected or failed. */
  mcpReady(): Promise<void>;
  runner(): HookRunner;
  /** A PermissionRequest hook's `interrupt: true` (or `continue: false`) ends the run. */
  stopRun: Parameters<typeof permissionHooks>[1];
  /** `auto` mode's classifier's model (the session's current one) and the conversation it reads. */
  classifierModel(): LanguageModelV3;
  conversation(): readonly ModelMessage[];
  /** What a classifier request used, for the session's usage and `--max-budget-usd`. */
  classifierUsed(usage: Usage): void;
  /** Why no more may be spent (`--max-budget-usd` reached), if so. */
  budgetSpent(): string | undefined;
  /** How each tool call's permission check ended, for its result's transcript line. */
  decided(call: ToolCall, decision: PermissionDecision): void;
}

type Permissions = RuntimeSettings["permissions"];

/** A rule of the Agent SDK program's flag settings, named as claude names them. */
const fromProgram = (rule: PermissionRule): PermissionRule => ({ ...rule, origin: "flagSettings" });

/**
 * The approval phase: where the file tools may reach, the permission rules (the settings', then
 * the command line's, the user's own, unless only the managed ones count) and the engine that
 * judges each tool call and project hook by them.
 */
export class SessionPermissions {
  readonly paths: PathPolicy;
  readonly approval: ApprovalEngine;
  /** The same rules, for files given to the model without a read call (@file mentions, instruction imports). */
  readonly readRules: ReadRules;
  private readonly flagAllow: PermissionRule[] = [];
  /** `--allowedTools` rules that wait for the approval of what they would run. */
  private readonly flagUntrusted: UntrustedGrant[] = [];
  private readonly flagRules: Pick<RuntimeOptions, "allowedTools" | "disallowedTools">;
  private rulesAtStart: PermissionRuleSet;
  /** The Agent SDK program's rules as last given (listed as not in effect when only the managed ones count). */
  private programRules: PermissionRuleSet = { allow: [], ask: [], deny: [] };
  /**
   * The settings' folders (`additionalDirectories`) by origin, as read at the start: the file
   * tools reach those for the whole session (a folder a settings file gains later is not reached).
   */
  private readonly settingsDirectories: ReadonlyMap<string, RuleOrigin>;
  /** The settings as last read (at the start, or again mid-session): their files' rules and errors. */
  private settingsRead: ProjectSettings;

  constructor(
    private readonly options: RuntimeOptions,
    private readonly where: Pick<SessionSettings, "env" | "cwd" | "codebotHome" | "claudeHome" | "project">,
    private readonly notify: Notify,
    late: PermissionsLateParts,
  ) {
    const { cwd, project } = where;
    const { settings, modes } = project;
    this.settingsRead = project;
    this.paths = new PathPolicy(
      cwd,
      // `--restricted` confines the file tools to the working folders (claude's), whoever asks otherwise.
      options.allowOutsideProject === true && modes?.restricted !== true,
      [],
      [...settings.permissions.directories, ...(options.addDirs ?? [])],
    );
    const managedRulesOnly = settings.policy.managedRulesOnlyBy !== undefined;
    this.flagRules = managedRulesOnly ? {} : options;
    if (managedRulesOnly && (options.allowedTools?.length || options.disallowedTools?.length))
      notify(
        `codebot: --allowedTools and --disallowedTools are ignored: only the managed settings' permission rules count (allowManagedPermissionRulesOnly in ${settings.policy.managedRulesOnlyBy})`,
      );
    // `--allowedTools` rules are your own, as a `--settings` file's are: one whose git would run what
    // the repository's .git brings waits for its approval too (ownAllowRule).
    for (const rule of this.flagRules.allowedTools ?? []) {
      const own = ownAllowRule(rule, cwd, project.isGrantTrusted);
      if ("rule" in own) this.flagAllow.push({ ...own.rule, origin: "cliArg" });
      else this.flagUntrusted.push({ grant: own.untrusted, source: "cli", file: "--allowedTools" });
    }
    this.rulesAtStart = this.rulesOf(settings.permissions);
    this.settingsDirectories = settings.permissions.directoryOrigins;
    this.approval = new ApprovalEngine({
      mode: options.permissionMode ?? settings.permissions.mode ?? "ask",
      rules: this.rulesAtStart,
      paths: this.paths,
      trustStore: project.trustStore,
      trustProjectHooks: options.trustProjectHooks,
      modeRefusal: (mode) => modeRefusal(settings.policy, mode),
      ...(options.allowBypass ? { bypassAvailable: true } : {}),
      ownHomes: this.ownHomesOf(project.plugins),
      ...(modes?.restricted ? { restricted: true } : {}),
      ...(settings.policy.blockOutside ? { blockOutside: settings.policy.blockOutside } : {}),
      notify,
      ...(options.hooksApprovedOnce ? { hooksApprovedOnce: options.hooksApprovedOnce } : {}),
      askToolApproval: options.askToolApproval,
      onDecision: (call, decision) => {
        late.decided(call, decision);
        options.onPermissionDecision?.(call, decision);
      },
      ...(options.permissionPromptTool !== undefined
        ? {
            promptTool:
              typeof options.permissionPromptTool === "string"
                ? permissionPromptTool(options.permissionPromptTool, {
                    tools: late.tools,
                    mcpReady: late.mcpReady,
                  })
                : options.permissionPromptTool,
          }
        : {}),
      askHookApproval: options.askHookApproval,
      budgetSpent: late.budgetSpent,
      classifyAllShell: () => this.settingsRead.settings.autoMode.classifyAllShell === true,
      classifier: autoModeClassifier({
        model: late.classifierModel,
        messages: late.conversation,
        projectDir: this.paths.root,
        lists: () => this.settingsRead.settings.autoMode,
        denyRules: () => this.approval.rules.deny.map((rule) => rule.text),
        used: late.classifierUsed,
        timeoutMs:
          millisecondsVariable(
            "CODEBOT_AUTO_MODE_TIMEOUT_MS",
            where.env.CODEBOT_AUTO_MODE_TIMEOUT_MS,
            1,
            notify,
          ) ?? DEFAULT_CLASSIFIER_TIMEOUT_MS,
      }),
      hookSettingsEnv: () => ownSettingsEnv(this.settingsRead.settings),
      permissionHooks: permissionHooks(
        late.runner,
        late.stopRun,
        millisecondsVariable(
          "CODEBOT_PERMISSION_PROMPT_MS",
          where.env.CODEBOT_PERMISSION_PROMPT_MS,
          0,
          notify,
        ),
        options.lastKeyAt,
      ),
    });
    this.readRules = new ReadRules(() => this.approval.rules, this.paths.root);
  }

  /** Rules the user took out (`/permissions remove`): a deny or ask rule among them is not kept as one that went. */
  liftRules(lifted: readonly { kind: "allow" | "ask" | "deny"; text: string }[]): void {
    this.rulesAtStart = withoutRules(this.rulesAtStart, lifted);
  }

  /** The settings read again: their rules (a deny or ask rule that went is kept), plugin folders and untrusted grants. */
  applySettings(reread: ProjectSettings): void {
    this.settingsRead = reread;
    this.approval.setOwnHomes(this.ownHomesOf(reread.plugins));
    const { rules, kept } = reloadedRules(this.rulesOf(reread.settings.permissions), this.rulesAtStart);
    this.approval.setRules(rules);
    if (kept.length > 0)
      this.notify(
        `codebot: the settings no longer have ${kept.map((r) => visible(r.text)).join(", ")}; kept until the session ends (a deny or ask rule is not lifted mid-session)`,
      );
    this.announceUntrusted(reread.hooks, reread.settings.permissions);
  }

  /** The one-time notices of what the project's settings (and `--allowedTools`) asked for but did not get. */
  announceUntrusted(loaded: LoadedHooks, permissions: Permissions): void {
    const untrustedGrants = [...permissions.untrusted, ...this.flagUntrusted];
    if (!loaded.disabled && loaded.unmanagedOff === undefined) {
      const enabled = loaded.hooks.filter((h) => h.enabled);
      const notice = this.approval.untrustedHooksNotice(
        enabled,
        this.options.askHookApproval !== undefined,
        this.where.cwd,
      );
      if (notice) this.notify(notice);
    }
    const own = untrustedGrants.filter((g) => USER_OWNED_SOURCES.has(g.source));
    const theirs = untrustedGrants.filter((g) => !own.includes(g));
    const list = (grants: readonly { grant: string }[]) => grants.map((g) => visible(g.grant)).join(", ");
    if (theirs.length > 0)
      this.notify(
        `codebot: project settings asked for permissions that are not trusted and were ignored: ${list(theirs)}`,
      );
    // Your own rule whose git would run what the repository's .git brings (ownRuleRunningGit), your
    // status line that runs a program of the project.
    if (own.length > 0)
      this.notify(
        `codebot: your own settings would run programs this repository brings, not approved for it yet, and were not honoured: ${list(own)}; run "codebot hooks trust" to review them${own.some((g) => g.file === "--allowedTools") ? " (given the same --allowedTools)" : ""}`,
      );
  }

  /** The Agent SDK program's permission rules (its flag settings). */
  setProgramRules(rules: PermissionRuleSet): void {
    const { project } = this.where;
    this.programRules = rules;
    if (project.settings.policy.managedRulesOnlyBy !== undefined) {
      const given = rules.allow.length + rules.ask.length + rules.deny.length;
      if (given > 0)
        this.notify(
          `codebot: the Agent SDK's permission rules are ignored: only the managed settings' permission rules count (allowManagedPermissionRulesOnly in ${project.settings.policy.managedRulesOnlyBy})`,
        );
      return;
    }
    // The program's allow rules are the user's own, as `--allowedTools` are (ownAllowRule).
    const allow: PermissionRule[] = [];
    for (const rule of rules.allow) {
      const own = ownAllowRule(rule, this.where.cwd, project.isGrantTrusted);
      if ("rule" in own) allow.push(fromProgram(own.rule));
      else
        this.notify(
          `codebot: the Agent SDK's allow rule "${visible(rule.text)}" is not applied: it waits for the approval of ${visible(own.untrusted)}`,
        );
    }
    this.approval.tools.setFlagRules({
      allow,
      ask: rules.ask.map(fromProgram),
      deny: rules.deny.map(fromProgram),
    });
  }

  /** The Agent SDK's `listPermissionRules()`: the rules in force and the working folders, each with its origin. */
  rulesState(): PermissionRulesState {
    const { tools } = this.approval;
    const folders = this.settingsDirectories;
    const given = this.options.addDirs ?? [];
    const listed = new Set([...folders.keys(), ...given].map(realPathOfDeepestAncestor));
    return rulesState({
      rules: tools.rules,
      granted: tools.grantedRules,
      directories: [
        ...[...folders].map(([folder, origin]) => ({ path: folder, origin })),
        ...given.map((folder) => ({ path: folder, origin: "cliArg" as const })),
        // What `/add-dir` added during the session.
        ...this.paths.addedFolders
          .filter((folder) => !listed.has(folder))
          .map((folder) => ({ path: folder, origin: "session" as const })),
      ],
      originalCwd: this.where.cwd,
      managedOnly: this.where.project.settings.policy.managedRulesOnlyBy !== undefined,
      notInEffect: notInEffectRules(this.settingsRead.layers, this.programRules),
      errors: settingsFileErrors(this.settingsRead.problems),
    });
  }

  private rulesOf(permissions: Permissions): PermissionRuleSet {
    return {
      allow: [...permissions.allow, ...this.flagAllow],
      ask: permissions.ask,
      deny: [
        ...permissions.deny,
        ...(this.flagRules.disallowedTools ?? []).map((rule) => ({ ...rule, origin: "cliArg" as const })),
      ],
    };
  }

  /**
   * codebot's and Claude Code's folders (real paths), wherever they are: the file tools reach them
   * only when the project holds them or paths outside it are allowed, but a bash line reaches them
   * anywhere (own-folder-commands.ts). Each loaded plugin's folder too: its hooks, MCP servers and
   * commands run as yours with no question, and one can be anywhere — a local marketplace's plugin
   * runs from that folder (local-marketplace-plugin.ts), which may be in the project, where the
   * model under acceptEdits rewrote a hook's script and it ran at the next call.
   */
  private ownHomesOf(plugins: readonly PluginFolder[]): string[] {
    return [this.where.codebotHome, this.where.claudeHome, ...plugins.map((plugin) => plugin.root)].map(
      (home) => realPathOfDeepestAncestor(path.resolve(home)),
    );
  }
}
