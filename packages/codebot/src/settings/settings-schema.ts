/**
 * The zod schema of a whole settings file (§3.2): the hooks engine's keys plus the runtime's own.
 * The same objects validate the files (mergeSettings, the plugin loader) and produce the JSON
 * Schema `codebot hooks schema` prints, so the two never disagree.
 */
import { EFFORT_LEVELS } from "@codebot/agentcore";
import { hookSettingsSchema } from "@codebot/hooks";
import { z } from "zod";
import { parsePermissionRule } from "../approval/permission-rule.js";
import {
  mcpServerListSchema,
  mcpServersSettingSchema,
  mcpStartupTimeoutSchema,
} from "../mcp/server-config.js";
import { LEAST_AUTO_COMPACT_WINDOW } from "../session/auto-compact-window.js";
import type { ModelPrice } from "../session/model-prices.js";
import { MODE_NAMES, modeNamed, PERMISSION_MODE_NAMES } from "./permission-modes.js";

function pricePerMTok() {
  return z.number(expected(PRICE)).min(0, expected(PRICE)).max(10_000, expected(PRICE));
}

/** An error message that quotes the rejected value: `expected …, got "yolo"`. */
function expected(what: string) {
  return { error: (issue: { input?: unknown }) => `${what}, got ${JSON.stringify(issue.input)}` };
}

const MODEL_SPEC = 'expected "provider/model-id"';
const MAX_ATTEMPTS = "expected an integer from 1 to 100";
const CONTEXT_WINDOW = "expected an integer from 1000 to 100000000";
const PRICE = "expected US dollars per million tokens, from 0 to 10000";
const THRESHOLD = "expected a number above 0 and at most 1";

/** codebot's permission modes (Claude Code's names are read too, see modeSettingSchema). */
export const permissionModeSchema = z.enum(PERMISSION_MODE_NAMES);

/** A mode in a settings file: codebot's names or Claude Code's (`default`, `bypassPermissions`). */
export const modeSettingSchema = z
  .enum(
    MODE_NAMES as [string, ...string[]],
    expected(`expected one of ${MODE_NAMES.map((m) => `"${m}"`).join(", ")}`),
  )
  .transform(modeNamed)
  .describe(
    "ask (= default): ask before a tool call that needs approval; acceptEdits: file edits run unasked; auto: file edits in the project run unasked and a classifier model allows or refuses what would be asked about; dontAsk: refuse what is not allowed instead of asking; bypassPermissions: run everything unasked; plan: read-only. From project or local settings, a mode that loosens the one set before it (acceptEdits, auto or bypassPermissions over ask, ask over plan) counts only once trusted; a mode that restricts always counts",
  );

/** A `permissions.allow` rule, parsed: the schema's output is the PermissionRule. */
export const permissionRuleSchema = z
  .string(expected("expected a rule string"))
  .transform((text, ctx) => {
    const parsed = parsePermissionRule(text);
    if (parsed.ok) return parsed.rule;
    ctx.issues.push({ code: "custom", message: parsed.error, input: text });
    return z.NEVER;
  })
  .describe(
    'Claude Code\'s grammar: "Tool" or "Tool(specifier)": Bash(npm run test:*), Bash(git diff *), Edit(src/**), Read(./secrets/**)',
  );

/**
 * A deny or ask list. One rule written as a plain string counts as that rule: dropping a deny
 * the user meant would let the very call through (claude 2.1.328 ignores it; checked).
 */
const ruleList = (what: string) =>
  z
    .preprocess(
      (value) => (typeof value === "string" ? [value] : value),
      z.array(permissionRuleSchema, { error: "expected a list of rules" }),
    )
    .optional()
    .describe(what);

/** An allow rule: a `*` that could reach other MCP servers is refused, as Claude Code refuses it. */
const allowRuleSchema = permissionRuleSchema.refine((rule) => rule.mcpGlob?.allowable !== false, {
  error: (issue) =>
    `wildcard tool name "${(issue.input as { text?: string } | undefined)?.text}" is not supported in allow rules before mcp__<server>__ (deny and ask rules take * anywhere)`,
});

/** One of `autoMode`'s lists: rules in prose, read by the classifier model. */
const proseRules = (what: string) =>
  z
    .array(z.string(expected("expected a rule in prose")), { error: "expected a list of rules in prose" })
    .optional()
    .describe(what);

