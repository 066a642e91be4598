import { describe, expect, it } from "vitest";
import {
  describeHook,
  formatProblem,
  hookFingerprint,
  loadHooks,
  MatcherSyntaxError,
  matchesAnyName,
  parseClaudeMatcher,
  settingsJsonSchema,
  toolNames,
} from "../src/index.js";
import { cmd, group, layer } from "./support.js";

describe("parseClaudeMatcher", () => {
  it.each([
    ["*", "anything", true],
    ["", "anything", true],
    ["Bash", "Bash", true],
    ["Bash", "bash", false],
    ["Edit|Write", "Write", true],
    ["Edit|Write", "Edit", true],
    ["Edit|Write", "Read", false],
    ["Edit, Write", "Write", true],
    ["Edit|Write", "MultiEdit", false],
    ["startup", "startup", true],
    ["prompt_input_exit", "prompt_input_exit", true],
    ["mcp__.*", "mcp__github__create", true],
    ["Notebook.*", "NotebookEdit", true],
    ["Edit.*", "MultiEdit", true],
    [".*Edit", "MultiEdit", true],
    ["^Bash$", "Bash", true],
    ["^Bash$", "Bash2", false],
    ["Bas[h]", "xBashx", true],
  ])("%j on %j → %s", (pattern, subject, expected) => {
    expect(parseClaudeMatcher(pattern).test(subject)).toBe(expected);
  });

  it("an exact list is case-sensitive, but Claude Code's tool names reach codebot's tools through aliases", () => {
    expect(matchesAnyName(parseClaudeMatcher("Bash"), toolNames("bash"))).toBe(true);
    expect(matchesAnyName(parseClaudeMatcher("Write|Edit"), toolNames("edit"))).toBe(true);
    expect(matchesAnyName(parseClaudeMatcher("Task"), toolNames("agent"))).toBe(true);
    expect(matchesAnyName(parseClaudeMatcher("BASH"), toolNames("bash"))).toBe(false);
  });

  it("MultiEdit, which neither Claude Code 2.1 nor codebot has, names no tool of codebot's", () => {
    expect(toolNames("MultiEdit")).toEqual(["MultiEdit"]);
    expect(matchesAnyName(parseClaudeMatcher("MultiEdit"), toolNames("edit"))).toBe(false);
  });

  it("a pattern RE2 rejects is a typed error", () => {
    expect(() => parseClaudeMatcher("(a)\\1")).toThrow(MatcherSyntaxError);
    expect(() => parseClaudeMatcher("[unclosed")).toThrow(/^invalid regular expression \[unclosed/);
  });
});

describe("loading Claude Code groups", () => {
  it("compiles each hook of a group with Claude Code's defaults, the group's matcher and a shared group id", () => {
    const { hooks, problems } = loadHooks([
      layer(
        {
          hooks: {
            PreToolUse: [
              group(
                "Edit|Write",
                cmd("guard.sh"),
                { type: "prompt", prompt: "ok? $ARGUMENTS" },
                { type: "http", url: "https://x.example/h" },
                cmd("log.sh", { async: true, timeout: 5 }),
              ),
            ],
          },
        },
        "project",
        "/p/.claude/settings.json",
      ),
    ]);
    expect(problems).toEqual([]);
    expect(hooks.map((h) => [h.style, h.blocking, h.background, h.timeoutMs, h.memberIndex])).toEqual([
      ["claude", true, false, 600_000, 0],
      ["claude", true, false, 30_000, 1],
      ["claude", true, false, 600_000, 2],
      ["claude", false, true, 5_000, 3],
    ]);
    expect(new Set(hooks.map((h) => h.group)).size).toBe(1);
    expect(hooks[0]).toMatchObject({
      event: "PreToolUse",
      index: 0,
      source: "project",
      path: "/p/.claude/settings.json",
      name: "PreToolUse[0].hooks[0] command: guard.sh",
    });
    expect(hooks[0]?.matcher.source).toBe("Edit|Write");
  });

  it("a native entry and a group in one list keep their own rules and order", () => {
    const { hooks } = loadHooks([
      layer({ hooks: { PreToolUse: [cmd("native"), group("Bash", cmd("a"), cmd("b")), cmd("native2")] } }),
    ]);
    expect(hooks.map((h) => [h.style, h.blocking, h.timeoutMs, h.index])).toEqual([
      ["native", false, 60_000, 0],
      ["claude", true, 600_000, 1],
      ["claude", true, 600_000, 1],
      ["native", false, 60_000, 2],
    ]);
  });

  it("group hooks may block only where the event can block", () => {
    const { hooks } = loadHooks([
      layer({
        hooks: {
          UserPromptSubmit: [group(undefined, cmd("u"))],
          Stop: [group(undefined, cmd("s"))],
          TaskCompleted: [group(undefined, cmd("t"))],
          PostToolUse: [group("*", cmd("p"))],
          Notification: [group("", cmd("n"))],
        },
      }),
    ]);
    expect(Object.fromEntries(hooks.map((h) => [h.event, h.blocking]))).toEqual({
      UserPromptSubmit: true,
      Stop: true,
      TaskCompleted: true,
      PostToolUse: false,
      Notification: false,
    });
  });

  it("the fingerprint covers the group's matcher, so the same command under another matcher needs its own approval", () => {
    const { hooks } = loadHooks([
      layer({ hooks: { PreToolUse: [group("Bash", cmd("x")), group("Write", cmd("x"))] } }),
    ]);
    expect(hooks[0]?.fingerprint).toBe(hookFingerprint("PreToolUse", { matcher: "Bash", hooks: [cmd("x")] }));
    expect(hooks[0]?.fingerprint).not.toBe(hooks[1]?.fingerprint);
  });

  it("a Stop or SubagentStop prompt hook's fingerprint covers its sending the conversation, so an approval of the entry alone asks again", () => {
    const judge = { type: "prompt", prompt: "done?" };
    const { hooks } = loadHooks([
      layer({
        hooks: {
          Stop: [{ hooks: [judge] }],
          SubagentStop: [{ hooks: [judge] }],
          UserPromptSubmit: [{ hooks: [judge] }],
        },
      }),
    ]);
    const entryAlone = (event: string) => hookFingerprint(event, { matcher: "", hooks: [judge] });
    expect(hooks.map((h) => h.fingerprint === entryAlone(h.event))).toEqual([false, false, true]);
  });

  it("reports a bad hook inside a group with its place, and loads the group's other hooks", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          PreToolUse: [group("Bash", cmd("ok"), { type: "command" }, { type: "agent" }, "x")],
        },
      }),
    ]);
    expect(hooks.map((h) => h.spec.type === "command" && h.spec.command)).toEqual(["ok"]);
    expect(problems.map(formatProblem)).toEqual([
      "/settings/user.json: hooks.PreToolUse[0].hooks[1].command: is required for command hooks",
      "/settings/user.json: hooks.PreToolUse[0].hooks[2].prompt: is required for agent hooks",
      "/settings/user.json: hooks.PreToolUse[0].hooks[3]: a hook in a group must be an object",
    ]);
    expect(problems.every((p) => p.severity === "error")).toBe(true);
  });

  it("an agent hook (Claude Code's type: agent) loads with its prompt, model and Claude Code's 60 s default timeout", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          Stop: [{ hooks: [{ type: "agent", prompt: "tests pass? $ARGUMENTS", model: "openai/gpt-5" }] }],
          PreToolUse: [group("Bash", { type: "agent", prompt: "safe?", timeout: 5 })],
        },
      }),
    ]);
    expect(problems).toEqual([]);
    expect(hooks.map((h) => [h.event, h.spec, h.timeoutMs, h.blocking])).toEqual([
      ["Stop", { type: "agent", prompt: "tests pass? $ARGUMENTS", model: "openai/gpt-5" }, 60_000, true],
      ["PreToolUse", { type: "agent", prompt: "safe?" }, 5_000, true],
    ]);
  });

  it("no event of Claude Code 2.1.328 is an error: the ones codebot does not fire are warnings", () => {
    // The hook event list of claude 2.1.328 (from its binary), so a user's ~/.claude settings
    // with any of them loads, with the rest of its hooks.
    const claudeEvents = [
      "PreToolUse",
      "PostToolUse",
      "PostToolUseFailure",
      "PostToolBatch",
      "Notification",
      "UserPromptSubmit",
      "UserPromptExpansion",
      "SessionStart",
      "SessionEnd",
      "Stop",
      "StopFailure",
      "SubagentStart",
      "SubagentStop",
      "PreCompact",
      "PostCompact",
      "PreModelSwitch",
      "PostModelSwitch",
      "PermissionRequest",
      "PermissionDenied",
      "Setup",
      "TeammateIdle",
      "TaskCreated",
      "TaskCompleted",
      "Elicitation",
      "ElicitationResult",
      "ConfigChange",
      "WorktreeCreate",
      "WorktreeRemove",
      "InstructionsLoaded",
      "CwdChanged",
      "FileChanged",
      "DirectoryAdded",
      "MessageDisplay",
    ];
    const { hooks, problems } = loadHooks([
      layer({ hooks: Object.fromEntries(claudeEvents.map((event) => [event, [group("", cmd("true"))]])) }),
    ]);
    expect(problems.filter((p) => p.severity === "error").map(formatProblem)).toEqual([]);
    expect(problems.map((p) => p.event).sort()).toEqual(["TeammateIdle"]);
    expect(hooks).toHaveLength(claudeEvents.length - 1);
  });

  describe("fields new in Claude Code 2.1.328", () => {
    const one = (event: string, hook: Record<string, unknown>) =>
      loadHooks([layer({ hooks: { [event]: [group("", hook)] } })]);

    it("args make the exec form: they reach the spec, and hooks that differ only in args are two hooks", () => {
      const { hooks, problems } = loadHooks([
        layer({
          hooks: {
            PreToolUse: [group("Bash", cmd("guard", { args: ["--strict"] }), cmd("guard", { args: [] }))],
          },
        }),
      ]);
      expect(problems).toEqual([]);
      expect(hooks.map((h) => h.spec)).toEqual([
        { type: "command", command: "guard", args: ["--strict"] },
        { type: "command", command: "guard", args: [] },
      ]);
      expect(hooks[0]?.onceKey).not.toBe(hooks[1]?.onceKey);
      expect(hooks.map((h) => h.name)).toEqual([
        "PreToolUse[0].hooks[0] command: guard --strict",
        "PreToolUse[0].hooks[1] command: guard",
      ]);
      expect(hooks[0]?.fingerprint).not.toBe(hooks[1]?.fingerprint);
    });

    it('onFailure "block" fails closed (onError block), "continue" fails open', () => {
      expect(one("PreToolUse", cmd("x", { onFailure: "block" })).hooks[0]?.onError).toBe("block");
      expect(one("PreToolUse", cmd("x", { onFailure: "continue" })).hooks[0]?.onError).toBe("allow");
      expect(
        one("PermissionRequest", { type: "http", url: "https://example.com/h", onFailure: "block" }).hooks[0]
          ?.onError,
      ).toBe("block");
    });

    it("onFailure is ignored, with a warning, where claude ignores it: on Stop and for async hooks", () => {
      const stop = one("Stop", cmd("x", { onFailure: "block" }));
      expect(stop.hooks[0]?.onError).toBe("allow");
      expect(stop.problems.map(formatProblem)).toEqual([
        '/settings/user.json: hooks.Stop[0].hooks[0].onFailure: Claude Code ignores "onFailure" on Stop; ignored',
      ]);
      const background = one("PreToolUse", cmd("x", { onFailure: "block", async: true }));
      expect(background.hooks[0]?.onError).toBe("allow");
      expect(background.problems).toHaveLength(1);
    });

    it("codebot's onError wins over an onFailure that disagrees, with a warning", () => {
      const { hooks, problems } = one("PreToolUse", cmd("x", { onFailure: "block", onError: "allow" }));
      expect(hooks[0]?.onError).toBe("allow");
      expect(problems.map(formatProblem)).toEqual([
        '/settings/user.json: hooks.PreToolUse[0].hooks[0].onFailure: "onFailure": "block" disagrees with "onError": "allow"; onError applies',
      ]);
    });

    it('shell "bash" and cloud are accepted silently; a PowerShell hook is a warning and does not run', () => {
      expect(one("PreToolUse", cmd("x", { shell: "bash", cloud: "skip" })).problems).toEqual([]);
      expect(one("PreToolUse", cmd("x", { cloud: "somewhere-new" })).problems).toEqual([]);
      const pwsh = one("PreToolUse", cmd("Write-Host hi", { shell: "powershell" }));
      expect(pwsh.hooks).toEqual([]);
      expect(pwsh.problems.map(formatProblem)).toEqual([
        "/settings/user.json: hooks.PreToolUse[0].hooks[0].shell: PowerShell hooks are not supported by codebot; this hook does not run",
      ]);
    });

    it("a prompt hook's block ends the turn unless continueOnBlock; on Stop it never does", () => {
      const prompt = (extra: Record<string, unknown> = {}) => ({ type: "prompt", prompt: "ok?", ...extra });
      expect(one("PreToolUse", prompt()).hooks[0]?.spec).toEqual({
        type: "prompt",
        prompt: "ok?",
        stopOnBlock: true,
        appendArguments: true,
      });
      expect(one("PreToolUse", prompt({ continueOnBlock: true })).hooks[0]?.spec).toEqual({
        type: "prompt",
        prompt: "ok?",
        appendArguments: true,
      });
      expect(one("Stop", prompt()).hooks[0]?.spec).toEqual({
        type: "prompt",
        prompt: "ok?",
        appendArguments: true,
      });
    });

    it("persistent does not apply to the exec form: a warning, and the hook runs once per event", () => {
      const { hooks, problems } = one("PreToolUse", cmd("guard", { args: [], persistent: true }));
      expect(hooks[0]?.spec).toEqual({ type: "command", command: "guard", args: [] });
      expect(problems.map((p) => p.field)).toEqual(["hooks[0].persistent"]);
    });
  });

  it("a group's description and id are labels, read without a warning (everything-claude-code's groups carry both)", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          PreToolUse: [
            { ...group("Bash", cmd("x")), description: "Bash preflight", id: "pre:bash:dispatcher" },
          ],
        },
      }),
    ]);
    expect(hooks).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it("a hook's description is a label, read without a warning (severity1/claude-code-prompt-improver's hooks carry one)", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          UserPromptSubmit: [
            group("", {
              ...cmd("python3 improve-prompt.py"),
              description: "Run the prompt improvement script",
            }),
          ],
        },
      }),
    ]);
    expect(hooks).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it("a `_comment` on a group or its hooks is a note, read without a warning (yurukusa/claude-code-hooks' example settings)", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          PostToolUse: [
            {
              ...group("", { ...cmd("x"), _comment: "Monitor context window remaining capacity" }),
              _comment: "every tool",
            },
          ],
        },
      }),
    ]);
    expect(hooks).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it("a command hook's VS Code per-system commands (`windows`, `linux`, `osx`) are read without a warning, and `command` runs", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          PreToolUse: [
            group("Bash", { ...cmd("node guard.js"), windows: "node .\\guard.js", linux: "x", osx: "y" }),
          ],
        },
      }),
    ]);
    expect(hooks).toHaveLength(1);
    expect(problems).toEqual([]);
    expect(hooks[0]?.spec).toMatchObject({ command: "node guard.js" });
  });

  it("a misspelt key beside a `_comment` is still a warning", () => {
    const { problems } = loadHooks([
      layer({ hooks: { PostToolUse: [group("", { ...cmd("x"), _comment: "note", timout: 5 })] } }),
    ]);
    expect(problems.map((p) => [p.severity, p.field])).toEqual([["warning", "hooks[0].timout"]]);
  });

  it("a group matcher RE2 rejects is an error and the group is skipped", () => {
    const { hooks, problems } = loadHooks([
      layer({ hooks: { PreToolUse: [group("(a)\\1", cmd("x")), group("Bash", cmd("y"))] } }),
    ]);
    expect(hooks).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: "error", event: "PreToolUse", index: 0, field: "matcher" });
  });

  it("warns about native-only keys in a group, a matcher Claude Code ignores, and Claude Code events codebot lacks", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          Stop: [{ matcher: "Bash", blocking: true, hooks: [cmd("s", { if: "/x/", async: false })] }],
          TeammateIdle: [group("", cmd("c"))],
          PostToolUse: [group("Write", { type: "prompt", prompt: "p", async: true })],
        },
      }),
    ]);
    expect(problems.map((p) => [p.severity, formatProblem(p)])).toEqual([
      [
        "warning",
        '/settings/user.json: hooks.Stop[0].blocking: "blocking" does not apply to a Claude Code group (its hooks follow Claude Code\'s rules); ignored',
      ],
      [
        "warning",
        '/settings/user.json: hooks.Stop[0].matcher: Claude Code does not filter Stop hooks by matcher, so "Bash" is ignored',
      ],
      [
        "warning",
        '/settings/user.json: hooks.Stop[0].hooks[0].if: Claude Code evaluates "if" on tool events only; on Stop a hook with "if" never runs',
      ],
      [
        "warning",
        '/settings/user.json: hooks.TeammateIdle: Claude Code event "TeammateIdle" is not supported by codebot; its hooks do not run',
      ],
      [
        "warning",
        '/settings/user.json: hooks.PostToolUse[0].hooks[0].async: "async" applies to command hooks only; ignored',
      ],
    ]);
    expect(hooks.map((h) => [h.event, h.matcher.kind])).toEqual([
      ["Stop", "all"],
      ["PostToolUse", "exact"],
    ]);
  });

  it("asyncRewake loads with one warning saying the hook runs in the foreground; rewakeMessage and rewakeSummary are accepted", () => {
    const { hooks, problems } = loadHooks([
      layer({
        hooks: {
          Stop: [
            group(
              "",
              cmd("review.sh", { asyncRewake: true, rewakeMessage: "review says:", rewakeSummary: "found" }),
            ),
          ],
        },
      }),
    ]);
    expect(problems.map((p) => [p.severity, formatProblem(p)])).toEqual([
      [
        "warning",
        "/settings/user.json: hooks.Stop[0].hooks[0].asyncRewake: runs in the foreground in codebot: the turn waits for the hook, and its feedback (exit 2) reaches the model when it ends",
      ],
    ]);
    expect(hooks.map((h) => [h.event, h.background, h.blocking])).toEqual([["Stop", false, true]]);
  });

  it("a plugin layer's hooks carry the plugin", () => {
    const plugin = { name: "guard", root: "/plugins/guard", dataDir: "/home/.codebot/plugins/data/guard" };
    const { hooks } = loadHooks([
      {
        source: "plugin",
        path: "/plugins/guard/hooks/hooks.json",
        settings: { hooks: { PreToolUse: [group("Bash", cmd("${CLAUDE_PLUGIN_ROOT}/g.sh"))] } },
        plugin,
      },
    ]);
    expect(hooks[0]).toMatchObject({ source: "plugin", plugin });
  });

  it("the JSON Schema accepts groups wherever an entry may stand", () => {
    const text = JSON.stringify(settingsJsonSchema());
    expect(text).toContain("a Claude Code hook group");
    expect(text).toContain('"async"');
    expect(text).toContain('"Stop"');
    expect(text).toContain('"PostToolUseFailure"');
  });
});

