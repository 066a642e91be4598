/**
 * `--tmux` with `-w`, as claude 2.1.328 does it (recorded with its tmux calls logged): the
 * worktree's session runs in a tmux session `<repository folder>_worktree-<name>` started in the
 * worktree; inside tmux it is made detached and the client switched to it. Each test runs a tmux
 * server of its own (`-S <socket>` in a temporary folder; `TMUX` points codebot's tmux at it).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dirs.js";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";
import { committedRepository, git } from "./support/git-repository.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const servers: { socket: string; client?: ChildProcess }[] = [];

afterEach(() => {
  for (const s of servers.splice(0)) {
    s.client?.kill();
    try {
      execFileSync("tmux", ["-S", s.socket, "kill-server"], { stdio: "ignore" });
    } catch {
      // Its last session ended: the server is gone already.
    }
  }
});

/**
 * A tmux server of the test's own with the environment `env` (its sessions get it), one session
 * `host` and a control-mode client attached to it (switch-client needs a client); the `TMUX` value
 * of a process running inside it.
 */
function tmuxServer(env: NodeJS.ProcessEnv) {
  const socket = path.join(tempDir("cb-tmux-"), "s");
  const tmux = (...args: string[]) =>
    execFileSync("tmux", ["-S", socket, ...args], { env, encoding: "utf8" }).trim();
  tmux("-f", "/dev/null", "new-session", "-d", "-s", "host", "sleep 600");
  const entry: { socket: string; client?: ChildProcess } = { socket };
  servers.push(entry);
  // The pane stays after codebot ends, to be looked at.
  tmux("set-option", "-g", "remain-on-exit", "on");
  entry.client = spawn("tmux", ["-S", socket, "-C", "attach-session", "-t", "=host"], {
    env,
    stdio: ["pipe", "ignore", "ignore"],
  });
  return { tmux, TMUX: `${socket},${tmux("display-message", "-p", "#{pid}")},0` };
}

