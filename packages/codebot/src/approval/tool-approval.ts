import type { Tool, ToolCall, ToolContext, ToolMiddleware } from "@codebot/agentcore";
import type { PermissionUpdate } from "@codebot/hooks";
import type { PermissionMode } from "../settings/runtime-settings.js";
import type { PlanAnswer } from "../tools/plan-mode-tools.js";
import { alwaysRuleOf, sessionRuleSuggestion, subjectText } from "./always-rule.js";
import type { ApprovalAnswer } from "./approval-types.js";
import { asksFirst } from "./asks-first.js";
import type { ClassifierVerdict } from "./auto-mode-answer.js";
import { ClassifierBlocks } from "./auto-mode-denials.js";
import { BY_MODE, CallChecks, FILE_EDITS } from "./call-checks.js";
import {
  allowedWith,
  BY_ABORT,
  BY_YOU,
  INTERRUPTED_AT_QUESTION,
  type Judged,
  type ToolVerdict,
} from "./call-verdict.js";
import { askForHook, type HookAskRequest } from "./hook-ask-question.js";
import { applyPermissionUpdates } from "./hook-permission-updates.js";
import { nobodyToAskReason } from "./nobody-to-ask.js";
import { acceptedBy, rejectedBy } from "./permission-decision.js";
import { type PermissionRule, parsePermissionRule } from "./permission-rule.js";
import {
  allowedByRules,
  firstMatching,
  type PermissionRuleSet,
  type UnruledCommands,
} from "./permission-rules.js";
import { pinnedShell } from "./pinned-shell.js";
import { promptToolVerdict } from "./prompt-tool-verdict.js";
import { putToUser } from "./put-to-user.js";
import { definesFunction, unmatchedReadOnly } from "./read-only-bash.js";
import { RuleLayers } from "./rule-layers.js";
import type { PermissionDenial, ToolApprovalOptions } from "./tool-approval-options.js";

/** Auto mode's classifier allowed the call (claude's `reason_type` for it, recorded). */
const BY_CLASSIFIER = acceptedBy("config", "classifier");

/** A deny rule's refusal (claude's `permission_decision`, permission-decision.ts). */
const BY_DENY_RULE = rejectedBy("config", "permission-rule", "rule");

type JudgeContext = Pick<ToolContext, "agentName" | "signal"> &
  Partial<Pick<ToolContext, "permission" | "validateArgs" | "eventsDelivered">>;

/**
 * Decides whether a tool call may run, in Claude Code's order: a deny rule refuses it in every
 * mode; plan mode refuses mutating tools; an ask rule asks (refused when nobody can answer);
 * read-only tools run; then `bypassPermissions` runs everything, `acceptEdits` runs file edits (`auto`
 * those in the project), allow rules let matching calls through, `auto`'s classifier judges the
 * rest, `dontAsk` refuses the rest, and `ask` asks the user (refuses when nobody can be asked).
 * Before that last question (or refusal), PermissionRequest hooks may allow or deny the call;
 * every refusal is told to the PermissionDenied hooks.
 */
export class ToolApproval {
  /** The rules calls are judged by: the settings', the flag settings', the session's, those granted for now. */
  private readonly layers = new RuleLayers(() => this.options.rules);
  /** Every refused call, in order. */
  readonly denials: PermissionDenial[] = [];

  /** What a call reaches past its arguments: named files, settings files, a shell line's place. */
  private readonly checks: CallChecks;
  /** Auto mode's classifier's blocks, for claude's denial limits. */
  private readonly classifierBlocks = new ClassifierBlocks();

  constructor(private readonly options: ToolApprovalOptions) {
    this.checks = new CallChecks(options);
  }

  /** The settings' rules changed during the session: these hold from the next call. */
  setRules(rules: PermissionRuleSet): void {
    this.options.rules = rules;
  }

  /** The settings were read again: the plugin folders loaded now are among the own folders. */
  setOwnHomes(homes: readonly string[]): void {
    this.options.ownHomes = homes;
  }

