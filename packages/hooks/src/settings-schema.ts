/**
 * The zod schema of the settings keys the hooks engine reads (§3). The same objects validate
 * settings files and produce their JSON Schema, so the two never disagree.
 */
import { z } from "zod";
import { HOOK_EVENTS, type HookEvent } from "./events.js";

const commonFields = {
  matcher: z
    .string()
    .optional()
    .describe('first-level filter on the event\'s match name: "" = all, "/re/i" = RE2 search, else exact'),
  if: z.string().optional().describe("second-level filter on the arguments JSON (same syntax as matcher)"),
  blocking: z.boolean().optional().describe("only a blocking hook may veto (default false)"),
  timeout: z
    .number()
    .positive()
    .max(86_400)
    .optional()
    .describe("seconds for the whole run, approval wait included (default 60)"),
  onError: z
    .enum(["allow", "block"])
    .optional()
    .describe("what a failed run means for a blocking hook: allow (fail-open, default) or block"),
  env: z.record(z.string(), z.string()).optional().describe("extra environment for command hooks"),
  name: z.string().min(1).optional().describe("label shown in traces, hooks list and approvals"),
  enabled: z.boolean().optional().describe("false switches this hook off (default true)"),
  statusMessage: z.string().optional().describe("shown to the user while the hook runs"),
};

export const commandHookSchema = z.object({
  type: z.literal("command"),
  command: z.string().min(1).describe("run with sh -c; the payload JSON arrives on stdin"),
  persistent: z
    .boolean()
    .optional()
    .describe(
      "true starts the command once per session; each event is one JSON line on its stdin, answered by one line",
    ),
  ...commonFields,
});

export const promptHookSchema = z.object({
  type: z.literal("prompt"),
  prompt: z.string().min(1).describe("template; $ARGUMENTS becomes the payload JSON"),
  model: z.string().min(1).optional().describe("provider/model-id; default: the session's current model"),
  ...commonFields,
});

export const httpHookSchema = z.object({
  type: z.literal("http"),
  url: z.string().min(1).describe("POST target; the payload JSON is the body"),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .describe("references to environment variables expand only for names in allowedEnvVars"),
  allowedEnvVars: z.array(z.string()).optional(),
  ...commonFields,
});

/** One native hook entry (§3.1). */
export const hookEntrySchema = z.discriminatedUnion("type", [
  commandHookSchema,
  promptHookSchema,
  httpHookSchema,
]);

export type HookEntry = z.infer<typeof hookEntrySchema>;

/** The keys each entry type knows, for unknown-key warnings. */
export const ENTRY_KEYS: Record<HookEntry["type"], ReadonlySet<string>> = {
  command: new Set(Object.keys(commandHookSchema.shape)),
  prompt: new Set(Object.keys(promptHookSchema.shape)),
  http: new Set(Object.keys(httpHookSchema.shape)),
};

/** Fields codebot adds to a Claude Code group's hooks (each keeps its native meaning). */
const claudeExtraFields = {
  timeout: commonFields.timeout.describe(
    "seconds (default: Claude Code's, 600 for command and http hooks, 30 for prompt hooks, 60 for agent hooks)",
  ),
  statusMessage: commonFields.statusMessage,
  name: commonFields.name,
  enabled: commonFields.enabled,
  onError: commonFields.onError,
  if: z
    .string()
    .optional()
    .describe(
      'Claude Code permission rule ("Bash(git push *)", "Edit(*.ts)"): the hook runs only for tool calls it matches; tool events only',
    ),
  once: z
    .boolean()
    .optional()
    .describe("in a skill's front-matter hooks: true runs the hook once per session, then removes it"),
};

/** Claude Code 2.1.328's `onFailure` (command, http and mcp_tool hooks): codebot's `onError` in its words. */
const onFailure = z
  .enum(["continue", "block"])
  .optional()
  .describe(
    'what a failed run does: "continue" (default) lets the action go ahead, "block" blocks it (codebot\'s onError "block"); ignored for async hooks and on Stop, SubagentStop, TaskCompleted',
  );

/** Claude Code's setting for cloud sessions, which codebot does not have: accepted and not used. */
const cloud = z
  .enum(["device", "skip"])
  .optional()
  .catch(undefined)
  .describe("Claude Code's choice for cloud sessions; not used by codebot");

export const claudeCommandHookSchema = z.object({
  type: z.literal("command"),
  command: z
    .string()
    .min(1)
    .describe("run with sh -c (or, with args, as a program); the Claude Code payload JSON arrives on stdin"),
  args: z
    .array(z.string())
    .optional()
    .describe(
      "exec form: command is the program (looked up on PATH, or a path from the project), run without a shell with these arguments; \u0024{CLAUDE_PROJECT_DIR} and the plugin folders are filled in each as plain text",
    ),
  shell: z
    .enum(["bash", "powershell"])
    .optional()
    .describe(
      'Claude Code\'s shell choice: "bash" runs with /bin/sh as claude does; "powershell" is not supported',
    ),
  onFailure,
  cloud,
  async: z.boolean().optional().describe("true runs the hook in the background: it cannot block"),
  // Claude Code runs such a hook in the background and wakes the model with its exit-2 feedback;
  // codebot runs it in the foreground, so the same feedback reaches the model when it ends.
  asyncRewake: z
    .boolean()
    .optional()
    .describe(
      "Claude Code's background review; codebot runs the hook in the foreground (its feedback is the same)",
    ),
  rewakeMessage: z
    .string()
    .optional()
    .describe("Claude Code's text for an asyncRewake wake-up; not used by codebot"),
  rewakeSummary: z
    .string()
    .optional()
    .describe("Claude Code's one-line asyncRewake notice; not used by codebot"),
  persistent: commandHookSchema.shape.persistent,
  env: commonFields.env,
  ...claudeExtraFields,
});

