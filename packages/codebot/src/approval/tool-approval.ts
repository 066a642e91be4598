import type { Tool, ToolCall, ToolContext, ToolMiddleware } from "@codebot/agentcore";
import type { PathPolicy } from "../paths/path-policy.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import type { ApprovalAnswer, AskToolApproval, ToolApprovalRequest } from "./approval-types.js";
import type { AskQueue } from "./ask-queue.js";
import {
  literalGlob,
  type PermissionRule,
  parsePermissionRule,
  ruleAllows,
  subjectKind,
} from "./permission-rule.js";

export type ToolVerdict = { allowed: true } | { allowed: false; reason: string };

export interface ToolApprovalOptions {
  mode: () => PermissionMode;
  rules: readonly PermissionRule[];
  paths: PathPolicy;
  queue: AskQueue;
  ask?: AskToolApproval;
}

/**
 * Decides whether a tool call may run. Only mutating tools are gated: `auto` allows them,
 * `plan` denies them, `ask` allows them by rule or asks the user (denies when nobody can be asked).
 */
export class ToolApproval {
  /** Rules added by "always" answers; they last for the session. */
  private readonly sessionRules: PermissionRule[] = [];

  constructor(private readonly options: ToolApprovalOptions) {}

  async decide(
    call: ToolCall,
    tool: Tool,
    ctx: Pick<ToolContext, "agentName" | "signal"> & Partial<Pick<ToolContext, "permission">>,
  ): Promise<ToolVerdict> {
    if (tool.mutating !== true) return { allowed: true };
    const mode = this.options.mode();
    if (mode === "auto") return { allowed: true };
    if (mode === "plan") {
      return {
        allowed: false,
        reason: `permission denied: ${call.name} is not allowed in plan mode (read-only tools only)`,
      };
    }
    // A hook's allow, or the user's yes to a hook's ask, was written into this call's permission slot.
    if (ctx.permission?.preApprovedBy !== undefined) return { allowed: true };
    const subject = this.subjectOf(call);
    const rules = [...this.options.rules, ...this.sessionRules];
    if (rules.some((r) => ruleAllows(r, call.name, subject))) return { allowed: true };
    const ask = this.options.ask;
    if (ask === undefined) {
      return {
        allowed: false,
        reason: `permission denied: ${call.name} needs approval; allow it with --permission-mode auto or a "permissions.allow" rule`,
      };
    }
    const alwaysRule = alwaysRuleOf(call, subject);
    let answer: ApprovalAnswer;
    try {
      answer = await this.putToUser(ask, call, ctx, { subject, alwaysRule });
    } catch (error) {
      return {
        allowed: false,
        reason: `permission denied: approval of ${call.name} failed: ${(error as Error).message}`,
      };
    }
    if (ctx.signal.aborted) return { allowed: false, reason: `permission denied: the run was cancelled` };
    if (answer === "always") {
      const parsed = parsePermissionRule(alwaysRule);
      if (parsed.ok) this.sessionRules.push(parsed.rule);
    }
    if (answer === "once" || answer === "always") return { allowed: true };
    return { allowed: false, reason: `permission denied: the user refused this ${call.name} call` };
  }

  /**
   * A hook answered `permissionDecision: "ask"`: the call is put to the user, whatever the mode and
   * rules say; a yes lets it skip the usual question. With nobody to ask, it is refused.
   */
  async askForHook(request: {
    call: ToolCall;
    ctx: ToolContext;
    reason?: string;
    hook: string;
  }): Promise<{ allowed: true } | { allowed: false; reason: string }> {
    const { call, ctx } = request;
    const why = request.reason ?? `${request.hook} asks for confirmation`;
    const ask = this.options.ask;
    if (ask === undefined) {
      return {
        allowed: false,
        reason: `${why} (a hook asked for confirmation; nobody can answer in a non-interactive run)`,
      };
    }
    const subject = this.subjectOf(call);
    let answer: ApprovalAnswer;
    try {
      answer = await this.putToUser(ask, call, ctx, {
        subject,
        alwaysRule: alwaysRuleOf(call, subject),
        hookReason: why,
      });
    } catch (error) {
      return { allowed: false, reason: `${why}: asking failed: ${(error as Error).message}` };
    }
    // "always" counts as yes for this call only: the hook asks again next time, so no rule is added.
    if (ctx.signal.aborted || (answer !== "once" && answer !== "always")) {
      return { allowed: false, reason: `${why} (the user refused this ${call.name} call)` };
    }
    ctx.permission.preApprovedBy = request.hook;
    return { allowed: true };
  }

  /** The kernel middleware: a denied call returns an error result the model sees. */
  middleware(): ToolMiddleware {
    return async (call, next, ctx) => {
      const verdict = await this.decide(call, ctx.tool, ctx);
      if (!verdict.allowed) return { content: verdict.reason, isError: true };
      return next(call);
    };
  }

  /** One question at a time (parallel calls queue up); a run cancelled meanwhile is a "deny" without asking. */
  private putToUser(
    ask: AskToolApproval,
    call: ToolCall,
    ctx: Pick<ToolContext, "agentName" | "signal">,
    question: Pick<ToolApprovalRequest, "subject" | "alwaysRule" | "hookReason">,
  ): Promise<ApprovalAnswer> {
    return this.options.queue.run(() =>
      ctx.signal.aborted
        ? Promise.resolve("deny")
        : ask({
            tool: call.name,
            agentName: ctx.agentName,
            args: call.args,
            ...question,
            signal: ctx.signal,
          }),
    );
  }

  private subjectOf(call: ToolCall): string | undefined {
    const kind = subjectKind(call.name);
    if (kind === "command") return typeof call.args.command === "string" ? call.args.command : undefined;
    if (kind === "path" && typeof call.args.file_path === "string") {
      const resolved = this.options.paths.resolve(call.name, call.args.file_path);
      return resolved.ok ? this.options.paths.display(resolved.path) : call.args.file_path;
    }
    return undefined;
  }
}

/** The rule an "always" answer adds: the tool with its subject taken literally, or the whole tool. */
function alwaysRuleOf(call: ToolCall, subject: string | undefined): string {
  return subject === undefined ? call.name : `${call.name}(${literalGlob(subject)})`;
}