describe("describeHook", () => {
  it("states each hook's effective rules", () => {
    const { hooks } = loadHooks([
      {
        source: "plugin",
        path: "/pl/hooks/hooks.json",
        plugin: { name: "fmt", root: "/pl", dataDir: "/d" },
        settings: {
          hooks: {
            PreToolUse: [
              cmd("n", { matcher: "bash", blocking: true, timeout: 5 }),
              cmd("m", { matcher: "/^(write|edit)$/i" }),
              group("Edit|Write", cmd("c"), cmd("a", { async: true })),
              group("mcp__.*", cmd("r")),
            ],
            PostToolUse: [group("*", cmd("p"))],
            SessionStart: [group("startup", cmd("s"))],
          },
        },
      },
    ]);
    expect(hooks.map(describeHook)).toEqual([
      {
        style: "native",
        matcher: "exact: bash (case-insensitive, aliases)",
        matchedAgainst: "tool name",
        blocking: "yes",
        timeoutS: 5,
        plugin: "fmt",
      },
      {
        style: "native",
        matcher: "regex: /^(write|edit)$/i (RE2, unanchored, aliases)",
        matchedAgainst: "tool name",
        blocking: "no (not blocking)",
        timeoutS: 60,
        plugin: "fmt",
      },
      {
        style: "claude group",
        matcher: "exact list: Edit, Write (case-sensitive, aliases)",
        matchedAgainst: "tool name",
        blocking: "yes (Claude Code rules)",
        timeoutS: 600,
        plugin: "fmt",
      },
      {
        style: "claude group",
        matcher: "exact list: Edit, Write (case-sensitive, aliases)",
        matchedAgainst: "tool name",
        blocking: "no (async: runs in the background)",
        timeoutS: 600,
        plugin: "fmt",
      },
      {
        style: "claude group",
        matcher: "regex: mcp__.* (RE2, unanchored, aliases)",
        matchedAgainst: "tool name",
        blocking: "yes (Claude Code rules)",
        timeoutS: 600,
        plugin: "fmt",
      },
      {
        style: "claude group",
        matcher: "* (all)",
        matchedAgainst: "tool name",
        blocking: "no; a block is feedback for the model (Claude Code rules)",
        timeoutS: 600,
        plugin: "fmt",
      },
      {
        style: "claude group",
        matcher: "exact list: startup (case-sensitive)",
        matchedAgainst: "source",
        blocking: "no (SessionStart cannot block)",
        timeoutS: 600,
        plugin: "fmt",
      },
    ]);
  });
});
