/**
 * Skills and slash commands through the real CLI (issue 14 items 2 and 4): `-p "/name args"` and
 * the interactive session expand them ($ARGUMENTS, $N, @file, !`cmd`), the model loads skills
 * with the `skill` tool, a skill's front-matter hooks apply once it is loaded, and the events
 * UserPromptExpansion and PreSkillShellCommand fire with Claude Code's payload, matcher and
 * decision — each with a real hook script.
 */
import fs from "node:fs";
import path from "node:path";
import { type LoopbackModelServer, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import {
  modelEnv,
  modelServer,
  requestText,
  runHooksTest,
  type Sandbox,
  sandbox,
} from "./support/cli-fixtures.js";
import { expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** A project command `/greet NAME [DAY]` whose text uses $ARGUMENTS, $0, $1, @file and !`cmd`. */
function greetCommand(box: Sandbox): void {
  box.write("notes/team.md", "The team is small.\n");
  box.write(
    ".claude/commands/greet.md",
    [
      "---",
      "description: Greet someone",
      "argument-hint: NAME [DAY]",
      "---",
      "Greet $0 on $1 (all: $ARGUMENTS).",
      "Branch: !`echo feature-$0`",
      "See @notes/team.md",
      "",
    ].join("\n"),
  );
}

/**
 * The security review's setup: the project denies reading `.env`, which holds a secret, and the
 * user has a skill `explain` that includes whatever its arguments mention.
 */
function explainSkillBesideDeniedEnv(): Sandbox {
  const box = sandbox();
  box.json(".claude/settings.json", { permissions: { deny: ["Read(./.env)", "Read(.env)"] } });
  box.write(".env", "SECRET_TOKEN=hunter2-from-dotenv\n");
  box.write(
    path.join(box.home, ".claude/skills/explain/SKILL.md"),
    "---\ndescription: Explain something\n---\nExplain $ARGUMENTS in simple words.\n",
  );
  return box;
}

/** A hook script that saves its stdin (the payload) to `file`, then runs `then`. */
/**
 * A hook script of the user's own, kept outside the project (as in `~/.claude/hooks`): one inside
 * it would be a program of the project, held until approved there (hook-consent.ts).
 */
function recorder(box: Sandbox, name: string, then: string): string {
  const script = box.write(
    path.join(box.home, `hooks/${name}.sh`),
    `#!/bin/sh\ncat > "$(dirname "$0")/${name}.json"\n${then}\n`,
  );
  fs.chmodSync(script, 0o755);
  return script;
}

function payload(box: Sandbox, name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(box.home, `hooks/${name}.json`), "utf8")) as Record<
    string,
    unknown
  >;
}

async function oneShot(box: Sandbox, server: LoopbackModelServer, args: readonly string[]) {
  return runCli([...args, "--cwd", box.project], { env: modelEnv(server, box.home) });
}

/** `-p "/greet Ada Monday"` (echo allowed) with the event's hook groups, against a model never reached. */
async function greetWithHooks(box: Sandbox, event: string, groups: unknown[]) {
  const settings = box.json("hooks.json", { hooks: { [event]: groups } });
  const server = await modelServer([reply.text("never")]);
  const args = ["-p", "/greet Ada Monday", "--settings", settings, "--allowedTools", "Bash(echo *)"];
  return { server, r: await oneShot(box, server, args) };
}

