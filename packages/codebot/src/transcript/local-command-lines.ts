/**
 * The messages claude 2.1.328 records for a built-in command it ran itself (`-p "/context"`,
 * recorded): a caveat, the command in its `<command-name>` form, and the output (its
 * `local_command` line's content). A resume sends them to the model, as claude's does.
 */

/** The caveat before the command: a meta user message, claude's words. */
export const LOCAL_COMMAND_CAVEAT =
  "<local-command-caveat>The command below was run directly in Claude Code, not sent to you as a request, and its output goes straight to the user. It's recorded here as context for later messages.</local-command-caveat>";

/** The command as claude writes it (its spacing too). */
export function commandNameText(command: string, args = ""): string {
  return `<command-name>/${command}</command-name>\n            <command-message>${command}</command-message>\n            <command-args>${args}</command-args>`;
}

/**
 * A user message's text as a person reads it: `/context` for a command line, nothing for the
 * caveat and the output; any other text as it is.
 */
export function promptAsTyped(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("<local-command-caveat>") || trimmed.startsWith("<local-command-stdout>")) return "";
  const command =
    /^<command-name>(\/[^<]*)<\/command-name>[\s\S]*?<command-args>([\s\S]*?)<\/command-args>/.exec(trimmed);
  if (command) return [command[1], command[2]?.trim()].filter(Boolean).join(" ");
  return text;
}
