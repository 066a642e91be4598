/**
 * `--restricted`'s approval rules (claude 2.1.328's help: "confines the file tools to the working
 * directories …, refuses bypassPermissions, and lets only a person or the configured permission
 * handler approve writes to settings, git and tool-configuration files").
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import type { RuntimeOptions } from "../src/session/runtime-options.js";
import { command, scratchDir, startSession, toolResultFor } from "./support/e2e.js";

/** A PreToolUse hook that allows every write. */
const allowingHook = {
  hooks: {
    PreToolUse: [
      {
        matcher: "write",
        hooks: [
          command(
            `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`,
          ),
        ],
      },
    ],
  },
};

const WRITES = [".claude/settings.json", ".git/hooks/pre-commit", ".mcp.json", "notes.txt"];

/** The model writes each of WRITES; what each call's result was. */
async function writeEach(runtime: Partial<RuntimeOptions>, cli: unknown[] = [allowingHook]) {
  const s = await startSession({
    cli,
    script: [
      reply.toolCalls(
        ...WRITES.map((file, i) => toolCall("write", { file_path: file, content: "x\n" }, `w${i}`)),
      ),
      reply.text("done"),
    ],
    runtime: { permissionMode: "ask", ...runtime },
  });
  await s.runtime.prompt("go");
  return Object.fromEntries(
    WRITES.map((file, i) => [
      file,
      toolResultFor(s.model, `w${i}`)?.isError === false ? "written" : "refused",
    ]),
  );
}

