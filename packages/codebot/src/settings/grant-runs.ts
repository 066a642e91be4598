import { createHash } from "node:crypto";
import fs from "node:fs";

/**
 * `<grant> (runs a, b #<digest>)`: a project grant that covers the content of the project files
 * it runs (`filesText`: scriptsText of them), or the grant alone when it runs none. Shared by
 * `env` grants (env-grant.ts) and allow rules (allow-grant.ts).
 */
export function grantRunning(grant: string, names: readonly string[], filesText: string): string {
  if (names.length === 0) return grant;
  const digest = createHash("sha256").update(filesText).digest("hex").slice(0, 16);
  return `${grant} (runs ${names.join(", ")} #${digest})`;
}

export function realPathOf(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}
