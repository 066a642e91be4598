import type { SettingsLayer } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { notInEffectRules, settingsFileErrors } from "../../src/approval/not-in-effect-rules.js";
import { parsePermissionRule } from "../../src/approval/permission-rule.js";
import { layerFromText } from "../../src/settings/read-layer.js";

const rules = (...texts: string[]) =>
  texts.map((text) => {
    const parsed = parsePermissionRule(text);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.rule;
  });
const layer = (source: SettingsLayer["source"], permissions: unknown): SettingsLayer => ({
  source,
  path: `/x/${source}.json`,
  settings: { permissions },
});
const NONE = { allow: [], ask: [], deny: [] };

describe("notInEffectRules: the rules allowManagedPermissionRulesOnly leaves out", () => {
  it("lists the Agent SDK program's rules as flagSettings, after --settings' of each behavior, as claude 2.1.328 merged them (recorded)", () => {
    const listed = notInEffectRules(
      [layer("user", { deny: ["Bash(rm:*)"] }), layer("cli", { ask: ["Edit"] })],
      { allow: rules("Bash(npm test)"), ask: rules("Bash(make:*)"), deny: rules("WebFetch") },
    );
    expect(listed).toEqual([
      { behavior: "deny", source: "userSettings", rule: "Bash(rm:*)" },
      { behavior: "allow", source: "flagSettings", rule: "Bash(npm test)" },
      { behavior: "deny", source: "flagSettings", rule: "WebFetch" },
      { behavior: "ask", source: "flagSettings", rule: "Edit" },
      { behavior: "ask", source: "flagSettings", rule: "Bash(make:*)" },
    ]);
  });

  it("lists the program's rules as flagSettings, in that origin's place, when there is no --settings", () => {
    const listed = notInEffectRules([layer("local", { allow: ["Read"] })], { ...NONE, deny: rules("Write") });
    expect(listed).toEqual([
      { behavior: "allow", source: "localSettings", rule: "Read" },
      { behavior: "deny", source: "flagSettings", rule: "Write" },
    ]);
  });
});

describe("settingsFileErrors: a skipped settings file in claude's words", () => {
  const errorOf = (text: string) => {
    const read = layerFromText("project", "/p/.claude/settings.json", text);
    if (read.kind !== "problem") throw new Error("expected a problem");
    return settingsFileErrors([read.problem]);
  };

  it("says claude's `Invalid or malformed JSON` for a file that does not parse, or parses to null (recorded)", () => {
    const malformed = [{ file: "/p/.claude/settings.json", path: "", message: "Invalid or malformed JSON" }];
    expect(errorOf('{"permissions":{"allow":["Bash(make:*)"]},\n')).toEqual(malformed);
    expect(errorOf("null")).toEqual(malformed);
  });

  it("says claude's `Expected object, but received …` for a document of another type (recorded)", () => {
    expect(errorOf("[]")[0]?.message).toBe("Expected object, but received array");
    expect(errorOf('"x"')[0]?.message).toBe("Expected object, but received string");
  });
});
