/**
 * Claude Code's `modelSettings.<model>.effortLevel`, as claude 2.1.328 reads it (recorded against
 * a loopback server): a model's own effort, over the top-level `effortLevel` of its file and of
 * your user settings, under `--effort`; a later layer's top-level `effortLevel` replaces it.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** One `-p` run with your settings and the project's; the effort its one request carried, and stderr. */
async function run(args: string[], files: { user?: unknown; project?: unknown }) {
  const box = sandbox();
  if (files.user !== undefined) box.json(path.join(box.home, ".claude/settings.json"), files.user);
  if (files.project !== undefined) box.json(".claude/settings.json", files.project);
  const server = await modelServer([reply.text("ok")]);
  const r = await runCli(["-p", "go", ...args, "--cwd", box.project], { env: modelEnv(server, box.home) });
  expect(r.code, r.stderr).toBe(0);
  return { effort: server.requests[0]?.body?.output_config?.effort, stderr: r.stderr };
}

const opus46 = ["--model", "claude-opus-4-6"];
const forOpus46 = (effortLevel: string) => ({ modelSettings: { "claude-opus-4-6": { effortLevel } } });

describe("modelSettings.<model>.effortLevel", () => {
  it("is that model's effort, over the file's effortLevel", async () => {
    expect((await run(opus46, { user: forOpus46("low") })).effort).toBe("low");
    expect((await run(opus46, { user: { effortLevel: "high", ...forOpus46("low") } })).effort).toBe("low");
  });

  it("covers the model's dated id; another model's entry leaves it alone", async () => {
    expect((await run(["--model", "claude-opus-4-6-20260101"], { user: forOpus46("medium") })).effort).toBe(
      "medium",
    );
    const other = { modelSettings: { "claude-opus-4-7": { effortLevel: "low" } } };
    expect((await run(opus46, { user: other })).effort).toBe("high");
  });

  it("--effort wins over it", async () => {
    expect((await run([...opus46, "--effort", "high"], { user: forOpus46("low") })).effort).toBe("high");
  });

  it("a project's effortLevel replaces your per-model one (claude-opus-4-6's xhigh is its high), as in claude", async () => {
    const lower = await run(opus46, { user: forOpus46("xhigh"), project: { effortLevel: "low" } });
    expect(lower.effort).toBe("low");
  });

  it("a project's at or below yours counts unasked", async () => {
    const r = await run(opus46, { user: { effortLevel: "high" }, project: forOpus46("low") });
    expect(r.effort).toBe("low");
  });

  it("a project's above yours waits for approval, its top level over your per-model one too", async () => {
    const perModel = await run(opus46, { user: { effortLevel: "low" }, project: forOpus46("xhigh") });
    expect(perModel.effort).toBe("low");
    expect(perModel.stderr).toContain("effortLevel:xhigh");
    const topLevel = await run(opus46, { user: forOpus46("low"), project: { effortLevel: "medium" } });
    expect(topLevel.effort).toBe("low");
    expect(topLevel.stderr).toContain("effortLevel:medium");
  });

  it("a value that is no level is a warning, and the rest of the file counts", async () => {
    const r = await run(opus46, {
      user: { effortLevel: "low", modelSettings: { "claude-opus-4-6": { effortLevel: "max" } } },
    });
    expect(r.effort).toBe("low");
    expect(r.stderr).toContain(
      'modelSettings.claude-opus-4-6.effortLevel: expected "low", "medium", "high" or "xhigh"',
    );
  });
});