describe("slash commands and skills through -p", { timeout: 60_000 }, () => {
  it('-p "/greet Ada Monday" sends the expanded command: arguments, shell output and the mentioned file', async () => {
    const box = sandbox();
    greetCommand(box);
    const server = await modelServer([reply.text("Hello Ada")]);
    const r = await oneShot(box, server, ["-p", "/greet Ada Monday", "--allowedTools", "Bash(echo *)"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("Hello Ada\n");
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("Greet Ada on Monday (all: Ada Monday).");
    // The argument went into the shell command quoted: data, not code.
    expect(sent).toContain("Branch: feature-Ada");
    expect(sent).toContain('<file path=\\"notes/team.md\\">\\nThe team is small.');
    expect(sent).not.toContain("/greet");
  });

  it("a command whose front-matter is not valid YAML still runs, without it, and -p says so on stderr", async () => {
    const box = sandbox();
    box.write(".claude/commands/quoted.md", '---\ndescription: "never closed\n---\nSay hi to $ARGUMENTS.\n');
    const server = await modelServer([reply.text("Hi Ada")]);
    const r = await oneShot(box, server, ["-p", "/quoted Ada"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("Hi Ada\n");
    expect(requestText(server.requests[0])).toContain("Say hi to Ada.");
    expect(r.stderr).toMatch(
      /codebot: skill: .*quoted\.md: front-matter is not valid YAML: .*; its front-matter is ignored \(loaded under its file's name, described by its first line, as Claude Code does\)/,
    );
  });

  it("a project command's !`cmd` does not run without permission: -p refuses it and nothing reaches the model", async () => {
    const box = sandbox();
    box.write(".claude/commands/mark.md", "Marked: !`touch marked.txt && echo done`\n");
    const server = await modelServer([reply.text("never")]);
    const r = await oneShot(box, server, ["-p", "/mark"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("!`touch marked.txt && echo done` of /mark: permission denied");
    expect(fs.existsSync(box.at("marked.txt"))).toBe(false);
    expect(server.requests).toHaveLength(0);
    expectNoStackTrace(r.stderr);
  });

  it("an argument cannot inject shell code into a command's !`cmd`", async () => {
    const box = sandbox();
    box.write(".claude/commands/say.md", "Said: !`echo $ARGUMENTS`\n");
    const server = await modelServer([reply.text("ok")]);
    const r = await oneShot(box, server, [
      "-p",
      "/say hi; touch pwned.txt",
      "--allowedTools",
      "Bash(echo *)",
    ]);
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
    expect(requestText(server.requests[0])).toContain("Said: hi; touch pwned.txt");
  });

  it("@file outside the project is not included", async () => {
    const box = sandbox();
    const secret = path.join(box.home, "secret.txt");
    fs.writeFileSync(secret, "top secret\n");
    box.write(".claude/commands/show.md", "Show $ARGUMENTS\n");
    const server = await modelServer([reply.text("ok")]);
    const r = await oneShot(box, server, ["-p", `/show @${secret}`]);
    expect(r.code).toBe(0);
    expect(requestText(server.requests[0])).not.toContain("top secret");
    expect(r.stderr).toContain("outside the project; not included");
  });

  it("the model's skill call does not put a file the read deny rules cover into its result", async () => {
    const box = explainSkillBesideDeniedEnv();
    const server = await modelServer([
      reply.toolCall("read", { file_path: ".env" }),
      reply.toolCall("skill", { skill: "explain", args: "@.env" }),
      reply.text("done"),
    ]);
    const r = await oneShot(box, server, ["-p", "what is in .env?"]);
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain('refused by the deny rule \\"Read(./.env)\\"');
    const afterSkill = requestText(server.requests[2]);
    expect(afterSkill).toContain("Explain @.env in simple words.");
    expect(afterSkill).toContain('[@.env: the deny rule \\"Read(./.env)\\" covers it; not included]');
    expect(JSON.stringify(server.requests.map((q) => q.body))).not.toContain("hunter2-from-dotenv");
    expect(r.stderr).toContain(
      'codebot: /explain: @.env: the deny rule "Read(./.env)" covers it; not included',
    );
  });

  it("a skill's !`cmd` runs where the bash tool's shell is, the folder its check read it from (as claude 2.1.328)", async () => {
    // A cloned repository's skill: checked from `sub/` (after the model's `cd sub`), `cat .env`
    // names `sub/.env`, which no rule covers; run from the project directory it printed the
    // root `.env` the deny rule keeps out.
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { deny: ["Read(./.env)"] } });
    box.write(".env", "SECRET_TOKEN=hunter2-from-dotenv\n");
    box.write("sub/.env", "SUB_SETTING=harmless\n");
    box.write(".claude/skills/peek/SKILL.md", "---\ndescription: Peek\n---\nSettings: !`cat .env`\n");
    const server = await modelServer([
      reply.toolCall("bash", { command: "cd sub" }),
      reply.toolCall("skill", { skill: "peek" }),
      reply.text("done"),
    ]);
    const r = await oneShot(box, server, ["-p", "peek"]);
    expect(r.code).toBe(0);
    expect(requestText(server.requests[2])).toContain("Settings: SUB_SETTING=harmless");
    expect(JSON.stringify(server.requests.map((q) => q.body))).not.toContain("hunter2-from-dotenv");
  });

  it("the model's skill call leaves out a file an ask rule covers: nobody was asked", async () => {
    const box = explainSkillBesideDeniedEnv();
    box.json(".claude/settings.json", { permissions: { ask: ["Read(./.env)"] } });
    const server = await modelServer([
      reply.toolCall("skill", { skill: "explain", args: "@.env" }),
      reply.text("done"),
    ]);
    const r = await oneShot(box, server, ["-p", "explain .env"]);
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain('the ask rule \\"Read(./.env)\\" covers it');
    expect(JSON.stringify(server.requests.map((q) => q.body))).not.toContain("hunter2-from-dotenv");
  });

  it("the user's own /name @file obeys the read deny rules too", async () => {
    const box = explainSkillBesideDeniedEnv();
    const server = await modelServer([reply.text("ok")]);
    const r = await oneShot(box, server, ["-p", "/explain @.env"]);
    expect(r.code).toBe(0);
    expect(requestText(server.requests[0])).not.toContain("hunter2-from-dotenv");
    expect(r.stderr).toContain('@.env: the deny rule "Read(./.env)" covers it; not included');
  });

  it("a project command linked outside the project (a credentials file, /proc/self/environ) never reaches the model", async () => {
    const box = sandbox();
    const secret = path.join(box.home, ".aws/credentials");
    box.write(secret, "aws_secret_access_key = s3cr3t-key\n");
    fs.mkdirSync(box.at(".claude/commands"), { recursive: true });
    fs.symlinkSync(secret, box.at(".claude/commands/notes.md"));
    fs.symlinkSync("/proc/self/environ", box.at(".claude/commands/env.md"));
    box.write(".claude/commands/ok.md", "A harmless command.\n");
    const server = await modelServer([reply.toolCall("skill", { skill: "env" }), reply.text("done")]);
    const r = await oneShot(box, server, ["-p", "hi"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `${box.at(".claude/commands/notes.md")}: links outside the project; not loaded`,
    );
    expect(r.stderr).toContain(`${box.at(".claude/commands/env.md")}: links outside the project; not loaded`);
    const sent = JSON.stringify(server.requests.map((q) => q.body));
    expect(sent).toContain("ok: A harmless command.");
    expect(sent).not.toContain("s3cr3t-key");
    expect(sent).not.toContain("test-key");
    expect(requestText(server.requests[1])).toContain('no skill named \\"env\\"');
  });

  it("the model sees skill descriptions (not disable-model-invocation ones) and loads a skill with the skill tool", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/release/SKILL.md",
      "---\nname: release\ndescription: Cut a release of this project\n---\nRelease steps for version $0: bump, tag, push.\n",
    );
    box.write(
      ".claude/skills/deploy/SKILL.md",
      "---\ndescription: Deploy to production\ndisable-model-invocation: true\n---\nDeploy now.\n",
    );
    const server = await modelServer([
      reply.toolCall("skill", { skill: "release", args: "1.2.0" }),
      reply.toolCall("skill", { skill: "deploy" }),
      reply.text("released"),
    ]);
    const r = await oneShot(box, server, ["-p", "release it"]);
    expect(r.code).toBe(0);
    const tools = JSON.stringify(server.requests[0]?.body?.tools ?? []);
    expect(tools).toContain("release: Cut a release of this project");
    expect(tools).not.toContain("Deploy to production");
    const afterLoad = requestText(server.requests[1]);
    expect(afterLoad).toContain(
      `Base directory for this skill: ${fs.realpathSync(box.project)}/.claude/skills/release`,
    );
    expect(afterLoad).toContain("Release steps for version 1.2.0: bump, tag, push.");
    // As claude 2.1.328 answers its Skill call of a user-only skill (recorded with wohlford/dotclaude's /debrief).
    const refused = requestText(server.requests[2]);
    expect(refused).toContain(
      "skill: deploy is for the user to run (disable-model-invocation): ask the user to type /deploy themselves",
    );
    expect(refused).not.toContain("Deploy now.");
  });

  it("a Claude Code group matching Skill sees the skill tool's call as Claude Code names it", async () => {
    const box = sandbox();
    box.write(".claude/skills/notes/SKILL.md", "---\ndescription: notes\n---\nTake notes.\n");
    const seen = recorder(box, "skill-call", "exit 0");
    const settings = box.json("hooks.json", {
      hooks: { PreToolUse: [{ matcher: "Skill", hooks: [{ type: "command", command: seen }] }] },
    });
    const server = await modelServer([reply.toolCall("skill", { skill: "notes" }), reply.text("ok")]);
    const r = await oneShot(box, server, ["-p", "take notes", "--settings", settings]);
    expect(r.code).toBe(0);
    expect(payload(box, "skill-call")).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "Skill",
      tool_input: { skill: "notes" },
    });
  });

  it("a skill's hook with once: true runs at its first firing only", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/first/SKILL.md",
      "---\ndescription: first\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: echo ran >> once.log\n          once: true\n---\nFirst.\n",
    );
    const server = await modelServer([
      reply.toolCall("skill", { skill: "first" }),
      reply.toolCall("bash", { command: "true" }),
      reply.toolCall("bash", { command: "true" }),
      reply.text("done"),
    ]);
    const r = await oneShot(box, server, [
      "-p",
      "go",
      "--permission-mode",
      "bypassPermissions",
      "--trust-project-hooks",
    ]);
    expect(r.code).toBe(0);
    expect(fs.readFileSync(box.at("once.log"), "utf8")).toBe("ran\n");
  });

  it("a skill's front-matter PreToolUse hook blocks a call only after the skill was loaded", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/careful/SKILL.md",
      [
        "---",
        "description: Be careful with the shell",
        "hooks:",
        "  PreToolUse:",
        '    - matcher: "Bash"',
        "      hooks:",
        "        - type: command",
        "          command: \"echo 'careful: no shell while this skill is active' >&2; exit 2\"",
        "---",
        "From now on, do not use the shell.",
        "",
      ].join("\n"),
    );
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo before > before.txt" }),
      reply.toolCall("skill", { skill: "careful" }),
      reply.toolCall("bash", { command: "echo after > after.txt" }),
      reply.text("done"),
    ]);
    const r = await oneShot(box, server, [
      "-p",
      "go",
      "--permission-mode",
      "bypassPermissions",
      "--trust-project-hooks",
    ]);
    expect(r.code).toBe(0);
    expect(fs.readFileSync(box.at("before.txt"), "utf8")).toBe("before\n");
    expect(fs.existsSync(box.at("after.txt"))).toBe(false);
    expect(requestText(server.requests[3])).toContain("hook: careful: no shell while this skill is active");
  });

  it("a project skill's hooks do not run without consent: its guard refuses the call instead", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/careful/SKILL.md",
      "---\ndescription: careful\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: touch hook-ran.txt\n---\nCareful.\n",
    );
    const server = await modelServer([
      reply.toolCall("skill", { skill: "careful" }),
      reply.toolCall("bash", { command: "echo x > x.txt" }),
      reply.text("done"),
    ]);
    const r = await oneShot(box, server, ["-p", "go", "--permission-mode", "bypassPermissions"]);
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("hook-ran.txt"))).toBe(false);
    expect(fs.existsSync(box.at("x.txt"))).toBe(false);
    expect(requestText(server.requests[2])).toContain("hook not approved");
  });
});

