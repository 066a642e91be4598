import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { sandbox } from "./support/cli-fixtures.js";
import { cliEnv, expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("codebot demo", () => {
  it("runs without an API key, labelled as the scripted demo model, shows each hook at work, checks it on disk and cleans up", async () => {
    const box = sandbox();
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("codebot-demo-")));
    const r = await runCli(["demo"], { env: cliEnv(box.home) });
    expect(r.code).toBe(0);
    expectNoStackTrace(r.stderr);
    expect(r.stdout.split("\n")[0]).toBe("codebot demo — scripted demo model — no API key used");
    // Piped: plain lines, no colours, no spinner or cursor movement.
    expect(r.stdout).not.toContain("\x1b");
    expect(r.stdout).toMatch(
      /hook PreToolUse "no rm -rf" · blocked · exit 2 · \d+ ms · reason: rm -rf is not allowed/,
    );
    expect(r.stdout).toContain('rewrote input: {"command":"cat -n notes.txt"}');
    expect(r.stdout).toMatch(/hook PostStopValidation "greeting check" · failed/);
    expect(r.stdout).toMatch(/hook TaskCompleted "release needs a changelog" · blocked/);
    expect(r.stdout).toContain("hook trace\n");
    const checks = r.stdout.slice(r.stdout.indexOf("what happened, checked on disk"));
    expect(checks.match(/✓/g)).toHaveLength(5);
    expect(checks).not.toContain("✗");
    // Under ten seconds even on a loaded machine (it takes about one).
    expect(r.ms).toBeLessThan(10_000);
    const after = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("codebot-demo-") && !before.has(n));
    expect(after).toEqual([]);
    // Nothing was written to the user's CODEBOT_HOME.
    expect(fs.readdirSync(box.home)).toEqual([]);
  });
});
