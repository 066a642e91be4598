import fs from "node:fs";
import path from "node:path";
import {
  buildClaudePayload,
  buildPayload,
  type CompiledHook,
  type Decision,
  EVENT_SPECS,
  type HookEvent,
  isHookEvent,
  type PayloadFields,
  type TraceRecord,
  unknownEventMessage,
} from "@codebot/hooks";
import { projectSlug } from "../../paths/project-slug.js";
import { createRuntime } from "../../session/create-runtime.js";
import { modelEnv } from "../../session/model-env.js";
import type { Runtime } from "../../session/runtime.js";
import type { RuntimeProblem } from "../../session/runtime-parts.js";
import { sessionModel } from "../../session/session-model.js";
import { modeNamed } from "../../settings/permission-modes.js";
import { CliError } from "../cli-error.js";
import { lazyModel } from "../lazy-model.js";
import { stylesFor } from "../output/styles.js";
import { preview, traceLine } from "../output/trace-line.js";
import { type WireObject, wireDecision, wireTraceRecord } from "../output/wire.js";
import type { ProjectFlags } from "../project-flags.js";
import { problemLines } from "../settings-check.js";
import { readArgsOption } from "./hook-args.js";
import { loadInventory } from "./hook-inventory.js";
import type { HooksTestOptions } from "./hooks-test-options.js";
import { firedBeforeAnyPrompt, syntheticInput } from "./synthetic-event.js";
import { asRunsCall, enterTestScopes, refuseAgentFor } from "./test-scopes.js";
import { asSessionUses, hasWaitedGroups, waitedGroupsText } from "./waited-groups.js";

/**
 * `codebot hooks test <Event> …`: fires the event once, for a synthetic payload, on the runner
 * of a real runtime assembled exactly as a session's (same settings, approval and executors,
 * non-interactive), and prints the decision and the trace. Exit 2 when the decision is a block.
 */
