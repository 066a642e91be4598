import { describe, expect, it } from "vitest";
import {
  formatProblem,
  hookFingerprint,
  hookSettingsSchema,
  loadHooks,
  settingsJsonSchema,
} from "../src/index.js";
import { cmd, layer } from "./support.js";

describe("loadHooks", () => {
  it("compiles entries with their defaults and origin", () => {
    const { hooks, problems, disabled } = loadHooks([
      layer(
        { hooks: { PreToolUse: [cmd("exit 2", { matcher: "bash", if: "/rm -rf/" })] } },
        "project",
        "/p/s.json",
      ),
    ]);
    expect(problems).toEqual([]);
    expect(disabled).toBe(false);
    expect(hooks).toHaveLength(1);
    const [hook] = hooks;
    expect(hook).toMatchObject({
      event: "PreToolUse",
      index: 0,
      source: "project",
      path: "/p/s.json",
      spec: { type: "command", command: "exit 2" },
      blocking: false,
      timeoutMs: 60_000,
      onError: "allow",
      env: {},
      enabled: true,
      name: "PreToolUse[0] command: exit 2",
    });
    expect(hook?.matcher.source).toBe("bash");
    expect(hook?.ifMatcher?.source).toBe("/rm -rf/");
  });

  it("appends per event in layer order, then file order", () => {
    const { hooks } = loadHooks([
      layer({ hooks: { PreToolUse: [cmd("u0"), cmd("u1")], Notification: [cmd("un")] } }, "user"),
      layer({ hooks: { PreToolUse: [cmd("p0")] } }, "project"),
      layer({ hooks: { PreToolUse: [cmd("l0")] } }, "local"),
      layer({ hooks: { PreToolUse: [cmd("c0")] } }, "cli"),
    ]);
    const pre = hooks
      .filter((h) => h.event === "PreToolUse")
      .map((h) => h.spec.type === "command" && h.spec.command);
    expect(pre).toEqual(["u0", "u1", "p0", "l0", "c0"]);
  });

  it("an invalid regex is an error with its location and the other entries still load", () => {
    const { hooks, problems } = loadHooks([
      layer({ hooks: { PreToolUse: [cmd("a"), cmd("b"), cmd("c", { matcher: "/[invalid/" }), cmd("d")] } }),
    ]);
    expect(hooks.map((h) => h.index)).toEqual([0, 1, 3]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      severity: "error",
      file: "/settings/user.json",
      event: "PreToolUse",
      index: 2,
      field: "matcher",
    });
    expect(formatProblem(problems[0] as never)).toMatch(
      /^\/settings\/user\.json: hooks\.PreToolUse\[2\]\.matcher: invalid regular expression \/\[invalid\/: missing closing \]/,
    );
  });

  it("an invalid if pattern is reported on the if field", () => {
    const { hooks, problems } = loadHooks([
      layer({ hooks: { PostToolUse: [cmd("x", { if: "/(a)\\1/" })] } }),
    ]);
    expect(hooks).toEqual([]);
    expect(problems[0]).toMatchObject({ severity: "error", event: "PostToolUse", index: 0, field: "if" });
  });

  it("an unknown event name is an error naming it, and the rest loads", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          PreToolUse: [cmd("ok")],
          pretooluse: [cmd("x")],
          PostToolUze: [cmd("z")],
          OnBoot: [cmd("y")],
        },
      }),
    ]);
    expect(hooks).toHaveLength(1);
    expect(problems.map(formatProblem)).toEqual([
      '/settings/user.json: hooks.pretooluse: unknown event "pretooluse" (did you mean "PreToolUse"?)',
      '/settings/user.json: hooks.PostToolUze: unknown event "PostToolUze" (did you mean "PostToolUse"?)',
      expect.stringMatching(
        /^\/settings\/user\.json: hooks\.OnBoot: unknown event "OnBoot" \(known: PreToolUse, /,
      ),
    ]);
    expect(problems.every((p) => p.severity === "error")).toBe(true);
  });

  it("a key under hooks that is no event and holds no list (a setting a hook script reads) is a warning, and the rest loads", () => {
    // nightshift2k/claude-code-hooks' README: `{"hooks": {"largeFileThreshold": 1000}}`; claude
    // 2.1.328 ignores the key ("Unknown hook event … was ignored"), codebot -p refused to start.
    const { hooks, problems } = loadHooks([
      layer({ hooks: { PreToolUse: [cmd("ok")], largeFileThreshold: 1000, notes: { a: 1 } } }),
    ]);
    expect(hooks).toHaveLength(1);
    expect(problems.map(formatProblem)).toEqual([
      '/settings/user.json: hooks.largeFileThreshold: "largeFileThreshold" is not a hook event and holds no list of hooks: ignored',
      '/settings/user.json: hooks.notes: "notes" is not a hook event and holds no list of hooks: ignored',
    ]);
    expect(problems.every((p) => p.severity === "warning")).toBe(true);
  });

  it("a missing required field is an error naming the field", () => {
    const { hooks, problems } = loadHooks([
      layer({ hooks: { PreToolUse: [{ type: "command" }, { command: "x" }, { type: "http" }] } }),
    ]);
    expect(hooks).toEqual([]);
    expect(problems.map(formatProblem)).toEqual([
      "/settings/user.json: hooks.PreToolUse[0].command: is required for command hooks",
      '/settings/user.json: hooks.PreToolUse[1].type: is required ("command", "prompt" or "http")',
      "/settings/user.json: hooks.PreToolUse[2].url: is required for http hooks",
    ]);
  });

  it("a bad type is an error naming the field", () => {
    const { problems } = loadHooks([
      layer({ hooks: { PreToolUse: [cmd("x", { timeout: "ten" }), cmd("y", { onError: "explode" })] } }),
    ]);
    expect(problems.map((p) => [p.index, p.field, p.severity])).toEqual([
      [0, "timeout", "error"],
      [1, "onError", "error"],
    ]);
    expect(problems[0]?.message).toMatch(/^invalid input: expected number/);
  });

  it("unknown keys are warnings (with the key a misspelt one was meant to be) and the entry still loads", () => {
    const { hooks, problems } = loadHooks([
      layer({ hooks: { PreToolUse: [cmd("x", { colour: "red", url: "u", timout: 5 })] } }),
    ]);
    expect(hooks).toHaveLength(1);
    expect(problems.map((p) => [p.severity, p.field, p.message])).toEqual([
      ["warning", "colour", 'unknown key "colour"; ignored'],
      ["warning", "url", '"url" does not apply to command hooks; ignored'],
      ["warning", "timout", 'unknown key "timout" (did you mean "timeout"?); ignored'],
    ]);
  });

  it("an exact matcher on an event without a match name warns", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: { Notification: [cmd("x", { matcher: "bash" })], SessionEnd: [cmd("y", { matcher: "/.*/" })] },
      }),
    ]);
    expect(hooks).toHaveLength(2);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      severity: "warning",
      event: "Notification",
      index: 0,
      field: "matcher",
    });
    expect(problems[0]?.message).toMatch(/never fires/);
  });

  it("disableAllHooks in any layer turns hooks off but keeps them listed", () => {
    const loaded = loadHooks([
      layer({ hooks: { PreToolUse: [cmd("x")] } }, "user"),
      layer({ disableAllHooks: true }, "local"),
    ]);
    expect(loaded.disabled).toBe(true);
    expect(loaded.hooks).toHaveLength(1);
  });

  it("disableAllHooks from a project or local layer is honoured with a warning; from the user's own, silently", () => {
    const fromRepo = loadHooks([layer({ disableAllHooks: true }, "project", "/repo/.codebot/settings.json")]);
    expect(fromRepo.disabled).toBe(true);
    expect(fromRepo.problems.map(formatProblem)).toEqual([
      "/repo/.codebot/settings.json: disableAllHooks: this project's settings turn off every hook, including your own",
    ]);
    const fromUser = loadHooks([layer({ disableAllHooks: true }, "user")]);
    expect(fromUser.disabled).toBe(true);
    expect(fromUser.problems).toEqual([]);
  });

  it("bad top-level shapes are errors with their file", () => {
    const { problems } = loadHooks([
      layer([1, 2], "user", "/a.json"),
      layer({ hooks: [] }, "user", "/b.json"),
      layer({ hooks: { PreToolUse: {} } }, "user", "/c.json"),
      layer({ disableAllHooks: "yes", httpHookAllowedHosts: "10.0.0.1" }, "user", "/d.json"),
    ]);
    expect(problems.map(formatProblem)).toEqual([
      "/a.json: settings must be a JSON object",
      "/b.json: hooks: must be an object of event name → list of hooks",
      "/c.json: hooks.PreToolUse: must be a list of hook entries",
      expect.stringMatching(/^\/d\.json: disableAllHooks: invalid input: expected boolean/),
      expect.stringMatching(/^\/d\.json: httpHookAllowedHosts: invalid input: expected array/),
    ]);
  });

  it("keeps name, env, timeout, onError, enabled, statusMessage and plugin info", () => {
    const { hooks } = loadHooks([
      {
        source: "plugin",
        path: "/plug/hooks/hooks.json",
        plugin: { name: "fmt", root: "/plug", dataDir: "/data/fmt" },
        settings: {
          hooks: {
            PostToolUse: [
              cmd("fmt", {
                name: "formatter",
                env: { A: "1" },
                timeout: 2.5,
                onError: "block",
                blocking: true,
                enabled: false,
                statusMessage: "formatting…",
              }),
            ],
          },
        },
      },
    ]);
    expect(hooks[0]).toMatchObject({
      name: "formatter",
      env: { A: "1" },
      timeoutMs: 2500,
      onError: "block",
      blocking: true,
      enabled: false,
      statusMessage: "formatting…",
      source: "plugin",
      plugin: { name: "fmt", root: "/plug", dataDir: "/data/fmt" },
    });
  });

  it("derives a one-line, shortened label when no name is given", () => {
    const long = `echo ${"x".repeat(100)}\n  && true`;
    const { hooks } = loadHooks([layer({ hooks: { Notification: [cmd(long)] } })]);
    expect(hooks[0]?.name).toMatch(/^Notification\[0\] command: echo x+…$/);
    expect(hooks[0]?.name.length).toBeLessThan(80);
  });

  it("fingerprints ignore key order and formatting but not content or event", () => {
    const a = { type: "command", command: "exit 2", matcher: "bash" };
    const b = { matcher: "bash", command: "exit 2", type: "command" };
    expect(hookFingerprint("PreToolUse", a)).toBe(hookFingerprint("PreToolUse", b));
    expect(hookFingerprint("PreToolUse", a)).not.toBe(hookFingerprint("PostToolUse", a));
    expect(hookFingerprint("PreToolUse", a)).not.toBe(
      hookFingerprint("PreToolUse", { ...a, command: "exit 0" }),
    );
    const { hooks } = loadHooks([layer({ hooks: { PreToolUse: [b] } })]);
    expect(hooks[0]?.fingerprint).toBe(hookFingerprint("PreToolUse", a));
    expect(hooks[0]?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a fingerprint covers fields an entry inherits from its prototype, as the hook reads them", () => {
    const own = { type: "command", command: 'touch "${MARK:-approved}"' };
    // What a parser that assigns keys makes of `"__proto__": {"env": {…}}` in the entry.
    const withHidden = Object.assign(Object.create({ env: { MARK: "injected" } }), own);
    const { hooks } = loadHooks([layer({ hooks: { SessionStart: [withHidden] } })]);
    expect(hooks[0]?.env).toEqual({ MARK: "injected" });
    expect(hooks[0]?.fingerprint).not.toBe(hookFingerprint("SessionStart", own));
    expect(hooks[0]?.fingerprint).toBe(
      hookFingerprint("SessionStart", { ...own, env: { MARK: "injected" } }),
    );
  });
});

describe("settings schema", () => {
  it("produces a JSON Schema that lists every event and entry field", () => {
    const schema = settingsJsonSchema() as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    const events = Object.keys(schema.properties.hooks?.properties ?? {});
    expect(events).toEqual(expect.arrayContaining(["PreToolUse", "SubagentStop", "PostStopValidation"]));
    const text = JSON.stringify(schema);
    for (const field of [
      "matcher",
      "if",
      "blocking",
      "timeout",
      "onError",
      "allowedEnvVars",
      "statusMessage",
    ]) {
      expect(text).toContain(`"${field}"`);
    }
    expect(text).toContain('"disableAllHooks"');
    expect(text).toContain('"httpHookAllowedHosts"');
  });

  it("validates a whole settings object with the same zod objects", () => {
    expect(
      hookSettingsSchema.safeParse({ hooks: { PreToolUse: [{ type: "command", command: "x" }] } }).success,
    ).toBe(true);
    expect(hookSettingsSchema.safeParse({ hooks: { PreToolUse: [{ type: "command" }] } }).success).toBe(
      false,
    );
  });
});
