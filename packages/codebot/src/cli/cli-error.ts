/** An error meant for the user: printed as `codebot: <message>` (never a stack), with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The message of anything thrown, without a stack. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Exit code for a thrown error: a CliError's own, else 1. */
export function exitCodeOf(error: unknown): number {
  return error instanceof CliError ? error.exitCode : 1;
}
