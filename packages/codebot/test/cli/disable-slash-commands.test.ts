/**
 * `--disable-slash-commands` (Claude Code's "Disable all skills and commands"; claude 2.1.328 then
 * offers no Skill tool, lists no skills, and sends `-p "/greet there"` to the model as typed):
 * no skill or command is loaded for the session.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

function withGreetSkill() {
  const box = sandbox();
  box.write(
    path.join(box.project, ".claude/skills/greet/SKILL.md"),
    "---\nname: greet\ndescription: Greets\n---\nSay GREETING-BODY to $ARGUMENTS.\n",
  );
  return box;
}

function toolNames(server: Awaited<ReturnType<typeof modelServer>>): string[] {
  const body = server.requests[0]?.body as { tools: { name: string }[] } | undefined;
  return (body?.tools ?? []).map((t) => t.name);
}

describe("--disable-slash-commands", () => {
  it("a /name prompt goes to the model as typed, not expanded", async () => {
    const box = withGreetSkill();
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "/greet there", "--disable-slash-commands", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("/greet there");
    expect(sent).not.toContain("GREETING-BODY");
  });

  it("the model is offered no skill tool", async () => {
    const box = withGreetSkill();
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "go", "--disable-slash-commands", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(toolNames(server)).toContain("bash");
    expect(toolNames(server)).not.toContain("skill");
  });
});
