/**
 * The line a consent screen adds under a project's MCP server whose entry runs paths codebot
 * cannot tell the file of (`${DIR}/server.js`, a `cwd` of `${X}`): their content is not in the
 * server's grant, so the user should know to look at them before approving — as for hooks
 * (cli/hooks/unchecked-paths.ts).
 */
import { visible } from "../../approval/visible-text.js";
import type { ServerEntry } from "../../mcp/server-entry.js";

/** `also runs paths codebot cannot check: …`, or nothing; the words as written, control characters escaped. */
export function uncheckedServerPathLines(entry: ServerEntry): string[] {
  // The user's own servers are not approved, so there is no approval to fall short of.
  if (!entry.needsConsent || entry.unchecked.length === 0) return [];
  return [
    `also runs paths codebot cannot check: ${visible(entry.unchecked.join(", "))} (their content is not part of the approval)`,
  ];
}
