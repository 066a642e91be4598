import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatusLineCommand } from "../../src/cli/interactive/status-line-command.js";
import { alive } from "../support/process-alive.js";
import { tempDir } from "../support/temp-dirs.js";
import { waitFor } from "../support/wait-for.js";

function statusLine(command: string) {
  const dir = tempDir("codebot-status-line-");
  const failures: string[] = [];
  const line = new StatusLineCommand(command, {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    onFailure: (m) => failures.push(m),
  });
  return { line, dir, failures };
}

describe("the statusLine command", () => {
  it("reads the session's JSON on stdin and its first line is the status line", async () => {
    const { line, dir } = statusLine(
      `cat > seen.json; printf '\\n  %s\\nsecond\\n' "$(sed 's/.*"model":"\\([^"]*\\)".*/\\1/' seen.json)"`,
    );
    await line.refresh({ model: "anthropic/x" });
    expect(line.latest).toBe("  anthropic/x");
    expect(JSON.parse(fs.readFileSync(path.join(dir, "seen.json"), "utf8"))).toEqual({
      model: "anthropic/x",
    });
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
    expect(line.latest).toBe("second");
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
});
