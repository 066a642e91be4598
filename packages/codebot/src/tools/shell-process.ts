import fs from "node:fs";
import path from "node:path";
import {
  readsStartupFile,
  type SpawnHandlers,
  type SpawnRequest,
  spawnProcess,
  startWarm,
  type WarmRequest,
  warmStarts,
} from "@codebot/hooks";
import { OutputCap } from "./output-cap.js";

export interface ShellRun {
  command: string;
  cwd: string;
  /** Variables set on top of process.env. */
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal: AbortSignal;
  outputLimit: number;
  onOutput?(chunk: string): void;
  /** Report the directory the shell ended in (`endCwd`), so that a `cd` can carry over. */
  trackCwd?: boolean;
}

export interface ShellResult {
  /**
   * stdout and stderr interleaved as they were written, capped. With `trackCwd`, what the shell
   * itself said on its stderr after the command (see TRACK_CWD) comes last, and is not streamed.
   */
  output: string;
  exitCode: number | null;
  /** The signal that ended the shell, if any. */
  killedBy: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  /** The shell could not be started: nothing ran. */
  spawnError?: string;
  /** The shell was lost while it ran (its process host died): the output is what came before. */
  lostError?: string;
  /** With `trackCwd`: where the shell ended, unless the command ended the shell itself (`exit`). */
  endCwd?: string;
}

/** The model writes bash; fall back to sh where bash is missing. */
const SHELL = fs.existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh";
/** Marks the end of the command on the shell's stdin: a command is run only once all of it came. */
const END = "\x1f";
/**
 * What bash runs first: it reads the directory to run in (up to a NUL, which no path holds), then
 * the command (to the end of input, in blocks; `-N` counts characters, so it is bounded by the
 * largest count bash takes, and `read` fails at the end of input, hence `|| :` for an errexit from
 * SHELLOPTS; `TMOUT=` keeps a TMOUT in the environment from timing the wait out), checks that all
 * of it came (else it fails, running nothing), then gives the command /dev/null as stdin. Reading
 * them rather than taking them as arguments lets a shell be started ahead of the call
 * (warm-starts.ts in the hooks), in `/` (see IDLE_DIRECTORY).
 */
const READ_INPUT = `TMOUT= IFS= read -r -d '' __codebot_dir || :; TMOUT= IFS= read -r -N 2147483647 __codebot_cmd || :; [ "\${__codebot_cmd: -1}" = $'\\037' ] || { echo 'codebot: the command did not reach bash whole; nothing was run' >&2; exit 125; }; __codebot_cmd=\${__codebot_cmd%?}; exec </dev/null; `;
/**
 * The shell then enters the command's directory by the name shellDirectory chose (`-L`: as named,
 * even with `physical` in SHELLOPTS). `OLDPWD` is put back as bash had it at its start, which the
 * `cd` changed: its value, or exported with none (so a later `cd` exports it, as in a shell
 * started in the directory). `command` keeps exported functions of those names out of it.
 * `SECONDS` starts at the command, not at the shell's start.
 */
const ENTER_DIRECTORY = `__codebot_oldpwd=\${OLDPWD-}; command cd -L -- "$__codebot_dir" || { echo "codebot: cannot enter the working directory $__codebot_dir; nothing was run" >&2; exit 125; }; case $__codebot_oldpwd in '') command unset OLDPWD; command export OLDPWD ;; *) OLDPWD=$__codebot_oldpwd ;; esac; command unset __codebot_dir __codebot_oldpwd; SECONDS=0; `;
/**
 * Where the bash tool's shell starts, before it is given the directory of its command. A shell
 * started ahead waits for its call there, so that it holds no directory of the project busy (a
 * `umount` of one would fail) and fits every call, whichever directory it runs in: the next
 * shell can start as soon as a command starts, and is ready for the next call of a batch.
 */
const IDLE_DIRECTORY = "/";
/**
 * Runs the command with `eval`, so a `cd` in it moves this shell, with its stderr on its stdout
 * (one stream, in the order written); then writes where the shell ended up, between two NULs, to
 * the shell's own stderr, and exits with the command's status. That stderr carries nothing else but
 * what the shell itself still says (a start-up warning, `set -x`'s trace of `exit`, an EXIT trap),
 * which goes to the output. Under `set -x`, keeping the status is not traced either: the command's
 * output shows no line of codebot's own but that `exit`. A command that exits itself writes no report (the working directory
 * stays as it was). `command` keeps a function of the command's from standing in for printf or
 * pwd. No file is involved: creating, reading and removing one cost ≈ 0.5 ms a call.
 */
