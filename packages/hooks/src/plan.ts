/**
 * Which hooks of one firing run, and how (§3, §4): a pure function of the event's fields and the
 * compiled hooks — no I/O, no state. Every hook ends up waited for, started in the background, or
 * skipped with a reason for its trace record.
 */
import path from "node:path";
import type { CompiledHook } from "./compiled-hook.js";
import type { IfOn, MatchField } from "./events.js";
import { ifSubject } from "./if-subject.js";
import { isManagedHook } from "./managed-switches.js";
import { matchesAnyName } from "./matcher.js";
import type { PayloadFields } from "./payload.js";
import { USER_OWNED_SOURCES } from "./settings-layer.js";
import { toolNames } from "./tool-aliases.js";
import type { SkipReason } from "./trace.js";

export interface Skipped {
  hook: CompiledHook;
  reason: SkipReason;
}

/**
 * One step: the hooks the caller waits for (one native entry, or the matching hooks of the Claude
 * Code groups next to each other in the list: they run together and merge in configuration order),
 * preceded by the hooks skipped or started in the background since the previous step.
 */
export interface Step {
  skipped: Skipped[];
  background: CompiledHook[];
  wait: CompiledHook[];
  /** Index in the planned list just after this step: where a re-plan starts (after a rewrite). */
  end: number;
}

export interface Plan {
  steps: Step[];
  /** Once-keys of the hooks planned to run (a Claude Code command runs once per firing). */
  once: string[];
}

export interface PlanOptions {
  /** `disableAllHooks` is set: every hook is skipped (and traced). */
  disabled?: boolean;
  /** Every hook not from the managed settings is skipped, for this reason. */
  unmanagedOff?: SkipReason;
  /** Once-keys already run in this firing (by an earlier plan of it). */
  ran?: ReadonlySet<string>;
}

export function plan(fields: PayloadFields, hooks: readonly CompiledHook[], options: PlanOptions = {}): Plan {
  const subjects = new Subjects(fields);
  const reasons = hooks.map((hook) => skipReason(hook, fields, subjects, options));
  const runsOnce = onceRunners(hooks, reasons, options);
  const once: string[] = [];
  const steps: Step[] = [];
  let step = emptyStep();
  let i = 0;
  while (i < hooks.length) {
    // Claude Code runs every matching hook of an event at once, whatever group it is in: the
    // Claude Code groups next to each other in the list run together (a native entry between
    // them runs on its own, in its place).
    const together = hooks[i]?.group !== undefined;
    let end = i + 1;
    while (together && end < hooks.length && hooks[end]?.group !== undefined) end++;
    for (let k = i; k < end; k++) {
      const hook = hooks[k] as CompiledHook;
      const key = hook.onceKey;
      const reason =
        reasons[k] ?? (key !== undefined && runsOnce.get(key) !== hook ? "duplicate" : undefined);
      if (reason) step.skipped.push({ hook, reason });
      else if (hook.mode === "async" || hook.background) step.background.push(hook);
      else step.wait.push(hook);
      if (!reason && hook.onceKey !== undefined) once.push(hook.onceKey);
    }
    i = end;
    if (step.wait.length) {
      step.end = end;
      steps.push(step);
      step = emptyStep();
    }
  }
  if (step.skipped.length || step.background.length) {
    step.end = hooks.length;
    steps.push(step);
  }
  return { steps, once };
}

function emptyStep(): Step {
  return { skipped: [], background: [], wait: [], end: 0 };
}

/**
 * For each once-key, the one hook of it that runs in this firing: of those not skipped otherwise,
 * the first from the user's own settings, else the first. A copy in an untrusted project file must
 * not take the run from the user's own identical hook and then not run itself (skipped as not
 * approved later). None for a key an earlier plan of the firing ran.
 */