async function until<T>(what: () => T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

function fileJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

describe("--tmux with -w", () => {
  it("makes the tmux session <repository>_worktree-<name> running codebot in the worktree, and switches the client to it", async () => {
    const box = committedRepository();
    const seen = box.json("hooks.json", {
      hooks: { SessionStart: [{ hooks: [command(`cat > '${box.at("start.json")}'`)] }] },
    });
    const server = await modelServer([reply.text("ok")]);
    const env = modelEnv(server, box.home);
    const tmux = tmuxServer(env);
    await until(() => (tmux.tmux("list-clients", "-F", "#{client_session}") === "host" ? true : undefined));
    const r = await runCli(["-w", "foo", "--tmux", "-p", "go", "--settings", seen], {
      env: { ...env, TMUX: tmux.TMUX },
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    const name = `${path.basename(box.project)}_worktree-foo`.replace(/\./g, "_");
    expect(tmux.tmux("list-sessions", "-F", "#{session_name}").split("\n").sort()).toEqual(
      ["host", name].sort(),
    );
    expect(tmux.tmux("list-clients", "-F", "#{client_session}")).toBe(name);
    const started = tmux.tmux("list-panes", "-t", `=${name}`, "-F", "#{pane_start_command}");
    expect(started).toContain("codebot.js");
    expect(started).toContain("-p go");
    expect(started).not.toContain("--tmux");
    // The session ran in the worktree, as `-w foo` would.
    const dir = path.join(box.project, ".claude", "worktrees", "foo");
    const start = await until(() => fileJson(box.at("start.json")));
    expect(start.cwd).toBe(dir);
    expect(git(box.project, "worktree", "list")).toContain(`${dir} `);
    // Its codebot has ended (the pane stays: remain-on-exit) before the test's folders go: it
    // writes into the home folder until it exits (CI saw ENOTEMPTY removing it).
    await until(() =>
      tmux.tmux("list-panes", "-t", `=${name}`, "-F", "#{pane_dead}") === "1" ? true : undefined,
    );
  });

  it("outside tmux, attaches the terminal to the session it makes", async () => {
    const box = committedRepository();
    const server = await modelServer([]);
    // Outside tmux (TMUX empty), codebot's tmux is the default server of TMUX_TMPDIR: the test's own.
    const tmuxDir = tempDir("cb-tmuxdir-");
    const env = modelEnv(server, box.home, { TMUX: "", TMUX_TMPDIR: tmuxDir });
    const outer = TmuxSession.start({ dir: box.project, env, args: ["-w", "baz", "--tmux"] });
    servers.push({ socket: path.join(tmuxDir, `tmux-${process.getuid?.() ?? 0}`, "default") });
    const name = `${path.basename(box.project)}_worktree-baz`.replace(/\./g, "_");
    const { TMUX: _, ...outside } = env;
    const inner = (...args: string[]) =>
      execFileSync("tmux", args, { env: outside, encoding: "utf8" }).trim();
    const client = await until(() => {
      try {
        return inner("list-clients", "-F", "#{client_session}") || undefined;
      } catch {
        return undefined;
      }
    });
    expect(client).toBe(name);
    expect(inner("list-panes", "-t", `=${name}`, "-F", "#{pane_start_command}")).toContain("codebot.js");
    outer.kill();
  });

  it("a folder a WorktreeCreate hook made: the session <project>_worktree-<name> runs codebot there without -w, so the hook runs once", async () => {
    const box = sandbox();
    const made = tempDir("cb-wt-made-");
    const settings = box.json("wt.json", {
      hooks: {
        WorktreeCreate: [{ hooks: [command(`echo ran >> '${box.at("created")}'; echo '${made}'`)] }],
        SessionStart: [{ hooks: [command(`cat > '${box.at("start.json")}'`)] }],
      },
    });
    const server = await modelServer([reply.text("ok")]);
    const env = modelEnv(server, box.home);
    const tmux = tmuxServer(env);
    await until(() => (tmux.tmux("list-clients", "-F", "#{client_session}") === "host" ? true : undefined));
    const r = await runCli(["-w", "bar", "--tmux", "-p", "go", "--settings", settings], {
      env: { ...env, TMUX: tmux.TMUX },
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    const name = `${path.basename(box.project)}_worktree-bar`.replace(/\./g, "_");
    expect(tmux.tmux("list-clients", "-F", "#{client_session}")).toBe(name);
    const start = await until(() => fileJson(box.at("start.json")));
    expect(start.cwd).toBe(made);
    expect(tmux.tmux("list-panes", "-t", `=${name}`, "-F", "#{pane_start_command}")).not.toMatch(/ -w /);
    expect(fs.readFileSync(box.at("created"), "utf8")).toBe("ran\n");
  });

  it("--tmux=classic joins a session of that name already there instead of making another", async () => {
    const box = committedRepository();
    const server = await modelServer([]);
    const env = modelEnv(server, box.home);
    const tmux = tmuxServer(env);
    const name = `${path.basename(box.project)}_worktree-bar`.replace(/\./g, "_");
    tmux.tmux("new-session", "-d", "-s", name, "sleep 600");
    await until(() => (tmux.tmux("list-clients", "-F", "#{client_session}") === "host" ? true : undefined));
    const r = await runCli(["-w", "bar", "--tmux=classic"], {
      env: { ...env, TMUX: tmux.TMUX },
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(tmux.tmux("list-clients", "-F", "#{client_session}")).toBe(name);
    expect(tmux.tmux("list-panes", "-s", "-t", `=${name}`, "-F", "#{pane_start_command}")).toBe(
      '"sleep 600"',
    );
    expect(tmux.tmux("list-sessions", "-F", "#{session_name}").split("\n").sort()).toEqual(
      ["host", name].sort(),
    );
  });

  it("without -w is an error, exit 1, and makes nothing", async () => {
    const box = committedRepository();
    const r = await runCli(["--tmux", "-p", "go"], { env: cliEnv(box.home), cwd: box.project });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe("codebot: --tmux requires --worktree");
    expect(fs.existsSync(path.join(box.project, ".claude", "worktrees"))).toBe(false);
  });

  it("without tmux on PATH is an error, exit 1, before any worktree is made", async () => {
    const box = committedRepository();
    const r = await runCli(["-w", "foo", "--tmux"], {
      env: cliEnv(box.home, { PATH: tempDir("no-tmux-") }),
      cwd: box.project,
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      "codebot: tmux is not installed. Install tmux (sudo apt install tmux, or brew install tmux) or leave out --tmux",
    );
    expect(fs.existsSync(path.join(box.project, ".claude", "worktrees"))).toBe(false);
  });

  it("--tmux= in a subcommand's value is that value (hooks test --prompt), not the flag", async () => {
    const box = committedRepository();
    const r = await runCli(["hooks", "test", "UserPromptSubmit", "--prompt", "--tmux=iterm2"], {
      env: cliEnv(box.home),
      cwd: box.project,
    });
    expect(r.stderr).not.toContain("--tmux");
    expect(r.code, r.stderr).toBe(0);
  });

  it("a mode other than classic is refused", async () => {
    const box = committedRepository();
    const r = await runCli(["-w", "foo", "--tmux=iterm2"], { env: cliEnv(box.home), cwd: box.project });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      "codebot: --tmux=iterm2: the only --tmux mode is classic (iTerm2's native panes are not codebot's)",
    );
  });
});