const RUN_TRACKED = `eval "$__codebot_cmd" 2>&1; { __codebot_status=$?; } 2>/dev/null; { command printf '\\0'; command pwd -P; command printf '\\0'; } >&2 2>/dev/null; exit $__codebot_status`;
/**
 * The command as argument 1 instead, with /dev/null as stdin, in a shell started in its directory: where there is no bash, where no
 * process host runs (Node's spawn gives stdin as a socket, and bash then reads ~/.bashrc as for
 * an ssh login), and while BASH_ENV is set (the file it names would see the command on stdin).
 */
const TAKE_ARGUMENT = "__codebot_cmd=$1; shift; ";
/** The most of the shell's own stderr kept while tracking the directory (its report is one path). */
const REPORT_LIMIT = 64 * 1024;
/** Time between SIGTERM and SIGKILL for the process group. */
const KILL_GRACE_MS = 2000;
/** After the shell exits, how long to wait for pipes that background children may hold open. */
const PIPE_DRAIN_MS = 250;

/**
 * Runs a command in its own process group (started by the hooks' process host, so without
 * forking Node), so that a timeout or an abort kills the shell and everything it started
 * (SIGTERM, then SIGKILL after a grace period). Background jobs it leaves end with the session.
 */
export function runShell(run: ShellRun): Promise<ShellResult> {
  return new Promise((resolve) => {
    if (run.command.includes("\0")) {
      const spawnError = "the command contains a NUL byte, which no shell can be given";
      resolve({ output: "", exitCode: null, killedBy: null, timedOut: false, aborted: false, spawnError });
      return;
    }
    const cap = new OutputCap(run.outputLimit);
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let exit: { exitCode: number | null; killedBy: NodeJS.Signals | null } | undefined;
    let outputClosed = false;
    let drain: NodeJS.Timeout | undefined;
    let giveUp: NodeJS.Timeout | undefined;

    const report = new OutputCap(REPORT_LIMIT);
    const finish = (result: Omit<ShellResult, "output" | "timedOut" | "aborted">): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drain);
      clearTimeout(giveUp);
      run.signal.removeEventListener("abort", onAbort);
      child.release();
      const { messages, endCwd } = readReport(report.text());
      // Anything the shell itself said on its stderr (a warning at its start) is output too.
      if (messages !== "") cap.push(messages);
      resolve({
        ...result,
        output: cap.text(),
        timedOut,
        aborted,
        ...(endCwd === undefined ? {} : { endCwd }),
      });
    };
    const handlers: SpawnHandlers = {
      onStdout: (data) => {
        const text = data.toString("utf8");
        cap.push(text);
        run.onOutput?.(text);
      },
      onStderr: (data) => {
        const text = data.toString("utf8");
        if (run.trackCwd) {
          report.push(text);
          return;
        }
        cap.push(text);
        run.onOutput?.(text);
      },
      onError: (failure) =>
        finish({
          exitCode: null,
          killedBy: null,
          ...(failure.kind === "spawn" ? { spawnError: failure.message } : { lostError: failure.message }),
        }),
      onExit: (exitCode, killedBy) => {
        // A killed run also takes the group's stragglers down; a normal exit leaves background jobs alone.
        if (timedOut || aborted) child.killGroup("SIGKILL");
        exit = { exitCode, killedBy };
        if (outputClosed) finish(exit);
        else drain = setTimeout(() => finish(exit ?? { exitCode, killedBy }), PIPE_DRAIN_MS);
      },
      onClose: () => {
        outputClosed = true;
        if (exit) finish(exit);
      },
    };
    const child = run.trackCwd
      ? startTracked(run, handlers)
      : spawnProcess(
          {
            file: SHELL,
            args: ["-c", run.command],
            cwd: run.cwd,
            env: run.env,
            inheritEnv: true,
            stdin: null,
            mergeOutput: true,
          },
          handlers,
        );
    const stop = (): void => {
      child.killGroup("SIGTERM");
      setTimeout(() => child.killGroup("SIGKILL"), KILL_GRACE_MS).unref();
      // Reported even if no exit ever comes (a start that was lost on the way).
      giveUp ??= setTimeout(() => finish(exit ?? { exitCode: null, killedBy: null }), KILL_GRACE_MS + 1_000);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, run.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      stop();
    };
    if (run.signal.aborted) onAbort();
    else run.signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** What the bash tool's shell is started with (warm-starts.ts decides by all of it): not its directory. */
export type ShellPlace = Pick<ShellRun, "env">;

/** The bash tool's shell for a directory and command given on stdin, as a standby for it is started. */
function trackedRequest(
  place: ShellPlace,
): WarmRequest & { withoutHost: NonNullable<SpawnRequest["withoutHost"]> } {
  return {
    file: SHELL,
    // $0 is the shell's path, as a plain `bash -c` has it: bash's errors read `/bin/bash: line 1: …`, as under claude.
    args: ["-c", READ_INPUT + ENTER_DIRECTORY + RUN_TRACKED, SHELL],
    cwd: IDLE_DIRECTORY,
    env: place.env,
    inheritEnv: true,
    withoutHost: { args: ["-c", TAKE_ARGUMENT + RUN_TRACKED, SHELL] },
  };
}

/** The directory and command on the shell's stdin (through a shell started ahead if one waits), or as arguments. */
function startTracked(run: ShellRun, handlers: SpawnHandlers) {
  const request = trackedRequest(run);
  // As argument 1 on Node's spawn, where there is no bash, and while BASH_ENV is set or functions
  // are exported (TAKE_ARGUMENT): started in the command's directory, where the file BASH_ENV names
  // then runs.
  request.withoutHost.args.push(run.command);
  request.withoutHost.cwd = run.cwd;
  if (!startsAhead(request))
    return spawnProcess({ ...request, ...request.withoutHost, stdin: null }, handlers);
  return startWarm(request, `${shellDirectory(run)}\0${run.command}${END}`, handlers, { standby: false });
}

/**
 * The path the shell enters for `run.cwd`, as bash would name it had it started there: the PWD it
 * inherits if that names the same directory, else the physical path (so `pwd` says what it said
 * when the shell was started in the directory). Only a PWD without `.`, `..` or doubled slashes:
 * `cd` takes `link/..` by its text, which may name another directory than the one it leads to.
 */
function shellDirectory(run: ShellRun): string {
  // A trailing slash aside: `pwd` in a bash started with PWD=/a/b/ says /a/b.
  const inherited = (run.env.PWD ?? process.env.PWD)?.replace(/(?<=.)\/+$/, "");
  try {
    if (
      inherited !== undefined &&
      path.isAbsolute(inherited) &&
      path.resolve(inherited) === inherited &&
      sameDirectory(inherited, run.cwd)
    )
      return inherited;
    return fs.realpathSync.native(run.cwd);
  } catch {
    return run.cwd; // not there: the shell's `cd` says so
  }
}

function sameDirectory(a: string, b: string): boolean {
  const x = fs.statSync(a);
  const y = fs.statSync(b);
  return x.ino === y.ino && x.dev === y.dev;
}

/**
 * Starts the shell for the bash tool's next command ahead, ending the one started for `slot`
 * before if it was not used and is for another environment. Called as a command starts: the
 * shell waits in IDLE_DIRECTORY, so it is ready for the next call even in a batch.
 */
export function prepareShell(place: ShellPlace, slot: object): void {
  const request = trackedRequest(place);
  if (startsAhead(request)) warmStarts()?.prepare(request, slot);
}

/**
 * Whether the command may go to a bash that enters its directory itself (READ_INPUT and
 * ENTER_DIRECTORY). Not without bash, nor while BASH_ENV is set (see TAKE_ARGUMENT), nor while
 * the environment has bash run code of its own before that `cd`, which could change where the
 * command runs: exported functions (`BASH_FUNC_name%%`; one named `command` or `cd` would stand in
 * for the shell's own `cd`), or xtrace from SHELLOPTS (the PS4 it expands before each command).
 * Nor while OLDPWD is a relative path: bash keeps it at its start only if it names a directory
 * from where it starts, and a shell started ahead starts in IDLE_DIRECTORY, not the command's.
 */
function startsAhead(request: WarmRequest): boolean {
  return (
    SHELL === "/bin/bash" &&
    !readsStartupFile(request) &&
    !exportsFunctions(request) &&
    !traces(request) &&
    !relativeOldpwd(request)
  );
}

/** `OLDPWD=sub`: what `cd -` leads to depends on the directory the shell started in. */
function relativeOldpwd(request: WarmRequest): boolean {
  const oldpwd =
    "OLDPWD" in request.env
      ? request.env.OLDPWD
      : request.inheritEnv === true
        ? process.env.OLDPWD
        : undefined;
  return oldpwd !== undefined && oldpwd !== "" && !path.isAbsolute(oldpwd);
}

function traces(request: WarmRequest): boolean {
  const options = request.env.SHELLOPTS ?? (request.inheritEnv === true ? process.env.SHELLOPTS : undefined);
  return (options ?? "").split(":").includes("xtrace");
}

function exportsFunctions(request: WarmRequest): boolean {
  const exported = (env: NodeJS.ProcessEnv) =>
    Object.keys(env).some((name) => name.startsWith("BASH_FUNC_") && env[name] !== undefined);
  return exported(request.env) || (request.inheritEnv === true && exported(process.env));
}

/** The shell's stderr while tracking: its own messages, around the NUL-enclosed directory it ended in. */
function readReport(text: string): { messages: string; endCwd?: string } {
  const end = text.lastIndexOf("\0");
  const start = end > 0 ? text.lastIndexOf("\0", end - 1) : -1;
  if (start === -1) return { messages: text };
  const endCwd = text.slice(start + 1, end).replace(/\n$/, "");
  return { messages: text.slice(0, start) + text.slice(end + 1), ...(endCwd === "" ? {} : { endCwd }) };
}