describe("consent for a project's skills", { timeout: 60_000 }, () => {
  it("hooks trust lists a project skill's hooks and allowed-tools; once approved, both apply in -p", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/stamp/SKILL.md",
      [
        "---",
        "description: Stamp the project",
        "allowed-tools: Bash(touch stamped.txt)",
        "hooks:",
        "  PreToolUse:",
        "    - matcher: Bash",
        "      hooks:",
        "        - type: command",
        "          command: touch hook-ran.txt",
        "---",
        "Stamped: !`touch stamped.txt`",
        "",
      ].join("\n"),
    );
    const server = await modelServer([reply.text("never")]);
    const before = await oneShot(box, server, ["-p", "/stamp"]);
    expect(before.code).toBe(1);
    expect(before.stderr).toContain("project skill /stamp asks to pre-approve Bash(touch stamped.txt)");
    expect(fs.existsSync(box.at("stamped.txt"))).toBe(false);

    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain("PreToolUse");
    expect(trust.stdout).toContain("touch hook-ran.txt");
    expect(trust.stdout).toContain("allow:Bash(touch stamped.txt)");

    const after = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("stamped")]);
    const r = await oneShot(box, after, ["-p", "/stamp", "--allowedTools", "Bash(echo *)"]);
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("stamped.txt"))).toBe(true);
    expect(fs.existsSync(box.at("hook-ran.txt"))).toBe(true);
  });
});

