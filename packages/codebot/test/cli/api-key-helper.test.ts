/**
 * Claude Code's `apiKeyHelper` through the built CLI: the user's command prints the Anthropic key
 * the model calls send, when the environment has none of its own.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** `apiKeyHelper` in the user's Claude Code settings, a script that counts its runs. */
function helper(
  box: Sandbox,
  body: string,
  settingsFile = path.join(box.home, ".claude/settings.json"),
): string {
  const script = box.write(
    path.join(box.home, "key.sh"),
    `#!/bin/sh\necho run >> ${path.join(box.home, "runs")}\n${body}\n`,
  );
  fs.chmodSync(script, 0o755);
  box.json(settingsFile, { apiKeyHelper: script });
  return script;
}

/** A helper body that counts its runs in `n` and, unless told not to, prints `k<n>`. */
function countingKey(box: Sandbox, print = true): string {
  const count = path.join(box.home, "n");
  return `n=$(( $(cat ${count} 2>/dev/null || echo 0) + 1 )); echo $n > ${count}${print ? "\necho k$n" : ""}`;
}

describe("apiKeyHelper", () => {
  it("its output is the API key when no ANTHROPIC_API_KEY is set, sent as x-api-key and as a bearer token", async () => {
    const box = sandbox();
    helper(box, "echo sk-from-vault");
    const server = await modelServer([reply.text("hi")]);
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }),
    });
    expect(r.stdout).toBe("hi\n");
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["sk-from-vault"]);
    expect(server.requests.map((q) => q.headers.authorization)).toEqual(["Bearer sk-from-vault"]);
    expect(fs.readFileSync(path.join(box.home, "runs"), "utf8")).toBe("run\n");
  });

  it("a 401 runs the helper again and sends the request once more with its new key", async () => {
    const box = sandbox();
    helper(box, countingKey(box));
    const server = await modelServer([
      reply.httpError(401, { message: "invalid x-api-key" }),
      reply.text("hi"),
    ]);
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }),
    });
    expect(r.stdout).toBe("hi\n");
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["k1", "k2"]);
  });

  it("the request sent again after a 401 in a continued conversation is the same request", async () => {
    const box = sandbox();
    helper(box, countingKey(box));
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo first" }),
      // The third request continues the conversation the second sent (its earlier bytes are reused).
      reply.toolCall("bash", { command: "echo from-the-tool" }),
      reply.httpError(401, { message: "invalid x-api-key" }),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--model", "anthropic/claude-sonnet-4-5", "--permission-mode", "bypassPermissions"],
      {
        cwd: box.project,
        env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }),
      },
    );
    expect(r.stdout).toBe("done\n");
    const [, , refused, again] = server.requests;
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["k1", "k1", "k1", "k2"]);
    expect(JSON.stringify(again?.body)).toBe(JSON.stringify(refused?.body));
    expect(JSON.stringify(again?.body.messages)).toContain("from-the-tool");
  });

  it("a key older than CLAUDE_CODE_API_KEY_HELPER_TTL_MS is asked for again before the next request", async () => {
    const box = sandbox();
    helper(box, countingKey(box));
    const server = await modelServer([reply.toolCall("bash", { command: "true" }), reply.text("done")]);
    const r = await runCli(
      ["-p", "go", "--model", "anthropic/claude-sonnet-4-5", "--permission-mode", "bypassPermissions"],
      {
        cwd: box.project,
        // 0: every request finds the key too old (the start's run gave k1).
        env: cliEnv(box.home, {
          ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
          CLAUDE_CODE_API_KEY_HELPER_TTL_MS: "0",
        }),
      },
    );
    expect(r.stdout).toBe("done\n");
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["k2", "k3"]);
  });

  it("a helper that fails when asked again after a 401 ends the run with its reason", async () => {
    const box = sandbox();
    const script = helper(
      box,
      `${countingKey(box, false)}\n[ "$n" = 1 ] && echo k1 && exit 0\necho 'vault is locked' >&2; exit 4`,
    );
    const server = await modelServer([reply.httpError(401, { message: "invalid x-api-key" })]);
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }),
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`apiKeyHelper failed (exit code 4: vault is locked): ${script}`);
    expectNoStackTrace(r.stderr);
  });

  it("an ANTHROPIC_API_KEY in the environment comes first: the helper does not run", async () => {
    const box = sandbox();
    helper(box, "echo sk-from-vault");
    const server = await modelServer([reply.text("hi")]);
    await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "sk-env" }),
    });
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["sk-env"]);
    expect(fs.existsSync(path.join(box.home, "runs"))).toBe(false);
  });

  it("a helper that fails stops the session with its exit code and first stderr line", async () => {
    const box = sandbox();
    const script = helper(box, "echo 'vault is locked' >&2; exit 4");
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: "http://127.0.0.1:9" }),
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`apiKeyHelper failed (exit code 4: vault is locked): ${script}`);
    expectNoStackTrace(r.stderr);
  });

  it("in a project's settings it never runs, and a warning says so", async () => {
    const box = sandbox();
    helper(box, "echo sk-from-repo", box.at(".claude/settings.json"));
    const server = await modelServer([reply.text("hi")]);
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "sk-env" }),
    });
    expect(r.stderr).toContain("apiKeyHelper is only honoured in your user settings, not in a project's");
    expect(fs.existsSync(path.join(box.home, "runs"))).toBe(false);
  });

  it("yours that runs a program the repository ships (npx some-helper) waits for the project's approval", async () => {
    const box = sandbox();
    const program = box.write(
      "node_modules/.bin/some-helper",
      `#!/bin/sh\necho run >> ${path.join(box.home, "runs")}\necho sk-from-repo\n`,
    );
    fs.chmodSync(program, 0o755);
    box.json(path.join(box.home, ".claude/settings.json"), { apiKeyHelper: "npx some-helper" });
    const server = await modelServer([reply.text("hi")]);
    const run = () =>
      runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
        cwd: box.project,
        env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }),
      });
    const held = await run();
    expect(held.code).not.toBe(0);
    expect(held.stderr).toMatch(
      /ANTHROPIC_API_KEY is not set .*your apiKeyHelper would run programs this repository brings and waits for its approval: apiKeyHelper:npx some-helper \(runs node_modules\/\.bin\/some-helper #[0-9a-f]{16}\); run "codebot hooks trust"/,
    );
    expectNoStackTrace(held.stderr);
    expect(fs.existsSync(path.join(box.home, "runs"))).toBe(false);

    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.stdout).toContain("apiKeyHelper:npx some-helper (runs node_modules/.bin/some-helper #");
    const approved = await run();
    expect(approved.stdout).toBe("hi\n");
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["sk-from-repo"]);
  });

  it("an approved one whose project file changed during the session is not run again", async () => {
    const box = sandbox();
    const program = box.write(
      "scripts/key.sh",
      `#!/bin/sh\necho run >> ${path.join(box.home, "runs")}\necho k1\n`,
    );
    fs.chmodSync(program, 0o755);
    box.json(path.join(box.home, ".claude/settings.json"), { apiKeyHelper: "./scripts/key.sh" });
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    const server = await modelServer([
      // The model rewrites the helper, then the server refuses the key: the helper would run again.
      reply.toolCall("bash", {
        command: "printf '#!/bin/sh\\necho edited >> ran\\necho k2\\n' > scripts/key.sh",
      }),
      reply.httpError(401, { message: "invalid x-api-key" }),
    ]);
    const r = await runCli(
      ["-p", "go", "--model", "anthropic/claude-sonnet-4-5", "--permission-mode", "bypassPermissions"],
      { cwd: box.project, env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }) },
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("scripts/key.sh changed since the apiKeyHelper was approved for this project");
    expect(fs.existsSync(box.at("ran"))).toBe(false);
    expect(fs.readFileSync(path.join(box.home, "runs"), "utf8")).toBe("run\n");
  });

  it("run again after the project file an approved env value loads changed, it runs without that value", async () => {
    const box = sandbox();
    // Your bash helper reads the project's BASH_ENV (approved); the model rewrites its setup.sh.
    const script = helper(box, countingKey(box));
    box.json(path.join(box.home, ".claude/settings.json"), { apiKeyHelper: `bash ${script}` });
    box.write("setup.sh", "true\n");
    box.json(box.at(".claude/settings.json"), { env: { BASH_ENV: "./setup.sh" } });
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo 'touch ran' > setup.sh" }),
      // The server refuses the key: the helper runs again.
      reply.httpError(401, { message: "invalid x-api-key" }),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--model", "anthropic/claude-sonnet-4-5", "--permission-mode", "bypassPermissions"],
      { cwd: box.project, env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }) },
    );
    expect(r.stdout).toBe("done\n");
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["k1", "k1", "k2"]);
    expect(fs.existsSync(box.at("ran"))).toBe(false);
  });

  it("yours that ran nothing of the project is not run again once it would run a program the model wrote there", async () => {
    const box = sandbox();
    // Yours: the project's own key script when it has one, else your key.
    box.json(path.join(box.home, ".claude/settings.json"), {
      apiKeyHelper: "[ -x ./bin/key ] && exec ./bin/key; echo k1",
    });
    const server = await modelServer([
      // The model writes the program, then the server refuses the key: the helper would run again.
      reply.toolCall("bash", {
        command: "mkdir -p bin && printf '#!/bin/sh\\ntouch ran\\necho k2\\n' > bin/key && chmod +x bin/key",
      }),
      reply.httpError(401, { message: "invalid x-api-key" }),
      // What a run whose helper ran again would be answered.
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--model", "anthropic/claude-sonnet-4-5", "--permission-mode", "bypassPermissions"],
      { cwd: box.project, env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }) },
    );
    expect(fs.existsSync(box.at("bin/key"))).toBe(true);
    expect(fs.existsSync(box.at("ran"))).toBe(false);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      "apiKeyHelper failed (it would now run bin/key from this project, not approved for it)",
    );
  });

  it("yours that runs a file by a name worked out as it runs waits for the project's approval, as your own hooks do", async () => {
    const box = sandbox();
    box.write("key.sh", `#!/bin/sh\necho run >> ${path.join(box.home, "runs")}\necho sk-from-repo\n`);
    box.json(path.join(box.home, ".claude/settings.json"), {
      apiKeyHelper: 'root=$(pwd -P); sh "$root/key.sh"',
    });
    const server = await modelServer([reply.text("hi")]);
    const held = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }),
    });
    expect(held.code).not.toBe(0);
    expect(held.stderr).toContain(
      'your apiKeyHelper would run programs this repository brings and waits for its approval: apiKeyHelper:root=$(pwd -P); sh "$root/key.sh" (runs what codebot cannot name: "$root/key.sh")',
    );
    expect(fs.existsSync(path.join(box.home, "runs"))).toBe(false);
  });

  it("runs in the project folder its files were checked in, not where codebot was started (--cwd, -w)", async () => {
    const box = sandbox();
    const elsewhere = box.write(
      path.join(box.home, "there/key.sh"),
      `#!/bin/sh\necho run >> ${path.join(box.home, "runs")}\necho sk-elsewhere\n`,
    );
    fs.chmodSync(elsewhere, 0o755);
    const inProject = box.write("key.sh", "#!/bin/sh\necho sk-project\n");
    fs.chmodSync(inProject, 0o755);
    box.json(path.join(box.home, ".claude/settings.json"), { apiKeyHelper: "./key.sh" });
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    const server = await modelServer([reply.text("hi")]);
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5", "--cwd", box.project], {
      cwd: path.dirname(elsewhere),
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }),
    });
    expect(r.stdout, r.stderr).toBe("hi\n");
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["sk-project"]);
    expect(fs.existsSync(path.join(box.home, "runs"))).toBe(false);
  });
});
