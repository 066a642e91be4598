/**
 * The variables that tell `bash` commands and hooks an agent runs them, as claude 2.1.328 sets
 * them (checked by logging `env` from its Bash tool and from its hooks).
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group, startSession, toolResultFor } from "./support/e2e.js";

const ENV_LOG = "env | grep -E '^(AI_AGENT|CLAUDECODE|CLAUDE_CODE_SESSION_ID|GIT_EDITOR)=' | sort";
const lines = (text: string) => text.trim().split("\n").sort();
const VERSION = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"))
  .version as string;
const aiAgent = (role: string) => `AI_AGENT=codebot_${VERSION.replaceAll(".", "-")}_${role}`;

describe("the environment of bash and of hooks", () => {
  it("bash gets AI_AGENT, CLAUDECODE, the session id and GIT_EDITOR=true, over the settings' env", async () => {
    const s = await startSession({
      user: { env: { CLAUDECODE: "0", AI_AGENT: "mine", GIT_EDITOR: "vi" } },
      script: [reply.toolCall("bash", { command: ENV_LOG }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(lines(toolResultFor(s.model, "b1")?.text ?? "")).toEqual([
      aiAgent("agent"),
      "CLAUDECODE=1",
      `CLAUDE_CODE_SESSION_ID=${s.runtime.sessionId}`,
      "GIT_EDITOR=true",
    ]);
  });

  it("a command hook gets AI_AGENT as the harness, CLAUDECODE and the session id, not GIT_EDITOR", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [group("Bash", command(`${ENV_LOG} > hook-env.txt`))] } },
      script: [reply.toolCall("bash", { command: "true" }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(lines(fs.readFileSync(s.at("hook-env.txt"), "utf8"))).toEqual([
      aiAgent("harness"),
      "CLAUDECODE=1",
      `CLAUDE_CODE_SESSION_ID=${s.runtime.sessionId}`,
    ]);
  });

  it('with "claudeCompat": false, only AI_AGENT (and GIT_EDITOR for bash) is set', async () => {
    const s = await startSession({
      user: { claudeCompat: false, hooks: { PreToolUse: [command(`${ENV_LOG} > hook-env.txt`)] } },
      script: [reply.toolCall("bash", { command: ENV_LOG }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    // What the process running the tests was given itself (a run under claude) is only passed on.
    const inherited = ["CLAUDECODE", "CLAUDE_CODE_SESSION_ID"].flatMap((name) =>
      process.env[name] === undefined ? [] : [`${name}=${process.env[name]}`],
    );
    expect(lines(toolResultFor(s.model, "b1")?.text ?? "")).toEqual(
      [aiAgent("agent"), "GIT_EDITOR=true", ...inherited].sort(),
    );
    expect(lines(fs.readFileSync(s.at("hook-env.txt"), "utf8"))).toEqual(
      [aiAgent("harness"), ...inherited].sort(),
    );
  });

  it("git commit --amend takes the message as it is instead of starting an editor", async () => {
    const git = "git -c user.name=t -c user.email=t@t";
    const s = await startSession({
      // An editor that fails: git would abort the amend with it, as it hangs on vi with nobody to type.
      user: { env: { GIT_EDITOR: "false", EDITOR: "false" } },
      script: [
        reply.toolCall(
          "bash",
          {
            command: `git init -q && ${git} commit -q --allow-empty -m first && ${git} commit -q --amend --allow-empty && git log --format=%s`,
          },
          "b1",
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "b1")).toEqual({ text: "first", isError: false });
  });
});
