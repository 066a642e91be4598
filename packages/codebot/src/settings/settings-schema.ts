/**
 * The zod schema of a whole settings file (§3.2): the hooks engine's keys plus the runtime's own.
 * The same objects validate the files (mergeSettings, the plugin loader) and produce the JSON
 * Schema `codebot hooks schema` prints, so the two never disagree.
 */
import { hookSettingsSchema } from "@codebot/hooks";
import { z } from "zod";
import { parsePermissionRule } from "../approval/permission-rule.js";
import { mcpServersSettingSchema, mcpStartupTimeoutSchema } from "../mcp/server-config.js";
import { MODE_NAMES, modeNamed, PERMISSION_MODE_NAMES } from "./permission-modes.js";

/** An error message that quotes the rejected value: `expected …, got "yolo"`. */
function expected(what: string) {
  return { error: (issue: { input?: unknown }) => `${what}, got ${JSON.stringify(issue.input)}` };
}

const MODEL_SPEC = 'expected "provider/model-id"';
const MAX_ATTEMPTS = "expected an integer from 1 to 100";

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
    "ask (= default): ask before a tool call that needs approval; acceptEdits: file edits run unasked; dontAsk: refuse what is not allowed instead of asking; auto (= bypassPermissions): run everything unasked; plan: read-only. From project settings, auto and acceptEdits count only once trusted",
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

const ruleList = (what: string) =>
  z.array(permissionRuleSchema, { error: "expected a list of rules" }).optional().describe(what);

/** The settings keys the runtime itself reads (mergeSettings validates them). */
export const runtimeKeysSchema = z.object({
  model: z
    .string(expected(MODEL_SPEC))
    .regex(/^[^/\s]+\/\S+$/, expected(MODEL_SPEC))
    .optional()
    .describe("provider/model-id, e.g. anthropic/claude-sonnet-4-5; the last file that sets it wins"),
  permissions: z
    .strictObject(
      {
        mode: modeSettingSchema.optional(),
        defaultMode: modeSettingSchema.optional().describe("Claude Code's name for mode"),
        allow: ruleList("tool calls that run without asking; from project settings only once trusted"),
        ask: ruleList("tool calls that are always asked about (refused when nobody can answer)"),
        deny: ruleList("tool calls that never run, in every mode; honoured from every layer"),
        additionalDirectories: z
          .array(z.string())
          .optional()
          .describe("Claude Code's extra working folders; read but not used by codebot"),
      },
      { error: "expected an object" },
    )
    .optional(),
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
    .record(z.string(), z.string({ error: "expected a string" }), { error: "expected an object of strings" })
    .optional()
    .describe("environment for tools and hooks; from project settings only once trusted"),
  mcpServers: mcpServersSettingSchema.optional(),
  mcpStartupTimeout: mcpStartupTimeoutSchema.optional(),
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
