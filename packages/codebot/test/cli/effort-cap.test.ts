/**
 * Claude Code's `maxEffortLevel` (top level and `modelSettings.<model>.maxEffortLevel`), as claude
 * 2.1.328 caps the request's `output_config.effort` (recorded against a loopback server): anything
 * above it is lowered to it, whoever chose it; the lowest of all files wins, a project's too.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** One `-p` run with your settings and the project's; the effort its one request carried. */
async function effortSent(
  args: string[],
  files: { user?: unknown; project?: unknown; env?: Record<string, string> },
) {
  const box = sandbox();
  if (files.user !== undefined) box.json(path.join(box.home, ".claude/settings.json"), files.user);
  if (files.project !== undefined) box.json(".claude/settings.json", files.project);
  const server = await modelServer([reply.text("ok")]);
  const r = await runCli(["-p", "go", ...args, "--cwd", box.project], {
    env: modelEnv(server, box.home, files.env),
  });
  expect(r.code, r.stderr).toBe(0);
  return server.requests[0]?.body?.output_config?.effort;
}

describe("maxEffortLevel", () => {
  it("lowers --effort to it", async () => {
    const sent = await effortSent(["--model", "claude-opus-4-6", "--effort", "high"], {
      user: { maxEffortLevel: "low" },
    });
    expect(sent).toBe("low");
  });

  it("lowers a model's own default and CLAUDE_CODE_EFFORT_LEVEL too", async () => {
    const opus47 = ["--model", "claude-opus-4-7"];
    expect(await effortSent(opus47, { user: { maxEffortLevel: "medium" } })).toBe("medium");
    expect(
      await effortSent(opus47, { user: { maxEffortLevel: "low" }, env: { CLAUDE_CODE_EFFORT_LEVEL: "max" } }),
    ).toBe("low");
  });

  it("a project's counts unasked (it only asks for less), and the lowest of all files wins", async () => {
    const args = ["--model", "claude-opus-4-7", "--effort", "xhigh"];
    expect(await effortSent(args, { project: { maxEffortLevel: "low" } })).toBe("low");
    expect(
      await effortSent(args, { user: { maxEffortLevel: "medium" }, project: { maxEffortLevel: "high" } }),
    ).toBe("medium");
  });

  it("a model's own entry replaces the file's top-level cap for it; max exempts it", async () => {
    const args = ["--model", "claude-opus-4-6", "--effort", "high"];
    const own = (level: string) => ({
      maxEffortLevel: "high",
      modelSettings: { "claude-opus-4-6": { maxEffortLevel: level } },
    });
    expect(await effortSent(args, { user: own("low") })).toBe("low");
    expect(
      await effortSent(args, {
        user: { maxEffortLevel: "low", modelSettings: { "claude-opus-4-6": { maxEffortLevel: "max" } } },
      }),
    ).toBe("high");
    // Another model's entry leaves this one alone.
    expect(
      await effortSent(args, { user: { modelSettings: { "claude-opus-4-7": { maxEffortLevel: "low" } } } }),
    ).toBe("high");
  });

  it("a model's entry covers its dated id", async () => {
    const sent = await effortSent(["--model", "claude-opus-4-6-20260101", "--effort", "high"], {
      user: { modelSettings: { "claude-opus-4-6": { maxEffortLevel: "low" } } },
    });
    expect(sent).toBe("low");
  });
});
