import { errorMessage, exitCodeOf } from "./cli-error.js";
import { buildProgram } from "./program.js";

/**
 * Runs the command line and exits. Whatever goes wrong reaches the user as one line on stderr,
 * never as a stack trace; stdout is flushed before the process exits.
 */
export async function main(argv: readonly string[]): Promise<void> {
  process.on("uncaughtException", (error) => fail(`internal error: ${errorMessage(error)}`, 1));
  process.on("unhandledRejection", (error) => fail(`internal error: ${errorMessage(error)}`, 1));
  // `codebot hooks schema | head`: a reader that has seen enough is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    fail(`stdout: ${error.message}`, 1);
  });
  let code: number;
  try {
    code = await buildProgram().run(argv);
  } catch (error) {
    fail(errorMessage(error), exitCodeOf(error));
    return;
  }
  await exit(code);
}

function fail(message: string, code: number): void {
  process.stderr.write(`codebot: ${message}\n`);
  void exit(code);
}

/** Exits once everything written to stdout and stderr has been handed to the OS (pipes are async). */
export async function exit(code: number): Promise<never> {
  await Promise.all([drain(process.stdout), drain(process.stderr)]);
  process.exit(code);
}

function drain(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write("", () => resolve());
  });
}
