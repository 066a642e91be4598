/**
 * Claude Code's `CLAUDE_ENV_FILE`: a SessionStart or Setup hook of a Claude Code group may write
 * `export NAME=value` lines to it, and every later `bash` command of the session runs with them
 * (the harness sources the file first). Other hooks do not get it, as in Claude Code 2.1.328.
 */
import fs from "node:fs";
import path from "node:path";
import type { CompiledHook } from "./compiled-hook.js";
import type { HookEvent } from "./events.js";
import type { HookSession } from "./payload.js";

const ENV_FILE_EVENTS: ReadonlySet<HookEvent> = new Set<HookEvent>(["SessionStart", "Setup"]);

/** `{CLAUDE_ENV_FILE}` for the hooks that get it (its folder made), else nothing. */
export function claudeEnvFile(
  hook: CompiledHook,
  event: HookEvent,
  session: HookSession,
): Record<string, string> {
  const file = session.envFile;
  if (hook.style !== "claude" || !ENV_FILE_EVENTS.has(event) || file === undefined) return {};
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch {
    // The hook's own write then fails and is reported; the session goes on.
  }
  return { CLAUDE_ENV_FILE: file };
}
