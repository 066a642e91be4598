/**
 * A hook ready to run. Each dialect's compiler (native-entry.ts for codebot's entries,
 * claude-group.ts for Claude Code groups) decides here, once, everything its dialect changes:
 * the mode, what the matcher and `if` are compared with, the payload, how plain stdout is read,
 * whether the hook may end the run. Nothing at run time asks which dialect a hook came from.
 */
import type { EventMode, HookEvent, IfOn, MatchField } from "./events.js";
import type { HookSpec } from "./executor.js";
import type { Matcher } from "./matcher.js";
import type { HookSession, PayloadFields } from "./payload.js";
import type { SettingsSource } from "./settings-layer.js";
import type { ToolCondition } from "./tool-rule.js";

/** Builds the payload JSON a hook reads; hooks sharing a builder share one payload per firing. */
export type PayloadBuilder = (event: HookEvent, session: HookSession, fields: PayloadFields) => string;

export interface CompiledHook {
  event: HookEvent;
  /** Index of the entry (or Claude Code group) in its file's list for the event. */
  index: number;
  /** Index of the hook inside its Claude Code group. */
  memberIndex?: number;
  /** Where it was written: a codebot entry (§3.1) or a Claude Code group's hook (§11). For listings only. */
  style: "native" | "claude";
  source: SettingsSource;
  /** The settings file it came from. */
  path: string;
  /** `forcedByPolicy`: the managed settings' `enabledPlugins` switches it on; its hooks count as managed. */
  plugin?: { name: string; root: string; dataDir: string; forcedByPolicy?: boolean };
  spec: HookSpec;
  matcher: Matcher;
  /** A native entry's `if`: a pattern on the text `ifOn` names. */
  ifMatcher?: Matcher;
  /** A Claude Code hook's `if`: a permission rule on the tool call (tool-rule.ts). */
  ifRule?: ToolCondition;
  blocking: boolean;
  timeoutMs: number;
  onError: "allow" | "block";
  env: Record<string, string>;
  /** The entry's `name`, else a derived label such as `PreToolUse[0] command: exit 2`. */
  name: string;
  /** `name` is the derived label (the entry has no `name`): it shows what the hook runs or calls. */
  derivedName?: true;
  enabled: boolean;
  statusMessage?: string;
  /** sha256 of the event and the entry's canonical JSON (§8). */
  fingerprint: string;
  /**
   * Hooks with the same group id run concurrently and merge in configuration order (Claude Code
   * groups, §11); a native entry has none and runs on its own.
   */
  group?: string;

  // What the dialect decided for this event.
  /** How it runs and how its result merges (§7): `async` ones are never waited for. */
  mode: EventMode;
  /** `async: true` in a Claude Code group: started in the background, never waited for, cannot block. */
  background: boolean;
  /** What the matcher is compared with. */
  matchOn: MatchField;
  /** What `if` is compared with. */
  ifOn: IfOn;
  payload: PayloadBuilder;
  /** Plain (non-JSON) stdout of a successful run is context for the model. */
  plainContext: boolean;
  /** `continue: false` from it ends the run. */
  canStopRun: boolean;
  /** Not run for a tool call that failed (Claude Code runs PostToolUseFailure instead). */
  skipFailedCall: boolean;
  /**
   * Not run for a sub-agent run that was stopped (`runStopped`), nor for a tool call the run's abort
   * cut off (`isInterrupt`): Claude Code fires no SubagentStop, no PostToolUseFailure hook then.
   */
  skipStoppedRun: boolean;
  /** Hooks with the same key run once per firing, the first in configuration order (Claude Code). */
  onceKey?: string;
  /**
   * Claude Code's `once: true` in a skill's front-matter hooks: a scoped hook that leaves its scope
   * after its first run (scoped-hooks.ts). Only layers with `honoursOnce` compile it.
   */
  once?: true;
  /** Gets `CLAUDE_PROJECT_DIR`, and `${CLAUDE_*}` in its command is expanded (§11). */
  claudeVariables: boolean;
  /**
   * Claude Code's reading of a block: a top-level `reason` explains only a `decision: "block"`; an
   * exit 2 whose JSON has a `reason` and no decision gives stderr as its reason (claude 2.1.328).
   */
  reasonNeedsDecision?: true;
}
