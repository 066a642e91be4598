/**
 * MUSTs of HOOKS.md proved through the built CLI (`codebot -p`, `codebot hooks test`): real
 * processes, real hook commands, real files; the model is the loopback server.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, printRun, runHooksTest, sandbox, startPrintRun } from "./support/cli-fixtures.js";
import { expectNoStackTrace, jsonLines, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("§7.4 codebot -p keeps async hooks on Ctrl+C", { timeout: 120_000 }, () => {
  it("SIGINT while a PostToolUse hook runs: the hook completes and SessionEnd runs before the exit with 130", async () => {
    const { box, cli } = await startPrintRun(
      "go",
      [reply.toolCall("bash", { command: "echo hi" }), reply.hang("thinking")],
      {
        flags: ["--permission-mode", "bypassPermissions"],
        settings: {
          hooks: {
            PostToolUse: [command("touch post-started; sleep 1; cat > post.json")],
            SessionEnd: [command("cat > ended.json")],
          },
        },
      },
    );
    await waitFor(() => fs.existsSync(box.at("post-started")), 60_000, "the PostToolUse hook to start");
    cli.child.kill("SIGINT");
    const r = await cli.done;
    expect(r.code).toBe(130);
    // Read as soon as the process is gone: a CLI that did not wait would leave the hook asleep.
    expect(JSON.parse(fs.readFileSync(box.at("post.json"), "utf8"))).toMatchObject({
      event: "PostToolUse",
      tool: "bash",
      output: "hi",
    });
    expect(JSON.parse(fs.readFileSync(box.at("ended.json"), "utf8"))).toMatchObject({ event: "SessionEnd" });
    expectNoStackTrace(r.stderr);
  });
});

describe("§8 plan mode through --permission-mode plan", () => {
  it("codebot -p in plan mode does not run a UserPromptSubmit hook, and its trace record says why", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { r } = await printRun("plan it", [reply.text("planned")], {
      box,
      flags: ["--permission-mode", "plan", "--trace-file", trace],
      settings: { hooks: { UserPromptSubmit: [command("touch ran", { name: "marker" })] } },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("planned\n");
    expect(fs.existsSync(box.at("ran"))).toBe(false);
    const records = jsonLines(fs.readFileSync(trace, "utf8")).filter((l) => l.event === "UserPromptSubmit");
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      hook: "marker",
      skipped: "not approved",
      approval: "denied",
      approvalReason: "not run in plan mode",
    });
    expect(records[0]).not.toHaveProperty("outcome");
  });

  it("hooks test --permission-mode plan: a blocking guard is denied without running, and the decision is a block (exit 2)", async () => {
    const box = sandbox();
    const settings = box.json("guard.json", {
      hooks: {
        PreToolUse: [
          command("touch guard-ran; echo 'no rm -rf here' >&2; exit 2", {
            name: "guard",
            matcher: "bash",
            if: "/rm -rf/",
            blocking: true,
          }),
        ],
      },
    });
    const r = await runHooksTest(
      box,
      "PreToolUse",
      ["--tool", "bash", "--args", '{"command":"rm -rf x"}', "--permission-mode", "plan", "--json"],
      { settings },
    );
    expect(r.code).toBe(2);
    expect(fs.existsSync(box.at("guard-ran"))).toBe(false);
    const out = JSON.parse(r.stdout);
    expect(out.blocked).toBe(true);
    expect(out.trace).toHaveLength(1);
    expect(out.trace[0]).toMatchObject({
      hook: "guard",
      skipped: "not approved",
      approval: "denied",
      approval_reason: "not run in plan mode",
    });
    expect(out.trace[0]).not.toHaveProperty("exit_code");
  });
});

describe("§9.3 codebot -p tells the user that validation still fails", () => {
  /** A model that writes a file and stops, against a check that always fails, one attempt allowed. */
  async function failingValidationRun(extraArgs: readonly string[]) {
    const { box, server, r } = await printRun(
      "write it",
      [
        reply.toolCall("write", { file_path: "file.txt", content: "x" }),
        reply.text("written"),
        reply.text("never: one attempt only"),
      ],
      {
        flags: ["--permission-mode", "bypassPermissions", ...extraArgs],
        settings: {
          hooks: { PostStopValidation: [command("echo bad; exit 1", { name: "check" })] },
          postStopValidation: { maxAttempts: 1 },
        },
      },
    );
    expect(fs.readFileSync(box.at("file.txt"), "utf8")).toBe("x");
    expect(server.requests).toHaveLength(2);
    return r;
  }

  it("after the last attempt it exits 1 with the last feedback on stderr", async () => {
    const r = await failingValidationRun([]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("codebot: validation still fails after 1 attempts:\nbad\n");
    expect(r.stdout).toBe("written\n");
    expectNoStackTrace(r.stderr);
  });

  it("--output-format json reports terminal_reason validation_failed with the last feedback", async () => {
    const r = await failingValidationRun(["--output-format", "json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      type: "result",
      result: "written",
      is_error: true,
      terminal_reason: "validation_failed",
      reason: "validation still fails after 1 attempts:\nbad",
    });
  });
});

describe("§7.5 codebot -p shows a failing hook once per hook per session", () => {
  it("a PreToolUse hook failing on two bash calls is named once on stderr; the trace file has both failures", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { r } = await printRun(
      "go",
      [
        reply.toolCall("bash", { command: "echo 1" }, "b1"),
        reply.toolCall("bash", { command: "echo 2" }, "b2"),
        reply.text("done"),
      ],
      {
        box,
        flags: ["--permission-mode", "bypassPermissions", "--trace-file", trace],
        settings: {
          hooks: { PreToolUse: [command("echo 'linter crashed' >&2; exit 1", { name: "linter" })] },
        },
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("done\n");
    expect(r.stderr.split("\n").filter((l) => l.includes("linter"))).toEqual([
      "hook linter: exit code 1: linter crashed",
    ]);
    const failed = jsonLines(fs.readFileSync(trace, "utf8")).filter(
      (l) => l.hook === "linter" && l.outcome === "failed",
    );
    expect(failed).toHaveLength(2);
  });
});
