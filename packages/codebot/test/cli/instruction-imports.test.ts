/**
 * `@path` imports of instruction files through the built CLI, under the session's read rules: a
 * cloned repository's CLAUDE.md that imports `.env` must not put it in the model's request when
 * `Read(./.env)` is denied (found by a security review).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A project that denies reading its `.env`, which holds a secret. */
function projectDenyingEnv(): Sandbox {
  const box = sandbox();
  box.json(".claude/settings.json", { permissions: { deny: ["Read(./.env)"] } });
  box.write(".env", "SECRET_TOKEN=hunter2-from-dotenv\n");
  return box;
}

describe("instruction imports under read deny rules", { timeout: 60_000 }, () => {
  it("a CLAUDE.md import of a denied .env never reaches the model; the notice names the rule", async () => {
    const box = projectDenyingEnv();
    box.write("CLAUDE.md", "Use tabs. See @.env\n");
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "hello", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("Use tabs.");
    expect(sent).not.toContain("hunter2-from-dotenv");
    expect(r.stderr).toContain(
      `codebot: instruction file: ${box.at("CLAUDE.md")}: import ${box.at(".env")}: the deny rule "Read(./.env)" covers it; not read`,
    );
  });

  it("a nested folder's CLAUDE.md, loaded by a read there, cannot import the denied .env either", async () => {
    const box = projectDenyingEnv();
    box.write("sub/CLAUDE.md", "Sub rules. @../.env\n");
    box.write("sub/a.ts", "export const a = 1;\n");
    const server = await modelServer([reply.toolCall("read", { file_path: "sub/a.ts" }), reply.text("done")]);
    const r = await runCli(["-p", "read sub/a.ts", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    const afterRead = requestText(server.requests[1]);
    expect(afterRead).toContain("Sub rules.");
    expect(JSON.stringify(server.requests.map((q) => q.body))).not.toContain("hunter2-from-dotenv");
  });
});
