import type { SettingsLayer } from "@codebot/hooks";
import { isSwitchOn } from "../../settings/session-modes.js";

/** What turned screen-reader mode on, as claude 2.1.328's banner names it. */
export type ScreenReaderSource = "flag" | "env" | "settings";

/**
 * Whether the interactive terminal is in screen-reader mode, and what turned it on (undefined:
 * off), as claude 2.1.328 decides: `--ax-screen-reader`, else `CLAUDE_AX_SCREEN_READER` (either
 * way, so `=0` turns off what the settings turn on), else `"axScreenReader": true` in settings the
 * user owns. A project's settings cannot turn it on: a cloned repository does not choose how your
 * terminal talks to you.
 */
export function screenReaderMode(
  flag: boolean,
  env: NodeJS.ProcessEnv,
  layers: readonly Pick<SettingsLayer, "source" | "settings">[],
): ScreenReaderSource | undefined {
  if (flag) return "flag";
  const variable = env.CLAUDE_AX_SCREEN_READER;
  if (variable !== undefined) return isSwitchOn(variable) ? "env" : undefined;
  return layers.some((l) => OWNED.has(l.source) && axScreenReaderOf(l.settings) === true)
    ? "settings"
    : undefined;
}

/**
 * The line saying project settings asked for it in vain (claude's words), or undefined: a user
 * who put `axScreenReader` in the project's file learns where it belongs.
 */
export function projectAskedInVain(
  source: ScreenReaderSource | undefined,
  layers: readonly Pick<SettingsLayer, "source" | "settings">[],
): string | undefined {
  if (source !== undefined) return undefined;
  if (
    !layers.some(
      (l) => (l.source === "project" || l.source === "local") && axScreenReaderOf(l.settings) === true,
    )
  )
    return undefined;
  return 'Screen reader mode is off: project settings can\'t turn it on. To turn it on, start codebot with --ax-screen-reader, or add "axScreenReader": true to your own settings file and restart.';
}

/** The banner's first line in screen-reader mode (claude's). */
export function screenReaderBanner(source: ScreenReaderSource): string {
  return `[Screen Reader Mode: on via ${source}]`;
}

const OWNED: ReadonlySet<string> = new Set(["user", "managed", "cli"]);

function axScreenReaderOf(settings: unknown): unknown {
  return typeof settings === "object" && settings !== null
    ? (settings as { axScreenReader?: unknown }).axScreenReader
    : undefined;
}
