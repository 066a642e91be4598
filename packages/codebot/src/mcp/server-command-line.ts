import type { StdioServerConfig } from "./server-config.js";

/** A local server's command and args as one shell-quoted line, as listings show it and scripts are found in it. */
export function commandLine(config: StdioServerConfig): string {
  return [config.command, ...(config.args ?? [])].map(shellWord).join(" ");
}

function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
