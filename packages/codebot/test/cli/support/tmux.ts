/**
 * A real pseudo-terminal for the interactive CLI: a tmux server of its own (one socket per
 * session), driven with send-keys and read with capture-pane. Killed after each test.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach } from "vitest";
import { waitFor } from "../../support/wait-for.js";
import { cliPath } from "./cli-process.js";

const TMUX = "tmux";
const sessions: TmuxSession[] = [];
let counter = 0;

afterEach(async () => {
  const ended = sessions.splice(0);
  for (const s of ended) s.kill();
  // The hung-up CLI still closes its session (SessionEnd, transcript): wait for it to be gone, so
  // the test's folders are not removed while it writes into them (ENOTEMPTY on a loaded machine).
  for (const s of ended) await s.gone();
});

export interface TerminalOptions {
  /** Working directory; also where run.sh and exit-code are written. */
  dir: string;
  env: NodeJS.ProcessEnv;
  args: readonly string[];
  /** The CLI's args are given to `node bin/codebot.js` unless another program is named. */
  program?: readonly string[];
  /** The terminal's size (default 120×40). */
  size?: { columns: number; rows: number };
}

export class TmuxSession {
  private constructor(
    private readonly socket: string,
    private readonly exitFile: string,
  ) {}

  /** Runs `codebot <args>` in a terminal, 120×40 unless another size is given. */
  static start(options: TerminalOptions): TmuxSession {
    const tag = `${process.pid}-${++counter}`;
    const socket = `codebot-test-${tag}`;
    const script = path.join(options.dir, `run-${tag}.sh`);
    const exitFile = path.join(options.dir, `exit-code-${tag}`);
    const env = { ...options.env, TERM: "xterm-256color" };
    const exports = Object.entries(env)
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([k, v]) => `export ${k}=${shellQuote(v)}`);
    const argv = [...(options.program ?? [process.execPath, cliPath]), ...options.args]
      .map(shellQuote)
      .join(" ");
    fs.writeFileSync(
      script,
      [
        // A Ctrl+C the terminal turns into SIGINT (readline not in raw mode, as while closing)
        // reaches this shell too: it must outlive it to record the CLI's exit code.
        "trap true INT",
        ...exports,
        `cd ${shellQuote(options.dir)}`,
        argv,
        `echo $? > ${shellQuote(exitFile)}`,
        "sleep 600",
        "",
      ].join("\n"),
    );
    try {
      execFileSync(
        TMUX,
        [
          "-L",
          socket,
          "-f",
          "/dev/null",
          "new-session",
          "-d",
          "-s",
          "t",
          "-x",
          String(options.size?.columns ?? 120),
          "-y",
          String(options.size?.rows ?? 40),
          `sh ${shellQuote(script)}`,
        ],
        {
          env: { PATH: process.env.PATH, HOME: options.env.HOME, TERM: "xterm-256color" },
        },
      );
    } catch (error) {
      throw new Error(
        `tmux is needed for the interactive tests (apt-get install tmux): ${(error as Error).message}`,
      );
    }
    const session = new TmuxSession(socket, exitFile);
    sessions.push(session);
    return session;
  }

  /** Types text (literally). */
  type(text: string): void {
    execFileSync(TMUX, ["-L", this.socket, "send-keys", "-t", "t", "-l", text]);
  }

  /** Pastes a file's text as a terminal pastes it: bracketed (ESC [200~ … ESC [201~). */
  paste(file: string): void {
    this.tmux("load-buffer", "-b", "p", file);
    this.tmux("paste-buffer", "-p", "-b", "p", "-t", "t");
  }

  /** Types a line and presses Enter. */
  submit(line: string): void {
    this.type(line);
    this.press("Enter");
  }

  /** Presses keys by tmux name: Enter, C-c, C-d. */
  press(...keys: string[]): void {
    execFileSync(TMUX, ["-L", this.socket, "send-keys", "-t", "t", ...keys]);
  }

  /** The screen and its scrollback, as text; with escapes (colours) when asked. */
  screen(escapes = false): string {
    const args = [
      "-L",
      this.socket,
      "capture-pane",
      "-p",
      "-t",
      "t",
      "-S",
      "-500",
      ...(escapes ? ["-e"] : []),
    ];
    return execFileSync(TMUX, args, { encoding: "utf8" });
  }

  /** Waits until the screen matches (generous default timeout: CI machines are slow). */
  async waitForScreen(pattern: RegExp | string, timeoutMs = 20_000): Promise<string> {
    let last = "";
    try {
      return await waitFor(
        () => {
          last = this.screen();
          return (typeof pattern === "string" ? last.includes(pattern) : pattern.test(last)) ? last : "";
        },
        timeoutMs,
        `screen to show ${pattern}`,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- screen ---\n${last}`);
    }
  }

  /** The CLI's exit code once it has exited. */
  async exitCode(timeoutMs = 20_000): Promise<number> {
    const text = await waitFor(
      () => (fs.existsSync(this.exitFile) ? fs.readFileSync(this.exitFile, "utf8").trim() : ""),
      timeoutMs,
      "the CLI to exit",
    );
    return Number(text);
  }

  /** Runs a tmux command on this terminal's server (`set-option -s set-clipboard on`, …) and returns its output. */
  tmux(...args: string[]): string {
    return execFileSync(TMUX, ["-L", this.socket, ...args], { encoding: "utf8" });
  }

  /** The CLI's process (and any other the terminal's shell started), while the terminal is up. */
  private cliPids: number[] | undefined;

  kill(): void {
    this.cliPids ??= this.shellChildren();
    try {
      execFileSync(TMUX, ["-L", this.socket, "kill-server"], { stdio: "ignore" });
    } catch {
      // Already gone.
    }
  }

  /**
   * Resolves once the CLI this terminal ran has exited (after `kill()`). One still closing after
   * `timeoutMs` (a slow SessionEnd hook it waits for) is killed.
   */
  async gone(timeoutMs = 10_000): Promise<void> {
    const pids = this.cliPids ?? [];
    const deadline = Date.now() + timeoutMs;
    while (pids.some(isRunning) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const pid of pids.filter(isRunning)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone meanwhile.
      }
    }
    while (pids.some(isRunning) && Date.now() < deadline + 2_000) await new Promise((r) => setTimeout(r, 20));
  }

  private shellChildren(): number[] {
    try {
      const shell = this.tmux("list-panes", "-F", "#{pane_pid}").trim();
      return fs
        .readFileSync(`/proc/${shell}/task/${shell}/children`, "utf8")
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return []; // No tmux server or no /proc: nothing to wait for.
    }
  }
}

/** A process that has not exited (a zombie has: it only waits to be reaped). */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
