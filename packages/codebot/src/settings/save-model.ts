import { isClaudeCodeLayer } from "./claude-compat.js";
import { MODEL_ALIASES } from "./model-aliases.js";
import { editSettingsFile, linkTarget, writeSettingsValue } from "./settings-file-edit.js";

/**
 * Saves the model `/model` chose as your default for new sessions (and `-p` runs), where claude
 * 2.1.328 saves it (recorded in tmux): `model` of your user settings file; undefined takes it out,
 * as claude's `/model default` does. The file keeps its other keys, comments and layout (claude
 * rewrites it as plain JSON); one that is not a JSON object, or cannot be written, is left as it
 * is and the error says why. A file that is a link is written where it leads.
 */
export function saveModel(file: string, model: string | undefined): void {
  try {
    editSettingsFile(linkTarget(file), (edit) => {
      if (model === undefined && !Object.hasOwn(edit.settings, "model")) return;
      writeSettingsValue(edit, ["model"], model);
    });
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}; the model is not saved`);
  }
}

/**
 * The `model` value that names `spec` in your user settings `file`: in Claude Code's
 * (`~/.claude/settings.json`) as claude writes it — the alias as typed (`sonnet`), an Anthropic
 * model by its bare id, which claude can run too — else codebot's `provider/id`.
 */
export function savedModelName(typed: string, spec: string, file: string): string {
  if (!isClaudeCodeLayer({ source: "user", path: file })) return spec;
  const alias = typed.trim().toLowerCase();
  if (MODEL_ALIASES[alias] === spec) return alias;
  return spec.startsWith("anthropic/") ? spec.slice("anthropic/".length) : spec;
}