describe("hooks list and hooks validate see skills", { timeout: 60_000 }, () => {
  it("lists a skill's hooks with its file, and reports a broken skill and a bad skill hook with their paths", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/guard/SKILL.md",
      "---\ndescription: guard\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: exit 0\n  PreToolUze:\n    - hooks: []\n---\nGuard.\n",
    );
    box.write(".claude/skills/broken/SKILL.md", "---\ndescription: x\n  bad: [\n---\nBroken.\n");
    const env = modelEnv(await modelServer([]), box.home);
    const list = await runCli(["hooks", "list", "--cwd", box.project], { env });
    expect(list.stdout).toContain(".claude/skills/guard/SKILL.md");
    const validate = await runCli(["hooks", "validate", "--cwd", box.project], { env });
    expect(validate.code).toBe(1);
    expect(validate.stdout).toMatch(/broken\/SKILL\.md: front-matter is not valid YAML/);
    expect(validate.stdout).toContain('unknown event "PreToolUze"');
  });
});

describe("UserPromptExpansion and PreSkillShellCommand (real hook scripts)", { timeout: 60_000 }, () => {
  it("UserPromptExpansion gets Claude Code's payload, matches command_name, and its exit 2 blocks the expansion", async () => {
    const box = sandbox();
    greetCommand(box);
    const block = recorder(box, "expansion", "echo 'not today' >&2; exit 2");
    const other = recorder(box, "other", "exit 0");
    const { server, r } = await greetWithHooks(box, "UserPromptExpansion", [
      { matcher: "greet", hooks: [{ type: "command", command: block }] },
      { matcher: "deploy", hooks: [{ type: "command", command: other }] },
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("UserPromptExpansion operation blocked by hook:\nnot today");
    expect(server.requests).toHaveLength(0);
    expect(payload(box, "expansion")).toMatchObject({
      hook_event_name: "UserPromptExpansion",
      expansion_type: "slash_command",
      command_name: "greet",
      command_args: "Ada Monday",
      command_source: "project",
      prompt: "/greet Ada Monday",
      cwd: fs.realpathSync(box.project),
    });
    expect(fs.existsSync(path.join(box.home, "hooks/other.json"))).toBe(false);
  });

  it("UserPromptExpansion's additionalContext goes to the model with the expanded command", async () => {
    const box = sandbox();
    box.write(".claude/commands/plain.md", "Plain text.\n");
    const settings = box.json("hooks.json", {
      hooks: {
        UserPromptExpansion: [
          {
            hooks: [
              {
                type: "command",
                command: `echo '{"hookSpecificOutput":{"hookEventName":"UserPromptExpansion","additionalContext":"freeze is on"}}'`,
              },
            ],
          },
        ],
      },
    });
    const server = await modelServer([reply.text("ok")]);
    const r = await oneShot(box, server, ["-p", "/plain", "--settings", settings]);
    expect(r.code).toBe(0);
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("freeze is on");
    expect(sent).toContain("Plain text.");
  });

  it("PreSkillShellCommand gets the command, matches command_name, and its exit 2 refuses the !`cmd`", async () => {
    const box = sandbox();
    greetCommand(box);
    const refuse = recorder(box, "shell", "echo 'no shell in greetings' >&2; exit 2");
    const { server, r } = await greetWithHooks(box, "PreSkillShellCommand", [
      { matcher: "release", hooks: [{ type: "command", command: "touch not-matched.txt" }] },
      { matcher: "gre.*", hooks: [{ type: "command", command: refuse }] },
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("!`echo feature-'Ada'` of /greet refused by hook");
    expect(r.stderr).toContain("no shell in greetings");
    expect(server.requests).toHaveLength(0);
    expect(payload(box, "shell")).toMatchObject({
      hook_event_name: "PreSkillShellCommand",
      command_name: "greet",
      command_args: "Ada Monday",
      command: "echo feature-'Ada'",
    });
    expect(fs.existsSync(box.at("not-matched.txt"))).toBe(false);
  });

  it("hooks test fires UserPromptExpansion and PreSkillShellCommand with the payload a session sends", async () => {
    const box = sandbox();
    const expansion = recorder(box, "expansion", "exit 0");
    const shell = recorder(box, "shell", "echo refused >&2; exit 2");
    const settings = box.json("hooks.json", {
      hooks: {
        UserPromptExpansion: [{ matcher: "greet", hooks: [{ type: "command", command: expansion }] }],
        PreSkillShellCommand: [{ matcher: "greet", hooks: [{ type: "command", command: shell }] }],
      },
    });
    const first = await runHooksTest(box, "UserPromptExpansion", ["--prompt", "/greet Bob"], { settings });
    expect(first.code).toBe(0);
    expect(payload(box, "expansion")).toMatchObject({
      hook_event_name: "UserPromptExpansion",
      command_name: "greet",
      command_args: "Bob",
      prompt: "/greet Bob",
    });
    const second = await runHooksTest(
      box,
      "PreSkillShellCommand",
      ["--prompt", "/greet Bob", "--args", '{"command":"git status"}'],
      { settings },
    );
    expect(second.stdout + second.stderr).toContain("refused");
    expect(payload(box, "shell")).toMatchObject({
      hook_event_name: "PreSkillShellCommand",
      command_name: "greet",
      command: "git status",
    });
  });
});

describe("slash commands in the interactive session", { timeout: 120_000 }, () => {
  it("/greet with arguments and !`cmd` is expanded and sent; /skills lists it", async () => {
    const box = sandbox();
    greetCommand(box);
    const server = await modelServer([reply.text("Greeted in the terminal")]);
    const term = await startSession(box, server, { args: ["--allowedTools", "Bash(echo *)"] });
    term.submit("/skills");
    await term.waitForScreen("/greet NAME [DAY]  Greet someone  (command, project)");
    term.submit("/greet Grace Friday");
    await term.waitForScreen("Greeted in the terminal");
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("Greet Grace on Friday (all: Grace Friday).");
    expect(sent).toContain("Branch: feature-Grace");
  });

  it("/release 2.0 runs a skill with its argument and !`cmd`", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/release/SKILL.md",
      "---\ndescription: Cut a release\nargument-hint: VERSION\n---\nRelease $0; tag: !`echo v$0`\n",
    );
    const server = await modelServer([reply.text("Released in the terminal")]);
    const term = await startSession(box, server, { args: ["--allowedTools", "Bash(echo *)"] });
    term.submit("/release 2.0");
    await term.waitForScreen("Released in the terminal");
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("Release 2.0; tag: v2.0");
    expect(sent).toContain("Base directory for this skill:");
  });

  it("the project question lists a project skill's hooks; once allowed, they apply after the skill is loaded", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/careful/SKILL.md",
      [
        "---",
        "description: careful",
        "hooks:",
        "  PreToolUse:",
        "    - matcher: Bash",
        "      hooks:",
        "        - type: command",
        "          command: \"echo 'careful says no' >&2; exit 2\"",
        "---",
        "Careful now.",
        "",
      ].join("\n"),
    );
    const server = await modelServer([
      reply.toolCall("skill", { skill: "careful" }),
      reply.toolCall("bash", { command: "echo x > x.txt" }),
      reply.text("stopped trying"),
    ]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--permission-mode", "bypassPermissions"],
    });
    const question = await term.waitForScreen("allow them?");
    expect(question).toContain(".claude/skills/careful/SKILL.md");
    expect(question).toContain("careful says no");
    term.type("y");
    await term.waitForScreen(/^›/m);
    term.submit("go");
    await term.waitForScreen("stopped trying");
    expect(fs.existsSync(box.at("x.txt"))).toBe(false);
    expect(requestText(server.requests[2])).toContain("hook: careful says no");
  });
});
