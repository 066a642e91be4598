import type { EffortLevel } from "@codebot/agentcore";
import { modelSettingsKey } from "./model-settings-key.js";
import { editSettingsFile, linkTarget, writeSettingsValue } from "./settings-file-edit.js";

/**
 * Saves `level` as the effort of the model `spec` for new sessions, where claude 2.1.328's
 * `/effort low` … `xhigh` saves it (recorded in tmux): `modelSettings.<model>.effortLevel` of your
 * user settings file; undefined takes it out again, as claude's `/effort auto` does. The file
 * keeps its other keys, comments and layout (claude rewrites it as plain JSON); one that is not a
 * JSON object, or cannot be written, is left as it is, and the error says why. A file that is a
 * link is written where it leads (a dotfiles folder's), so the link stays, even when the file it
 * names is not there yet.
 */
export function saveModelEffort(
  file: string,
  spec: string,
  level: Exclude<EffortLevel, "max"> | undefined,
): void {
  const at = ["modelSettings", modelSettingsKey(spec), "effortLevel"];
  let problem: string | undefined;
  try {
    problem = editSettingsFile(linkTarget(file), (edit) => {
      const current = edit.settings;
      const notObject = at.slice(0, -1).find((_, i) => !objectOrAbsent(current, at.slice(0, i + 1)));
      if (notObject !== undefined)
        return `${at.slice(0, at.indexOf(notObject) + 1).join(".")} is not an object`;
      if (level === undefined && valueAt(current, at) === undefined) return undefined;
      writeSettingsValue(edit, at, level);
      return undefined;
    });
  } catch (error) {
    problem = (error as Error).message;
  }
  if (problem !== undefined) throw new Error(`${file}: ${problem}; the effort is not saved`);
}

/** The value at `keys` (own keys only), undefined when any is absent. */
function valueAt(value: unknown, keys: readonly string[]): unknown {
  let at = value;
  for (const key of keys) {
    if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function objectOrAbsent(value: unknown, keys: readonly string[]): boolean {
  const at = valueAt(value, keys);
  return at === undefined || (typeof at === "object" && at !== null && !Array.isArray(at));
}
