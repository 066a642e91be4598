import type { PermissionMode } from "../../settings/runtime-settings.js";

/** The options of `codebot hooks test` (program.ts parses them, hooks-test.ts runs them). */
export interface HooksTestOptions {
  tool?: string;
  args?: string;
  output?: string;
  prompt?: string;
  agent?: string;
  permissionMode?: PermissionMode;
  trustProjectHooks?: boolean;
  json?: boolean;
}
