import type { PathPolicy } from "../paths/path-policy.js";

/** What the built-in tools share: where they may reach and the environment commands get. */
export interface ToolEnvironment {
  paths: PathPolicy;
  /** Extra environment for `bash` (settings `env`), on top of the process environment. */
  env: Record<string, string>;
}
