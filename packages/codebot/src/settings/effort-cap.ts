import { EFFORT_LEVELS, type EffortLevel } from "@codebot/agentcore";
import { modelSettingsKey } from "./model-settings-key.js";

/**
 * Claude Code's `maxEffortLevel` as one settings file sets it: its top-level cap, and the caps its
 * `modelSettings.<model>.maxEffortLevel` set for single models (keys as modelSettingsKey makes them).
 */
export interface EffortCapOfFile {
  level?: EffortLevel;
  byModel: ReadonlyMap<string, EffortLevel>;
}

/**
 * The highest effort a request of `modelId` may carry, as claude 2.1.328 caps it (recorded against
 * a loopback server): within one file the model's own entry replaces the top-level cap (`max`
 * exempts the model from that file's), and across files the lowest wins. Any file may lower it, a
 * project's too: a cap only ever asks for less. Undefined: no cap.
 */
export function effortCapFor(files: readonly EffortCapOfFile[], modelId: string): EffortLevel | undefined {
  const key = modelSettingsKey(modelId);
  let cap: EffortLevel | undefined;
  for (const file of files) {
    const level = file.byModel.get(key) ?? file.level;
    if (level === undefined || level === "max") continue;
    if (cap === undefined || EFFORT_LEVELS.indexOf(level) < EFFORT_LEVELS.indexOf(cap)) cap = level;
  }
  return cap;
}

/** The caps a file's validated settings set, if any. */
export function effortCapOfFile(value: {
  maxEffortLevel?: EffortLevel | undefined;
  modelSettings?: Record<string, { maxEffortLevel?: EffortLevel | undefined }> | undefined;
}): EffortCapOfFile | undefined {
  // A Map: a key such as `__proto__` is a model name like any other.
  const byModel = new Map<string, EffortLevel>();
  for (const [model, own] of Object.entries(value.modelSettings ?? {})) {
    if (own.maxEffortLevel !== undefined) byModel.set(modelSettingsKey(model), own.maxEffortLevel);
  }
  if (value.maxEffortLevel === undefined && byModel.size === 0) return undefined;
  return { ...(value.maxEffortLevel !== undefined ? { level: value.maxEffortLevel } : {}), byModel };
}
