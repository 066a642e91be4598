/**
 * `/model [name]`: shows the session's model, or switches it from the next model call (a
 * PreModelSwitch hook may refuse; PostModelSwitch follows). As claude 2.1.328's (recorded in
 * tmux), the choice is saved as your default for new sessions and `-p` runs (save-model.ts), and
 * `/model default` takes it out again and goes back to the default model; a settings file of the
 * project (or `--settings`, the managed ones) that names a model is told, since it wins there.
 */
import { modelEnv } from "../../session/model-env.js";
import { sessionModel } from "../../session/session-model.js";
import { modelSpecNamed } from "../../settings/model-aliases.js";
import { savedModelName, saveModel } from "../../settings/save-model.js";
import { errorMessage } from "../cli-error.js";
import { shownFile } from "../output/shown-file.js";
import { terminalSafe } from "../output/terminal-safe.js";
import type { SlashContext } from "./slash-context.js";

export async function modelCommand(arg: string, ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  if (arg === "") {
    ctx.print(`model: ${ctx.model.spec}`);
    return;
  }
  const toDefault = arg.toLowerCase() === "default";
  const spec = toDefault ? defaultModel(ctx) : modelSpecNamed(arg, ctx.model.spec);
  try {
    const outcome = await ctx.runtime.switchModel(spec, arg);
    if (!outcome.switched) {
      ctx.print(s.yellow(`model unchanged (${ctx.model.spec}): ${outcome.reason}`));
      return;
    }
  } catch (error) {
    ctx.print(s.red(errorMessage(error)));
    return;
  }
  ctx.model.spec = spec;
  const file = ctx.runtime.userSettingsFile;
  let lasts = "saved as your default for new sessions";
  try {
    saveModel(file, toDefault ? undefined : savedModelName(arg, spec, file));
  } catch (error) {
    ctx.print(s.red(terminalSafe(errorMessage(error))));
    lasts = "this session only";
  }
  ctx.print(s.green(`model: ${spec}${toDefault ? " (default)" : ""} (from the next model call; ${lasts})`));
  for (const line of pinnedElsewhere(ctx)) ctx.print(s.dim(line));
}

/** The model a session starts with when no settings file names one. */
function defaultModel(ctx: SlashContext): string {
  const settings = { ...ctx.runtime.project.settings, model: undefined };
  return sessionModel<string>(undefined, settings, modelEnv(process.env, settings));
}

/** claude's "… pins <model> — that applies on restart", for each file beyond yours that names a model. */
function pinnedElsewhere(ctx: SlashContext): string[] {
  return ctx.runtime.project.layers
    .filter((layer) => layer.source !== "user" && layer.source !== "plugin")
    .flatMap((layer) => {
      const model = (layer.settings as { model?: unknown }).model;
      if (typeof model !== "string") return [];
      const shown = terminalSafe(shownFile(layer.path, ctx.runtime.cwd));
      return [`  ${shown} pins ${terminalSafe(model)}: new sessions here start with that`];
    });
}
