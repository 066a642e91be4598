import { nearName } from "@codebot/hooks";
import { CliError } from "./cli-error.js";

/**
 * A prompt is one argument. Words past it (`codebot -p fix the tests`, or a mistyped command as
 * in `codebot hook list`) are refused, showing the prompt quoted and the command it may have
 * been: commander said only "too many arguments. Expected 1 argument but got 3.", and claude
 * 2.1.328 sends the first word alone (recorded: `claude -p fix the tests` sent "fix").
 */
export function checkPromptWords(
  print: boolean,
  words: readonly string[],
  commands: readonly string[],
): void {
  if (words.length < 2) return;
  const quoted = `codebot${print ? " -p" : ""} "${words.join(" ")}"`;
  const command = print ? undefined : nearName(words[0] ?? "", commands);
  const meant =
    command === undefined ? "" : `, or the command codebot ${command} ${words.slice(1).join(" ")}`;
  throw new CliError(`the prompt is one argument: quote it, ${quoted}${meant}`);
}
