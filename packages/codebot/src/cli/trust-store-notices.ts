import type { TrustStore } from "../approval/trust-store.js";
import { visible } from "../approval/visible-text.js";

/**
 * What `hooks trust` and `mcp trust` say on stderr about a damaged trust store: before approving,
 * why its approvals do not count; after, where the damaged file was kept.
 */
export function writeTrustStoreProblem(store: TrustStore): void {
  if (store.problem) process.stderr.write(`codebot: ${visible(store.problem)}\n`);
}

export function writeKeptAside(store: TrustStore): void {
  if (store.keptAside)
    process.stderr.write(`codebot: kept the damaged trust store as ${visible(store.keptAside)}\n`);
}
