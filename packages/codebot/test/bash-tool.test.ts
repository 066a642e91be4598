import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processHost, warmStarts } from "@codebot/hooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PathPolicy } from "../src/paths/path-policy.js";
import { bashTool } from "../src/tools/bash-tool.js";
import { runShell } from "../src/tools/shell-process.js";
import { alive } from "./support/process-alive.js";
import { tempDir } from "./support/temp-dirs.js";
import { callTool, runTool } from "./support/tool-context.js";
import { waitFor } from "./support/wait-for.js";

function setup(extraEnv: Record<string, string> = {}) {
  const project = tempDir("codebot-project-");
  return { project, bash: bashTool({ paths: new PathPolicy(project), env: extraEnv }) };
}

/**
 * Every test runs twice: with each shell started at its call, and with each in a shell started
 * ahead of it and then given its command (warm starts, in the hooks' spawn/warm-starts.ts).
 */
for (const start of ["started at the call", "started ahead"] as const) {
  describe(`bash (shell ${start})`, () => {
    beforeAll(() => {
      if (start === "started at the call") vi.stubEnv("CODEBOT_WARM_START", "off");
      else setAlwaysAhead(true);
    });
    afterAll(() => {
      vi.unstubAllEnvs();
      setAlwaysAhead(false);
    });

    it("gives a successful command's output as Claude Code's Bash gives it, for hooks, and a non-zero exit Claude Code's error", async () => {
      const t = setup();
      const ok = await runTool(t.bash, { command: "echo out; echo err >&2" });
      expect(ok.data).toEqual({ stdout: "out\nerr", stderr: "", interrupted: false, isImage: false });
      expect((await runTool(t.bash, { command: "exit 3" })).data).toEqual({ error: "Exit code 3" });
      expect(t.bash.contentFromData?.({ stdout: "", stderr: "", interrupted: false })).toBe("(no output)");
    });

    it("a silent command's stdout is empty for hooks, as claude's Bash gives it; the model reads (no output)", async () => {
      const t = setup();
      const silent = await runTool(t.bash, { command: "true" });
      expect(silent.content).toBe("(no output)");
      expect(silent.data).toEqual({ stdout: "", stderr: "", interrupted: false, isImage: false });
    });

    it("$0 is the shell's path, so bash's own errors read `/bin/bash: line 1: …` as under claude 2.1.328", async () => {
      const t = setup();
      const shell = fs.existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh";
      const result = await callTool(t.bash, { command: 'echo "zero=$0"; no_such_command_xyz' });
      expect(result.content).toContain(`zero=${shell}\n${shell}: line 1: no_such_command_xyz: `);
    });

    it("a command of any characters but NUL reaches bash as written", async () => {
      const t = setup();
      const text = `quotes ' " \` $HOME \\ \t tab\r\u0001\u001f\u007f é 漢字 🙂 \\\n\n  trailing  `;
      const result = await callTool(t.bash, { command: `cat <<'CODEBOT_END'\n${text}\nCODEBOT_END` });
      expect(result).toEqual({ content: text, isError: false });
    });

    it("runs commands when SHELLOPTS brings errexit in from the environment", async () => {
      const t = setup();
      process.env.SHELLOPTS = "errexit";
      try {
        expect(await callTool(t.bash, { command: "echo hello" })).toEqual({
          content: "hello",
          isError: false,
        });
        expect(await callTool(t.bash, { command: "echo two" })).toEqual({ content: "two", isError: false });
      } finally {
        delete process.env.SHELLOPTS;
      }
    });

    it("leaves no shell waiting in a directory the commands have left (umount would find it busy)", async () => {
      const t = withSub();
      const sub = path.join(t.project, "sub");
      await callTool(t.bash, { command: "cd sub" });
      await callTool(t.bash, { command: "true" });
      const during = await callTool(t.bash, {
        command: `cd .. && sleep 0.3 && for p in /proc/[0-9]*; do [ "$(readlink $p/cwd 2>/dev/null)" = ${JSON.stringify(sub)} ] && echo "in sub: $p"; done; true`,
      });
      expect(during).toEqual({ content: "(no output)", isError: false });
      await new Promise((r) => setTimeout(r, 200));
      expect(processesIn(sub)).toEqual([]);
    });

    it("keeps OLDPWD as the environment gave it, set or not", async () => {
      const elsewhere = tempDir("codebot-oldpwd-");
      const given = setup({ OLDPWD: elsewhere });
      expect(await callTool(given.bash, { command: 'echo "$OLDPWD"' })).toEqual({
        content: elsewhere,
        isError: false,
      });
      vi.stubEnv("OLDPWD", undefined);
      try {
        const t = setup();
        expect(await callTool(t.bash, { command: 'echo "${OLDPWD-unset}"' })).toEqual({
          content: "unset",
          isError: false,
        });
      } finally {
        vi.unstubAllEnvs();
        if (start === "started at the call") vi.stubEnv("CODEBOT_WARM_START", "off");
      }
    });

    it("exports OLDPWD after a cd when the environment had none, as a shell started in the directory does", async () => {
      const t = withSub();
      vi.stubEnv("OLDPWD", undefined);
      try {
        expect(await callTool(t.bash, { command: "cd sub; bash -c 'echo ${OLDPWD-unset}'" })).toEqual({
          content: t.project,
          isError: false,
        });
      } finally {
        vi.unstubAllEnvs();
        if (start === "started at the call") vi.stubEnv("CODEBOT_WARM_START", "off");
      }
    });

    it("judges a relative OLDPWD from the command's directory, as a shell started there does", async () => {
      const t = withSub();
      const bash = bashTool({ paths: new PathPolicy(t.project), env: { OLDPWD: "sub" } });
      expect(await callTool(bash, { command: "cd - >/dev/null && pwd -P" })).toEqual({
        content: path.join(t.project, "sub"),
        isError: false,
      });
    });

    it("runs in its directory, not where an inherited PWD of link/.. would lead by its text", async () => {
      const t = withSub();
      const link = path.join(tempDir("codebot-link-"), "to-sub");
      fs.symlinkSync(path.join(t.project, "sub"), link);
      const bash = bashTool({ paths: new PathPolicy(t.project), env: { PWD: `${link}/..` } });
      expect(await callTool(bash, { command: "pwd -P; ls" })).toEqual({
        content: `${t.project}\nsub`,
        isError: false,
      });
    });

    it("keeps an inherited PWD through a symlink with physical in SHELLOPTS, as bash does at its start", async () => {
      const t = setup();
      const link = path.join(tempDir("codebot-link-"), "project");
      fs.symlinkSync(t.project, link);
      const bash = bashTool({ paths: new PathPolicy(t.project), env: { PWD: link, SHELLOPTS: "physical" } });
      expect(await callTool(bash, { command: 'echo "$PWD"' })).toEqual({ content: link, isError: false });
    });

    it("runs in its directory whatever exported functions named command, cd, builtin, unset or export do", async () => {
      const t = setup();
      const noisy = "() { echo FUNCTION; }";
      const bash = bashTool({
        paths: new PathPolicy(t.project),
        env: {
          "BASH_FUNC_command%%": noisy,
          "BASH_FUNC_cd%%": noisy,
          "BASH_FUNC_builtin%%": noisy,
          "BASH_FUNC_unset%%": noisy,
          "BASH_FUNC_export%%": noisy,
        },
      });
      // (A `command` function also speaks up as the shell reports where it ended, as it always did.)
      expect((await callTool(bash, { command: "/bin/pwd" })).content.split("\n")[0]).toBe(t.project);
    });

    it("names the directory by an inherited PWD with a trailing slash, as bash's pwd does", async () => {
      const t = setup();
      const link = path.join(tempDir("codebot-link-"), "project");
      fs.symlinkSync(t.project, link);
      const bash = bashTool({ paths: new PathPolicy(t.project), env: { PWD: `${link}/` } });
      expect(await callTool(bash, { command: "pwd" })).toEqual({ content: link, isError: false });
    });

    it("names the directory by an inherited PWD that is the same directory, as bash does", async () => {
      const t = setup();
      const link = path.join(tempDir("codebot-link-"), "project");
      fs.symlinkSync(t.project, link);
      const viaLink = bashTool({ paths: new PathPolicy(t.project), env: { PWD: link } });
      expect(await callTool(viaLink, { command: "pwd" })).toEqual({ content: link, isError: false });
      const elsewhere = bashTool({ paths: new PathPolicy(t.project), env: { PWD: os.tmpdir() } });
      expect(await callTool(elsewhere, { command: "pwd" })).toEqual({ content: t.project, isError: false });
    });

    it("fails clearly, running nothing, when its directory cannot be entered", async () => {
      const t = setup();
      const gone = path.join(t.project, "gone");
      const result = await runShell({
        command: "touch made",
        cwd: gone,
        env: {},
        timeoutMs: 10_000,
        signal: new AbortController().signal,
        outputLimit: 10_000,
        trackCwd: true,
      });
      expect(result.output).toContain(`codebot: cannot enter the working directory ${gone}; nothing was run`);
      expect(result.exitCode).toBe(125);
      expect(fs.readdirSync(t.project)).toEqual([]);
    });

    it("refuses a command with a NUL byte clearly, running nothing", async () => {
      const t = setup();
      expect(await callTool(t.bash, { command: `touch made\u0000` })).toEqual({
        content: "bash: cannot start the shell: the command contains a NUL byte, which no shell can be given",
        isError: true,
      });
      expect(fs.existsSync(path.join(t.project, "made"))).toBe(false);
    });

    it("runs in the project directory with the settings env and returns the output", async () => {
      const t = setup({ GREETING: "hello" });
      expect(await callTool(t.bash, { command: 'echo "$GREETING from $(pwd)"' })).toEqual({
        content: `hello from ${t.project}`,
        isError: false,
      });
    });

    it("reports a non-zero exit code as an error result, with stderr in the output", async () => {
      const t = setup();
      expect(await callTool(t.bash, { command: "echo out; echo err >&2; exit 3" })).toEqual({
        content: "out\nerr\n[exit code 3]",
        isError: true,
      });
    });

    it("kills the whole process group when the timeout passes, children included", async () => {
      const t = setup();
      const pidFile = path.join(t.project, "child.pid");
      const result = await callTool(t.bash, {
        command: `sleep 60 & echo $! > ${pidFile}; wait`,
        timeout: 1000,
      });
      expect(result).toEqual({
        content: "(no output)\n[command timed out after 1000 ms; its process group was killed]",
        isError: true,
      });
      const childPid = Number(fs.readFileSync(pidFile, "utf8").trim());
      await waitFor(() => !alive(childPid), 15_000, "the sleeping child to die");
    });

    it("kills the process group when the run is aborted", async () => {
      const t = setup();
      const pidFile = path.join(t.project, "child.pid");
      const controller = new AbortController();
      const running = callTool(
        t.bash,
        { command: `sleep 60 & echo $! > ${pidFile}; wait` },
        controller.signal,
      );
      await waitFor(
        () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").trim() !== "",
        15_000,
        "pid file",
      );
      controller.abort();
      expect(await running).toEqual({
        content: "(no output)\n[command aborted; its process group was killed]",
        isError: true,
      });
      await waitFor(
        () => !alive(Number(fs.readFileSync(pidFile, "utf8").trim())),
        15_000,
        "the child to die",
      );
    });

    it("caps long output, keeping head and tail, and says how much was cut", async () => {
      const t = setup();
      const result = await callTool(t.bash, {
        command: "head -c 50000 /dev/zero | tr '\\0' x; echo; echo END",
      });
      expect(result.isError).toBe(false);
      expect(result.content).toMatch(/^x{15000}\n\[… \d+ characters of output cut …\]\nx*\nEND$/);
      expect(result.content.length).toBeLessThan(30_100);
    });

    it("does not wait for a background job that keeps the output pipe open", async () => {
      const t = setup();
      const started = Date.now();
      const result = await callTool(t.bash, { command: "sleep 30 & echo started" });
      expect(result).toEqual({ content: "started", isError: false });
      expect(Date.now() - started).toBeLessThan(20_000);
    });

    it("carries a cd over to the next command", async () => {
      const t = withSub();
      expect(await callTool(t.bash, { command: "cd sub && echo moved" })).toEqual({
        content: "moved",
        isError: false,
      });
      expect(await cwdAfter(t)).toBe(path.join(t.project, "sub"));
    });

    it("gives stdout and stderr in one stream in the order written while it tracks the directory", async () => {
      const t = setup();
      expect(await callTool(t.bash, { command: "echo one && echo two >&2 && echo three" })).toEqual({
        content: "one\ntwo\nthree",
        isError: false,
      });
    });

    it("still carries a cd over when the command sent its own stderr elsewhere", async () => {
      const t = withSub();
      await callTool(t.bash, { command: "exec 2>/dev/null; cd sub; echo hidden >&2" });
      expect(await cwdAfter(t)).toBe(path.join(t.project, "sub"));
    });

    it("leaves the directory as it was when the command exits the shell itself", async () => {
      const t = withSub();
      expect(await callTool(t.bash, { command: "cd sub; echo leaving; exit 4" })).toEqual({
        content: "leaving\n[exit code 4]",
        isError: true,
      });
      expect(await cwdAfter(t)).toBe(t.project);
    });

    it("under set -x, the output is the trace of the command, its exit and the EXIT trap, no line of codebot's own; the cd is kept", async () => {
      const t = withSub();
      const result = await callTool(t.bash, { command: "cd sub; trap 'echo bye >&2' EXIT; set -x; echo hi" });
      expect(result.content).toBe("++ echo hi\nhi\n+ exit 0\n+ echo bye\nbye");
      expect(await cwdAfter(t)).toBe(path.join(t.project, "sub"));
    });

    it("reports the directory with the shell's own pwd, whatever the command named a function", async () => {
      const t = withSub();
      await callTool(t.bash, { command: "pwd() { echo /elsewhere; }; printf() { :; }; cd sub" });
      expect(await cwdAfter(t)).toBe(path.join(t.project, "sub"));
    });
  });
}