describe("--restricted: writes to settings, git and tool-configuration files need a person", () => {
  it("a hook's allow approves only the plain file with it", async () => {
    expect(await writeEach({ modes: { restricted: true } })).toEqual({
      ".claude/settings.json": "refused",
      ".git/hooks/pre-commit": "refused",
      ".mcp.json": "refused",
      "notes.txt": "written",
    });
  });

  it("neither acceptEdits nor an allow rule approves them", async () => {
    const rules = { permissions: { allow: ["Write"] } };
    const result = await writeEach({ modes: { restricted: true }, permissionMode: "acceptEdits" }, [rules]);
    expect(result[".claude/settings.json"]).toBe("refused");
    expect(result["notes.txt"]).toBe("written");
  });

  it("says why, in one line the model reads", async () => {
    const s = await startSession({
      cli: [allowingHook],
      script: [
        reply.toolCalls(toolCall("write", { file_path: ".claude/settings.json", content: "{}" }, "c1")),
        reply.text("done"),
      ],
      runtime: { permissionMode: "ask", modes: { restricted: true } },
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.text).toBe(
      "permission denied: write of .claude/settings.json (a settings, git or tool-configuration file), so it needs a person's yes under --restricted; nobody can answer in a non-interactive run",
    );
  });

  it("a person's yes approves them", async () => {
    const asked: string[] = [];
    const result = await writeEach({
      modes: { restricted: true },
      askToolApproval: async (request) => {
        asked.push(String(request.subject));
        return "once";
      },
    });
    expect(result).toEqual({
      ".claude/settings.json": "written",
      ".git/hooks/pre-commit": "written",
      ".mcp.json": "written",
      "notes.txt": "written",
    });
    expect(asked).toEqual([".claude/settings.json", ".git/hooks/pre-commit", ".mcp.json"]);
  });
});

describe("without --restricted, as claude 2.1.328: a hook's allow does not approve writing a settings, git or tool-configuration file", () => {
  const PLAIN_ONLY = {
    ".claude/settings.json": "refused",
    ".git/hooks/pre-commit": "refused",
    ".mcp.json": "refused",
    "notes.txt": "written",
  };
  const ALL_WRITTEN = {
    ".claude/settings.json": "written",
    ".git/hooks/pre-commit": "written",
    ".mcp.json": "written",
    "notes.txt": "written",
  };

  it("a PreToolUse hook's allow approves only the plain file", async () => {
    expect(await writeEach({})).toEqual(PLAIN_ONLY);
  });

  it("a PermissionRequest hook's allow approves only the plain file", async () => {
    const permissionHook = {
      hooks: {
        PermissionRequest: [
          {
            matcher: "write",
            hooks: [
              command(
                `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'`,
              ),
            ],
          },
        ],
      },
    };
    expect(await writeEach({}, [permissionHook])).toEqual(PLAIN_ONLY);
  });

  it("says why, in one line the model reads", async () => {
    const s = await startSession({
      cli: [allowingHook],
      script: [
        reply.toolCalls(toolCall("write", { file_path: ".git/hooks/pre-commit", content: "x" }, "c1")),
        reply.text("done"),
      ],
      runtime: { permissionMode: "ask" },
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.text).toBe(
      "permission denied: write of .git/hooks/pre-commit needs your yes: no allow rule, acceptEdits or hook's allow approves writing a settings, git or tool-configuration file; nobody can answer in a non-interactive run (--permission-mode bypassPermissions writes it)",
    );
  });

  it("bypassPermissions or a person's yes still approve them", async () => {
    expect(await writeEach({ permissionMode: "bypassPermissions" })).toEqual(ALL_WRITTEN);
    expect(await writeEach({ askToolApproval: async () => "once" })).toEqual(ALL_WRITTEN);
  });

  it('the question about one offers no "always" (no rule would approve the next), the plain file\'s does', async () => {
    const offered: Record<string, string | undefined> = {};
    await writeEach(
      {
        askToolApproval: async (request) => {
          offered[String(request.subject)] = request.alwaysRule;
          return "always";
        },
      },
      [],
    );
    expect(offered).toEqual({
      ".claude/settings.json": undefined,
      ".git/hooks/pre-commit": undefined,
      ".mcp.json": undefined,
      "notes.txt": expect.any(String),
    });
  });
});

describe("as claude 2.1.328 (recorded: it asked about each even under an Edit rule naming it): no allow rule or acceptEdits approves writing a settings, git or tool-configuration file", () => {
  const PLAIN_ONLY = {
    ".claude/settings.json": "refused",
    ".git/hooks/pre-commit": "refused",
    ".mcp.json": "refused",
    "notes.txt": "written",
  };

  it("an allow rule for every write approves only the plain file", async () => {
    expect(await writeEach({}, [{ permissions: { allow: ["Write"] } }])).toEqual(PLAIN_ONLY);
  });

  it("an allow rule naming the file does not approve it", async () => {
    const rules = { permissions: { allow: ["Edit(.claude/**)", "Edit(.mcp.json)", "Edit(notes.txt)"] } };
    expect(await writeEach({}, [rules])).toEqual(PLAIN_ONLY);
  });

  it("acceptEdits writes only the plain file unasked", async () => {
    expect(await writeEach({ permissionMode: "acceptEdits" }, [])).toEqual(PLAIN_ONLY);
  });

  it("a .vscode task is asked about under acceptEdits, and a bash line making one too", async () => {
    const s = await startSession({
      script: [
        reply.toolCalls(
          toolCall("write", { file_path: ".vscode/tasks.json", content: "{}\n" }, "w1"),
          toolCall("bash", { command: "mkdir -p .vscode && touch .vscode/settings.json" }, "b1"),
        ),
        reply.text("done"),
      ],
      runtime: { permissionMode: "acceptEdits" },
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "w1")?.text).toMatch(
      /^permission denied: write of .vscode\/tasks.json needs your yes/,
    );
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at(".vscode"))).toBe(false);
  });

  it("an allow rule and a reachable folder do not let the model write codebot's transcripts or settings", async () => {
    const project = scratchDir("codebot-own-home-project-");
    const home = scratchDir("codebot-own-home-");
    const transcript = path.join(home, "projects", "x", "s.jsonl");
    const s = await startSession({
      dirs: { project, home },
      user: { permissions: { allow: ["Write", `Edit(/${home}/**)`], additionalDirectories: [home] } },
      script: [
        reply.toolCalls(
          toolCall("write", { file_path: transcript, content: '{"type":"prompt_snapshot"}\n' }, "w1"),
          toolCall("write", { file_path: path.join(home, "settings.json"), content: "{}\n" }, "w2"),
        ),
        reply.text("done"),
      ],
      runtime: { permissionMode: "acceptEdits" },
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "w1")?.text).toMatch(/needs your yes/);
    expect(toolResultFor(s.model, "w2")?.text).toMatch(/needs your yes/);
    expect(fs.existsSync(transcript)).toBe(false);
  });
});

