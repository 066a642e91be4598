import { approvalWithdrawn, type CompiledHook, hookConsent, hookScripts } from "@codebot/hooks";
import type { ApprovalAnswer, HookApprovalRequest } from "../../approval/approval-types.js";
import type { QueuePlace } from "../../approval/ask-queue.js";
import { visible } from "../../approval/visible-text.js";
import { displayPath, type HookInventory } from "../hooks/hook-inventory.js";
import { hookDetailLines } from "../hooks/hook-view.js";
import type { Styles } from "../output/styles.js";
import { questionCount } from "./question-count.js";
import type { Questions } from "./questions.js";

/**
 * The fallback to the project question (HOOKS.md §8): the session's `askHookApproval`. A project
 * hook (or a user's own hook running a program of the project: hook-consent.ts) reaches it only
 * when it is neither trusted nor approved for the session. One that was in
 * the question at start (so the user said no) is refused without asking again; one that changed
 * since — a script it runs was edited, by the user or the model — is asked about alone, with the
 * same keys, naming the tool call it would run for.
 */
export function changedHookQuestion(
  startInventory: HookInventory,
  questions: Questions,
  view: { line(text: string): void; runningCall(): string | undefined },
  s: Styles,
  /** Where the question stands among the approval questions waiting (`(1 of 2) `). */
  place: () => QueuePlace | undefined = () => undefined,
): (request: HookApprovalRequest) => Promise<ApprovalAnswer> {
  // The consent fingerprints the project question listed (the unapproved ones were answered there).
  const listed = new Set(startInventory.hooks.map((h) => h.fingerprint));
  const cwd = startInventory.cwd;
  return async (request) => {
    if (listed.has(hookConsent(request.hook, cwd).fingerprint)) return "deny";
    if (request.signal.aborted) return "deny";
    const own = request.source !== "project" && request.source !== "local";
    view.line(
      `${s.yellow("?")} ${questionCount(place())}${own ? "your hook runs a program of the project that is not approved yet" : "a project hook changed since the session started"}:`,
    );
    for (const line of hookLines(request.hook, cwd, s)) view.line(`  ${line}`);
    // Which call it would run for (tool events): the one running now. Kernel events reach the
    // view through an async stream; one turn of the event loop lets its start arrive first.
    await new Promise((resolve) => setImmediate(resolve));
    const call = request.tool !== undefined ? view.runningCall() : undefined;
    if (call !== undefined) view.line(`  ${s.dim("for the call")} ${call}`);
    // Withdrawn when the hook is given up: an open question would take the next keys typed.
    const answer = await questions.ask<ApprovalAnswer>(
      `  ${s.bold("y")} this session · ${s.bold("a")} always (remember for this project) · ${s.bold("n")} no: `,
      { y: "once", a: "always", n: "deny" },
      "deny",
      request.signal,
    );
    if (request.signal.aborted) {
      view.line(s.yellow(`  ${givenUp(request.signal)}; the hook did not run`));
      return "deny";
    }
    view.line(s.dim(answer === "once" ? "  yes, this session" : answer === "always" ? "  always" : "  no"));
    return answer;
  };
}

/**
 * Why the question went: withdrawn with the run (Esc, Ctrl+C, the session ending) — nobody said no,
 * and no time ran out — or expired, with why as the approval gate says it (`no approval within 2s`).
 */
function givenUp(signal: AbortSignal): string {
  if (approvalWithdrawn(signal)) return "question withdrawn: the run was cancelled";
  return `question expired: ${signal.reason instanceof Error ? visible(signal.reason.message) : "the hook was given up"}`;
}

/**
 * One hook as the question shows it: `hook <Event> [matcher …] <name> (<file>)`, then what it
 * runs with, as every consent screen shows it (hookDetailLines).
 */
export function hookLines(hook: CompiledHook, cwd: string, s: Styles): string[] {
  const filters = [
    hook.matcher.source === "" ? "" : `matcher ${hook.matcher.source}`,
    hook.ifMatcher === undefined ? "" : `if ${hook.ifMatcher.source}`,
  ].filter(Boolean);
  const matcher = filters.length === 0 ? "" : ` ${s.dim(`[${visible(filters.join(" · "))}]`)}`;
  const lines = [
    `${s.bold("hook")} ${hook.event}${matcher} ${s.cyan(visible(hook.name))} ${s.dim(`(${hook.source} ${visible(displayPath(hook.path, cwd))})`)}`,
  ];
  const scripts = hookScripts(hook.spec, cwd, hook.env);
  for (const line of hookDetailLines(hook, scripts, cwd, s)) lines.push(`    ${line}`);
  return lines;
}
