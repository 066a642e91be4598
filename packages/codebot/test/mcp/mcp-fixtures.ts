import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** The real reference servers, run from node_modules with this Node (no network, no npx). */
export function everythingServer(): { command: string; args: string[] } {
  const main = path.join(
    path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
    "dist/index.js",
  );
  return { command: process.execPath, args: [main] };
}

export function filesystemServer(root: string): { command: string; args: string[] } {
  const main = path.join(
    path.dirname(require.resolve("@modelcontextprotocol/server-filesystem/package.json")),
    "dist/index.js",
  );
  return { command: process.execPath, args: [main, root] };
}

/** The fixture server whose prompts have these names (fixtures/named-prompts-server.mjs). */
export function namedPromptsServer(names: readonly string[]): { command: string; args: string[] } {
  const main = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/named-prompts-server.mjs");
  return { command: process.execPath, args: [main, JSON.stringify(names)] };
}

/** A server written inline: `node -e <source>`. */
export function nodeServer(source: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ["-e", source] };
}

/** `-p` flags for a stream-json run with `config` as its `--mcp-config`. */
export const STREAM_JSON = (config: string): string[] => [
  "--output-format",
  "stream-json",
  "--verbose",
  "--mcp-config",
  config,
];

/**
 * claude 2.1.328's `deferred_tools_delta` attachment naming the deferred tools that came and went
 * (recorded), written out here rather than taken from codebot's writer, which the tests check.
 */
export const claudeDeferredDelta = (added: string[], removed: string[] = []) => ({
  type: "deferred_tools_delta",
  addedNames: added,
  addedLines: added,
  removedNames: removed,
  ...(removed.length > 0 ? { causeNeutral: true } : {}),
  wireHiddenNames: [],
  readdedNames: [],
  pendingMcpServers: [],
  needsAuthMcpServers: [],
  failedMcpServers: [],
});
