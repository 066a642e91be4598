import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, printRun, rmRfGuard, runHooksTest, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, jsonLines, repoRoot, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const cliDoc = () => fs.readFileSync(path.join(repoRoot, "docs/cli.md"), "utf8");

/** The text of the first fenced block of docs/cli.md that holds `marker`. */
function sampleHolding(marker: string): string {
  const block = [...cliDoc().matchAll(/```[a-z]*\n([\s\S]*?)```/g)].find((m) => m[1]?.includes(marker));
  if (block?.[1] === undefined) throw new Error(`no block of docs/cli.md holds ${marker}`);
  return block[1];
}

/** A stream-json line's kind: its type, and its subtype for system lines. */
const kind = (line: Record<string, unknown>) =>
  line.type === "system" ? `system/${String(line.subtype)}` : String(line.type);

describe("the output samples of docs/cli.md are what codebot prints", () => {
  it("the usage block at the top names every command of codebot --help", async () => {
    const usage = sampleHolding("codebot demo ");
    const help = (await runCli(["--help"], { env: cliEnv(sandbox().home) })).stdout;
    const commands = [...help.slice(help.indexOf("\nCommands:")).matchAll(/^ {2}([a-z]+) /gm)].map(
      (m) => m[1],
    );
    expect(commands).toContain("hooks");
    expect(commands.filter((c) => !new RegExp(`^codebot ${c}\\b`, "m").test(usage))).toEqual([]);
  });

  it("the model set-up errors: each sample command, run as written with no key set, prints the line under it", async () => {
    const lines = sampleHolding("$ codebot -p hi").trimEnd().split("\n");
    const box = sandbox();
    const runs = lines.flatMap((line, i) =>
      line.startsWith("$ ") ? [{ line, expected: lines[i + 1] }] : [],
    );
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const { line, expected } of runs) {
      const words = line.slice(2).split(" ");
      const command = words.indexOf("codebot");
      const assignments = words.slice(0, command);
      const args = words.slice(command + 1);
      const env = Object.fromEntries(
        assignments.map((a) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]),
      );
      const r = await runCli([...args, "--cwd", box.project], { env: cliEnv(box.home, env) });
      expect({ line, stderr: r.stderr, code: r.code }).toEqual({ line, stderr: `${expected}\n`, code: 1 });
    }
  });

  it("hooks list: the sample's user guard and untrusted project check, line for line", async () => {
    const sample = sampleHolding("$ codebot hooks list").trimEnd().split("\n").slice(1);
    const box = sandbox();
    const user = box.json(path.join(box.home, "settings.json"), { hooks: { PreToolUse: [rmRfGuard] } });
    box.json(".codebot/settings.json", { hooks: { PostStopValidation: [command("npm test --silent")] } });
    const r = await runCli(["hooks", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.stdout.trimEnd().split("\n")).toEqual(
      sample.map((l) =>
        l.replace("/home/me/.codebot/settings.json", user).replace("/home/me/p/", `${box.project}/`),
      ),
    );
  });

  it("hooks test: the sample's trace and decision for rm -rf /", async () => {
    const sample = sampleHolding("$ codebot hooks test PreToolUse").trimEnd().split("\n").slice(1);
    const box = sandbox();
    const user = box.json(path.join(box.home, "settings.json"), {
      hooks: { PreToolUse: [command("true", { name: "format on write", matcher: "write" }), rmRfGuard] },
    });
    const r = await runHooksTest(box, "PreToolUse", ["--tool", "bash", "--args", '{"command":"rm -rf /"}']);
    expect(r.code).toBe(2);
    // The sample's "…" stand for ids and paths of the run, its durations for any.
    const pattern = (line: string) =>
      new RegExp(
        `^${line
          .replaceAll("/home/me/.codebot/settings.json", user)
          .replaceAll("/home/me/p", box.project)
          .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
          .replaceAll("…", '[^"]+')
          .replace(/\d+ ms/, "\\d+ ms")}$`,
      );
    const shown = r.stdout.trimEnd().split("\n");
    expect(shown.length).toBe(sample.length);
    for (const [i, line] of sample.entries()) expect(shown[i]).toMatch(pattern(line));
  });

  it("hooks validate: the sample's team.json problems, line for line", async () => {
    const sample = sampleHolding("$ codebot hooks validate --settings team.json")
      .trimEnd()
      .split("\n")
      .slice(1);
    const box = sandbox();
    // The team.json the sample reports on: a command hook without its command, a matcher that
    // does not compile, an unknown key, a misspelled event.
    const file = box.json("team.json", {
      hooks: {
        PreToolUse: [
          { type: "command" },
          { type: "command", matcher: "/(/", command: "true" },
          { type: "command", command: "true", colour: "red" },
        ],
        PreToolUze: [],
      },
    });
    const r = await runCli(["hooks", "validate", "--settings", file, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split("\n")).toEqual(
      sample.map((l) => l.replaceAll("/home/me/team.json", file)),
    );
  });

  it("hooks schema: the warning quoted for a permission mode the schema refuses", async () => {
    const quoted = /\(`(permissions\.mode: expected [^`]*)`\)/.exec(cliDoc())?.[1];
    expect(quoted).toBeDefined();
    const box = sandbox();
    const file = box.json("s.json", { permissions: { mode: "yolo" } });
    const r = await runCli(["hooks", "validate", "--settings", file, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.stdout).toContain(`${file}: ${quoted}`);
  });

  it("hooks test --json: the fields its row lists", async () => {
    const listed = /\| `--json` \| `\{([a-z_, ]+)\}`/.exec(cliDoc())?.[1]?.split(", ");
    const box = sandbox();
    const r = await runHooksTest(box, "PreToolUse", [
      "--tool",
      "bash",
      "--args",
      '{"command":"ls"}',
      "--json",
    ]);
    expect(Object.keys(JSON.parse(r.stdout))).toEqual(listed);
  });

  it("json: the sample result has the fields of codebot's result object", async () => {
    const sample = JSON.parse(sampleHolding('"permission_denials":[{"tool_name"')) as Record<string, unknown>;
    const { r } = await printRun("fix the test", [reply.text("Fixed the test.")], {
      flags: ["--output-format", "json"],
    });
    expect(Object.keys(JSON.parse(r.stdout)).sort()).toEqual(Object.keys(sample).sort());
  });

  it("stream-json: each whole line of the samples has the fields of codebot's line of its kind", async () => {
    const samples = [sampleHolding('"subtype":"hook_started"'), sampleHolding('"subtype":"init"')]
      .flatMap((block) => block.split("\n"))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return []; // a line shortened with {…} shows only some of its fields
        }
      });
    expect(samples.map(kind)).toEqual([
      "system/hook_started",
      "system/hook_response",
      "system/init",
      "system/hook_start",
      "system/hook",
      "user",
    ]);
    const { r } = await printRun(
      "fix the test",
      [reply.toolCall("bash", { command: "echo ok" }, "c1"), reply.text("All tests pass.")],
      {
        flags: [
          "--output-format",
          "stream-json",
          "--permission-mode",
          "bypassPermissions",
          "--include-hook-events",
        ],
        settings: {
          hooks: {
            PreToolUse: [
              command("echo nope >&2; exit 2", {
                name: "guard",
                matcher: "bash",
                statusMessage: "checking the command",
              }),
            ],
          },
        },
      },
    );
    const lines = jsonLines(r.stdout);
    for (const sample of samples) {
      const line = lines.find((l) => kind(l) === kind(sample));
      expect({ kind: kind(sample), fields: Object.keys(line ?? {}).sort() }).toEqual({
        kind: kind(sample),
        fields: Object.keys(sample).sort(),
      });
    }
  });
});
