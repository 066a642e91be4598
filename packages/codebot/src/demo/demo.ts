import fs from "node:fs";
import path from "node:path";
import type { TraceRecord } from "@codebot/hooks";
import { RanCalls } from "../cli/output/ran-calls.js";
import { SessionView } from "../cli/output/session-view.js";
import { type Styles, stylesFor } from "../cli/output/styles.js";
import { terminalScreen } from "../cli/output/terminal-screen.js";
import { exit } from "../cli/process-exit.js";
import { closeOnSignals } from "../session/close-on-signals.js";
import { createRuntime } from "../session/create-runtime.js";
import { createDemoProject } from "./demo-project.js";
import { DEMO_PROMPTS, DEMO_SCRIPT } from "./demo-script.js";

/**
 * `codebot demo`: two prompts against the scripted demo model in a temporary project whose
 * settings configure real hooks, run by the real runtime with real tools on real files. Shows a
 * guard blocking `rm -rf`, a rewrite, a failed validation being fixed, a task completion refused,
 * and the hook trace; then checks on disk that each of these happened, and cleans up.
 */
export async function runDemo(): Promise<number> {
  const started = performance.now();
  const s = stylesFor(process.stdout);
  const view = new SessionView(terminalScreen(process.stdout, s), s, { trace: "ran" });
  const { scriptedModel } = await import("@codebot/agentcore/testing");
  const demo = createDemoProject();
  const ranCalls = new RanCalls(demo.project);
  view.showRanCalls(ranCalls);
  const trace: TraceRecord[] = [];
  // Calls that got past PreToolUse: each one fires the async PostToolUse audit hook once.
  let reachedTools = 0;
  try {
    view.line(s.bold("codebot demo") + s.yellow(" — scripted demo model — no API key used"));
    view.line(s.dim(`a temporary project: ${demo.project}`));
    view.line(s.dim(`its hooks: ${demo.settingsFile} (project hooks trusted for this run)`));
    const runtime = await createRuntime({
      cwd: demo.project,
      codebotHome: demo.home,
      model: scriptedModel(DEMO_SCRIPT, "scripted-demo"),
      permissionMode: "bypassPermissions",
      trustProjectHooks: true,
      toolObservers: [ranCalls.middleware],
      notify: (message) => view.line(s.yellow(message)),
      onEvent: (event) => {
        if (event.kind === "hook") trace.push(event.record);
        if (event.kind === "agent" && event.event.type === "tool_execution_end") {
          if (!event.event.result.content.startsWith("hook: ")) reachedTools++;
        }
        if (event.kind !== "notice") view.onEvent(event);
      },
    });
    closeOnSignals(runtime, {
      exit: (code) => {
        demo.remove();
        void exit(code);
      },
    });
    for (const prompt of DEMO_PROMPTS) {
      view.line("");
      view.line(`${s.cyan("▶ you:")} ${prompt}`);
      const result = await runtime.prompt(prompt);
      if (result.status !== "completed")
        view.line(s.red(`the run ended: ${result.status} ${result.reason ?? ""}`));
    }
    await runtime.close();

    view.line("");
    view.line(s.bold("hook trace"));
    for (const line of traceSummary(trace, s)) view.line(`  ${line}`);
    view.line("");
    view.line(s.bold("what happened, checked on disk"));
    const checks = checkOutcome(demo.project, trace, runtime.tasksPath, reachedTools);
    for (const c of checks) view.line(`  ${c.ok ? s.green("✓") : s.red("✗")} ${c.text}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    view.line("");
    view.line(s.dim(`done in ${seconds} s; removed ${demo.root}`));
    return checks.every((c) => c.ok) ? 0 : 1;
  } finally {
    demo.remove();
  }
}

/** Per hook: how often it ran, what it decided, and how often it was skipped and why. */
function traceSummary(trace: readonly TraceRecord[], s: Styles): string[] {
  // hook → what happened to it → how often, in order of first appearance
  const byHook = new Map<string, Map<string, number>>();
  for (const r of trace) {
    const name = `${r.event} ${JSON.stringify(r.hook)}`;
    const what =
      r.skipped !== undefined
        ? `skipped (${r.skipped})`
        : r.decision?.updatedInput
          ? "rewrote"
          : (r.outcome ?? "ran");
    const counts = byHook.get(name) ?? new Map<string, number>();
    counts.set(what, (counts.get(what) ?? 0) + 1);
    byHook.set(name, counts);
  }
  const lines = [...byHook].map(
    ([name, counts]) => `${name}: ${s.dim([...counts].map(([what, n]) => `${what} ×${n}`).join(", "))}`,
  );
  lines.push(
    s.dim(`${trace.length} trace records in all (codebot --debug hooks prints them as they happen)`),
  );
  return lines;
}

interface Check {
  ok: boolean;
  text: string;
}

function checkOutcome(
  project: string,
  trace: readonly TraceRecord[],
  tasksPath: string,
  toolCalls: number,
): Check[] {
  const at = (rel: string) => path.join(project, rel);
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
  const ran = (hook: string, pred: (r: TraceRecord) => boolean) =>
    trace.some((r) => r.hook === hook && r.skipped === undefined && pred(r));
  const audit = read(at(".codebot/audit.jsonl"))
    .split("\n")
    .filter((l) => l.trim() !== "").length;
  const tasks = read(tasksPath);
  return [
    {
      ok: ran("no rm -rf", (r) => r.outcome === "blocked") && fs.existsSync(at("build/app.js")),
      text: "the PreToolUse guard blocked `rm -rf build`: build/ is still there",
    },
    {
      ok: ran("number lines", (r) => r.decision?.updatedInput?.command === "cat -n notes.txt"),
      text: "the rewrite hook turned `cat notes.txt` into `cat -n notes.txt`",
    },
    {
      ok:
        ran("greeting check", (r) => r.outcome === "failed") &&
        ran("greeting check", (r) => r.outcome === "allowed") &&
        read(at("greet.txt")).trim() === "Hello, world!",
      text: "PostStopValidation failed once, the agent fixed greet.txt, then it passed",
    },
    {
      ok:
        ran("release needs a changelog", (r) => r.outcome === "blocked") &&
        /"status":\s*"pending"/.test(tasks),
      text: "TaskCompleted kept the release task pending (no CHANGELOG.md)",
    },
    {
      ok: audit === toolCalls && toolCalls > 0,
      text: `the async PostToolUse audit hook wrote ${audit} of ${toolCalls} records before the session closed`,
    },
  ];
}