export async function hooksTest(flags: ProjectFlags, event: string, opts: HooksTestOptions): Promise<number> {
  if (!isHookEvent(event)) throw new CliError(`hooks test: ${unknownEventMessage(event)}`);
  refuseAgentFor(event, opts);
  const args = opts.args === undefined ? undefined : await readArgsOption(opts.args);
  // Read once, as the session reads them; the runtime starts from this read.
  const trustProjectHooks = opts.trustProjectHooks === true;
  const inventory = loadInventory(flags, { trustProjectHooks });
  const input = asRunsCall(
    syntheticInput(event, {
      ...(opts.tool !== undefined ? { tool: opts.tool } : {}),
      ...(args !== undefined ? { args } : {}),
      ...(opts.output !== undefined ? { output: opts.output } : {}),
      ...(opts.prompt !== undefined ? { prompt: opts.prompt } : {}),
      ...(opts.agent !== undefined ? { agent: opts.agent } : {}),
      ...(opts.agentName !== undefined ? { agentName: opts.agentName } : {}),
      ...(opts.failed ? { failed: true } : {}),
      ...(opts.interrupted ? { interrupted: true } : {}),
      ...(opts.stopped ? { stopped: true } : {}),
      cwd: inventory.cwd,
    }),
    opts.agent,
  );
  // The session's model rule (settings `model`, else the provider whose key is set), resolved only
  // if a prompt hook runs.
  const access = modelEnv(process.env, inventory.project.settings);
  const spec = sessionModel<string>(undefined, inventory.project.settings, access);
  const trace: TraceRecord[] = [];
  const notices: string[] = [];
  const mode =
    (opts.permissionMode !== undefined ? modeNamed(opts.permissionMode) : undefined) ??
    inventory.project.settings.permissions.mode ??
    "ask";
  // The runtime starts without SessionStart: testing another event must not run its hooks, and a
  // SessionStart test fires it below with the synthetic payload (its `source`).
  const sessionDirs = missingSessionDirs(inventory.codebotHome, inventory.cwd);
  const runtime = await createRuntime({
    cwd: inventory.cwd,
    settingsFiles: flags.settingsFiles,
    pluginDirs: flags.pluginDirs,
    ...(flags.settingSources ? { settingSources: flags.settingSources } : {}),
    projectSettings: inventory.project,
    model: lazyModel(spec, access),
    permissionMode: mode,
    sessionStart: false,
    trustProjectHooks,
    notify: (message) => notices.push(message),
    onTrace: (record) => {
      if (record.event === event) trace.push(record);
    },
  });
  let decision: Decision | undefined;
  // The agent's and the skill's own hooks, as a run of that agent or a loaded skill has them.
  let scoped: CompiledHook[] = [];
  try {
    scoped = enterTestScopes(runtime, opts);
  } catch (error) {
    removeEmptySession(runtime, sessionDirs);
    throw error;
  }
  // An async event's Claude Code groups are waited for, as in a session; its native hooks are not.
  const waited =
    EVENT_SPECS[event].mode === "async" && hasWaitedGroups(event, [...runtime.hooks.hooks, ...scoped]);
  // Events of a prompt carry its prompt_id; those before any prompt (as a session fires them) none.
  if (!firedBeforeAnyPrompt(event)) runtime.beginPrompt();
  try {
    decision = await fire(runtime, event, input, waited);
    await runtime.hooks.close();
  } finally {
    removeEmptySession(runtime, sessionDirs);
  }
  if (waited && decision) decision = asSessionUses(event, decision);
  // What each kind of hook receives: native entries codebot's payload, Claude Code groups (and
  // plugins) Claude Code's, so a hook can be fed by hand exactly what it gets.
  const fields = { ...input, ...EVENT_SPECS[event].fixed };
  const payload = JSON.parse(buildPayload(event, runtime, fields)) as WireObject;
  const claudePayload = JSON.parse(buildClaudePayload(event, runtime, fields)) as WireObject;
  const styles = new Set(
    [...inventory.hooks.map((h) => h.hook), ...scoped].filter((h) => h.event === event).map((h) => h.style),
  );
  // A failed call's PostToolUse and a stopped run's SubagentStop run no Claude Code group: no payload of theirs to show.
  const groupsSitOut = trace.some((r) => r.skipped === "failed call" || r.skipped === "stopped run");
  const blocked = decision?.kind === "block";

  if (opts.json) {
    const out = {
      event,
      payload,
      claude_payload: claudePayload,
      decision: decision ? wireDecision(event, decision) : { async: true },
      blocked,
      trace: trace.map(wireTraceRecord),
      problems: runtime.problems,
      notices,
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    printReport({
      event,
      payloads: [
        ...(styles.has("native") || styles.size === 0 ? [{ label: "payload", value: payload }] : []),
        ...((styles.has("claude") || styles.size === 0) && !groupsSitOut
          ? [{ label: "payload (Claude Code groups)", value: claudePayload }]
          : []),
      ],
      decision,
      waited,
      hasNative: styles.has("native"),
      trace,
      problems: runtime.problems,
      notices,
    });
  }
  return blocked ? 2 : 0;
}

/**
 * Fires the event on the runtime's runner with the synthetic payload, SessionStart and SessionEnd
 * too (rather than as assembling and closing a runtime fires them, with their own `source` and
 * `reason`): hard and soft events answer with a decision, and so do the Claude Code groups of an
 * async event (`waited`); other async hooks give none (the caller waits for them).
 */
async function fire(
  runtime: Runtime,
  event: HookEvent,
  input: PayloadFields,
  waited: boolean,
): Promise<Decision | undefined> {
  const decision = runtime.hooks.fireFields(event, input);
  return EVENT_SPECS[event].mode === "async" && !waited ? undefined : decision;
}

/** The session folders under CODEBOT_HOME that do not exist yet, deepest first. */
function missingSessionDirs(codebotHome: string, cwd: string): string[] {
  const projects = path.join(codebotHome, "projects");
  return [path.join(projects, projectSlug(cwd)), projects].filter((dir) => !fs.existsSync(dir));
}

/** A test leaves no session behind: its transcript stays empty and is removed, with the folders it made. */
function removeEmptySession(runtime: Runtime, createdDirs: readonly string[]): void {
  runtime.releaseSession();
  try {
    if (fs.statSync(runtime.transcriptPath).size === 0) fs.rmSync(runtime.transcriptPath);
    for (const dir of createdDirs) fs.rmdirSync(dir);
  } catch {
    // Something else is in there now: keep it.
  }
}

function printReport(r: {
  event: string;
  /** The payloads the configured hooks receive, by kind. */
  payloads: { label: string; value: WireObject }[];
  decision: Decision | undefined;
  /** The decision is an async event's waited-for Claude Code groups'. */
  waited: boolean;
  /** Native entries are configured for the event. */
  hasNative: boolean;
  trace: TraceRecord[];
  problems: readonly RuntimeProblem[];
  notices: string[];
}): void {
  const s = stylesFor(process.stdout);
  const lines = problemLines(r.problems, s);
  for (const n of r.notices) lines.push(s.yellow(n));
  if (lines.length) lines.push("");
  for (const p of r.payloads) lines.push(`${s.bold(p.label)} ${JSON.stringify(p.value)}`);
  lines.push("", s.bold("trace"));
  if (r.trace.length === 0) lines.push(`  no hook is configured for ${r.event}`);
  for (const record of r.trace) lines.push(`  ${traceLine(record, s, { file: true })}`);
  const decision =
    r.waited && r.decision && isHookEvent(r.event)
      ? waitedGroupsText(r.event, r.decision, r.hasNative, s)
      : decisionText(r.event, r.decision, s);
  lines.push("", `${s.bold("decision")} ${decision}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

function decisionText(event: string, d: Decision | undefined, s: ReturnType<typeof stylesFor>): string {
  if (d === undefined) return `${event} hooks run in the background and cannot block`;
  if (isHookEvent(event) && EVENT_SPECS[event].mode === "soft") {
    return d.kind === "block"
      ? s.red(`validation fails (hook ${JSON.stringify(d.by)}); the agent would be told:\n${d.reason}`)
      : s.green("validation passes");
  }
  if (d.kind === "block") return s.red(`blocked by ${JSON.stringify(d.by)}: ${d.reason}`);
  if (d.kind === "stop") return s.red(`run stopped by ${JSON.stringify(d.by)}: ${d.reason}`);
  const parts = [s.green("allowed")];
  if (d.permission) parts.push(` (permission ${d.permission.answer} by ${JSON.stringify(d.permission.by)})`);
  if (d.updatedInput)
    parts.push(`\n  updated input (by ${JSON.stringify(d.updatedBy)}): ${JSON.stringify(d.updatedInput)}`);
  if (d.context) parts.push(`\n  additional context: ${preview(d.context, 400)}`);
  if (d.displayContent !== undefined) parts.push(`\n  shown instead: ${preview(d.displayContent, 400)}`);
  return parts.join("");
}