function onceRunners(
  hooks: readonly CompiledHook[],
  reasons: readonly (SkipReason | undefined)[],
  options: PlanOptions,
): Map<string, CompiledHook | undefined> {
  const runners = new Map<string, CompiledHook | undefined>();
  hooks.forEach((hook, i) => {
    const key = hook.onceKey;
    if (key === undefined || reasons[i] !== undefined) return;
    const chosen = runners.get(key);
    if (options.ran?.has(key)) runners.set(key, undefined);
    else if (!runners.has(key)) runners.set(key, hook);
    else if (chosen && !USER_OWNED_SOURCES.has(chosen.source) && USER_OWNED_SOURCES.has(hook.source))
      runners.set(key, hook);
  });
  return runners;
}

/** Why `hook` does not run in this firing, duplicates aside (onceRunners). */
function skipReason(
  hook: CompiledHook,
  fields: PayloadFields,
  subjects: Subjects,
  options: PlanOptions,
): SkipReason | undefined {
  if (options.disabled) return "all hooks disabled";
  if (options.unmanagedOff !== undefined && !isManagedHook(hook)) return options.unmanagedOff;
  if (!hook.enabled) return "disabled";
  if (!matchesAnyName(hook.matcher, subjects.names(hook.matchOn))) return "matcher";
  if (hook.ifMatcher && !hook.ifMatcher.test(subjects.ifText(hook.ifOn))) return "if";
  if (hook.ifRule && !hook.ifRule.test({ tool: fields.tool ?? "", args: fields.args ?? {} })) return "if";
  if (hook.skipFailedCall && fields.isError === true) return "failed call";
  // A call the run's abort cut off (isInterrupt) is a stopped run's too.
  if (hook.skipStoppedRun && (fields.runStopped === true || fields.isInterrupt === true))
    return "stopped run";
  return undefined;
}

/** What matchers are compared with, each built at most once per plan. */
class Subjects {
  private readonly nameCache: Partial<Record<MatchField, readonly string[]>> = {};
  private readonly ifCache: Partial<Record<IfOn, string>> = {};

  constructor(private readonly fields: PayloadFields) {}

  names(on: MatchField): readonly string[] {
    let names = this.nameCache[on];
    if (names === undefined) {
      names = namesFor(on, this.fields);
      this.nameCache[on] = names;
    }
    return names;
  }

  ifText(on: IfOn): string {
    let text = this.ifCache[on];
    if (text === undefined) {
      const f = this.fields;
      text = ifSubject(
        on === "args" ? f.args : on === "task" ? f.task : on === "shellCommand" ? f.shellCommand : undefined,
      );
      this.ifCache[on] = text;
    }
    return text;
  }
}

/** What a matcher on `on` is compared with: any of these names matches. */
export function namesFor(on: MatchField, f: PayloadFields): readonly string[] {
  switch (on) {
    case "tool":
      return toolNames(f.tool ?? "");
    case "agent":
      return [f.agent ?? ""];
    case "source":
      return [f.source ?? ""];
    case "reason":
      return [f.reason ?? ""];
    case "notificationType":
      return [f.notificationType ?? ""];
    case "trigger":
      return [f.trigger ?? ""];
    case "command":
      return [f.commandName ?? ""];
    case "loadReason":
      return [f.loadReason ?? ""];
    case "error":
      return [f.error ?? ""];
    case "model":
      return modelNames(f.toModel ?? "");
    case "server":
      return [f.server ?? ""];
    case "fileName":
      return [path.basename(f.filePath ?? ""), f.filePath ?? ""];
    case "none":
      return [""];
  }
}

/**
 * A model switch matches its `provider/id`, the id alone, and for Claude models the family
 * (`opus`, `sonnet`, `haiku`): Claude Code matchers name models without a provider, often by family.
 */
function modelNames(spec: string): readonly string[] {
  const id = spec.slice(spec.indexOf("/") + 1);
  const family = /^claude-(opus|sonnet|haiku)\b/.exec(id)?.[1];
  return [...new Set([spec, id, ...(family ? [family] : [])])];
}
