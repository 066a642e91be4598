import os from "node:os";
import path from "node:path";

/** `$CODEBOT_HOME`, defaulting to `~/.codebot`. An explicit option wins over the environment. */
export function resolveCodebotHome(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const home = explicit ?? env.CODEBOT_HOME;
  return home !== undefined && home !== "" ? path.resolve(home) : path.join(os.homedir(), ".codebot");
}
