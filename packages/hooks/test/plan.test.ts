/**
 * The planner as data (issue 13): for a firing's fields and the compiled hooks, which hooks are
 * waited for (by step), which start in the background, and which are skipped and why. No process
 * runs here: plan() is pure.
 */
import { describe, expect, it } from "vitest";
import { type HookEvent, loadHooks, type PayloadFields, type PlanOptions, plan } from "../src/index.js";
import { group, layer } from "./support.js";

interface Case {
  name: string;
  event: HookEvent;
  hooks: unknown[];
  fields: PayloadFields;
  options?: PlanOptions;
  /** Hook names per step, as `wait | background | skipped:reason`. */
  expected: string[][];
}

const cmd = (name: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  name,
  command: "true",
  ...extra,
});

const cases: Case[] = [
  {
    name: "matcher and if select; each native entry is a step of its own",
    event: "PreToolUse",
    hooks: [
      cmd("any"),
      cmd("bash only", { matcher: "bash" }),
      cmd("edit only", { matcher: "edit" }),
      cmd("rm guard", { matcher: "bash", if: "/rm\\s+-rf/" }),
      cmd("npm only", { matcher: "bash", if: '/"command":"npm /' }),
    ],
    fields: { tool: "bash", args: { command: "rm\t-rf /" } },
    expected: [
      ["any: wait"],
      ["bash only: wait"],
      ["edit only: skipped:matcher", "rm guard: wait"],
      ["npm only: skipped:if"],
    ],
  },
  {
    name: "an alias matches the tool; a disabled hook is skipped",
    event: "PreToolUse",
    hooks: [cmd("alias", { matcher: "Bash" }), cmd("off", { enabled: false })],
    fields: { tool: "bash", args: {} },
    expected: [["alias: wait"], ["off: skipped:disabled"]],
  },
  {
    name: "disableAllHooks skips everything",
    event: "UserPromptSubmit",
    hooks: [cmd("a"), cmd("b")],
    fields: { prompt: "hi" },
    options: { disabled: true },
    expected: [["a: skipped:all hooks disabled", "b: skipped:all hooks disabled"]],
  },
  {
    name: "an async event's hooks all start in the background",
    event: "PostToolUse",
    hooks: [cmd("audit"), cmd("edits", { matcher: "edit" })],
    fields: { tool: "bash", args: {}, output: "", isError: false },
    expected: [["audit: background", "edits: skipped:matcher"]],
  },
  {
    name: "neighbouring Claude Code groups are one step; a repeated command runs once; async: true starts in the background",
    event: "PreToolUse",
    hooks: [
      group("Bash", cmd("first"), cmd("again"), cmd("bg", { command: "sleep 1", async: true })),
      group("*", cmd("dup of first"), cmd("other", { command: "false" })),
    ],
    fields: { tool: "bash", args: {} },
    expected: [
      [
        "first: wait",
        "again: skipped:duplicate",
        "bg: background",
        "dup of first: skipped:duplicate",
        "other: wait",
      ],
    ],
  },
  {
    name: "a native entry between Claude Code groups runs on its own, in its place",
    event: "PreToolUse",
    hooks: [
      group("", cmd("group one", { command: "one" })),
      cmd("native"),
      group("", cmd("group two", { command: "two" })),
      group("", cmd("group three", { command: "three" })),
    ],
    fields: { tool: "bash", args: {} },
    expected: [["group one: wait"], ["native: wait"], ["group two: wait", "group three: wait"]],
  },
  {
    name: "Claude Code PostToolUse groups are waited for, skip a failed call, and native entries stay in the background",
    event: "PostToolUse",
    hooks: [cmd("native"), group("", cmd("lint", { command: "lint" }))],
    fields: { tool: "bash", args: {}, output: "boom", isError: true },
    expected: [["native: background", "lint: skipped:failed call"]],
  },
  {
    name: "a command already run by an earlier plan of the firing is a duplicate",
    event: "PreToolUse",
    hooks: [group("", cmd("again"))],
    fields: { tool: "bash", args: {} },
    options: { ran: new Set(["true"]) },
    expected: [["again: skipped:duplicate"]],
  },
  {
    name: "SubagentStop matches the agent's name",
    event: "SubagentStop",
    hooks: [cmd("reviewer", { matcher: "reviewer" }), cmd("other", { matcher: "writer" })],
    fields: { agent: "reviewer" },
    expected: [["reviewer: background", "other: skipped:matcher"]],
  },
  {
    name: "a stopped sub-agent run's SubagentStop: native entries observe it, Claude Code groups sit it out (claude fires none)",
    event: "SubagentStop",
    hooks: [cmd("native"), group("", cmd("claude hook", { command: "notify" }))],
    fields: { agent: "general-purpose", runStopped: true },
    expected: [["native: background", "claude hook: skipped:stopped run"]],
  },
  {
    name: "a sub-agent run that ended by itself: its Claude Code groups are waited for",
    event: "SubagentStop",
    hooks: [cmd("native"), group("", cmd("claude hook", { command: "notify" }))],
    fields: { agent: "general-purpose" },
    expected: [["native: background", "claude hook: wait"]],
  },
];

describe("plan()", () => {
  it.each(cases)("$name", ({ event, hooks, fields, options, expected }) => {
    const loaded = loadHooks([layer({ hooks: { [event]: hooks } })]);
    expect(loaded.problems.filter((p) => p.severity === "error")).toEqual([]);
    const planned = plan(fields, loaded.hooks, options);
    const steps = planned.steps.map((step) => [
      ...step.skipped.map((s) => `${s.hook.name}: skipped:${s.reason}`),
      ...step.background.map((h) => `${h.name}: background`),
      ...step.wait.map((h) => `${h.name}: wait`),
    ]);
    // Within a step the order is skipped, background, waited; compare as sets per step.
    expect(steps.map((s) => [...s].sort())).toEqual(expected.map((s) => [...s].sort()));
  });

  it("says where each step ends, so the rest can be planned again after a rewrite", () => {
    const loaded = loadHooks([
      layer({ hooks: { PreToolUse: [cmd("a"), cmd("b", { matcher: "edit" }), cmd("c")] } }),
    ]);
    expect(plan({ tool: "bash", args: {} }, loaded.hooks).steps.map((s) => s.end)).toEqual([1, 3]);
  });
});
