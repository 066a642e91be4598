/**
 * `grep` and `glob` under the session's Read deny rules, through the built CLI: a file the rules
 * keep from `read` is not searched or listed either, as Claude Code applies Read denies to Grep and
 * Glob (grep returned the denied .env's secret line; found by a security review).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("grep and glob under Read deny rules", { timeout: 60_000 }, () => {
  it("grep does not search a denied .env and glob does not list it; the model is told files were left out", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { deny: ["Read(./.env)"] } });
    box.write(".env", "SECRET_TOKEN=hunter2-from-dotenv\n");
    box.write("config.ts", "export const SECRET_TOKEN_NAME = 'token';\n");
    const server = await modelServer([
      reply.toolCall("grep", { pattern: "SECRET_TOKEN" }, "g1"),
      reply.toolCall("glob", { pattern: "**/*" }, "g2"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "find the token", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    const afterGrep = requestText(server.requests[1]);
    expect(afterGrep).toContain("config.ts:1:");
    expect(afterGrep).not.toContain("hunter2-from-dotenv");
    expect(afterGrep).toContain("[1 file not searched: a Read deny or ask rule covers it]");
    const afterGlob = requestText(server.requests[2]);
    expect(afterGlob).toContain("config.ts");
    expect(afterGlob).not.toMatch(/(^|[^\w])\.env\\n/);
    expect(afterGlob).toContain("[1 matching file not listed: a Read deny or ask rule covers it]");
  });

  it("grep does not search a file a Read ask rule covers: nobody is asked per file, so it stays out", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { ask: ["Read(./ask.txt)"] } });
    box.write("ask.txt", "SECRET=ask4\n");
    const server = await modelServer([
      reply.toolCall("grep", { pattern: "SECRET" }, "g1"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "look", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    const sent = requestText(server.requests[1]);
    expect(sent).not.toContain("SECRET=ask4");
    expect(sent).toContain("[1 file not searched: a Read deny or ask rule covers it]");
  });

  it("bash that names the denied .env is refused, even under bypassPermissions; the secret is not sent", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { deny: ["Read(./.env)"] } });
    box.write(".env", "SECRET_TOKEN=hunter2-from-dotenv\n");
    const server = await modelServer([
      reply.toolCall("bash", { command: "cat ./.env" }, "b1"),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "find the token", "--cwd", box.project, "--permission-mode", "bypassPermissions"],
      {
        env: modelEnv(server, box.home),
      },
    );
    expect(r.code).toBe(0);
    const sent = requestText(server.requests[1]);
    expect(sent).not.toContain("hunter2-from-dotenv");
    expect(sent).toContain('bash is refused by the deny rule \\"Read(./.env)\\": the command names .env');
  });

  it("bash searching a folder that holds the denied .env is held, even under bypassPermissions; the secret is not sent", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { deny: ["Read(./.env)"] } });
    box.write(".env", "SECRET_TOKEN=hunter2-from-dotenv\n");
    box.write("src/config.ts", "export const SECRET_TOKEN_NAME = 'token';\n");
    const server = await modelServer([
      reply.toolCall("bash", { command: "grep -r SECRET_TOKEN ." }, "b1"),
      reply.toolCall("bash", { command: "grep -r SECRET_TOKEN src" }, "b2"),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "find the token", "--cwd", box.project, "--permission-mode", "bypassPermissions"],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(0);
    const sent = requestText(server.requests[2]);
    expect(sent).not.toContain("hunter2-from-dotenv");
    expect(sent).toContain(
      'bash is held by the deny rule \\"Read(./.env)\\": the command reads every file under the project folder, .env among them',
    );
    expect(sent).toContain("src/config.ts:export const SECRET_TOKEN_NAME");
  });
});