  /**
   * The Agent SDK's flag settings' rules (`applyFlagSettings({permissions})`): they hold from the
   * next call, each change replacing the last.
   */
  setFlagRules(rules: PermissionRuleSet): void {
    this.layers.setFlagRules(rules);
  }

  /** The rules in force now: the settings' (and the command line's), the flag settings', then the session's. */
  get rules(): PermissionRuleSet {
    return this.layers.rules;
  }

  /** The allow rules granted for now (a skill's `allowed-tools` while it is active). */
  get grantedRules(): PermissionRule[] {
    return this.layers.grantedRules;
  }

  /** A rule for the rest of the session (a PermissionRequest hook's `addRules`). */
  addSessionRule(behavior: "allow" | "ask" | "deny", rule: PermissionRule): void {
    this.layers.addSessionRule(behavior, rule);
  }

  /** `/permissions remove`: a rule of the session ("always" answers, hooks) no longer holds. */
  removeSessionRule(behavior: "allow" | "ask" | "deny", text: string): boolean {
    return this.layers.removeSessionRule(behavior, text);
  }

  /** A call refused elsewhere (a PreToolUse hook's block): listed with the refusals, as claude lists it. */
  recordRefusal(call: ToolCall): void {
    this.denials.push({ tool_name: call.name, tool_use_id: call.id, tool_input: call.args });
  }

  /** A PreToolUse hook refused the call: a refusal, and the hook's decision (claude's `hook`, recorded for a deny). */
  refusedByHook(call: ToolCall): void {
    this.recordRefusal(call);
    this.options.onDecision?.(call, rejectedBy("hook", "permission-rule", "hook"));
  }

  /** Someone can answer a question: the terminal's person, or `--permission-prompt-tool` (the Agent SDK's `can_use_tool`). */
  get canAsk(): boolean {
    return this.options.ask !== undefined || this.options.promptTool !== undefined;
  }

  /**
   * exit_plan_mode's question: the plan put to the person (in turn with the other questions) or to
   * the prompt tool, whatever the mode (claude 2.1.328 asks in bypassPermissions too, recorded).
   */
  async approvePlan(
    call: ToolCall,
    ctx: JudgeContext,
    plan: string,
    returnsTo: PermissionMode,
  ): Promise<PlanAnswer> {
    const answer = await this.planAnswer(call, ctx, plan, returnsTo);
    // A refused plan is among the run's refusals (claude's result line lists it, recorded).
    if (!answer.approved) this.recordRefusal(call);
    return answer;
  }

  private async planAnswer(
    call: ToolCall,
    ctx: JudgeContext,
    plan: string,
    returnsTo: PermissionMode,
  ): Promise<PlanAnswer> {
    const { ask, promptTool } = this.options;
    if (ask !== undefined) {
      const answer = await putToUser(this.options, ask, call, ctx, {
        subject: plan,
        planReturnsTo: returnsTo,
      });
      // The terminal's "no" ends the turn (claude 2.1.328's does, recorded); the SDK's deny does not (recorded).
      return answer === "deny" || ctx.signal.aborted
        ? { approved: false, endsTurn: true }
        : { approved: true };
    }
    if (promptTool === undefined)
      return { approved: false, message: "Nobody can approve a plan in this session." };
    const answer = await promptTool.call(this.options, call, ctx, { suggestions: [] });
    return answer.behavior === "allow" ? { approved: true } : { approved: false, message: answer.message };
  }

  async decide(call: ToolCall, tool: Tool, ctx: JudgeContext): Promise<ToolVerdict> {
    const { decision: _, ...verdict } = await this.decided(call, tool, ctx);
    return verdict;
  }

