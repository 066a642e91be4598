/**
 * `--system-prompt-snapshot` (claude 2.1.328, on by default): the main agent's system prompt is
 * rendered on the conversation's first request, recorded in the transcript, and that record is what
 * every later request and every resume sends — even when a later launch passes other instructions
 * (`--system-prompt`, `--append-system-prompt`) — until the conversation is compacted or cleared.
 * A prompt that stays byte for byte the same keeps the provider's prompt cache. Off: rendered afresh
 * for every run.
 */
export class SystemPromptSnapshot {
  constructor(
    private readonly render: () => string,
    private readonly on: boolean,
    private readonly record: (systemPrompt: string) => void,
    private recorded: string | undefined,
  ) {}

  /** The system prompt of the next run; the first one of a conversation is recorded. */
  current(): string {
    if (!this.on) return this.render();
    if (this.recorded === undefined) {
      this.recorded = this.render();
      this.record(this.recorded);
    }
    return this.recorded;
  }

  /**
   * The conversation was compacted, cleared (nothing recorded: the next run renders and records
   * afresh), or another one resumed (`/resume`: its record, if it has one).
   */
  reset(recorded?: string): void {
    this.recorded = recorded;
  }
}
