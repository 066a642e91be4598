import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatusLineCommand, statusLineOf } from "../../src/cli/interactive/status-line-command.js";
import type { Runtime } from "../../src/session/runtime.js";
import { mergeSettings } from "../../src/settings/runtime-settings.js";
import { type StatusLineSetting, statusLineGrantRunning } from "../../src/settings/status-line-grant.js";
import { alive } from "../support/process-alive.js";
import { tempDir } from "../support/temp-dirs.js";
import { waitFor } from "../support/wait-for.js";

function statusLine(command: string, setting: Partial<StatusLineSetting> = {}) {
  const dir = tempDir("codebot-status-line-");
  const failures: string[] = [];
  const line = new StatusLineCommand(
    { command, padding: 0, ...setting },
    {
      cwd: dir,
      env: () => ({ PATH: process.env.PATH ?? "/usr/bin:/bin" }),
      onFailure: (m) => failures.push(m),
    },
  );
  return { line, dir, failures };
}

describe("the statusLine command", () => {
  it("reads the session's JSON on stdin and its lines, blank ones left out, are the status", async () => {
    const { line, dir } = statusLine(
      `cat > seen.json; printf '\\n  %s\\n \\nsecond\\n' "$(sed 's/.*"model":"\\([^"]*\\)".*/\\1/' seen.json)"`,
    );
    await line.refresh({ model: "anthropic/x" });
    expect(line.latest).toEqual(["  anthropic/x", "second"]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "seen.json"), "utf8"))).toEqual({
      model: "anthropic/x",
    });
  });

  it("padding puts that many columns of space before each line", async () => {
    const { line } = statusLine("printf 'one\\ntwo\\n'", { padding: 3 });
    await line.refresh({});
    expect(line.latest).toEqual(["   one", "   two"]);
  });

  it("a project's statusLine is not run once a file it runs changed since approved, and that is said once", async () => {
    const dir = tempDir("codebot-status-line-project-");
    const script = path.join(dir, "status.sh");
    fs.writeFileSync(script, "echo approved\n");
    const { grant, run } = statusLineGrantRunning("sh status.sh", dir);
    expect(grant).toMatch(/^statusLine:sh status\.sh \(runs status\.sh #[0-9a-f]{16}\)$/);
    const failures: string[] = [];
    const line = new StatusLineCommand(
      { command: "sh status.sh", padding: 0, approved: run },
      {
        cwd: dir,
        env: () => ({ PATH: process.env.PATH ?? "/usr/bin:/bin" }),
        onFailure: (m) => failures.push(m),
      },
    );
    await line.refresh({});
    expect(line.latest).toEqual(["approved"]);
    fs.writeFileSync(script, "touch ran; echo edited\n");
    await line.refresh({});
    await line.refresh({});
    expect(line.latest).toBeUndefined();
    expect(fs.existsSync(path.join(dir, "ran"))).toBe(false);
    expect(failures).toEqual([
      `statusLine not run: status.sh changed since the statusLine was approved for this project; codebot's own status line is shown (run "codebot hooks trust" and start again to approve it)`,
    ]);
  });

  it("a failing run leaves no status line of its own, and says so once", async () => {
    const { line, failures } = statusLine("echo oops >&2; exit 3");
    await line.refresh({});
    await line.refresh({});
    expect(line.latest).toBeUndefined();
    expect(failures).toEqual([
      "statusLine command failed (exit code 3: oops); codebot's own status line is shown",
    ]);
  });

  it("a run still going when the next starts is cancelled, its process group killed, and its output never shown", async () => {
    const { line, dir, failures } = statusLine(
      `if [ -f first-ran ]; then echo second; else touch first-ran; (sleep 30; touch survived) & echo $! > child.pid; wait; echo first; fi`,
    );
    const first = line.refresh({});
    // The pid is written by the shell once it has forked the child.
    const pidFile = path.join(dir, "child.pid");
    await waitFor(
      () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").trim() !== "",
      5_000,
      "the pid",
    );
    await line.refresh({});
    await first;
    expect(line.latest).toEqual(["second"]);
    expect(failures).toEqual([]);
    const pid = Number(fs.readFileSync(path.join(dir, "child.pid"), "utf8"));
    await waitFor(() => !alive(pid), 5_000, "the cancelled run's background child to be killed");
  });

  it("cancel() (the session closing) kills a run still going, its whole process group", async () => {
    const { line, dir } = statusLine("(sleep 30; touch survived) & echo $! > child.pid; wait");
    const running = line.refresh({});
    const pidFile = path.join(dir, "child.pid");
    await waitFor(
      () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").trim() !== "",
      5_000,
      "the pid",
    );
    line.cancel();
    await running;
    const pid = Number(fs.readFileSync(pidFile, "utf8"));
    await waitFor(() => !alive(pid), 5_000, "the run's background child to be killed");
    expect(line.latest).toBeUndefined();
  });

  it("a project's approved env whose loaded file changed since is left out of the statusLine's environment", async () => {
    // Your own `bash …` status line reads BASH_ENV: the setup.sh the model rewrote must not load.
    const dir = tempDir("codebot-status-line-env-");
    fs.writeFileSync(path.join(dir, "setup.sh"), "true\n");
    const { settings } = mergeSettings(
      [
        {
          source: "user",
          path: path.join(dir, "user.json"),
          settings: { statusLine: { type: "command", command: "bash -c 'echo mine'" } },
        },
        {
          source: "project",
          path: path.join(dir, ".codebot", "settings.json"),
          settings: { env: { BASH_ENV: "./setup.sh" } },
        },
      ],
      { isGrantTrusted: () => true, projectDir: dir },
    );
    const rt = { cwd: dir, project: { settings } } as unknown as Runtime;
    const line = statusLineOf(rt, true, false, () => {});
    await line?.refresh({});
    expect(line?.latest).toEqual(["mine"]);
    fs.writeFileSync(path.join(dir, "setup.sh"), "touch ran\n");
    await line?.refresh({});
    expect(line?.latest).toEqual(["mine"]);
    expect(fs.existsSync(path.join(dir, "ran"))).toBe(false);
  });
});