describe("bash in a shell started ahead", () => {
  it("the next command's shell starts during a command, waiting outside the project, and serves the next call wherever it runs", async () => {
    const t = withSub();
    // During the first command: the shells waiting in / with this project's environment.
    const waiting = await callTool(t.bash, {
      command: `cd sub; sleep 0.3; for p in /proc/[0-9]*; do [ "$(readlink $p/cwd 2>/dev/null)" = / ] && { tr '\\0' '\\n' < $p/environ; } 2>/dev/null | grep -qx ${JSON.stringify(`CODEBOT_PROJECT_DIR=${t.project}`)} && echo \${p#/proc/}; done; true`,
    });
    expect(waiting.content).toMatch(/^\d+$/);
    expect(await callTool(t.bash, { command: "echo $$ $PWD" })).toEqual({
      content: `${waiting.content} ${path.join(t.project, "sub")}`,
      isError: false,
    });
  });

  it("the next command runs in a shell started ahead of its call", async () => {
    const t = setup();
    await callTool(t.bash, { command: "true" });
    await new Promise((r) => setTimeout(r, 600));
    // The shell's age: the system's uptime less its start time (clock ticks since boot).
    const ages = await callTool(t.bash, {
      command: "read -r up _ < /proc/uptime; echo $up $(cut -d' ' -f22 /proc/$$/stat) $(getconf CLK_TCK)",
    });
    const [uptime = 0, startTicks = 0, ticksPerSecond = 1] = ages.content.split(" ").map(Number);
    expect(uptime - startTicks / ticksPerSecond).toBeGreaterThanOrEqual(0.4);
  });

  it("starts each shell at its call, in its directory, while SHELLOPTS has xtrace (PS4 runs before the shell's cd)", async () => {
    const t = setup({ SHELLOPTS: "xtrace", PS4: "+ " });
    await callTool(t.bash, { command: "true" });
    await new Promise((r) => setTimeout(r, 600));
    const ages = await callTool(t.bash, {
      command: "read -r up _ < /proc/uptime; echo $up $(cut -d' ' -f22 /proc/$$/stat) $(getconf CLK_TCK)",
    });
    // The trace lines aside (xtrace is on), the one line the command printed.
    const printed = ages.content.split("\n").find((line) => /^[\d.]+ \d+ \d+$/.test(line)) ?? "";
    const [uptime = 0, startTicks = 0, ticksPerSecond = 1] = printed.split(" ").map(Number);
    expect(printed).not.toBe("");
    expect(uptime - startTicks / ticksPerSecond).toBeLessThan(0.4);
  });

  it("SECONDS counts from the command's start, not from the shell's", async () => {
    const t = setup();
    await callTool(t.bash, { command: "true" });
    await new Promise((r) => setTimeout(r, 1_300));
    expect(await callTool(t.bash, { command: "echo $SECONDS" })).toEqual({ content: "0", isError: false });
  });

  it("a variable added to codebot's environment since the shell started is seen by the command", async () => {
    const t = setup();
    await callTool(t.bash, { command: "true" });
    await new Promise((r) => setTimeout(r, 300));
    process.env.CODEBOT_T_LATE = "late";
    try {
      expect(await callTool(t.bash, { command: 'echo "$CODEBOT_T_LATE"' })).toEqual({
        content: "late",
        isError: false,
      });
    } finally {
      delete process.env.CODEBOT_T_LATE;
    }
  });
});

