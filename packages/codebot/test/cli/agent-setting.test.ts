/**
 * The settings' `agent` (Claude Code's, which `--agent` overrides; claude 2.1.328 runs a project's
 * `.claude/settings.json` `"agent": "reviewer"` as that agent): the session runs as the agent. A
 * project's choice replaces the main agent's instructions, tools and model, so it is the grant
 * `agent:<name>`, honoured once trusted like a project's `model`.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const REVIEWER =
  "---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep\n---\nYou are REVIEWER-MAIN.\n";
const WRITER = "---\nname: writer\ndescription: Writes code\ntools: Write\n---\nYou are WRITER-MAIN.\n";

function sent(server: Awaited<ReturnType<typeof modelServer>>, i: number) {
  const body = server.requests[i]?.body as { system?: unknown; tools: { name: string }[] };
  return { system: JSON.stringify(body.system ?? []), tools: body.tools.map((t) => t.name).sort() };
}

describe("the agent setting", () => {
  it("a project's agent runs only once agent:<name> is trusted; until then the default agent, said once", async () => {
    const box = sandbox();
    box.write(".claude/agents/reviewer.md", REVIEWER);
    box.json(".claude/settings.json", { agent: "reviewer" });
    const server = await modelServer([reply.text("as default"), reply.text("as reviewer")]);
    const args = ["-p", "go", "--cwd", box.project];

    const untrusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(untrusted.code, untrusted.stderr).toBe(0);
    expect(sent(server, 0).system).not.toContain("REVIEWER-MAIN");
    expect(sent(server, 0).tools).toContain("bash");
    expect(untrusted.stderr).toContain(
      "project settings asked for permissions that are not trusted and were ignored: agent:reviewer",
    );

    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code, trust.stderr).toBe(0);
    expect(trust.stdout).toContain("agent:reviewer");

    const trusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(sent(server, 1).system).toContain("You are REVIEWER-MAIN.");
    expect(sent(server, 1).tools).toEqual(["grep", "read"]);
  });

  it("the user's own setting needs no approval, and --agent wins over it", async () => {
    const box = sandbox();
    box.write(".claude/agents/reviewer.md", REVIEWER);
    box.write(".claude/agents/writer.md", WRITER);
    const settings = box.json("user-settings.json", { agent: "reviewer" });
    const server = await modelServer([reply.text("as reviewer"), reply.text("as writer")]);
    const args = ["-p", "go", "--cwd", box.project, "--settings", settings];

    const own = await runCli(args, { env: modelEnv(server, box.home) });
    expect(own.code, own.stderr).toBe(0);
    expect(sent(server, 0).system).toContain("You are REVIEWER-MAIN.");

    const flag = await runCli([...args, "--agent", "writer"], { env: modelEnv(server, box.home) });
    expect(flag.code, flag.stderr).toBe(0);
    expect(sent(server, 1).system).toContain("You are WRITER-MAIN.");
    expect(sent(server, 1).tools).toEqual(["write"]);
  });

  it("an agent the setting names that does not exist is said, and the session runs as the default agent", async () => {
    const box = sandbox();
    const settings = box.json("user-settings.json", { agent: "nosuch" });
    const server = await modelServer([reply.text("as default")]);
    const r = await runCli(["-p", "go", "--cwd", box.project, "--settings", settings], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("as default\n");
    expect(r.stderr).toContain(
      "codebot: the settings' agent 'nosuch' was not found; the session runs as the default agent",
    );
  });

  it("hooks validate reports an agent setting that is not a name", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { agent: 5 });
    const r = await runCli(["hooks", "validate", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.stdout + r.stderr).toContain("agent: expected a custom agent's name, got 5");
  });
});
