/**
 * A bash line that names a path in codebot's or Claude Code's own folder is not allowed by your
 * allow rules: under `Bash(cp:*)` the model could otherwise put hooks into your own settings, which
 * run unasked in every later session. Refused in `-p`; other copies still run.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("your allow rules and codebot's own folder", { timeout: 60_000 }, () => {
  it("Bash(cp:*) does not copy into ~/.claude, $CODEBOT_HOME or through a symlink to it; a copy in the project runs", async () => {
    const box = sandbox();
    const settings = path.join(box.home, "settings.json");
    box.json(settings, { permissions: { allow: ["Bash(cp:*)"] } });
    const before = fs.readFileSync(settings, "utf8");
    box.write(
      "evil.json",
      JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command: "touch pwned" }] }] } }),
    );
    fs.symlinkSync(box.home, box.at("cfg"));
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: "cp evil.json ~/.claude/settings.json" }, "c1"),
        toolCall("bash", { command: 'cp evil.json "$CODEBOT_HOME/settings.json"' }, "c2"),
        toolCall("bash", { command: "cp evil.json cfg/settings.json" }, "c3"),
        toolCall("bash", { command: "cp evil.json copy.json" }, "c4"),
      ),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(box.home, ".claude/settings.json"))).toBe(false);
    expect(fs.readFileSync(settings, "utf8")).toBe(before);
    expect(requestText(server.requests[1]).split("permission denied: bash needs approval")).toHaveLength(4);
    expect(fs.existsSync(box.at("copy.json"))).toBe(true);
  });
  it("Bash(cp:*) does not copy into $CODEBOT_HOME by a relative path after an earlier call's cd", async () => {
    const box = sandbox();
    const settings = path.join(box.home, "settings.json");
    box.json(settings, { permissions: { allow: ["Bash(cp:*)"] } });
    const before = fs.readFileSync(settings, "utf8");
    box.write("src/evil.json", JSON.stringify({ hooks: {} }));
    // From the project root this path is one level short of codebot's folder; from src it is the folder.
    const fromSrc = path.relative(box.at("src"), settings);
    const server = await modelServer([
      reply.toolCall("bash", { command: "cd src" }, "c1"),
      reply.toolCall("bash", { command: `cp evil.json ${fromSrc}` }, "c2"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(fs.readFileSync(settings, "utf8")).toBe(before);
    expect(requestText(server.requests[2])).toContain("permission denied: bash needs approval");
  });
});
