/**
 * The three guard rails a new user sets up from README.md and docs/hooks.md — "never rm -rf", "run
 * the tests before you stop", "tell me when you are done" — do what the docs say, as written there.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { printRun, runHooksTest, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, repoRoot, useBuiltCli } from "./support/cli-process.js";
import { settingsAfter } from "./support/doc-json-block.js";

useBuiltCli();

/** The exit code of `hooks test PreToolUse` for a bash command under `settings`: 2 is a refusal. */
async function verdict(settings: unknown, command: string): Promise<number | null> {
  const box = sandbox();
  const file = box.json("guard.json", settings);
  const r = await runHooksTest(box, "PreToolUse", ["--tool", "bash", "--args", JSON.stringify({ command })], {
    settings: file,
  });
  return r.code;
}

// The spellings docs/hooks.md's table lists, as a model trying to get past a guard writes them.
const RECURSIVE_RM = [
  "rm -rf build",
  "rm\t-rf build",
  "rm -fr build",
  "rm -r -f build",
  "rm -Rf build",
  "rm --recursive --force build",
  "/bin/rm -rf build",
  "bash -c 'rm -rf build'",
  "ls | xargs rm -rf",
];

/** The commands README.md says its guard refuses: the backticked ones of "it refuses … alike". */
function readmeRefuses(): string[] {
  const text = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8").replace(/\s+/g, " ");
  const claim = /it refuses (.*?) alike/.exec(text)?.[1];
  if (claim === undefined) throw new Error('README.md no longer says "it refuses … alike"');
  return [...claim.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
}

describe("README.md's guard", () => {
  const readme = () => settingsAfter("README.md");

  it.each(readmeRefuses())("refuses %j, as the README says", async (command) => {
    expect(await verdict(readme(), command)).toBe(2);
  });

  it.each(RECURSIVE_RM)("refuses %j", async (command) => {
    expect(await verdict(readme(), command)).toBe(2);
  });

  it.each(["rm notes.txt", "ls -la", "echo rm -rf"])("lets %j run", async (command) => {
    expect(await verdict(readme(), command)).toBe(0);
  });
});

describe("docs/hooks.md: Block dangerous commands", () => {
  const example = () => settingsAfter("docs/hooks.md", "### Block dangerous commands");

  it.each([
    ...RECURSIVE_RM,
    "find . -delete",
    "git clean -fdx",
    "git push -f",
    "psql -c 'drop\ttable users'",
  ])("refuses %j", async (command) => {
    expect(await verdict(example(), command)).toBe(2);
  });

  it.each(["rm notes.txt", "find . -name '*.o'", "git push origin main", "git status"])(
    "lets %j run",
    async (command) => {
      expect(await verdict(example(), command)).toBe(0);
    },
  );

  it("the opening example's pattern lets rm -fr run, as the table says", async () => {
    const opening = settingsAfter("docs/hooks.md") as { hooks: { PreToolUse: unknown[] } };
    const settings = { hooks: { PreToolUse: opening.hooks.PreToolUse } };
    expect(await verdict(settings, "rm -rf build")).toBe(2);
    expect(await verdict(settings, "rm -fr build")).toBe(0);
  });
});

/** A chat webhook on loopback: records each body posted to it. */
async function chatEndpoint(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      bodies.push(body);
      res.end("ok");
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("docs/hooks.md: Tell someone when the agent finishes", () => {
  // The second block of the section: the chat message.
  const chatSettings = () => {
    const text = fs.readFileSync(path.join(repoRoot, "docs/hooks.md"), "utf8");
    const section = text.slice(text.indexOf("\n### Tell someone when the agent finishes\n"));
    const block = [...section.matchAll(/```json\n([\s\S]*?)```/g)][1]?.[1];
    if (block === undefined) throw new Error("no chat example");
    return JSON.parse(block) as unknown;
  };

  async function post(event: "Stop" | "StopFailure" | "Notification", webhook: string) {
    const box = sandbox();
    const file = box.json("chat.json", chatSettings());
    const r = await runHooksTest(box, event, ["--json"], {
      settings: file,
      env: cliEnv(box.home, { SLACK_WEBHOOK_URL: webhook }),
    });
    return { box, trace: JSON.parse(r.stdout).trace as { outcome: string }[] };
  }

  it("posts {text} naming the project when the agent stops", async () => {
    const chat = await chatEndpoint();
    const { box, trace } = await post("Stop", chat.url);
    expect(trace.map((t) => t.outcome)).toEqual(["allowed"]);
    expect(chat.bodies.map((b) => JSON.parse(b))).toEqual([
      { text: `codebot is done in ${path.basename(box.project)}` },
    ]);
  });

  it("posts {text} with the error when a model call failed for good", async () => {
    const chat = await chatEndpoint();
    const { trace } = await post("StopFailure", chat.url);
    expect(trace.map((t) => t.outcome)).toEqual(["allowed"]);
    expect(chat.bodies.map((b) => JSON.parse(b).text)).toEqual([
      expect.stringMatching(/^codebot stopped on an error: ./),
    ]);
  });

  it("posts the notice's message when the terminal waits for the user", async () => {
    const chat = await chatEndpoint();
    const { trace } = await post("Notification", chat.url);
    expect(trace.map((t) => t.outcome)).toEqual(["allowed"]);
    expect(chat.bodies.map((b) => JSON.parse(b))).toEqual([
      { text: "codebot needs your permission to use bash" },
    ]);
  });

  it("a webhook that refuses the post is a failed run, not a quiet success", async () => {
    const { trace } = await post("Stop", "http://127.0.0.1:1/hook");
    expect(trace.map((t) => t.outcome)).toEqual(["failed"]);
  });
});

describe("docs/hooks.md: Run the tests when the agent stops, in -p", () => {
  const failingProject = () => {
    const box = sandbox();
    box.json("package.json", { name: "x", scripts: { test: "echo 'FAIL adds: expected 3, got 4'; exit 1" } });
    return box;
  };
  // The agent changes a file, then says it is done at every stop, never fixing anything.
  const script = () => [
    reply.toolCall("write", { file_path: "add.js", content: "module.exports = (a, b) => a - b;\n" }),
    ...[1, 2, 3].map((n) => reply.text(`done (${n})`)),
  ];
  const settings = () =>
    settingsAfter("docs/hooks.md", "### Run the tests when the agent stops") as Record<string, unknown>;

  it("not yet approved in the project, the tests do not run: stderr says so and the run exits 0", async () => {
    const { r, server } = await printRun("go", script(), {
      box: failingProject(),
      settings: settings(),
      flags: ["--allowedTools", "Write"],
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      "was not run: it runs package.json from this project, not approved for it yet",
    );
    expect(server.requests).toHaveLength(2);
  });

  it("approved, the agent is sent back twice, then the run ends with exit 1 and the tests' output", async () => {
    const { r, server } = await printRun("go", script(), {
      box: failingProject(),
      settings: settings(),
      flags: ["--allowedTools", "Write", "--trust-project-hooks"],
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "codebot: validation still fails after 3 attempts:\nFAIL adds: expected 3, got 4",
    );
    expect(server.requests).toHaveLength(4);
  });
});
