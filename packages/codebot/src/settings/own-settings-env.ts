/**
 * What your own settings' `env` gives the programs codebot starts for you that can make them run
 * a file of the project: `PATH` (`"./bin:…"`) and the loading variables (`NODE_OPTIONS:
 * "--require ./pre.cjs"`, `BASH_ENV: "./x.sh"`: loading-variables.ts in @codebot/hooks). A relative
 * path there is read from the project, so your own hook's `node -e 0` would load a cloned
 * repository's `pre.cjs`: the own-hook guard (hook-consent.ts) counts these as the hook's own env.
 * A project's approved value is left out: its grant covers the files it loads (`envFiles`).
 */
import { isLoadingVariable } from "@codebot/hooks";
import { envLoadedFiles } from "./env-grant.js";
import type { RuntimeSettings } from "./runtime-settings.js";

export function ownSettingsEnv(
  settings: Pick<RuntimeSettings, "env" | "envFiles">,
): Record<string, string> | undefined {
  const own = Object.entries(settings.env).filter(
    ([name]) =>
      (name === "PATH" || isLoadingVariable(name)) &&
      !settings.envFiles.some((run) => run.approvedFor === name),
  );
  return own.length === 0 ? undefined : Object.fromEntries(own);
}

/**
 * The project files your own settings' loading variables make every `bash` command load
 * (`BASH_ENV: "./x.sh"`): while there are any, no line runs unasked as one that only reads.
 */
export function ownLoadedProjectFiles(
  settings: Pick<RuntimeSettings, "env" | "envFiles">,
  projectDir: string,
): string[] {
  return Object.entries(ownSettingsEnv(settings) ?? {})
    .filter(([name]) => name !== "PATH")
    .flatMap(([name, value]) => envLoadedFiles(name, value, projectDir));
}
