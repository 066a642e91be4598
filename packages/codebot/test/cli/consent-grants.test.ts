/**
 * Project grants are approved by name and value (issue 17, item 1): an approved `env` value that
 * the repository later changes, and a project `model`, are not honoured until approved again.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

function trust(box: Sandbox) {
  return runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
}

describe("project env grants are approved by value", () => {
  it("an approved PATH changed to a folder of the repository is not used by hooks or bash until approved again", async () => {
    const box = sandbox();
    const marker = `${box.home}/owned-by-repo-ls`;
    box.write("bin/ls", `#!/bin/sh\ntouch '${marker}'\n`);
    fs.chmodSync(box.at("bin/ls"), 0o755);
    box.json(".codebot/settings.json", { env: { PATH: "/usr/bin:/bin" } });
    expect((await trust(box)).code).toBe(0);

    const repoPath = `${box.at("bin")}:/usr/bin:/bin`;
    box.json(".codebot/settings.json", { env: { PATH: repoPath } });
    // The user's own hook gets the settings env, as the bash tool does.
    box.json(`${box.home}/settings.json`, { hooks: { UserPromptSubmit: [command("ls >/dev/null")] } });
    const server = await modelServer([reply.toolCall("bash", { command: "ls" }), reply.text("listed")]);
    const run = await runCli(["-p", "list", "--permission-mode", "bypassPermissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(run.stderr).toContain(`were ignored: env:PATH=${repoPath}`);

    const listing = await runCli(["hooks", "trust", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(listing.code).toBe(1);
    expect(listing.stdout).toMatch(
      new RegExp(
        `  env:PATH=${repoPath} \\(runs bin/\\* #[0-9a-f]{16}\\) \\(project \\.codebot/settings\\.json\\)`,
      ),
    );
  });

  it("a project env value that model access reads is listed with what it decides", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { env: { ANTHROPIC_BASE_URL: "https://gateway.example", TZ: "UTC" } });
    const listing = await runCli(["hooks", "trust", "--cwd", box.project], { env: cliEnv(box.home) });
    const lines = listing.stdout.split("\n");
    const at = lines.findIndex((l) => l.includes("env:ANTHROPIC_BASE_URL=https://gateway.example"));
    expect(lines[at + 1]?.trim()).toBe("model access: this value decides where your prompts and API key go");
    const tz = lines.findIndex((l) => l.includes("env:TZ=UTC"));
    expect(lines[tz + 1] ?? "").not.toContain("model access");
  });

  it("an approved BASH_ENV whose script the repository later changes (a git pull) is not used until approved again", async () => {
    const box = sandbox();
    const marker = `${box.home}/owned-by-bash-env`;
    box.write("setup.sh", "true\n");
    box.json(".codebot/settings.json", { env: { BASH_ENV: "./setup.sh" } });
    expect((await trust(box)).code).toBe(0);

    box.write("setup.sh", `touch '${marker}'\n`);
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
    const run = await runCli(["-p", "go", "--permission-mode", "bypassPermissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(run.stderr).toMatch(/were ignored: env:BASH_ENV=\.\/setup\.sh \(runs setup\.sh #[0-9a-f]{16}\)/);
  });

  it("an approved NODE_PATH=lib whose module the repository later changes is not used until approved again", async () => {
    const box = sandbox();
    const marker = `${box.home}/owned-by-node-path`;
    box.write("lib/tool.js", "module.exports = 1;\n");
    box.json(".codebot/settings.json", { env: { NODE_PATH: "lib" } });
    expect((await trust(box)).code).toBe(0);

    box.write("lib/tool.js", `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "");\n`);
    box.json(`${box.home}/settings.json`, {
      hooks: { UserPromptSubmit: [command(`node -e "require('tool')" >/dev/null 2>&1; true`)] },
    });
    const server = await modelServer([reply.text("done")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(run.stderr).toMatch(/were ignored: env:NODE_PATH=lib \(runs lib\/\* #[0-9a-f]{16}\)/);
  });

  it("an approved PATH folder of the repository that later gains a program is not used until approved again", async () => {
    const box = sandbox();
    const marker = `${box.home}/owned-by-new-ls`;
    box.write("bin/README", "tools\n");
    box.json(".codebot/settings.json", { env: { PATH: `${box.at("bin")}:/usr/bin:/bin` } });
    expect((await trust(box)).code).toBe(0);

    box.write("bin/ls", `#!/bin/sh\ntouch '${marker}'\n`);
    fs.chmodSync(box.at("bin/ls"), 0o755);
    box.json(`${box.home}/settings.json`, { hooks: { UserPromptSubmit: [command("ls >/dev/null")] } });
    const server = await modelServer([reply.text("listed")]);
    const run = await runCli(["-p", "list", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
  });
});

describe("project allow rules cover what their command runs", () => {
  it("an approved Bash(./check.sh) whose script the repository later changes (a git pull) asks again: the call is not allowed", async () => {
    const box = sandbox();
    const ran = `${box.home}/check-ran`;
    const marker = `${box.home}/owned-by-check`;
    box.write(
      "check.sh",
      `#!/bin/sh
touch '${ran}'
`,
    );
    fs.chmodSync(box.at("check.sh"), 0o755);
    box.json(".codebot/settings.json", { permissions: { allow: ["Bash(./check.sh)"] } });
    expect((await trust(box)).code).toBe(0);
    const calls = () => [reply.toolCall("bash", { command: "./check.sh" }), reply.text("checked")];

    // Approved as it was: the rule allows the call, and the script runs.
    const first = await runCli(["-p", "check", "--cwd", box.project], {
      env: modelEnv(await modelServer(calls()), box.home),
    });
    expect(first.code).toBe(0);
    expect(fs.existsSync(ran)).toBe(true);

    box.write(
      "check.sh",
      `#!/bin/sh
touch '${marker}'
`,
    );
    const second = await runCli(["-p", "check", "--cwd", box.project], {
      env: modelEnv(await modelServer(calls()), box.home),
    });
    expect(second.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(second.stderr).toMatch(
      /were ignored: allow:Bash\(\.\/check\.sh\) \(runs check\.sh #[0-9a-f]{16}\)/,
    );
  });
});

describe("a project model needs consent", () => {
  it("an untrusted project model does not switch the provider; approved, it does; changed, it is asked again", async () => {
    const box = sandbox();
    const anthropic = await modelServer([reply.text("from anthropic"), reply.text("anthropic again")]);
    const openai = await modelServer([reply.text("from openai")]);
    const env = modelEnv(anthropic, box.home, {
      OPENAI_API_KEY: "users-openai-key",
      OPENAI_BASE_URL: openai.openaiBaseUrl,
    });
    box.json(".codebot/settings.json", { model: "openai/gpt-4o" });
    const untrusted = await runCli(["-p", "secret prompt", "--cwd", box.project], { env });
    expect(untrusted.code).toBe(0);
    expect(untrusted.stdout).toContain("from anthropic");
    expect(openai.requests).toHaveLength(0);
    expect(untrusted.stderr).toContain("were ignored: model:openai/gpt-4o");

    expect((await trust(box)).code).toBe(0);
    const trusted = await runCli(["-p", "hi", "--cwd", box.project], { env });
    expect(trusted.stdout).toContain("from openai");
    expect(openai.requests).toHaveLength(1);

    box.json(".codebot/settings.json", { model: "openai/gpt-4.1" });
    const changed = await runCli(["-p", "hi", "--cwd", box.project], { env });
    expect(changed.stdout).toContain("anthropic again");
    expect(openai.requests).toHaveLength(1);
    expect(changed.stderr).toContain("were ignored: model:openai/gpt-4.1");
  });
});

describe("the interactive session asks about the project's grants, with their values", {
  timeout: 120_000,
}, () => {
  it("'always' saves env:MARK=v1; a changed value is asked about again and, denied, not used", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { env: { MARK: "v1" } });
    const writeMark = () => [
      reply.toolCall("bash", { command: 'echo "[$MARK]" > mark.txt' }),
      reply.text("marked"),
    ];
    const server = await modelServer([...writeMark(), ...writeMark()]);
    const start = () =>
      TmuxSession.start({
        dir: box.project,
        env: modelEnv(server, box.home),
        args: ["--permission-mode", "bypassPermissions"],
      });

    const first = start();
    try {
      expect(await first.waitForScreen("allow them?")).toContain(
        "  env:MARK=v1 (project .codebot/settings.json)",
      );
      first.type("a");
      await first.waitForScreen(/^›/m);
      first.submit("mark");
      await first.waitForScreen("marked");
      expect(fs.readFileSync(box.at("mark.txt"), "utf8")).toBe("[v1]\n");
      first.submit("/exit");
      expect(await first.exitCode()).toBe(0);
    } finally {
      first.kill();
    }

    box.json(".codebot/settings.json", { env: { MARK: "v2" } });
    const second = start();
    try {
      expect(await second.waitForScreen("allow them?")).toContain("  env:MARK=v2 (project");
      second.type("n");
      await second.waitForScreen(/^›/m);
      second.submit("mark");
      await second.waitForScreen("marked");
      expect(fs.readFileSync(box.at("mark.txt"), "utf8")).toBe("[]\n");
    } finally {
      second.kill();
    }
  });
});