/** The settings keys the runtime itself reads (mergeSettings validates them). */
export const runtimeKeysSchema = z.object({
  model: z
    .string(expected(MODEL_SPEC))
    .regex(/^[^/\s]+\/\S+$/, expected(MODEL_SPEC))
    .optional()
    .describe("provider/model-id, e.g. anthropic/claude-sonnet-4-5; the last file that sets it wins"),
  effortLevel: z
    .enum(["low", "medium", "high", "xhigh"], expected('expected "low", "medium", "high" or "xhigh"'))
    .optional()
    .describe(
      "Claude Code's: the effort Anthropic models are asked for (as --effort, which wins, as CLAUDE_CODE_EFFORT_LEVEL does over both); max is for --effort only, as in claude",
    ),
  alwaysThinkingEnabled: z
    .boolean(expected("expected true or false"))
    .optional()
    .describe(
      "Claude Code's: false asks the models that take adaptive thinking not to think (as MAX_THINKING_TOKENS=0); the last file that sets it wins",
    ),
  promptSuggestionEnabled: z
    .boolean(expected("expected true or false"))
    .optional()
    .describe(
      "Claude Code's: false turns off --prompt-suggestions' lines (CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION wins over it); the last file that sets it wins",
    ),
  maxEffortLevel: z
    .enum(EFFORT_LEVELS, expected(`expected one of ${EFFORT_LEVELS.join(", ")}`))
    .optional()
    .describe(
      "Claude Code's: no request is sent a higher effort (--effort, CLAUDE_CODE_EFFORT_LEVEL, /effort, a model's default); the lowest of all files wins, a project's too; max caps nothing",
    ),
  modelSettings: z
    .record(
      z.string().min(1, expected("expected a model name")),
      z.object(
        {
          effortLevel: z
            .enum(["low", "medium", "high", "xhigh"], expected('expected "low", "medium", "high" or "xhigh"'))
            .optional()
            .describe("this model's effort, over the top-level effortLevel of this file and those before it"),
          maxEffortLevel: z
            .enum(EFFORT_LEVELS, expected(`expected one of ${EFFORT_LEVELS.join(", ")}`))
            .optional()
            .describe("this model's cap, in place of this file's top-level maxEffortLevel (max: none)"),
        },
        { error: "expected an object" },
      ),
    )
    .optional()
    .describe(
      "Claude Code's per-model settings, keyed by model name (claude-opus-4-6 covers its dated, [1m] and Bedrock ids)",
    ),
  agent: z
    .string(expected("expected a custom agent's name"))
    .min(1, expected("expected a custom agent's name"))
    .optional()
    .describe(
      "the custom agent the session runs as (as --agent, which wins); from project settings only once trusted",
    ),
  permissions: z
    .strictObject(
      {
        mode: modeSettingSchema.optional(),
        defaultMode: modeSettingSchema.optional().describe("Claude Code's name for mode"),
        allow: z
          .array(allowRuleSchema, { error: "expected a list of rules" })
          .optional()
          .describe("tool calls that run without asking; from project settings only once trusted"),
        ask: ruleList("tool calls that are always asked about (refused when nobody can answer)"),
        deny: ruleList("tool calls that never run, in every mode; honoured from every layer"),
        additionalDirectories: z
          .array(z.string())
          .optional()
          .describe(
            "folders outside the project the file tools may reach too (absolute, ~/, or from the project); from project settings only once trusted",
          ),
        blockReadsOutsideWorkingDirectories: z
          .boolean(expected("expected true or false"))
          .optional()
          .describe(
            "true refuses a bash line reading a path outside the project and its added folders, in every mode; honoured from any file",
          ),
        blockWritesOutsideWorkingDirectories: z
          .boolean(expected("expected true or false"))
          .optional()
          .describe(
            "true refuses a bash line writing a path outside the project and its added folders, in every mode; honoured from any file",
          ),
        disableBypassPermissionsMode: z
          .literal("disable", expected('expected "disable"'))
          .optional()
          .describe('"disable" refuses bypassPermissions (--dangerously-skip-permissions); from any file'),
        disableAutoMode: z
          .literal("disable", expected('expected "disable"'))
          .optional()
          .describe(
            '"disable" refuses auto mode (Claude Code\'s key, also read at the top level of its files); from any file',
          ),
      },
      { error: "expected an object" },
    )
    .optional(),
  autoMode: z
    .strictObject(
      {
        environment: proseRules(
          "what the classifier is told to trust: your repositories, buckets, domains, services",
        ),
        allow: proseRules(
          "exceptions to the soft_deny rules: what the classifier lets run although a rule blocks it",
        ),
        soft_deny: proseRules(
          "what the classifier blocks unless an allow rule or the user's explicit request for that action clears it",
        ),
        hard_deny: proseRules("what the classifier blocks whatever the user asked"),
        deny: proseRules(
          "claude's legacy list: its entries join the soft_deny rules, after them (they replace nothing)",
        ),
        classifyAllShell: z
          .boolean(expected("expected true or false"))
          .optional()
          .describe(
            "true: in auto mode no allow rule lets a shell line run unjudged, each goes to the classifier (a line that only reads still runs)",
          ),
      },
      { error: "expected an object of lists" },
    )
    .optional()
    .describe(
      "Claude Code's rules for auto mode's classifier, in prose; a list replaces the built-in one, \"$defaults\" in it stands for the built-in entries. From your user settings, --settings and the managed settings only: ignored in a project's files",
    ),
  postStopValidation: z
    .strictObject(
      {
        maxAttempts: z
          .number(expected(MAX_ATTEMPTS))
          .int(expected(MAX_ATTEMPTS))
          .min(1, expected(MAX_ATTEMPTS))
          .max(100, expected(MAX_ATTEMPTS))
          .optional()
          .describe("consecutive PostStopValidation failures per prompt before the run ends (default 3)"),
      },
      { error: "expected an object" },
    )
    .optional(),
  env: z
    .record(
      z.string(),
      // A number or a boolean is its text, as claude 2.1.328 sets it (recorded: `"N": 2` gave N=2).
      z.union([z.string(), z.number(), z.boolean()], { error: "expected a string" }).transform(String),
      { error: "expected an object of strings" },
    )
    .optional()
    .describe("environment for tools and hooks; from project settings only once trusted"),
  mcpServers: mcpServersSettingSchema.optional(),
  mcpStartupTimeout: mcpStartupTimeoutSchema.optional(),
  // Their entries are checked one by one where they are used (mcp/server-policy.ts, managed-servers.ts).
  deniedMcpServers: mcpServerListSchema
    .optional()
    .describe(
      "MCP servers that never start, wherever configured: [{serverName | serverCommand | serverUrl}]; from any file",
    ),
  allowedMcpServers: mcpServerListSchema
    .optional()
    .describe(
      "the only MCP servers that may start: [{serverName | serverCommand | serverUrl}]; a project's list only narrows yours",
    ),
  allowManagedMcpServersOnly: z
    .boolean({ error: "expected true or false" })
    .optional()
    .describe("managed settings: only the managed allowedMcpServers count"),
  managedMcpServers: z
    .record(z.string(), z.unknown(), { error: "expected an object of servers" })
    .optional()
    .describe("managed settings: the organisation's remote MCP servers ({type: http|sse, url: https://…})"),
  models: z
    .record(
      z.string().regex(/^[^/\s]+\/\S+$/, expected(MODEL_SPEC)),
      z.strictObject(
        {
          contextWindow: z
            .number(expected(CONTEXT_WINDOW))
            .int(expected(CONTEXT_WINDOW))
            .min(1000, expected(CONTEXT_WINDOW))
            .max(100_000_000, expected(CONTEXT_WINDOW))
            .optional()
            .describe("tokens the model's context holds; overrides codebot's table"),
          price: z
            .strictObject(
              {
                input: pricePerMTok().optional(),
                output: pricePerMTok().optional(),
                cacheRead: pricePerMTok().optional(),
                cacheWrite: pricePerMTok().optional(),
              },
              { error: 'expected {"input": …, "output": …} in US dollars per million tokens' },
            )
            // Required, but checked as a whole: a bad field is dropped, then the price without it.
            .refine((price) => price.input !== undefined && price.output !== undefined, {
              error: 'expected both "input" and "output"',
            })
            .transform((price) => price as ModelPrice)
            .optional()
            .describe(
              "US dollars per million tokens (cache reads and writes default to the input price); overrides codebot's table",
            ),
        },
        { error: "expected an object" },
      ),
      { error: "expected an object keyed by provider/model-id" },
    )
    .optional()
    .describe('per-model settings, e.g. {"anthropic/claude-x": {"contextWindow": 200000}}'),
  compaction: z
    .strictObject(
      {
        auto: z
          .boolean(expected("expected true or false"))
          .optional()
          .describe("compact automatically when the context passes the threshold (default true)"),
        threshold: z
          .number(expected(THRESHOLD))
          .gt(0, expected(THRESHOLD))
          .max(1, expected(THRESHOLD))
          .optional()
          .describe("share of the context window in use that starts automatic compaction (default 0.85)"),
      },
      { error: "expected an object" },
    )
    .optional(),
  autoCompactEnabled: z
    .boolean(expected("expected true or false"))
    .optional()
    .describe(
      "Claude Code's: false turns automatic compaction off (as compaction.auto, which wins in the same file); the last file that sets it wins",
    ),
  disableSkillShellExecution: z
    .boolean(expected("expected true or false"))
    .optional()
    .describe(
      "Claude Code's: true from any file keeps every skill's and command's !`cmd` from running: claude's placeholder \"[shell command execution disabled by policy]\" takes its place",
    ),
  autoCompactWindow: z
    .union([z.literal("auto"), z.number().int().min(LEAST_AUTO_COMPACT_WINDOW)], {
      error: `expected "auto" or a whole number of tokens of at least ${LEAST_AUTO_COMPACT_WINDOW}`,
    })
    .optional()
    .describe(
      "Claude Code's: automatic compaction counts its threshold against this many tokens instead of the model's window (\"auto\": the model's)",
    ),
  allowManagedPermissionRulesOnly: z
    .boolean(expected("expected true or false"))
    .optional()
    .describe(
      "managed settings only: true makes the managed settings' allow, ask and deny rules the only ones",
    ),
  apiKeyHelper: z
    .string(expected("expected a command"))
    .min(1, expected("expected a command"))
    .optional()
    .describe(
      "user settings: a command that prints the Anthropic API key, run when no ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN is set (Claude Code's apiKeyHelper)",
    ),
  statusLine: z
    .object(
      {
        type: z.literal("command", expected('expected "command"')),
        command: z.string(expected("expected a command")).min(1, expected("expected a command")),
        padding: z.number(expected("expected a number of columns")).int().min(0).max(40).optional(),
        refreshInterval: z
          .number(expected("expected a number of seconds"))
          .min(1, expected("expected at least 1 second"))
          .optional(),
        // Claude Code's: hides its vim-mode indicator; codebot has none, so it changes nothing.
        hideVimModeIndicator: z.boolean(expected("expected true or false")).optional(),
      },
      { error: 'expected {"type": "command", "command": …}' },
    )
    .optional()
    .describe(
      "a command whose output lines are the interactive status line (Claude Code's statusLine); from a project's settings, once approved",
    ),
  worktree: z
    .object(
      {
        baseRef: z
          .enum(["fresh", "head"], { error: 'expected "fresh" or "head"' })
          .optional()
          .describe(
            '`--worktree`\'s base: "fresh" (default) the remote\'s default branch when there is one, "head" the local HEAD',
          ),
      },
      { error: "expected an object" },
    )
    .optional()
    .describe("Claude Code's settings of `--worktree`"),
  axScreenReader: z
    .boolean(expected("expected true or false"))
    .optional()
    .describe(
      "user settings: the interactive terminal in screen-reader mode (flat text, no colours, borders or animation), as --ax-screen-reader; ignored in a project's settings",
    ),
  claudeCompat: z
    .boolean(expected("expected true or false"))
    .optional()
    .describe(
      "user settings: read Claude Code's files (~/.claude/settings.json, the project's .claude/settings*.json, installed plugins); default true",
    ),
});

/** `claudePlugins` (user settings): validated by the plugin loader, which reads it first. */
export const claudePluginsSchema = z
  .array(z.string().min(1))
  .describe("user settings: Claude Code plugin folders to load, relative to the settings file");

/** A whole settings file. Unknown keys are warnings in the loader, so the schema rejects them. */
export const settingsFileSchema = z.strictObject({
  ...hookSettingsSchema.shape,
  ...runtimeKeysSchema.shape,
  claudePlugins: claudePluginsSchema.optional(),
});

/** Every top-level key a settings file may have. */
export const SETTINGS_KEYS: ReadonlySet<string> = new Set(Object.keys(settingsFileSchema.shape));
