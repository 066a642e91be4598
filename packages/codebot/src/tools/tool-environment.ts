import type { PathPolicy } from "../paths/path-policy.js";

/** What the built-in tools share: where they may reach and the environment commands get. */
export interface ToolEnvironment {
  paths: PathPolicy;
  /** Extra environment for `bash` (settings `env`), on top of the process environment. */
  env: Record<string, string>;
  /** The bash tool's working directory moved (a `cd` that stays where file tools may reach). */
  onCwdChange?(oldCwd: string, newCwd: string): void;
}
