/**
 * A project allow rule's and a settings command's grant read each file they cover once at the
 * start: the grant's digest is what the check during the session starts from (approved-files.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allowGrantRunning, approvedAllowRule } from "../src/settings/allow-grant.js";
import { changedRun } from "../src/settings/approved-files.js";
import { commandGrantRunning } from "../src/settings/command-grant.js";
import { tempDir } from "./support/temp-dirs.js";

afterEach(() => vi.restoreAllMocks());

/** A project with `check.sh`, and a spy counting the reads of it. */
function projectScript() {
  const dir = tempDir("codebot-grant-reads-");
  const script = path.join(dir, "check.sh");
  fs.writeFileSync(script, "#!/bin/sh\necho ok\n", { mode: 0o755 });
  const read = vi.spyOn(fs, "readFileSync");
  const reads = () => read.mock.calls.filter(([file]) => file === script).length;
  return { dir, script, reads };
}

describe("reading the files a grant covers at the start", () => {
  it("an allow rule's script is read once, for the grant and the approved rule alike", () => {
    const { dir, reads } = projectScript();
    const rule = approvedAllowRule(
      { text: "Bash(./check.sh)" },
      allowGrantRunning("Bash(./check.sh)", dir),
      dir,
    );
    expect(rule).toHaveProperty("stillApproved");
    expect(reads()).toBe(1);
  });

  it("a statusLine command's script is read once, for the grant and its approved run alike", () => {
    const { dir, reads } = projectScript();
    const { run } = commandGrantRunning("statusLine", "./check.sh", dir);
    expect(run?.files).toHaveLength(1);
    expect(reads()).toBe(1);
  });

  it("a script changed after the grant read it is a change at the first check", () => {
    const { dir, script } = projectScript();
    const { run } = commandGrantRunning("statusLine", "./check.sh", dir);
    fs.appendFileSync(script, "touch pwned\n");
    expect(changedRun(run ? [run] : [])).toMatchObject({ approvedFor: "statusLine", file: script });
  });
});
