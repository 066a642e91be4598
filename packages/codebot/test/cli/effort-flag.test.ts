/**
 * `--effort <level>`, CLAUDE_CODE_EFFORT_LEVEL and the `effortLevel` setting, as claude 2.1.328
 * does them (recorded with a loopback server logging its request bodies and hooks' stdin): the
 * level goes in `output_config.effort` with the `effort-2025-11-24` beta, each model given what it
 * takes of it; hooks of tool events and Stop are told it as `effort: {level}`.
 */
import fs from "node:fs";
import path from "node:path";
import { type RecordedRequest, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** What a request says of effort: the level it carries and whether it names the beta. */
function effortOf(request: RecordedRequest | undefined): { effort: unknown; beta: boolean } {
  return {
    effort: request?.body?.output_config?.effort,
    beta: (request?.headers["anthropic-beta"] ?? "").split(",").includes("effort-2025-11-24"),
  };
}

/** One `-p` run; what its one request said of effort, its exit code and stderr. */
async function run(args: string[], extraEnv: Record<string, string> = {}, settings?: unknown) {
  const box = sandbox();
  if (settings !== undefined) box.json(path.join(box.home, ".claude/settings.json"), settings);
  const server = await modelServer([reply.text("ok")]);
  const r = await runCli(["-p", "go", ...args, "--cwd", box.project], {
    env: modelEnv(server, box.home, extraEnv),
  });
  return { ...effortOf(server.requests[0]), code: r.code, stderr: r.stderr };
}

describe("--effort: the request each model is sent", () => {
  // [model, --effort, what the request carries], as claude sent it.
  const cases: Array<[string, string | undefined, string | undefined]> = [
    ["claude-opus-4-6", "low", "low"],
    ["claude-opus-4-6", "xhigh", "high"],
    ["claude-opus-4-6", "max", "max"],
    ["claude-opus-4-6", undefined, "high"],
    ["claude-sonnet-4-6", "medium", "medium"],
    ["claude-opus-4-5", "max", "high"],
    ["claude-opus-4-7", "xhigh", "xhigh"],
    ["claude-sonnet-4-5", "high", undefined],
    ["claude-haiku-4-5", "low", undefined],
    ["claude-foo-9", "xhigh", "xhigh"],
    ["claude-foo-9", undefined, undefined],
  ];
  for (const [model, level, sent] of cases) {
    it(`${model} ${level === undefined ? "without --effort" : `--effort ${level}`}: ${sent ?? "no effort"}`, async () => {
      const r = await run(["--model", model, ...(level !== undefined ? ["--effort", level] : [])]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe("");
      expect(r).toMatchObject({ effort: sent, beta: sent !== undefined });
    });
  }

  it("the default model (claude-sonnet-4-5) is sent no effort", async () => {
    const r = await run(["--effort", "max"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r).toMatchObject({ effort: undefined, beta: false });
  });

  it("the Agent SDK's form, --effort=<level>, is read too", async () => {
    const r = await run(["--model", "claude-opus-4-6", "--effort=medium"]);
    expect(r).toMatchObject({ effort: "medium", code: 0 });
  });

  it("a level is read in any case", async () => {
    const r = await run(["--model", "claude-opus-4-6", "--effort", "LOW"]);
    expect(r).toMatchObject({ effort: "low", code: 0 });
  });

  it("med is medium, for --effort and CLAUDE_CODE_EFFORT_LEVEL, as claude reads it", async () => {
    expect((await run(["--model", "claude-opus-4-6", "--effort", "med"])).effort).toBe("medium");
    expect((await run(["--model", "claude-opus-4-6"], { CLAUDE_CODE_EFFORT_LEVEL: "MED" })).effort).toBe(
      "medium",
    );
  });

  it("a level that is none is a warning in claude's words, and the model's default is sent", async () => {
    const r = await run(["--model", "claude-opus-4-6", "--effort", "extreme"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      "Warning: Unknown --effort value 'extreme' — ignoring it and using the default effort. Valid values: low, medium, high, xhigh, max.\n",
    );
    expect(r.effort).toBe("high");
  });

  it("an OpenAI model is asked without effort, and said so", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(
      ["-p", "go", "--model", "openai/gpt-4.1", "--effort", "high", "--cwd", box.project],
      {
        env: modelEnv(server, box.home, { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseUrl }),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      "--effort: openai/gpt-4.1 is not an Anthropic model; it is asked without an effort",
    );
    expect(server.requests[0]?.body).not.toHaveProperty("reasoning_effort");
  });
});

describe("CLAUDE_CODE_EFFORT_LEVEL and the effortLevel setting", () => {
  const opus = ["--model", "claude-opus-4-6"];

  it("the setting is the effort when nothing else says", async () => {
    const r = await run(opus, {}, { effortLevel: "low" });
    expect(r).toMatchObject({ effort: "low", code: 0 });
  });

  it("--effort wins over the setting", async () => {
    const r = await run([...opus, "--effort", "max"], {}, { effortLevel: "low" });
    expect(r.effort).toBe("max");
  });

  it("the variable wins over --effort and the setting", async () => {
    const r = await run(
      [...opus, "--effort", "max"],
      { CLAUDE_CODE_EFFORT_LEVEL: "medium" },
      { effortLevel: "low" },
    );
    expect(r.effort).toBe("medium");
  });

  it("the variable counts from the settings' env too", async () => {
    const r = await run(opus, {}, { effortLevel: "medium", env: { CLAUDE_CODE_EFFORT_LEVEL: "low" } });
    expect(r.effort).toBe("low");
  });

  it("the variable's auto sends no effort at all, not even the model's default", async () => {
    const r = await run([...opus, "--effort", "low"], { CLAUDE_CODE_EFFORT_LEVEL: "auto" });
    expect(r).toMatchObject({ effort: undefined, beta: false, code: 0 });
  });

  it("a variable that is not a level is ignored, as claude ignores it", async () => {
    const r = await run([...opus, "--effort", "low"], { CLAUDE_CODE_EFFORT_LEVEL: "bogus" });
    expect(r).toMatchObject({ effort: "low", code: 0, stderr: "" });
  });

  it("max in the setting is a warning and is ignored (claude takes max from --effort only)", async () => {
    const r = await run(opus, {}, { effortLevel: "max" });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'effortLevel: expected "low", "medium", "high" or "xhigh", got "max"; ignored',
    );
    expect(r.effort).toBe("high");
  });
});

describe("hooks and commands are told the effort", () => {
  /** A run whose model calls bash once: the hooks' stdin and CLAUDE_EFFORT by event, and what the bash call printed. */
  async function told(args: string[]) {
    const box = sandbox();
    const log = path.join(box.home, "payloads.jsonl");
    const hook = {
      hooks: [{ type: "command", command: `cat >> ${log}; echo "ENV=$CLAUDE_EFFORT" >> ${log}` }],
    };
    box.json(path.join(box.home, ".claude/settings.json"), {
      permissions: { allow: ["Bash"] },
      hooks: {
        SessionStart: [hook],
        UserPromptSubmit: [hook],
        PreToolUse: [hook],
        PostToolUse: [hook],
        PostToolBatch: [hook],
        SubagentStart: [hook],
        SubagentStop: [hook],
        Stop: [hook],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: 'echo "EFFORT=$CLAUDE_EFFORT"' }),
      reply.toolCall("agent", { subagent_type: "general-purpose", prompt: "look", description: "look" }),
      reply.text("sub done"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", ...args, "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    // Each hook wrote its stdin, then ENV=… on a line of its own.
    const entries = fs.readFileSync(log, "utf8").split(/\n?ENV=(.*)\n/);
    const byEvent: Record<string, { payload: Record<string, unknown>; variable: string }> = {};
    for (let i = 0; i + 1 < entries.length; i += 2) {
      const payload = JSON.parse(entries[i] as string) as Record<string, unknown>;
      byEvent[payload.hook_event_name as string] = { payload, variable: entries[i + 1] as string };
    }
    const commandOutput = server.requests[1]?.body?.messages?.at(-1)?.content?.[0]?.content;
    return { byEvent, commandOutput };
  }

  // claude 2.1.328 (recorded on claude-opus-5-5, effort medium): PreToolUse, PostToolUse,
  // PostToolBatch, SubagentStop and Stop carry it; SessionStart, UserPromptSubmit, SubagentStart,
  // PreCompact, PostCompact and SessionEnd do not.
  it("tool events, PostToolBatch, SubagentStop and Stop carry effort.level as sent, and CLAUDE_EFFORT; SessionStart, UserPromptSubmit and SubagentStart neither", async () => {
    const { byEvent } = await told(["--model", "claude-opus-4-6", "--effort", "xhigh"]);
    for (const event of ["PreToolUse", "PostToolUse", "PostToolBatch", "SubagentStop", "Stop"]) {
      expect(byEvent[event]?.payload.effort, event).toEqual({ level: "high" });
      expect(byEvent[event]?.variable, event).toBe("high");
    }
    for (const event of ["SessionStart", "UserPromptSubmit", "SubagentStart"]) {
      expect(byEvent[event]?.payload, event).not.toHaveProperty("effort");
      expect(byEvent[event]?.variable, event).toBe("");
    }
  });

  // claude 2.1.328 (recorded, claude-opus-5-5 at medium): the Read of sub/x.txt loaded
  // sub/CLAUDE.md, whose InstructionsLoaded (nested_traversal) carried effort and CLAUDE_EFFORT;
  // the session_start one of ./CLAUDE.md neither.
  it("InstructionsLoaded carries effort and CLAUDE_EFFORT for a file a read loaded, not for one loaded at start", async () => {
    const box = sandbox();
    box.write("CLAUDE.md", "Use tabs.\n");
    box.write("sub/CLAUDE.md", "Sub rules.\n");
    box.write("sub/x.txt", "x\n");
    const log = path.join(box.home, "loads.jsonl");
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: {
        InstructionsLoaded: [
          { hooks: [{ type: "command", command: `jq -c ". + {env: env.CLAUDE_EFFORT}" >> ${log}` }] },
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("read", { file_path: "sub/x.txt" }),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--model", "claude-opus-4-6", "--effort", "low", "--cwd", box.project],
      {
        env: modelEnv(server, box.home),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const loads = fs
      .readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(loads.map((l) => [l.load_reason, l.effort, l.env])).toEqual([
      ["session_start", undefined, null],
      ["nested_traversal", { level: "low" }, "low"],
    ]);
  });

  it("the model's commands get CLAUDE_EFFORT", async () => {
    const { commandOutput } = await told(["--model", "claude-opus-4-6", "--effort", "low"]);
    expect(commandOutput).toBe("EFFORT=low");
  });

  it("a model sent no effort gives hooks and commands none", async () => {
    const { byEvent, commandOutput } = await told(["--model", "claude-sonnet-4-5", "--effort", "low"]);
    expect(byEvent.PreToolUse?.payload).not.toHaveProperty("effort");
    expect(byEvent.PreToolUse?.variable).toBe("");
    expect(byEvent.Stop?.payload).not.toHaveProperty("effort");
    expect(commandOutput).toBe("EFFORT=");
  });
});