describe("bash when its process host dies", () => {
  it("the output so far is kept, and the result says the host died, not that the shell could not start", async () => {
    const t = setup();
    const host = processHost();
    const running = callTool(t.bash, { command: "echo start; sleep 60" });
    await waitFor(() => host?.pid !== undefined);
    // Once "start" is out, the host's hold on output (5 ms) has passed too.
    await new Promise((r) => setTimeout(r, 300));
    process.kill(host?.pid as number, "SIGKILL");
    expect(await running).toEqual({
      content:
        "start\n[the process host was killed by SIGKILL while the command ran; the command was stopped]",
      isError: true,
    });
  });
});

describe("bash with no process host (Node's spawn)", () => {
  it("$0 is the shell's path there too", async () => {
    const t = setup();
    vi.stubEnv("CODEBOT_PROCESS_HOST", "off");
    try {
      const shell = fs.existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh";
      expect(await callTool(t.bash, { command: 'echo "$0"' })).toEqual({ content: shell, isError: false });
    } finally {
      vi.unstubAllEnvs();
    }
  });
  it("gets its command as an argument: bash sees no socket on stdin, so reads no ~/.bashrc", async () => {
    const t = setup();
    const home = tempDir("codebot-home-");
    fs.writeFileSync(
      path.join(home, ".bashrc"),
      `echo bashrc >> ${JSON.stringify(path.join(t.project, "log"))}\n`,
    );
    vi.stubEnv("CODEBOT_PROCESS_HOST", "off");
    vi.stubEnv("HOME", home);
    vi.stubEnv("SHLVL", undefined);
    try {
      expect(await callTool(t.bash, { command: "echo hello; false" })).toEqual({
        content: "hello\n[exit code 1]",
        isError: true,
      });
      expect(fs.existsSync(path.join(t.project, "log"))).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("bash with BASH_ENV set", () => {
  it("the file sees /dev/null on stdin, not the command", async () => {
    const t = setup();
    const startup = path.join(t.project, "startup.sh");
    fs.writeFileSync(startup, `cat > ${JSON.stringify(path.join(t.project, "seen"))}\n`);
    process.env.BASH_ENV = startup;
    try {
      expect(await callTool(t.bash, { command: "echo hello; false" })).toEqual({
        content: "hello\n[exit code 1]",
        isError: true,
      });
      expect(fs.readFileSync(path.join(t.project, "seen"), "utf8")).toBe("");
    } finally {
      delete process.env.BASH_ENV;
    }
  });

  it("starts each shell at its call, so the file runs once per command and as it is then", async () => {
    const t = setup();
    const startup = path.join(t.project, "startup.sh");
    fs.writeFileSync(startup, "echo first >> log\n");
    process.env.BASH_ENV = startup;
    try {
      await callTool(t.bash, { command: "true" });
      await new Promise((r) => setTimeout(r, 300));
      fs.writeFileSync(startup, "echo second >> log\n");
      await callTool(t.bash, { command: "true" });
      await new Promise((r) => setTimeout(r, 300));
      expect(fs.readFileSync(path.join(t.project, "log"), "utf8")).toBe("first\nsecond\n");
    } finally {
      delete process.env.BASH_ENV;
    }
  });
});

describe("bash calls that may run beside their batch's other calls", () => {
  const safe = (bash: ReturnType<typeof bashTool>, command: string) =>
    typeof bash.concurrencySafe === "function" && bash.concurrencySafe({ command });

  it("a line that only reads may; one that writes may not", () => {
    const t = setup();
    expect(safe(t.bash, "ls -la")).toBe(true);
    expect(safe(t.bash, "touch a")).toBe(false);
  });

  it("none may while a hook's environment file is sourced before each command (it may change anything)", () => {
    const project = tempDir("codebot-project-");
    const envFile = path.join(project, "hook.env");
    fs.writeFileSync(envFile, "export A=1\n");
    const bash = bashTool({ paths: new PathPolicy(project), env: {}, hookEnvFile: () => envFile });
    expect(safe(bash, "ls -la")).toBe(false);
  });
});

/** Processes whose working directory is `dir`. */
function processesIn(dir: string): string[] {
  return fs.readdirSync("/proc").filter((p) => {
    if (!/^\d+$/.test(p)) return false;
    try {
      return fs.readlinkSync(`/proc/${p}/cwd`) === dir;
    } catch {
      return false;
    }
  });
}

function setAlwaysAhead(on: boolean): void {
  const warm = warmStarts();
  if (warm) warm.alwaysStandby = on;
}

/** A project with a `sub` directory. */
function withSub() {
  const t = setup();
  fs.mkdirSync(path.join(t.project, "sub"));
  return t;
}

/** Where the next command runs. */
async function cwdAfter(t: ReturnType<typeof setup>): Promise<string> {
  return (await callTool(t.bash, { command: "pwd" })).content;
}
