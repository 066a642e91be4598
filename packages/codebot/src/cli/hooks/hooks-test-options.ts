/** The options of `codebot hooks test` (program.ts parses them, hooks-test.ts runs them). */
export interface HooksTestOptions {
  tool?: string;
  args?: string;
  output?: string;
  prompt?: string;
  agent?: string;
  /** A sub-agent run's own name, when the model gave it one other than its type (`--agent`). */
  agentName?: string;
  /** A skill whose front-matter hooks are put in force, as loading it does. */
  skill?: string;
  /** PostToolUse: the call failed. */
  failed?: boolean;
  /** PostToolUseFailure: the call failed because the run was interrupted. */
  interrupted?: boolean;
  /** SubagentStop: the run was stopped before it ended by itself. */
  stopped?: boolean;
  /** Any name of MODE_NAMES. */
  permissionMode?: string;
  trustProjectHooks?: boolean;
  json?: boolean;
}
