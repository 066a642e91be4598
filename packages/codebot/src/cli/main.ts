// First: zod settings hold only for the schemas built after them.
import "./zod-without-jit.js";
import { errorMessage, exitCodeOf } from "./cli-error.js";
import { routeModelWarnings } from "./model-warnings.js";
import { exit, fail, onCrash, onOutputError } from "./process-exit.js";
import { buildProgram } from "./program.js";

/**
 * Runs the command line and exits. Whatever goes wrong reaches the user as one line on stderr,
 * never as a stack trace; stdout is flushed before the process exits.
 */
export async function main(argv: readonly string[]): Promise<void> {
  routeModelWarnings((line) => process.stderr.write(`${line}\n`));
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  // A reader that has seen enough (`| head`) or a terminal that went away: output is no longer
  // wanted, but the command still ends normally (a session still closes, SessionEnd included).
  // Any other failure to write (a full disk) fails the command.
  process.stdout.on("error", (error) => onOutputError(error, "stdout"));
  process.stderr.on("error", (error) => onOutputError(error, "stderr"));
  let code: number;
  try {
    code = await buildProgram().run(argv);
  } catch (error) {
    fail(errorMessage(error), exitCodeOf(error));
    return;
  }
  await exit(code);
}
