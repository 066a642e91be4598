import type { SessionEvent } from "../../session/session-events.js";

/**
 * The events that happen while a `-p` run's runtime is assembled: held until the (first) init line
 * is out, then written after it; from then on each is written as it happens.
 */
export class StartEvents {
  private held: SessionEvent[] | undefined = [];

  /** Holds `event` if the init line is not out yet; false once it is. */
  hold(event: SessionEvent): boolean {
    if (!this.held) return false;
    this.held.push(event);
    return true;
  }

  /** The init line is out (or none comes): the held events are written, and no more are held. */
  release(write: (event: SessionEvent) => void): void {
    for (const event of this.held ?? []) write(event);
    this.held = undefined;
  }
}
