import type readline from "node:readline";

interface Pending {
  resolve(line: string | undefined): void;
}

/**
 * One question at a time on the shared readline interface (the approval engine already queues
 * them). The next line typed answers it; Ctrl+C or the run's cancellation answers "no answer".
 */
export class Questions {
  private pending: Pending | undefined;

  constructor(
    private readonly rl: readline.Interface,
    /** Told when a question takes the terminal and when it gives it back. */
    private readonly screen: { hold(): void; release(): void },
    private readonly idlePrompt: string,
  ) {}

  get open(): boolean {
    return this.pending !== undefined;
  }

  /**
   * Asks until the answer's first letter is one of `choices`' keys; resolves with its value, or
   * with `fallback` when cancelled.
   */
  async ask<T extends string>(
    question: string,
    choices: Record<string, T>,
    fallback: T,
    signal?: AbortSignal,
  ): Promise<T> {
    for (let prompt = question; ; prompt = `please answer ${Object.keys(choices).join(", ")}: `) {
      const line = await this.readLine(prompt, signal);
      if (line === undefined) return fallback;
      const key = line.trim().toLowerCase().charAt(0);
      const choice = choices[key];
      if (choice !== undefined) return choice;
    }
  }

  /** Gives a typed line to the open question; false when none is open. */
  answer(line: string): boolean {
    if (!this.pending) return false;
    this.settle(line);
    return true;
  }

  /** Answers the open question with "no answer". */
  cancel(): void {
    this.settle(undefined);
  }

  private readLine(prompt: string, signal?: AbortSignal): Promise<string | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    this.screen.hold();
    return new Promise((resolve) => {
      const onAbort = () => this.settle(undefined);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending = {
        resolve: (line) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(line);
        },
      };
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    });
  }

  private settle(line: string | undefined): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.rl.setPrompt(this.idlePrompt);
    this.screen.release();
    pending.resolve(line);
  }
}
