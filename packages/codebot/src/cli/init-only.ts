import { createRuntime } from "../session/create-runtime.js";
import { modelEnv } from "../session/model-env.js";
import { sessionModel } from "../session/session-model.js";
import { CliError, errorMessage } from "./cli-error.js";
import { debugLines } from "./debug-flag.js";
import { lazyModel } from "./lazy-model.js";
import { runtimeOptionsOf, type SessionFlags } from "./session-flags.js";
import { checkSettings } from "./settings-check.js";

/**
 * `codebot --init-only` (Claude Code's): runs the Setup hooks (trigger `init`) and the
 * SessionStart hooks of a session of the project, non-interactively, then ends it. No prompt is
 * run, so the model is resolved only if a prompt hook needs it.
 */
export async function runInitOnly(flags: SessionFlags): Promise<number> {
  const stderr = (line: string) => process.stderr.write(`${line}\n`);
  const inventory = checkSettings(flags, stderr);
  const access = modelEnv(process.env, inventory.project.settings);
  const spec = sessionModel(flags.model, inventory.project.settings, access);
  const debug = debugLines(flags);
  let runtime: Awaited<ReturnType<typeof createRuntime>>;
  try {
    runtime = await createRuntime({
      ...runtimeOptionsOf({ ...flags, setup: "init" }, inventory, spec),
      model: lazyModel(spec, access),
      notify: stderr,
      ...(debug ? { onEvent: debug } : {}),
    });
  } catch (error) {
    throw new CliError(errorMessage(error));
  }
  // close() waits for Setup, then SessionStart, then every hook still running.
  await runtime.close();
  return 0;
}
