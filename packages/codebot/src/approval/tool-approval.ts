import type { Tool, ToolCall, ToolContext, ToolMiddleware } from "@codebot/agentcore";
import type { PathPolicy } from "../paths/path-policy.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import type { AskToolApproval } from "./approval-types.js";
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
    ctx: Pick<ToolContext, "agentName" | "signal">,
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
    const alwaysRule = subject === undefined ? call.name : `${call.name}(${literalGlob(subject)})`;
    let answer: string;
    try {
      answer = await this.options.queue.run(() =>
        ctx.signal.aborted
          ? Promise.resolve("deny")
          : ask({
              tool: call.name,
              agentName: ctx.agentName,
              args: call.args,
              subject,
              alwaysRule,
              signal: ctx.signal,
            }),
      );
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

  /** The kernel middleware: a denied call returns an error result the model sees. */
  middleware(): ToolMiddleware {
    return async (call, next, ctx) => {
      const verdict = await this.decide(call, ctx.tool, ctx);
      if (!verdict.allowed) return { content: verdict.reason, isError: true };
      return next(call);
    };
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
