import { CliError } from "./cli-error.js";
import type { InputFormat, OutputFormat } from "./session-flags.js";

export interface InputFormatOptions {
  prompt: string | undefined;
  inputFormat: InputFormat;
  outputFormat: OutputFormat;
  replayUserMessages: boolean;
  /** `--await-initialize` (the Agent SDK's, when it sends MCP servers in `initialize`). */
  awaitInitialize?: boolean;
}

/**
 * `--input-format` and `--replay-user-messages`, checked as claude 2.1.328 checks them: stream-json
 * input answers in stream-json only, and only stream-json input can be replayed. A prompt given
 * beside stream-json input is refused (claude ignores it silently). Stream-json input means a
 * program drives the run: it is `-p` whether or not `-p` is given (the Agent SDK does not give it;
 * claude, whose output is not a terminal there, runs as with `-p`). `--await-initialize` asks
 * for what codebot does with stream-json input anyway (the session starts from the first line's
 * `initialize`): it is refused without stream-json input, as claude refuses it.
 */
export function inputFormatFlags(options: InputFormatOptions): {
  inputFormat: InputFormat;
  replayUserMessages: boolean;
} {
  const streamInput = options.inputFormat === "stream-json";
  if (options.awaitInitialize === true && !streamInput)
    throw new CliError("--await-initialize requires --input-format stream-json");
  if (options.replayUserMessages && !(streamInput && options.outputFormat === "stream-json"))
    throw new CliError(
      "--replay-user-messages requires both --input-format stream-json and --output-format stream-json",
    );
  if (!streamInput) return { inputFormat: "text", replayUserMessages: false };
  if (options.outputFormat !== "stream-json")
    throw new CliError("--input-format stream-json requires --output-format stream-json");
  if (options.prompt !== undefined)
    throw new CliError(
      "--input-format stream-json takes its prompts from stdin, one JSON line each: give no prompt argument",
    );
  return { inputFormat: "stream-json", replayUserMessages: options.replayUserMessages };
}
