import type { SettingsLayer } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { parseDroppingInvalid } from "../src/settings/drop-invalid.js";
import { mergeSettings } from "../src/settings/runtime-settings.js";
import { settingsFileSchema } from "../src/settings/settings-schema.js";

const trusted = { isGrantTrusted: () => true };

function userLayer(settings: unknown, path = "/home/me/.codebot/settings.json"): SettingsLayer {
  return { source: "user", path, settings };
}

/** The runtime's keys with values the schema accepts and values it rejects. */
const CASES: [string, unknown][] = [
  ["model", "anthropic/claude-sonnet-4-5"],
  ["model", "no-slash"],
  ["model", "a b/c"],
  ["model", 5],
  ["permissions", { mode: "plan", allow: ["bash(git status*)", "read", "Edit(src/**)"] }],
  ["permissions", { mode: "yolo" }],
  ["permissions", { allow: "bash" }],
  ["permissions", { allow: ["bash("] }],
  ["permissions", { allow: ["task_list(x)"] }],
  ["permissions", { allow: [3] }],
  ["permissions", { deny: ["bash"] }],
  ["permissions", { deny: "bash(rm:*)" }],
  ["permissions", { ask: 5 }],
  ["permissions", []],
  ["postStopValidation", { maxAttempts: 100 }],
  ["postStopValidation", { maxAttempts: 0 }],
  ["postStopValidation", { maxAttempts: 101 }],
  ["postStopValidation", { maxAttempts: 2.5 }],
  ["postStopValidation", { maxAttempts: "3" }],
  ["postStopValidation", "3"],
  ["env", { A: "1", B: "" }],
  ["env", { A: 1 }],
  ["env", ["A=1"]],
  ["claudeCompat", true],
  ["claudeCompat", "yes"],
  ["models", { "anthropic/x": { contextWindow: 5000, price: { input: 3, output: 15, cacheRead: 0.3 } } }],
  ["models", { "anthropic/x": { price: { input: 3 } } }],
  ["models", { "anthropic/x": { price: { input: -1, output: 1 } } }],
  ["models", { "anthropic/x": { price: { input: "3", output: 1 } } }],
  ["models", { "anthropic/x": { price: { input: 1, output: 1, perCall: 2 } } }],
  ["notASetting", 1],
];