  private async decided(call: ToolCall, tool: Tool, ctx: JudgeContext): Promise<Judged> {
    const judged = await this.judge(call, tool, ctx);
    // Any call allowed in auto mode ends a run of classifier blocks — by a rule, a read, the
    // classifier or a person's yes — as claude 2.1.328's count was reset (recorded: a Read).
    if (judged.allowed && this.options.mode() === "auto") this.classifierBlocks.allowed();
    if (!judged.allowed && judged.runEnds !== true) {
      this.recordRefusal(call);
      this.options.hooks?.denied(call, ctx, judged.deniedBecause ?? judged.reason);
    }
    return judged;
  }

  private async judge(call: ToolCall, tool: Tool, ctx: JudgeContext): Promise<Judged> {
    // A hook's allow, or the user's yes to a hook's ask, is written into this call's permission slot.
    // Either skips the mode's and the allow rules' question; only the user's yes answers an ask
    // rule (as in Claude Code, a hook's allow does not skip the deny and ask rules).
    const preApproved = ctx.permission?.preApprovedBy !== undefined;
    const confirmedByUser = ctx.permission?.confirmedByUser === true;
    const subject = this.checks.subjectOf(call);
    const where = { root: this.options.paths.root };
    const { allow, ask: askRules, deny } = this.rules;
    const denied = firstMatching(deny, subject, where);
    if (denied !== undefined) {
      return {
        allowed: false,
        reason: `permission denied: ${call.name} is refused by the deny rule "${denied.text}"`,
        decision: BY_DENY_RULE,
      };
    }
    const deniedPath = this.checks.pathRuleNamed(deny, subject, tool);
    if (deniedPath !== undefined && deniedPath.reached !== true) {
      return {
        allowed: false,
        reason: `permission denied: ${call.name} is refused by the deny rule "${deniedPath.rule.text}": ${deniedPath.why}`,
        decision: BY_DENY_RULE,
      };
    }
    const outside = this.checks.outsideBlocked(subject, tool);
    if (outside !== undefined)
      return { allowed: false, reason: `permission denied: ${call.name} ${outside}`, decision: BY_DENY_RULE };
    const mode = this.options.mode();
    // Plan mode runs a bash line that only reads, as Claude Code does; a guard hook matching it
    // cannot run there (no hook runs in plan mode), which refuses it as any such call.
    if (mode === "plan" && tool.mutating === true && !this.checks.shellLineWithin(subject, tool, mode)) {
      return {
        allowed: false,
        reason: `permission denied: ${call.name} is not allowed in plan mode (read-only tools only)`,
        decision: rejectedBy("config", "permission-rule", "mode"),
      };
    }
    // A deny rule's file the line reaches without naming it (`grep -r KEY .`) asks, in every mode:
    // a person may know the line is harmless (`cp -r . /tmp/backup`); nobody to ask refuses it.
    const heldByDeny = deniedPath;
    const askRule =
      firstMatching(askRules, subject, where) ??
      heldByDeny?.rule ??
      this.checks.pathRuleNamed(askRules, subject, tool)?.rule;
    let beyondRule: string | undefined;
    const personOnly = this.checks.personOnlyConcern(call, subject, tool);
    // As claude 2.1.328's: neither a hook's allow, acceptEdits nor an allow rule approves writing a
    // settings, git or tool-configuration file (its "sensitive file"), codebot's transcripts and
    // settings among them (a transcript's lines are read back on resume).
    const configWrite = this.checks.configWrite(call, subject);
    const hookMayApprove = !configWrite || confirmedByUser;
    if (personOnly !== undefined) {
      if (confirmedByUser) return { allowed: true, decision: BY_YOU };
    } else if (askRule === undefined) {
      // An MCP tool's readOnlyHint is its server's word: it lets the call run beside others, not
      // skip the question (claude 2.1.328 asks about one, recorded).
      const onlyReads =
        tool.mutating !== true && !call.name.startsWith("mcp__") && !asksFirst(tool, call.args);
      // A hook's allow counts first, as claude's PreToolUse allow is its decision (recorded).
      if (preApproved && hookMayApprove && !onlyReads && mode !== "bypassPermissions")
        return { allowed: true, decision: confirmedByUser ? BY_YOU : acceptedBy("hook", "hook") };
      if (onlyReads || mode === "bypassPermissions") return { allowed: true, decision: BY_MODE };
      if (this.editsUnasked(mode, subject.path) && FILE_EDITS.has(call.name) && !configWrite)
        return { allowed: true, decision: BY_MODE };
      // A line that only reads is allowed by that, not by a rule, as claude reports it. Auto mode
      // runs unasked what acceptEdits does (claude 2.1.328's ran `touch x` with no classifier, recorded).
      const shellLine = this.checks.shellLineDecision(subject, tool, mode === "auto" ? "acceptEdits" : mode);
      if (shellLine !== undefined) return { allowed: true, decision: shellLine };
      const grantedRules = this.layers.grantedRules;
      const place = this.checks.shellPlace(tool);
      // A function the line defines runs its body where it is called: its commands' order says nothing.
      const unruled: UnruledCommands | undefined =
        place && !definesFunction(subject.command ?? "")
          ? (unmatched, all) => unmatchedReadOnly(unmatched, all, place)
          : undefined;
      // autoMode.classifyAllShell: in auto mode a shell line goes to the classifier whatever allows it.
      const rulesSuspended =
        mode === "auto" && place !== undefined && this.options.classifyAllShell?.() === true;
      const rules = [...allow, ...grantedRules];
      const ruled = place === undefined ? subject : { ...subject, cwd: place.cwd };
      if (
        !rulesSuspended &&
        allowedByRules(rules, ruled, where, unruled) &&
        !configWrite &&
        !this.checks.namesOwnFolder(subject, tool)
      ) {
        // A prefix or wildcard rule does not cover what claude's does not (beyond-prefix-rules.ts);
        // a rule naming the whole line, or the whole tool, does.
        beyondRule = this.checks.beyondPrefixRules(subject, tool);
        if (beyondRule === undefined || allowedByRules(rules.filter(namesWholeLine), ruled, where, unruled))
          return { allowed: true, decision: acceptedBy("config", "rule") };
      }
    } else if (confirmedByUser) {
      return { allowed: true, decision: BY_YOU };
    }
    // Auto mode: the classifier judges what would be asked about, before any PermissionRequest hook
    // (claude 2.1.328 fires none in -p, recorded); an ask rule, a configuration file's write and a
    // call only a person may approve are asked about as in any mode.
    if (mode === "auto" && askRule === undefined && personOnly === undefined && !configWrite) {
      const classified = await this.classified(call, ctx);
      if (classified !== undefined) return classified;
    }
    // Nothing settled it: codebot would ask, or refuse for lack of a rule. PermissionRequest hooks may answer first.
    const heldBy =
      heldByDeny !== undefined ? `the deny rule "${heldByDeny.rule.text}": ${heldByDeny.why}` : undefined;
    const ruleReason =
      heldBy ??
      (beyondRule !== undefined ? `no prefix or wildcard allow rule covers it: ${beyondRule}` : undefined);
    const text = subjectText(call, subject, this.options.paths);
    const alwaysRule = alwaysRuleOf(call, text);
    // What "always" would add is what the hooks are offered (none under an ask rule: it asks each time).
    const suggestions = askRule === undefined && !configWrite ? [sessionRuleSuggestion(alwaysRule)] : [];
    const hooked = await this.options.hooks?.request(call, ctx, suggestions);
    if (hooked?.behavior === "allow" && personOnly === undefined && hookMayApprove) {
      if (hooked.updatedPermissions) this.applyUpdates(hooked.updatedPermissions, `hook ${hooked.by}`);
      return allowedWith(hooked.updatedInput, ctx, `hook ${hooked.by}`, acceptedBy("hook", "hook"));
    }
    if (hooked?.behavior === "deny") {
      return {
        allowed: false,
        reason: `permission denied by hook ${hooked.by}: ${hooked.message}`,
        decision: rejectedBy("hook", "permission-rule", "hook"),
      };
    }
    const ask = this.options.ask;
    const promptTool = this.options.promptTool;
    if (ask === undefined && mode !== "dontAsk" && promptTool !== undefined) {
      return promptToolVerdict(
        call,
        {
          askRule: askRule !== undefined ? this.layers.ruleSourceOf(askRule) : undefined,
          suggestions,
          paths: this.options.paths,
        },
        ctx,
        (question) => promptTool.call(this.options, call, ctx, question),
        (updates, by) => this.applyUpdates(updates, by),
      );
    }
    if (ask === undefined || mode === "dontAsk") {
      // claude 2.1.328 -p with nobody to ask (recorded): the configuration's no, as a person's.
      return {
        allowed: false,
        reason: nobodyToAskReason(call.name, {
          personOnly,
          askRule: askRule?.text,
          heldBy,
          beyondRule,
          configFile: configWrite ? this.options.paths.display(subject.path as string) : undefined,
          fileEdit: FILE_EDITS.has(call.name),
          rule: call.name === "skill" && subject.skill !== undefined ? `Skill(${subject.skill})` : undefined,
        }),
        decision: rejectedBy("config", "user-rejected"),
      };
    }
    let answer: ApprovalAnswer;
    try {
      // No rule approves a configuration file's write: "always" is not offered for one.
      answer = await putToUser(this.options, ask, call, ctx, {
        subject: text,
        ...(configWrite || heldByDeny !== undefined ? {} : { alwaysRule }),
        ...(ruleReason !== undefined ? { ruleReason } : {}),
      });
    } catch (error) {
      return {
        allowed: false,
        reason: `permission denied: approval of ${call.name} failed: ${(error as Error).message}`,
        decision: rejectedBy("user_reject", "user-rejected"),
      };
    }
    if (ctx.signal.aborted)
      return { allowed: false, reason: `permission denied: ${INTERRUPTED_AT_QUESTION}`, decision: BY_ABORT };
    // An "always" under an ask rule is a yes for this call only: the rule asks again next time.
    if (answer === "always" && askRule === undefined && !configWrite) {
      const parsed = parsePermissionRule(alwaysRule);
      if (parsed.ok) this.layers.addSessionRule("allow", parsed.rule);
    }
    if (answer === "once") return { allowed: true, decision: BY_YOU };
    if (answer === "always") return { allowed: true, decision: acceptedBy("user_permanent") };
    return {
      allowed: false,
      reason: `permission denied: the user refused this ${call.name} call`,
      decision: rejectedBy("user_reject", "user-rejected"),
    };
  }

