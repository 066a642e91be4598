/**
 * What Claude Code hooks run in the background (`"async": true`) said for the model when they
 * finished (additionalContext), and DirectoryAdded hooks' systemMessages. It goes with the model's next request that happens anyway — after
 * the tool calls of a step, or with the next prompt — and never makes a step of its own: claude
 * 2.1.328 does the same (checked: the context of a hook that finished during a step came with the
 * request after that step's tool results; one that finished after the last answer made no request).
 */
import type { BackgroundContext } from "@codebot/hooks";

export class BackgroundSaid {
  private pending: string[] = [];

  add({ event, hook, context }: BackgroundContext): void {
    this.pending.push(`${event} hook ${hook} (run in the background) says:\n${context}`);
  }

  /** Text for the model from elsewhere (DirectoryAdded hooks' systemMessages), as it is. */
  note(text: string): void {
    this.pending.push(text);
  }

  /** Everything said since the last take, as one text; undefined when nothing was. */
  take(): string | undefined {
    return this.pending.length === 0 ? undefined : this.pending.splice(0).join("\n\n");
  }
}