export const claudePromptHookSchema = z.object({
  type: z.literal("prompt"),
  prompt: promptHookSchema.shape.prompt,
  model: promptHookSchema.shape.model,
  continueOnBlock: z
    .boolean()
    .optional()
    .describe(
      "true: a block (ok false) lets the turn go on with the reason for the model; default false ends the turn, as Claude Code does (Stop and SubagentStop go on either way)",
    ),
  ...claudeExtraFields,
});

export const claudeHttpHookSchema = z.object({
  type: z.literal("http"),
  url: httpHookSchema.shape.url,
  headers: httpHookSchema.shape.headers,
  allowedEnvVars: httpHookSchema.shape.allowedEnvVars,
  onFailure,
  // claude 2.1.328's http hook has it too (its settings schema), as its command hook does.
  cloud,
  ...claudeExtraFields,
});

export const claudeMcpToolHookSchema = z.object({
  type: z.literal("mcp_tool"),
  server: z.string().min(1).describe("the name of an MCP server of the session"),
  tool: z.string().min(1).describe("the tool of that server to call"),
  input: z
    .record(z.string(), z.unknown())
    .optional()
    // \u0024 is "$": the text shows the ${…} syntax without looking like a template to the linter.
    .describe(
      'arguments; string values may hold \u0024{path} references into the hook input ("\u0024{tool_input.file_path}")',
    ),
  onFailure,
  ...claudeExtraFields,
});

export const claudeAgentHookSchema = z.object({
  type: z.literal("agent"),
  prompt: z
    .string()
    .min(1)
    .describe(
      "what the verifying sub-agent checks (read-only tools); $ARGUMENTS becomes the hook input JSON",
    ),
  model: promptHookSchema.shape.model,
  ...claudeExtraFields,
});

/** One hook inside a Claude Code group. */
export const claudeHookSchema = z.discriminatedUnion("type", [
  claudeCommandHookSchema,
  claudePromptHookSchema,
  claudeHttpHookSchema,
  claudeMcpToolHookSchema,
  claudeAgentHookSchema,
]);

export type ClaudeHookEntry = z.infer<typeof claudeHookSchema>;

export const CLAUDE_ENTRY_KEYS: Record<ClaudeHookEntry["type"], ReadonlySet<string>> = {
  command: new Set(Object.keys(claudeCommandHookSchema.shape)),
  prompt: new Set(Object.keys(claudePromptHookSchema.shape)),
  http: new Set(Object.keys(claudeHttpHookSchema.shape)),
  mcp_tool: new Set(Object.keys(claudeMcpToolHookSchema.shape)),
  agent: new Set(Object.keys(claudeAgentHookSchema.shape)),
};

/** A Claude Code group (§11): its hooks follow Claude Code's rules. */
export const hookGroupSchema = z
  .object({
    matcher: z
      .string()
      .optional()
      .describe('Claude Code matcher: "*" or "" = all, "Edit|Write" = exact names, else an RE2 regex'),
    hooks: z.array(claudeHookSchema),
  })
  .describe("a Claude Code hook group");

/** Where an entry may stand: a native entry or a Claude Code group, mixed freely. */
const eventEntriesSchema = z.array(z.union([hookEntrySchema, hookGroupSchema]));

export const hooksSchema = z
  .object(
    Object.fromEntries(HOOK_EVENTS.map((event) => [event, eventEntriesSchema.optional()])) as Record<
      HookEvent,
      z.ZodOptional<typeof eventEntriesSchema>
    >,
  )
  .describe("hooks by event name");

/** The top-level settings keys the hooks engine reads. The harness extends this with its own keys. */
export const hookSettingsSchema = z.object({
  $schema: z.string().optional(),
  hooks: hooksSchema.optional(),
  disableAllHooks: z
    .boolean()
    .optional()
    .describe(
      "true turns hooks off: in the managed settings every hook, in any other file every hook but the managed ones",
    ),
  allowManagedHooksOnly: z
    .boolean()
    .optional()
    .describe("managed settings only: true runs the managed settings' hooks and no others"),
  httpHookAllowedHosts: z
    .array(z.string())
    .optional()
    .describe(
      "private hosts http hooks may reach: host, host:port, IP or CIDR (honoured from user and --settings files only)",
    ),
  allowedHttpHookUrls: z
    .array(z.string())
    .optional()
    .describe(
      'the URLs http hooks may be sent to, * matching anything ("https://hooks.example.com/*"); an http hook no pattern matches does not run, [] none runs (Claude Code\'s; the lists of all files add up, the managed hooks are held to the managed lists only)',
    ),
  httpHookAllowedEnvVars: z
    .array(z.string())
    .optional()
    .describe(
      "the environment variables http hooks may put into headers: each hook's allowedEnvVars is cut to these (Claude Code's; honoured from user, --settings and managed files only)",
    ),
});

/** JSON Schema (draft 2020-12) of a settings file, from the same zod objects that validate it. */
export function settingsJsonSchema(schema: z.ZodType = hookSettingsSchema): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}
