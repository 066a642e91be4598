/**
 * `--bare`, Claude Code's minimal mode, as claude 2.1.328 does it (checked with a loopback
 * server): no hook runs but the managed settings' (a user settings, --settings or --plugin-dir hook
 * neither), no CLAUDE.md is read, the built-in tools are Bash, Edit and Read at most (`--tools`
 * narrows them), and commands see CLAUDE_CODE_SIMPLE=1. The settings' other fields still apply.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, managedRoot, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A Claude Code hook group that appends `name` to fired.txt on every bash call. */
function logs(box: ReturnType<typeof sandbox>, name: string) {
  const command = `echo ${name} >> ${box.at("fired.txt")}`;
  return { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] };
}

async function run(extra: string[]) {
  const box = sandbox();
  box.json(path.join(managedRoot(box.home), "codebot", "managed-settings.json"), {
    hooks: logs(box, "managed"),
  });
  box.json(path.join(box.home, "settings.json"), { hooks: logs(box, "user") });
  const settings = box.json("cli.json", { hooks: logs(box, "cli") });
  box.json("plugin/.claude-plugin/plugin.json", { name: "plug", version: "1.0.0" });
  box.json("plugin/hooks/hooks.json", { hooks: logs(box, "plugin") });
  box.write("CLAUDE.md", "PROJECT-INSTRUCTIONS-MARKER\n");
  const server = await modelServer([
    reply.toolCall("bash", { command: "echo SIMPLE=$CLAUDE_CODE_SIMPLE" }, "c1"),
    reply.text("done"),
  ]);
  const r = await runCli(
    [
      "-p",
      "go",
      "--output-format",
      "stream-json",
      "--permission-mode",
      "bypassPermissions",
      "--settings",
      settings,
      "--plugin-dir",
      box.at("plugin"),
      "--cwd",
      box.project,
      ...extra,
    ],
    { env: modelEnv(server, box.home) },
  );
  expect(r.code, r.stderr).toBe(0);
  const fired = fs.existsSync(box.at("fired.txt")) ? fs.readFileSync(box.at("fired.txt"), "utf8") : "";
  return {
    fired: fired
      .split("\n")
      .filter((l) => l !== "")
      .sort(),
    lines: jsonLines(r.stdout) as Record<string, unknown>[],
    firstRequest: JSON.stringify(server.requests[0]?.body),
  };
}

describe("--bare", () => {
  it("runs the managed settings' hooks alone: not the user's, --settings' or a --plugin-dir plugin's", async () => {
    expect((await run([])).fired).toEqual(["cli", "managed", "plugin", "user"]);
    expect((await run(["--bare"])).fired).toEqual(["managed"]);
  });

  it("reads no CLAUDE.md", async () => {
    expect((await run([])).firstRequest).toContain("PROJECT-INSTRUCTIONS-MARKER");
    expect((await run(["--bare"])).firstRequest).not.toContain("PROJECT-INSTRUCTIONS-MARKER");
  });

  it("offers Bash, Edit and Read at most, and --tools narrows them", async () => {
    const init = (lines: Record<string, unknown>[]) => lines.find((l) => l.subtype === "init");
    expect(init((await run(["--bare"])).lines)?.tools).toEqual(["Bash", "Read", "Edit"]);
    expect(init((await run(["--bare", "--tools", "Bash,Write"])).lines)?.tools).toEqual(["Bash"]);
  });

  it("sets CLAUDE_CODE_SIMPLE=1 for the commands it runs", async () => {
    const { lines } = await run(["--bare"]);
    const result = lines.find((l) => l.type === "user");
    expect(JSON.stringify(result)).toContain("SIMPLE=1");
  });
});
