import type readline from "node:readline";
import { exit } from "../process-exit.js";
import type { Questions } from "./questions.js";

/**
 * The input while the session starts: typed lines wait for it (a question's answer aside), and
 * Ctrl+C or Ctrl+D leave at once. The end of a pipe only ends the input: its lines still run.
 */
export class StartUpInput {
  private readonly typedAhead: string[] = [];
  private readonly onLine = (line: string): void => {
    if (!this.questions.answer(line)) this.typedAhead.push(line);
  };
  private readonly onQuit = (): void => void exit(130);
  private readonly onClose: () => void;

  constructor(
    private readonly rl: readline.Interface,
    private readonly questions: Pick<Questions, "answer">,
    piped: boolean,
    inputEnds: () => void,
  ) {
    this.onClose = piped ? inputEnds : this.onQuit;
    rl.on("line", this.onLine);
    rl.on("SIGINT", this.onQuit);
    rl.on("close", this.onClose);
  }

  /** A question asked through readline itself (`-r`'s pick of a session): its answer is not a line typed ahead. */
  async aside<T>(ask: () => Promise<T>): Promise<T> {
    this.rl.off("line", this.onLine);
    const answer = await ask();
    this.rl.on("line", this.onLine);
    return answer;
  }

  /** The session could not start: readline closes, and that is not the user leaving. */
  failed(): void {
    this.rl.off("close", this.onClose);
    this.rl.close();
  }

  /** The session has started: its own listeners take over. The lines typed meanwhile, to send. */
  handOver(): string[] {
    this.rl.off("line", this.onLine);
    this.rl.off("SIGINT", this.onQuit);
    this.rl.off("close", this.onClose);
    return this.typedAhead;
  }
}