  /**
   * Auto mode's classifier's verdict on a call that would be asked about: allowed, refused with its
   * reason, or — with no verdict — refused when nobody can be asked, else undefined (the question
   * is put as in `ask` mode, and the user told why). No verdict never runs the call.
   */
  private async classified(call: ToolCall, ctx: JudgeContext): Promise<Judged | undefined> {
    const { classifier } = this.options;
    const verdict: ClassifierVerdict = classifier
      ? await classifier.judge(call, ctx.signal)
      : { verdict: "unavailable", why: "this session has no classifier" };
    if (ctx.signal.aborted)
      return { allowed: false, reason: `permission denied: ${INTERRUPTED_AT_QUESTION}`, decision: BY_ABORT };
    // The classifier's request counts against --max-budget-usd: reaching it ends the run before the
    // call runs, whatever the verdict, as claude 2.1.328's did (recorded); the kernel ends the run.
    // Nobody refused it: claude fired no PermissionDenied and listed no denial (recorded).
    const spent = this.options.budgetSpent?.();
    if (spent !== undefined)
      return {
        allowed: false,
        reason: `${call.name} was not run: ${spent} (the auto mode classifier's request reached it)`,
        decision: rejectedBy("config", "interrupted", "classifier"),
        runEnds: true,
      };
    if (verdict.verdict === "allow") return { allowed: true, decision: BY_CLASSIFIER };
    const limit = verdict.verdict === "block" ? this.classifierBlocks.blocked() : undefined;
    if (verdict.verdict === "block" && limit !== undefined) {
      // Past claude's denial limits the person decides (auto-mode-denials.ts); with nobody to ask, refused as such.
      if (this.options.ask !== undefined || this.options.promptTool !== undefined)
        this.options.notify?.(
          `codebot: ${limit} by the auto mode classifier; asking you instead: please review the transcript before you answer. Latest block: ${verdict.reason}`,
        );
      return undefined;
    }
    if (verdict.verdict === "block")
      return {
        allowed: false,
        reason: `permission denied by the auto mode classifier: ${verdict.reason}. Do not try to get around this refusal; if the action is needed, finish what you can and tell the user why you need it.`,
        decision: rejectedBy("config", "automode-blocked", "classifier"),
        deniedBecause: verdict.reason,
      };
    const why = `the auto mode classifier gave no verdict on this ${call.name} call (${verdict.why})`;
    if (this.options.ask === undefined && this.options.promptTool === undefined)
      return {
        allowed: false,
        reason: `permission denied: ${why}; it was not run. Reading files and searching need no verdict.`,
        decision: rejectedBy(
          "config",
          verdict.verdict === "unavailable" ? "automode-unavailable" : "automode-parsing-error",
          "classifier",
        ),
        deniedBecause: why,
      };
    this.options.notify?.(`codebot: ${why}; asking you instead`);
    return undefined;
  }

