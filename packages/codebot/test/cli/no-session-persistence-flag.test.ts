/**
 * `--no-session-persistence` (Claude Code's flag, `-p` only): nothing of the session is written,
 * so it cannot be resumed.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const EARLIER = "0f1e2d3c-4b5a-4697-8877-665544332211";

/** Every file under the project's sessions folder, as `name: content`. */
function sessionFiles(home: string): string[] {
  const projects = path.join(home, "projects");
  if (!fs.existsSync(projects)) return [];
  return fs
    .readdirSync(projects, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.name}: ${fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8")}`)
    .sort();
}

describe("--no-session-persistence", () => {
  it("writes no transcript or task list (the list lives in memory); the session is not resumable", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("task_create", { subject: "a task", description: "kept in memory" }),
      reply.toolCall("task_list", {}),
      reply.text("done"),
    ]);
    const env = modelEnv(server, box.home);
    const r = await runCli(
      ["-p", "go", "--no-session-persistence", "--output-format", "json", "--cwd", box.project],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    // The task list lived in memory: the model's task_list saw the task it made.
    expect(requestText(server.requests[2])).toContain("a task");
    expect(sessionFiles(box.home)).toEqual([]);
    const again = await runCli(["-p", "more", "-c", "--cwd", box.project], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("no earlier session of this project");
  });

  it("with -r, the earlier session is read and left as it was", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first"), reply.text("second")]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "the word is fig", "--session-id", EARLIER, "--cwd", box.project], { env });
    const before = sessionFiles(box.home);
    const r = await runCli(
      ["-p", "which word?", "-r", EARLIER, "--no-session-persistence", "--cwd", box.project],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(requestText(server.requests[1])).toContain("the word is fig");
    expect(sessionFiles(box.home)).toEqual(before);
  });

  it("applies to -p only", async () => {
    const box = sandbox();
    const r = await runCli(["--no-session-persistence", "--cwd", box.project], {
      env: modelEnv(await modelServer([]), box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("codebot: --no-session-persistence applies to -p only\n");
  });
});
