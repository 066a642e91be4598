import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findProgram } from "../src/exec-form.js";
import {
  commandLine,
  createCommandExecutor,
  hookScripts,
  type RunContext,
  referencedScripts,
} from "../src/index.js";
import { isRunning, tempDir, waitFor } from "./support.js";

const executor = createCommandExecutor();

function ctx(over: Partial<RunContext> = {}): RunContext {
  return {
    payload: '{"hook_event_name":"PreToolUse"}',
    cwd: tempDir(),
    env: {},
    timeoutMs: 20_000,
    signal: new AbortController().signal,
    ...over,
  };
}

const execForm = (command: string, args: string[], over: Partial<RunContext> = {}) =>
  executor.run({ type: "command", command, args }, ctx(over));

describe("Claude Code's exec form (command + args, no shell)", () => {
  it("passes each argument as it is written: no word splitting, globbing or $ expansion", async () => {
    const out = await execForm("printf", ["<%s>", "a b", "$HOME", "*", "`id`"]);
    expect(out.error).toBeUndefined();
    expect(out.stdout).toBe("<a b><$HOME><*><`id`>");
  });

  it("gives the payload and a newline on stdin", async () => {
    const out = await execForm("cat", []);
    expect(out.stdout).toBe('{"hook_event_name":"PreToolUse"}\n');
  });

  it("reports the program's exit code, so exit 2 blocks as for a shell command", async () => {
    const out = await execForm("sh", ["-c", "echo no >&2; exit 2"]);
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toBe("no\n");
  });

  it("runs a path with a slash from the working directory (the project)", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "hooks"));
    writeFileSync(join(dir, "hooks", "guard"), "#!/bin/sh\necho guard ran with $1\n");
    chmodSync(join(dir, "hooks", "guard"), 0o755);
    const out = await execForm("./hooks/guard", ["x"], { cwd: dir });
    expect(out.stdout).toBe("guard ran with x\n");
  });

  it("fails the run with claude's message when the program is not found, and runs no shell", async () => {
    const dir = tempDir();
    const out = await execForm("echo hi; touch ran", [], { cwd: dir });
    expect(out.exitCode).toBeNull();
    expect(out.error).toBe('executable not found in PATH: "echo hi; touch ran"');
    expect(existsSync(join(dir, "ran"))).toBe(false);
  });

  it("looks a bare name up on the hook's own PATH", async () => {
    const bin = tempDir();
    writeFileSync(join(bin, "my-guard"), "#!/bin/sh\necho mine\n");
    chmodSync(join(bin, "my-guard"), 0o755);
    const out = await execForm("my-guard", [], { env: { PATH: `${bin}:/usr/bin:/bin` } });
    expect(out.stdout).toBe("mine\n");
  });

  it("a program that hangs is killed at the timeout, with its children", async () => {
    const dir = tempDir();
    const out = await execForm("sh", ["-c", "sleep 30 & echo $! > child.pid; wait"], {
      cwd: dir,
      timeoutMs: 300,
    });
    expect(out.timedOut).toBe(true);
    const child = Number(readFileSync(join(dir, "child.pid"), "utf8"));
    await waitFor(() => !isRunning(child));
  });

  it("does not take a file that is not executable", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "plain"), "echo x\n");
    expect(findProgram("./plain", dir, undefined)).toBeUndefined();
    expect(findProgram("plain", dir, dir)).toBeUndefined();
  });
});

describe("the exec form read as a command line", () => {
  it("quotes each word so it reads back as itself", () => {
    expect(commandLine({ command: "python3", args: ["a b", '"q"', "$HOME", "`x`", "back\\slash"] })).toBe(
      '"python3" "a b" "\\"q\\"" "\\$HOME" "\\`x\\`" "back\\\\slash"',
    );
  });

  it("keeps the ${CLAUDE_…} folders readable, so the project files it runs are seen", () => {
    const project = tempDir();
    writeFileSync(join(project, "hook.py"), "print(1)\n");
    writeFileSync(join(project, "check.sh"), "exit 0\n");
    expect(referencedScripts(commandLine({ command: "python3", args: ["hook.py"] }), project)).toEqual([
      join(project, "hook.py"),
    ]);
    expect(
      referencedScripts(commandLine({ command: "${CLAUDE_PROJECT_DIR}/check.sh", args: [] }), project),
    ).toEqual([join(project, "check.sh")]);
  });

  it("a project hook's fingerprint covers the scripts its args run", () => {
    const project = tempDir();
    writeFileSync(join(project, "hook.py"), "print(1)\n");
    expect(
      hookScripts({ type: "command", command: "python3", args: ["hook.py", "--fast"] }, project),
    ).toEqual([join(project, "hook.py")]);
  });

  it("is the command itself without args", () => {
    expect(commandLine({ command: "echo $HOME | cat" })).toBe("echo $HOME | cat");
  });
});
