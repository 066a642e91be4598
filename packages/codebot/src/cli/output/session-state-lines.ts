/**
 * `session_state_changed` lines, as claude 2.1.328 writes them when asked: `running` as a turn
 * starts, `requires_action` while a `can_use_tool` request waits for the program's answer (then
 * `running` again), `idle` after the turn's result line when no message waits for its turn (one
 * that does keeps the session `running` into its turn, without a second `running` line). The Agent SDK asks for them with
 * `CLAUDE_CODE_SDK_READS_SESSION_STATE=1` (set on every process it starts; its lines carry
 * `sdk_host_only: true` and the SDK keeps them from the program), `CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS`
 * asks for them without that mark. Why they matter: with a one-prompt program (a string prompt)
 * the SDK closes stdin at the first result unless a state line has said the session is still
 * running, so a control request sent right after the result found codebot gone.
 */
import { randomUUID } from "node:crypto";
import type { WireObject } from "./wire.js";

export type SessionState = "running" | "requires_action" | "idle";

export class SessionStateLines {
  private state: SessionState | undefined;

  private constructor(
    private readonly write: (line: WireObject) => void,
    private readonly sessionId: string,
    private readonly hostOnly: boolean,
  ) {}

  /** The lines the environment asks for, or undefined when it asks for none. */
  static fromEnv(
    env: NodeJS.ProcessEnv,
    write: (line: WireObject) => void,
    sessionId: string,
  ): SessionStateLines | undefined {
    if (isSet(env.CLAUDE_CODE_SDK_READS_SESSION_STATE)) return new SessionStateLines(write, sessionId, true);
    if (isSet(env.CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS))
      return new SessionStateLines(write, sessionId, false);
    return undefined;
  }

  /** A line when the state changes; none when it stays. */
  set(state: SessionState): void {
    if (state === this.state) return;
    this.state = state;
    this.write({
      type: "system",
      subtype: "session_state_changed",
      state,
      ...(this.hostOnly ? { sdk_host_only: true } : {}),
      uuid: randomUUID(),
      session_id: this.sessionId,
    });
  }
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}