describe("--restricted --tools bash: lines the rules cannot vouch for need a person", () => {
  const LINES = ["echo $HOME > var.txt", "cat /etc/hostname > outside.txt", "echo plain > plain.txt"];

  /** Each of LINES run by the model under an allow rule for bash; which files it made. */
  async function runEach(runtime: Partial<RuntimeOptions>) {
    const s = await startSession({
      cli: [{ permissions: { allow: ["Bash"] } }],
      script: [
        reply.toolCalls(...LINES.map((command, i) => toolCall("bash", { command }, `b${i}`))),
        reply.text("done"),
      ],
      runtime: { permissionMode: "ask", ...runtime },
    });
    await s.runtime.prompt("go");
    return {
      made: ["var.txt", "outside.txt", "plain.txt"].filter((f) => fs.existsSync(s.at(f))),
      results: LINES.map((_, i) => toolResultFor(s.model, `b${i}`)?.text ?? ""),
    };
  }

  it("a variable, or a path outside the working folders, is not approved by an allow rule", async () => {
    expect((await runEach({})).made).toEqual(["var.txt", "outside.txt", "plain.txt"]);
    const restricted = await runEach({ modes: { restricted: true }, builtinTools: ["bash"] });
    expect(restricted.made).toEqual(["plain.txt"]);
    expect(restricted.results[0]).toBe(
      "permission denied: bash line has a variable or substitution that cannot be checked before it runs, so it needs a person's yes under --restricted; nobody can answer in a non-interactive run",
    );
    expect(restricted.results[1]).toContain("bash line names /etc/hostname, outside the working folders");
  });

  it("a person's yes runs them", async () => {
    const asked: string[] = [];
    const restricted = await runEach({
      modes: { restricted: true },
      builtinTools: ["bash"],
      askToolApproval: async (request) => {
        asked.push(String(request.subject));
        return "once";
      },
    });
    expect(restricted.made).toEqual(["var.txt", "outside.txt", "plain.txt"]);
    expect(asked).toEqual(LINES.slice(0, 2));
  });
});

describe("--restricted: the file tools stay in the working folders", () => {
  it("allowOutsideProject is ignored", async () => {
    const outside = path.join(scratchDir("codebot-outside-"), "secret.txt");
    fs.writeFileSync(outside, "SECRET\n");
    const read = async (runtime: Partial<RuntimeOptions>) => {
      const s = await startSession({
        script: [reply.toolCalls(toolCall("read", { file_path: outside }, "r1")), reply.text("done")],
        runtime: { permissionMode: "ask", allowOutsideProject: true, ...runtime },
      });
      await s.runtime.prompt("go");
      return toolResultFor(s.model, "r1")?.text ?? "";
    };
    expect(await read({})).toContain("SECRET");
    expect(await read({ modes: { restricted: true } })).toContain("is outside the project directory");
  });
});

describe("--restricted: a skill's shell commands", () => {
  /** A --plugin-dir plugin whose skill runs `!`touch ran.txt``, run as /plug:shell; whether it ran. */
  async function runShellSkill(runtime: Partial<RuntimeOptions>): Promise<boolean> {
    const plugin = scratchDir("codebot-plugin-");
    fs.mkdirSync(path.join(plugin, ".claude-plugin"), { recursive: true });
    fs.writeFileSync(path.join(plugin, ".claude-plugin/plugin.json"), '{"name":"plug","version":"1.0.0"}');
    fs.mkdirSync(path.join(plugin, "skills/shell"), { recursive: true });
    fs.writeFileSync(
      path.join(plugin, "skills/shell/SKILL.md"),
      "---\nname: shell\ndescription: runs a command\n---\nOutput: !`touch ran.txt`\n",
    );
    const s = await startSession({
      cli: [{ permissions: { allow: ["Bash"] } }],
      script: [reply.text("done")],
      runtime: { permissionMode: "ask", pluginDirs: [plugin], ...runtime },
    });
    await s.runtime.prompt("/plug:shell");
    return fs.existsSync(s.at("ran.txt"));
  }

  it("do not run once bash is taken away, as claude's; --tools bash brings them back", async () => {
    expect(await runShellSkill({})).toBe(true);
    expect(await runShellSkill({ modes: { restricted: true } })).toBe(false);
    expect(await runShellSkill({ modes: { restricted: true }, builtinTools: ["bash", "skill"] })).toBe(true);
  });
});

describe("--restricted: no switch to bypassPermissions during the session", () => {
  it("a mode switch to bypassPermissions (a hook's setMode) is refused and the mode stays", async () => {
    const s = await startSession({
      script: [],
      runtime: { permissionMode: "ask", modes: { restricted: true } },
    });
    expect(() => s.runtime.setPermissionMode("bypassPermissions")).toThrow(
      "permissions: bypassPermissions is not supported in restricted mode (--restricted)",
    );
    expect(s.runtime.permissionMode).toBe("ask");
    s.runtime.setPermissionMode("acceptEdits");
    expect(s.runtime.permissionMode).toBe("acceptEdits");
  });
});
