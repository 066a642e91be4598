/**
 * A sub-agent's effort, as claude 2.1.328 sends it (recorded against a loopback server): its
 * agent's `effort:` front-matter, else CLAUDE_CODE_SUBAGENT_EFFORT, else the session's;
 * CLAUDE_CODE_EFFORT_LEVEL wins over both and `maxEffortLevel` caps them. A project agent's
 * `effort:` that raises what its requests carry waits for the `effortLevel:<level>` grant.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const agentFile = (effort: string) =>
  `---\nname: helper\ndescription: helps\neffort: ${effort}\n---\nHelp.\n`;

/** A run whose model starts one sub-agent: the effort of the main request and of the sub-agent's. */
async function efforts(
  args: string[],
  setup: {
    env?: Record<string, string>;
    settings?: unknown;
    userAgent?: string;
    projectAgent?: string;
    box?: ReturnType<typeof sandbox>;
    type?: string;
  } = {},
) {
  const box = setup.box ?? sandbox();
  if (setup.settings !== undefined) box.json(path.join(box.home, ".claude/settings.json"), setup.settings);
  if (setup.userAgent !== undefined)
    box.write(path.join(box.home, ".claude/agents/helper.md"), setup.userAgent);
  if (setup.projectAgent !== undefined) box.write(".claude/agents/helper.md", setup.projectAgent);
  const type =
    setup.type ??
    (setup.userAgent !== undefined || setup.projectAgent !== undefined ? "helper" : "general-purpose");
  const server = await modelServer([
    reply.toolCall("agent", { subagent_type: type, prompt: "look", description: "look" }),
    reply.text("sub done"),
    reply.text("done"),
  ]);
  const r = await runCli(["-p", "go", ...args, "--cwd", box.project], {
    env: modelEnv(server, box.home, setup.env),
  });
  expect(r.code, r.stderr).toBe(0);
  const effortOf = (i: number) => server.requests[i]?.body?.output_config?.effort;
  return { main: effortOf(0), sub: effortOf(1), stderr: r.stderr };
}

const opus46 = ["--model", "claude-opus-4-6", "--effort", "high"];

describe("CLAUDE_CODE_SUBAGENT_EFFORT", () => {
  it("is the sub-agents' effort; the main agent keeps the session's", async () => {
    expect(await efforts(opus46, { env: { CLAUDE_CODE_SUBAGENT_EFFORT: "low" } })).toMatchObject({
      main: "high",
      sub: "low",
    });
  });

  it("may be above the session's, and counts from the settings' env too", async () => {
    const r = await efforts(["--model", "claude-opus-4-7", "--effort", "low"], {
      settings: { env: { CLAUDE_CODE_SUBAGENT_EFFORT: "xhigh" } },
    });
    expect(r).toMatchObject({ main: "low", sub: "xhigh" });
  });

  it("inherit, or a word that is no level, leaves the session's", async () => {
    for (const value of ["inherit", "bogus"]) {
      const r = await efforts(opus46, { env: { CLAUDE_CODE_SUBAGENT_EFFORT: value } });
      expect(r.sub, value).toBe("high");
    }
  });

  it("CLAUDE_CODE_EFFORT_LEVEL wins over it", async () => {
    const r = await efforts(["--model", "claude-opus-4-6"], {
      env: { CLAUDE_CODE_EFFORT_LEVEL: "high", CLAUDE_CODE_SUBAGENT_EFFORT: "low" },
    });
    expect(r).toMatchObject({ main: "high", sub: "high" });
  });

  it("maxEffortLevel caps it", async () => {
    const r = await efforts(["--model", "claude-opus-4-6", "--effort", "low"], {
      env: { CLAUDE_CODE_SUBAGENT_EFFORT: "max" },
      settings: { maxEffortLevel: "medium" },
    });
    expect(r).toMatchObject({ main: "low", sub: "medium" });
  });
});

describe("an agent's effort: front-matter", () => {
  it("is its sub-agent's effort, over CLAUDE_CODE_SUBAGENT_EFFORT", async () => {
    const r = await efforts(opus46, {
      userAgent: agentFile("medium"),
      env: { CLAUDE_CODE_SUBAGENT_EFFORT: "low" },
    });
    expect(r).toMatchObject({ main: "high", sub: "medium" });
  });

  it("is read in any case; CLAUDE_CODE_EFFORT_LEVEL still wins over it", async () => {
    expect((await efforts(opus46, { userAgent: agentFile("LOW") })).sub).toBe("low");
    const r = await efforts(["--model", "claude-opus-4-6"], {
      userAgent: agentFile("medium"),
      env: { CLAUDE_CODE_EFFORT_LEVEL: "low" },
    });
    expect(r.sub).toBe("low");
  });

  it("one that is no level is a warning naming the file, and the session's is used", async () => {
    const r = await efforts(opus46, { userAgent: agentFile("huge") });
    expect(r.sub).toBe("high");
    expect(r.stderr).toContain(
      "helper: effort must be one of low, medium, high, xhigh, max; the session's is used",
    );
  });

  it("a project agent's at or below the session's counts unasked", async () => {
    const r = await efforts(opus46, { projectAgent: agentFile("low") });
    expect(r).toMatchObject({ sub: "low" });
    expect(r.stderr).not.toContain("not trusted");
  });

  it("a project agent's above what its requests would carry waits for effortLevel:<level>, said once; hooks trust approves it", async () => {
    const box = sandbox();
    const args = ["--model", "claude-opus-4-7", "--effort", "low"];
    const held = await efforts(args, { box, projectAgent: agentFile("max") });
    expect(held).toMatchObject({ main: "low", sub: "low" });
    const notice = `codebot: agent helper: its effort is not trusted (effortLevel:max, ${box.at(".claude/agents/helper.md")}); it gets the session's`;
    expect(held.stderr.split(notice)).toHaveLength(2);

    const listing = await runCli(["hooks", "trust", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(listing.stdout).toContain("  effortLevel:max (project .claude/agents/helper.md)");
    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });

    const approved = await efforts(args, { box, type: "helper" });
    expect(approved).toMatchObject({ main: "low", sub: "max" });
    expect(approved.stderr).not.toContain("not trusted");
  });
});
