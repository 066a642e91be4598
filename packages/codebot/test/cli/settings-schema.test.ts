import { describe, expect, it } from "vitest";
import { sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("codebot hooks schema describes the whole settings file (§3.2)", () => {
  it("prints the runtime's own keys with the constraints their loader enforces", async () => {
    const box = sandbox();
    const r = await runCli(["hooks", "schema"], { env: cliEnv(box.home) });
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout);
    const p = schema.properties;
    expect(Object.keys(p)).toEqual(
      expect.arrayContaining([
        "$schema",
        "hooks",
        "disableAllHooks",
        "httpHookAllowedHosts",
        "model",
        "permissions",
        "postStopValidation",
        "env",
        "claudeCompat",
        "claudePlugins",
      ]),
    );
    expect(schema.additionalProperties).toBe(false);
    expect(p.model).toMatchObject({ type: "string", pattern: "^[^/\\s]+\\/\\S+$" });
    const modes = ["ask", "auto", "plan", "acceptEdits", "dontAsk", "bypassPermissions", "default", "manual"];
    expect(p.permissions.properties.mode.enum).toEqual(modes);
    expect(p.permissions.properties.defaultMode.enum).toEqual(modes);
    for (const key of ["ask", "deny"]) expect(p.permissions.properties[key]).toMatchObject({ type: "array" });
    expect(p.permissions.properties.allow).toMatchObject({ type: "array", items: { type: "string" } });
    expect(p.permissions.additionalProperties).toBe(false);
    expect(p.postStopValidation.properties.maxAttempts).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
    });
    expect(p.env).toMatchObject({
      type: "object",
      additionalProperties: { type: ["string", "number", "boolean"] },
    });
    expect(p.claudeCompat).toMatchObject({ type: "boolean" });
    expect(p.claudePlugins).toMatchObject({ type: "array", items: { type: "string" } });
  });

  it("hooks validate reports exactly the values the printed schema rejects, each with its key", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      model: "gpt4", // no provider/: fails `pattern`
      permissions: { mode: "yolo", allow: ["read"] }, // not in `enum`
      postStopValidation: { maxAttempts: 0 }, // below `minimum`
      env: { GOOD: "1", BAD: ["1"] }, // not a string (a number or a boolean is read as its text)
      claudeCompat: "yes", // not a boolean
      colour: "blue", // additionalProperties: false
    });
    const r = await runCli(["hooks", "validate", "--json", "--settings", file, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { warnings: number; problems: Record<string, unknown>[] };
    expect(out.problems.map((p) => [p.severity, p.file, p.field])).toEqual([
      ["warning", file, "model"],
      ["warning", file, "permissions.mode"],
      ["warning", file, "postStopValidation.maxAttempts"],
      ["warning", file, "env.BAD"],
      ["warning", file, "claudeCompat"],
      ["warning", file, "colour"],
    ]);
    expect(out.problems.map((p) => p.message)).toEqual([
      `settings: ${file}: model: expected "provider/model-id", got "gpt4"; ignored`,
      `settings: ${file}: permissions.mode: expected one of "ask", "auto", "plan", "acceptEdits", "dontAsk", "bypassPermissions", "default", "manual", got "yolo"; ignored`,
      `settings: ${file}: postStopValidation.maxAttempts: expected an integer from 1 to 100, got 0; ignored`,
      `settings: ${file}: env.BAD: expected a string; ignored`,
      `settings: ${file}: claudeCompat: expected true or false, got "yes"; ignored`,
      `settings: ${file}: unknown key "colour"; ignored`,
    ]);
  });
});