  /** Whether the mode runs the write and edit tools unasked at `path`: acceptEdits anywhere, auto in the project. */
  private editsUnasked(mode: PermissionMode, path: string | undefined): boolean {
    if (mode === "acceptEdits") return true;
    return mode === "auto" && path !== undefined && this.options.paths.contains(path);
  }

  /**
   * Allow rules that count until the returned function is called (a skill's `allowed-tools` while
   * it is active). Like any allow rule they never beat a deny or ask rule, or plan mode.
   */
  grant(rules: readonly PermissionRule[]): () => void {
    return this.layers.grant(rules);
  }

  /** A hook answered `permissionDecision: "ask"`: the call is put to the user (hook-ask-question.ts). */
  askForHook(request: HookAskRequest): Promise<{ allowed: true } | { allowed: false; reason: string }> {
    return askForHook(this.options, (call) => this.checks.subjectOf(call), request);
  }

  /** The kernel middleware: a denied call returns an error result the model sees. */
  middleware(): ToolMiddleware {
    return async (call, next, ctx) => {
      // A shell's directory is read once: the call is judged from it and runs in it, though a
      // sub-agent running beside it moves the shell (a `cd`) while it is judged or before it runs.
      const { tool, folder: judgedIn } = pinnedShell(ctx.tool);
      const verdict = await this.decided(call, tool, ctx);
      this.options.onDecision?.(call, verdict.decision);
      if (!verdict.allowed) {
        ctx.permission.refused = true;
        return { content: verdict.reason, isError: true };
      }
      if (judgedIn !== undefined) ctx.permission.judgedIn = judgedIn;
      return next(verdict.args ? { ...call, args: verdict.args } : call);
    };
  }

  /** An allow's `updatedPermissions` (a PermissionRequest hook's, or the prompt tool's), for the session; `by` names who gave them. */
  private applyUpdates(updates: PermissionUpdate[], by: string): void {
    applyPermissionUpdates(updates, by, {
      addRule: (behavior, rule) => this.addSessionRule(behavior, rule),
      setMode: (mode) => this.options.setMode?.(mode),
      notify: (message) => this.options.notify?.(message),
    });
  }
}

/** A rule that allows a bash line whatever it names: the whole tool's (`Bash`), or one naming the whole line. */
function namesWholeLine(rule: PermissionRule): boolean {
  return rule.bash === undefined || rule.bash.kind === "exact";
}
