/**
 * The examples of docs/hooks.md that docs-guard-rails.test.ts and docs-examples.test.ts do not run —
 * the formatter, context for every prompt, the audit log, the central policy service — do what the
 * doc says, as written there, in a real `-p` run or `hooks test`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, runHooksTest, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";
import { settingsAfter } from "./support/doc-json-block.js";

useBuiltCli();

// npx starts npm (a second or more on a loaded machine) in the formatter's runs: room to spare.
const SLOW_MS = 90_000;

/** `codebot -p go` in a fresh project with `settings` as a --settings file; the user's home as codebot's default. */
async function printWith(
  settings: unknown,
  script: Parameters<typeof modelServer>[0],
  setUp?: (project: string) => void,
  flags: readonly string[] = [],
) {
  const box = sandbox();
  setUp?.(box.project);
  const file = box.json("s.json", settings);
  const server = await modelServer(script);
  // CODEBOT_HOME left at its default, ~/.codebot, as on a user's machine.
  const env = modelEnv(server, box.home, { CODEBOT_HOME: path.join(box.home, ".codebot") });
  const args = [
    "-p",
    "go",
    "--settings",
    file,
    "--cwd",
    box.project,
    ...flags,
    "--allowedTools",
    "Bash",
    "Write",
  ];
  const r = await runCli(args, { env, timeoutMs: SLOW_MS - 5_000 });
  return { box, server, r };
}

describe("docs/hooks.md: Format a file after the agent writes it", () => {
  const example = () => settingsAfter("docs/hooks.md", "### Format a file after the agent writes it");
  // The project's prettier, as `npm install` leaves it: it rewrites each file it is given.
  const withPrettier = (project: string) => {
    fs.writeFileSync(path.join(project, "package.json"), '{"name":"app","private":true}\n');
    const bin = path.join(project, "node_modules/.bin");
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(
      path.join(bin, "prettier"),
      '#!/bin/sh\nfor f; do case "$f" in --*) ;; *) printf \'const x = 1;\\n\' > "$f" ;; esac; done\n',
      { mode: 0o755 },
    );
  };
  const script = () => [
    reply.toolCall("write", { file_path: "a.js", content: "const x=1" }),
    reply.text("done"),
  ];

  it(
    "approved in the project, it formats the file and the model is told the file changed",
    async () => {
      const { box, server, r } = await printWith(example(), script(), withPrettier, [
        "--trust-project-hooks",
      ]);
      expect(r.code).toBe(0);
      expect(fs.readFileSync(box.at("a.js"), "utf8")).toBe("const x = 1;\n");
      expect(requestText(server.requests[1])).toContain(
        `PostToolUse hook modified ${box.at("a.js")} after your edit (likely a formatter)`,
      );
    },
    SLOW_MS,
  );

  it(
    "not yet approved, it does not run the project's prettier and stderr says why",
    async () => {
      const { box, r } = await printWith(example(), script(), withPrettier);
      expect(r.code).toBe(0);
      expect(fs.readFileSync(box.at("a.js"), "utf8")).toBe("const x=1");
      expect(r.stderr).toContain(
        "runs node_modules/.bin/prettier from this project, not approved for it yet",
      );
    },
    SLOW_MS,
  );
});

describe("docs/hooks.md: Add context to every prompt", () => {
  it("the model's request carries the project's current git branch", async () => {
    const { server, r } = await printWith(
      settingsAfter("docs/hooks.md", "### Add context to every prompt"),
      [reply.text("ok")],
      (project) => execFileSync("git", ["init", "-q", "-b", "feature-login", project]),
    );
    expect(r.code).toBe(0);
    expect(requestText(server.requests[0])).toContain("Current branch: feature-login");
  });
});

describe("docs/hooks.md: Audit every tool call", () => {
  it("a first run on a fresh machine appends one line per tool call to ~/.codebot/audit.jsonl, a failed one too", async () => {
    const { box, r } = await printWith(settingsAfter("docs/hooks.md", "### Audit every tool call"), [
      reply.toolCall("bash", { command: "echo one" }),
      reply.toolCall("bash", { command: "ls /no-such-folder" }),
      reply.text("done"),
    ]);
    expect(r.code).toBe(0);
    const lines = fs.readFileSync(path.join(box.home, ".codebot/audit.jsonl"), "utf8").trimEnd().split("\n");
    // Background runs: written in the order they finished, which the doc leaves open.
    expect(lines.map((l) => [JSON.parse(l).args.command, JSON.parse(l).is_error]).sort()).toEqual([
      ["echo one", false],
      ["ls /no-such-folder", true],
    ]);
  });
});

describe("docs/hooks.md: A central policy service over HTTP", () => {
  it("fails closed: with the service unreachable, a tool call is refused", async () => {
    const box = sandbox();
    const file = box.json(
      "policy.json",
      settingsAfter("docs/hooks.md", "### A central policy service over HTTP"),
    );
    const r = await runHooksTest(box, "PreToolUse", ["--tool", "bash", "--args", '{"command":"ls"}'], {
      settings: file,
      env: cliEnv(box.home, { POLICY_TOKEN: "t0ken" }),
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(
      'decision blocked by "team policy": team policy failed: http hook https://policy.internal:8443/',
    );
  });
});
