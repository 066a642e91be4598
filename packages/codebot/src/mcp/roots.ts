import { pathToFileURL } from "node:url";
import type { Root } from "@modelcontextprotocol/sdk/types.js";

/**
 * A server's MCP roots (`roots/list`): the session's folders — the project's, then those added
 * to it (the settings' `additionalDirectories`, `--add-dir`, `/add-dir`) — as `file://` URIs with
 * no name, as claude 2.1.328 answers (recorded with server-everything's `get-roots-list`). Servers
 * such as server-filesystem take them as the folders they may reach, in place of their arguments.
 */
export function rootsOf(folders: readonly string[]): Root[] {
  return folders.map((folder) => ({ uri: pathToFileURL(folder).href }));
}