describe("the settings schema validates the runtime's keys (§3.2)", () => {
  it.each(CASES)("%s = %j: the loader warns exactly when the schema rejects it", (key, value) => {
    const rejects = !settingsFileSchema.safeParse({ [key]: value }).success;
    const { problems } = mergeSettings([userLayer({ [key]: value })], trusted);
    expect(problems.length > 0).toBe(rejects);
    for (const p of problems) {
      expect(p).toMatchObject({ severity: "warning", file: "/home/me/.codebot/settings.json" });
      expect(p.field?.startsWith(key)).toBe(true);
      expect(p.message.startsWith(key)).toBe(key !== "notASetting");
      expect(p.message).toMatch(/; ignored$/);
    }
  });

  it("a deny or ask rule written as one string counts as that rule; an allow so written does not", () => {
    const { settings, problems } = mergeSettings(
      [userLayer({ permissions: { deny: "bash(rm:*)", ask: "write", allow: "read" } })],
      trusted,
    );
    expect(settings.permissions.deny.map((r) => r.text)).toEqual(["bash(rm:*)"]);
    expect(settings.permissions.ask.map((r) => r.text)).toEqual(["write"]);
    expect(settings.permissions.allow).toEqual([]);
    expect(problems.map((p) => p.field)).toEqual(["permissions.allow"]);
  });

  it("one bad item of a deny list is dropped, the others still deny", () => {
    const { settings } = mergeSettings(
      [userLayer({ permissions: { deny: ["write", 7, "bash(rm:*)"] } })],
      trusted,
    );
    expect(settings.permissions.deny.map((r) => r.text)).toEqual(["write", "bash(rm:*)"]);
  });

  it("every accepted value is taken and every rejected one ignored, the rest of the file still counts", () => {
    const { settings, problems } = mergeSettings(
      [
        userLayer({
          model: "openai/gpt-4o",
          permissions: {
            mode: "bypassPermissions",
            allow: ["read", 7, "bash(npm test)"],
            deny: ["write"],
            allowAll: true,
          },
          postStopValidation: { maxAttempts: 5, retries: 2 },
          env: { GOOD: "yes", BAD: { on: false } },
          colour: "blue",
        }),
      ],
      trusted,
    );
    expect(settings.model).toBe("openai/gpt-4o");
    expect(settings.permissions.mode).toBe("bypassPermissions");
    expect(settings.permissions.allow.map((r) => r.text)).toEqual(["read", "bash(npm test)"]);
    expect(settings.postStopValidation.maxAttempts).toBe(5);
    expect(settings.env).toEqual({ GOOD: "yes" });
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ["permissions.allow[1]", "permissions.allow: expected a rule string, got 7; ignored"],
      ["permissions.allowAll", 'permissions: unknown key "allowAll"; ignored'],
      ["postStopValidation.retries", 'postStopValidation: unknown key "retries"; ignored'],
      ["env.BAD", "env.BAD: expected a string; ignored"],
      ["colour", 'unknown key "colour"; ignored'],
    ]);
  });

  it("a model's price: its message says what is expected, and the model's other settings still count", () => {
    const { settings, problems } = mergeSettings(
      [
        userLayer({
          models: { "anthropic/x": { contextWindow: 5000, price: { input: "cheap", output: 1 } } },
        }),
      ],
      trusted,
    );
    expect(problems.map((p) => p.message)).toEqual([
      'models.anthropic/x.price.input: expected US dollars per million tokens, from 0 to 10000, got "cheap"; ignored',
      'models.anthropic/x.price: expected both "input" and "output"; ignored',
    ]);
    expect(settings.models["anthropic/x"]?.price).toBeUndefined();
    expect(settings.models["anthropic/x"]?.contextWindow).toBe(5000);
  });

  it("in Claude Code's own settings files unknown keys are not warned about, bad values still are", () => {
    const { settings, problems } = mergeSettings(
      [
        {
          source: "project",
          path: "/p/.claude/settings.json",
          settings: {
            theme: "dark",
            permissions: { mode: "plan", defaultMode: "acceptEdits" },
            model: "sonnet",
            env: { OK: "yes", BAD: [1] },
          },
        },
      ],
      trusted,
    );
    expect(settings.permissions.mode).toBe("plan");
    expect(settings.model).toBe("anthropic/claude-sonnet-4-5");
    expect(problems.map((p) => p.message)).toEqual(["env.BAD: expected a string; ignored"]);
  });

  it("the keys of the hooks engine and of the plugin loader are known keys, checked by their own loaders", () => {
    const { problems } = mergeSettings(
      [
        userLayer({
          $schema: "./codebot-settings.schema.json",
          hooks: { NoSuchEvent: [] },
          disableAllHooks: "no",
          httpHookAllowedHosts: 1,
          claudePlugins: 2,
        }),
      ],
      trusted,
    );
    expect(problems).toEqual([]);
  });
});

describe("parseDroppingInvalid", () => {
  it("drops each rejected item of a list and keeps the others in order, without touching the input", () => {
    const input = { permissions: { allow: [1, "read", "bash(", "write", 2] } };
    const copy = structuredClone(input);
    const { value, rejected } = parseDroppingInvalid(settingsFileSchema, input);
    expect(value?.permissions?.allow?.map((r) => r.text)).toEqual(["read", "write"]);
    expect(rejected.map((r) => r.field)).toEqual([
      "permissions.allow[0]",
      "permissions.allow[2]",
      "permissions.allow[4]",
    ]);
    expect(input).toEqual(copy);
  });

  it("gives no value when the input itself is rejected", () => {
    const { value, rejected } = parseDroppingInvalid(settingsFileSchema, ["not", "an", "object"]);
    expect(value).toBeUndefined();
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.field).toBe("");
  });
});
