/** The options of `codebot hooks test` (program.ts parses them, hooks-test.ts runs them). */
export interface HooksTestOptions {
  tool?: string;
  args?: string;
  output?: string;
  prompt?: string;
  agent?: string;
  /** Any name of MODE_NAMES. */
  permissionMode?: string;
  trustProjectHooks?: boolean;
  json?: boolean;
}
