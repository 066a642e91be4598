import type { Decision, SessionStartSource } from "@codebot/hooks";

/** What a SessionStart answer may change in the running session. */
export interface SessionStartEffects {
  /** Reads the skill folders again; the next run's `skill` tool lists what is there now. */
  reloadSkills(): Promise<void>;
  /** Files FileChanged hooks are to watch from now on. */
  watch(paths: readonly string[]): void;
  /** Names the session (its transcript's title line). */
  setTitle(title: string): void;
}

/** What the caller passes on: context for the next prompt, and a first prompt for `-p`. */
export interface SessionStartOutcome {
  context?: string;
  initialUserMessage?: string;
}

/**
 * Applies SessionStart's answer the same way whatever started the session, as claude 2.1.328 does
 * in its one SessionStart handler: `reloadSkills` and `watchPaths` for every source, a
 * `sessionTitle` only for a session started or resumed (not one cleared or compacted).
 */
export async function takeSessionStartAnswer(
  decision: Decision,
  source: SessionStartSource,
  effects: SessionStartEffects,
): Promise<SessionStartOutcome> {
  if (decision.kind !== "allow") return decision.kind === "stop" ? {} : { context: decision.context };
  if (decision.reloadSkills) await effects.reloadSkills().catch(() => undefined);
  if (decision.watchPaths) effects.watch(decision.watchPaths);
  if (decision.sessionTitle && (source === "startup" || source === "resume"))
    effects.setTitle(decision.sessionTitle);
  return { context: decision.context, initialUserMessage: decision.initialUserMessage };
}
