import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ApprovalAnswer, ToolApprovalRequest } from "../../approval/approval-types.js";
import type { QueuePlace } from "../../approval/ask-queue.js";
import { subjectKind } from "../../approval/permission-rule.js";
import { programsNamed } from "../../approval/programs-named.js";
import { visible } from "../../approval/visible-text.js";
import { EXIT_PLAN_MODE } from "../../tools/plan-mode-tools.js";
import { isCut, longTextShown } from "../output/long-text-shown.js";
import type { Styles } from "../output/styles.js";
import { numberedOptions } from "./numbered-options.js";
import { planShown } from "./plan-shown.js";
import { questionCount } from "./question-count.js";
import type { Questions } from "./questions.js";

/** Past this many characters, a rule that is the subject as shown is not shown a second time. */
const REPEATED_SUBJECT = 40;

/**
 * The rule an `a` answer adds, as the question shows it. A long command's rule is the command
 * itself, taken literally: written out again, a 300-character line doubled the question's rows
 * and had the user compare two copies; `this exact bash command` says the same.
 */
function alwaysShown(rule: string, request: ToolApprovalRequest): string {
  const subject = request.subject;
  if (subject !== undefined && subject.length > REPEATED_SUBJECT && rule === `${request.tool}(${subject})`)
    return `this exact ${subjectKind(request.tool) === "command" ? "command" : "path"}`;
  return visible(rule);
}

/**
 * A subject too long to show whole (a 5 MB command) as its start and end, the whole written to a
 * file of its own (readable by you only) that the question names, so what is approved can be read.
 * The file lasts while the question is open: `remove` (on the answer, or as codebot exits) takes
 * its folder away — a command may hold a secret, and /tmp is no place to leave one.
 */
function shownWithFile(subject: string, tool: string): { text: string; remove: () => void } {
  if (!isCut(subject)) return { text: subject, remove: () => {} };
  // A bash command's hidden middle may run anything (`npm test <1,000 characters> ; curl … | sh`):
  // the question names every program the whole runs.
  const runs = tool === "bash" ? programsNamed(subject) : undefined;
  let folder: string | undefined;
  try {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "codebot-asked-"));
    fs.writeFileSync(path.join(folder, "subject.txt"), subject, { mode: 0o600 });
  } catch {
    if (folder !== undefined) fs.rmSync(folder, { recursive: true, force: true });
    return { text: longTextShown(subject, undefined, runs), remove: () => {} };
  }
  const made = folder;
  const remove = () => {
    process.off("exit", remove);
    fs.rmSync(made, { recursive: true, force: true });
  };
  process.once("exit", remove);
  return { text: longTextShown(subject, path.join(made, "subject.txt"), runs), remove };
}

/**
 * The interactive session's `askToolApproval`: the question about a tool call no rule settled,
 * `? allow bash … [y]es / [n]o / [a]lways`. In screen-reader mode the answers are numbered options.
 */
export function toolCallQuestion(
  questions: Questions,
  s: Styles,
  screenReader: boolean,
  /** Where the question stands among the approval questions waiting (`(1 of 3) `). */
  place: () => QueuePlace | undefined,
): (request: ToolApprovalRequest) => Promise<ApprovalAnswer> {
  return (request) => {
    if (request.tool === EXIT_PLAN_MODE) return planQuestion(questions, s, screenReader, place, request);
    const subject = shownWithFile(request.subject ?? JSON.stringify(request.args), request.tool);
    return callQuestion(questions, s, screenReader, place, request, visible(subject.text)).finally(
      subject.remove,
    );
  };
}

/** The question about any call but exit_plan_mode, `what` the call's subject as shown. */
function callQuestion(
  questions: Questions,
  s: Styles,
  screenReader: boolean,
  place: () => QueuePlace | undefined,
  request: ToolApprovalRequest,
  what: string,
): Promise<ApprovalAnswer> {
  const who = request.agentName === "main" ? "" : `[${request.agentName}] `;
  // A hook's permissionDecision "ask" (Claude Code) says why it asks.
  // A deny rule's file the line reaches without naming it (`grep -r KEY .`) says which rule.
  const why =
    request.hookReason !== undefined
      ? ` ${s.dim(`(a hook asks: ${visible(request.hookReason)})`)}`
      : request.ruleReason !== undefined
        ? ` ${s.dim(`(${visible(request.ruleReason)})`)}`
        : "";
  // Read at each drawing: a question queued behind this one makes it `(1 of 3)`.
  const asked = () =>
    `${s.yellow("?")} ${questionCount(place())}allow ${visible(who)}${s.bold(visible(request.tool))} ${what}${why}`;
  if (screenReader) {
    const { text, choices } = numberedOptions<ApprovalAnswer>([
      { label: "Yes", value: "once" },
      ...(request.alwaysRule !== undefined
        ? [
            {
              label: `Yes, and always allow ${visible(request.alwaysRule)} for this session`,
              value: "always" as const,
            },
          ]
        : []),
      { label: "No", value: "deny" },
    ]);
    return questions.ask(() => `${asked()}\n${text}`, choices, "deny", request.signal);
  }
  const always =
    request.alwaysRule !== undefined ? ` / [a]lways (${alwaysShown(request.alwaysRule, request)})` : "";
  return questions.ask<ApprovalAnswer>(
    () => `${asked()}  [y]es / [n]o${always}: `,
    request.alwaysRule !== undefined ? { y: "once", n: "deny", a: "always" } : { y: "once", n: "deny" },
    "deny",
    request.signal,
  );
}

/**
 * exit_plan_mode's question: the plan, line by line (each line made safe to show), then whether to
 * approve it and switch to the mode named (claude 2.1.328's names it: `Yes, and switch to default
 * (ask each time)`, recorded). No "always": each plan is its own question.
 */
function planQuestion(
  questions: Questions,
  s: Styles,
  screenReader: boolean,
  place: () => QueuePlace | undefined,
  request: ToolApprovalRequest,
): Promise<ApprovalAnswer> {
  const plan = planShown(request.subject ?? "")
    .split("\n")
    .map((line) => `  ${visible(line)}`)
    .join("\n");
  const switchTo = `switch to ${visible(request.planReturnsTo ?? "ask")} mode`;
  const asked = () =>
    `${s.bold("The plan:")}\n${plan}\n${s.yellow("?")} ${questionCount(place())}approve this plan and ${switchTo}`;
  if (screenReader) {
    const { text, choices } = numberedOptions<ApprovalAnswer>([
      { label: `Yes, and ${switchTo}`, value: "once" },
      { label: "No, keep planning", value: "deny" },
    ]);
    return questions.ask(() => `${asked()}\n${text}`, choices, "deny", request.signal);
  }
  return questions.ask<ApprovalAnswer>(
    () => `${asked()}  [y]es / [n]o, keep planning: `,
    { y: "once", n: "deny" },
    "deny",
    request.signal,
  );
}
