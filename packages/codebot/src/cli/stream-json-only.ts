import { CliError } from "./cli-error.js";
import type { OutputFormat } from "./session-flags.js";

/** Whether the run is `-p` (or stream-json input, which is `-p`) and in which output format. */
export interface PrintRun {
  print: boolean;
  outputFormat: OutputFormat;
}

/**
 * A flag whose lines only `-p --output-format stream-json` has, refused elsewhere as claude 2.1.328
 * refuses it (`--forward-subagent-text`, `--prompt-suggestions`); `why` follows the reason.
 */
export function checkStreamJsonOnly(flag: string, run: PrintRun, why = ""): void {
  if (run.print && run.outputFormat === "stream-json") return;
  throw new CliError(`${flag} requires --print and --output-format stream-json${why}`);
}
