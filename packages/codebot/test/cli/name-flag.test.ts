/**
 * `-n, --name <name>` as claude 2.1.328 does it (checked with a loopback server): the session has
 * that title from the start — a `custom-title` line in its transcript, a stream-json
 * `system`/`session_title_changed` line (also when a hook retitles it), `session_title` in
 * UserPromptSubmit's payload — and a hook's `sessionTitle` replaces it.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox, systemLines } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Every transcript line of the one session under CODEBOT_HOME/projects/<slug>/. */
function transcriptLines(home: string): Record<string, unknown>[] {
  const dir = path.join(home, "projects");
  const [slug] = fs.readdirSync(dir);
  const files = fs.readdirSync(path.join(dir, slug as string)).filter((f) => f.endsWith(".jsonl"));
  return jsonLines(fs.readFileSync(path.join(dir, slug as string, files[0] as string), "utf8"));
}

describe("--name", () => {
  it("titles the session: a custom-title transcript line and a session_title_changed stream-json line", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(
      ["-p", "go", "--name", "my task", "--output-format", "stream-json", "--verbose", "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(systemLines(jsonLines(r.stdout), "session_title_changed").map((l) => l.title)).toEqual([
      "my task",
    ]);
    const titles = transcriptLines(box.home).filter((l) => l.type === "custom-title");
    expect(titles.map((l) => l.customTitle)).toEqual(["my task"]);
  });

  it("UserPromptSubmit hooks see it as session_title, and a hook's sessionTitle replaces it", async () => {
    const box = sandbox();
    const seen = box.at("payload.json");
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", sessionTitle: "from hook" },
    });
    const settings = box.json("s.json", {
      hooks: { UserPromptSubmit: [{ hooks: [command(`cat > '${seen}'; printf '%s' '${output}'`)] }] },
    });
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(
      ["-p", "go", "-n", "my task", "--settings", settings, "--output-format", "stream-json", "--verbose"],
      { env: modelEnv(server, box.home), cwd: box.project },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(seen, "utf8")).session_title).toBe("my task");
    const changes = systemLines(jsonLines(r.stdout), "session_title_changed").map((l) => l.title);
    expect(changes).toEqual(["my task", "from hook"]);
    const titles = transcriptLines(box.home).filter((l) => l.type === "custom-title");
    expect(titles.at(-1)?.customTitle).toBe("from hook");
  });

  it("an empty name is refused before anything runs", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "go", "--name", "  "], { cwd: box.project, env: { HOME: box.home } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("option '-n, --name <name>' argument '  ' is invalid. expected a name");
  });
});
