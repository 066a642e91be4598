/**
 * Runs command hooks (§6.1): `sh -c` in a new process group, payload on stdin, capped output,
 * a timeout that kills the whole group; or, for `persistent: true`, one line to the hook's
 * long-running process (persistent-hooks.ts). Processes start through spawn/warm-starts.ts (the
 * shell of a hook that ran before is started ahead of its next event). A Claude Code hook that
 * answers `{"async": true}` first (async-reply.ts) is done for its caller at that line; its process
 * runs on, what it prints before it ends goes to RunContext.onLaterOutput, and close() kills its
 * group (SIGTERM, SIGKILL after the grace) as Claude Code does when it exits.
 */

import { AnswerBudget } from "./answer-budget.js";
import { ANSWER_CAP } from "./answer-cap.js";
import { ASYNC_REPLY_MAX_BYTES, type AsyncReply, parseAsyncReply } from "./async-reply.js";
import { answerCut, CappedBuffer } from "./capped-buffer.js";
import { findProgram } from "./exec-form.js";
import type { CommandSpec, HookExecutor, RunContext, RunOutcome } from "./executor.js";
import { PersistentHooks } from "./persistent-hooks.js";
import { timedOutMessage } from "./run-deadline.js";
import { startWarm } from "./spawn/warm-starts.js";

/**
 * Put before a hook's command, on its first line: the shell reads one line (an empty one, ahead of
 * the payload; `read` takes a pipe a byte at a time, so nothing of the payload) before it runs any
 * of the command, so it can be started ahead of the event (spawn/warm-starts.ts). Without that
 * line (its stdin closed) it fails without running the command: a failed run, never an allow.
 * `TMOUT=`: where sh is bash, a TMOUT in the environment would time the wait out.
 */
export const WAIT_FOR_INPUT =
  "TMOUT= read -r __codebot_go || { echo 'codebot: the hook got no input; nothing was run' >&2; exit 125; }; unset __codebot_go; ";

export interface CommandExecutorOptions {
  /** Bytes kept of stdout (the answer) when the run does not say; the rest is read and discarded. Default ANSWER_CAP. */
  stdoutCap?: number;
  /** Bytes kept of stderr, which is only shown; the rest is read and discarded. Default 1 MiB. */
  stderrCap?: number;
  /** Time between SIGTERM and SIGKILL for the process group. Default 1 s. */
  killGraceMs?: number;
  /** How long to keep reading after the main process exited, if grandchildren hold the pipes. Default 100 ms. */
  drainMs?: number;
}

const MIB = 1024 * 1024;

/** A process that went on after its async reply. */
interface Detached {
  ended: Promise<void>;
  /** Kills its group; resolves once it has ended. */
  stop(): Promise<void>;
}

export function createCommandExecutor(options: CommandExecutorOptions = {}): HookExecutor<CommandSpec> {
  const cap = { stdout: options.stdoutCap ?? ANSWER_CAP, stderr: options.stderrCap ?? MIB };
  const graceMs = options.killGraceMs ?? 1000;
  const drainMs = options.drainMs ?? 100;
  const persistent = new PersistentHooks({ killGraceMs: graceMs });
  // Processes that went on after an async reply; each ends by itself, at its timeout, or at close().
  const detached = new Set<Detached>();
  // What they print after their reply is read past the firing that started them, so it draws from a
  // budget of their own, not the firing's (whose other hooks may still be answering); given back as each ends.
  const lateBudget = new AnswerBudget();
  const track = (run: Detached) => {
    detached.add(run);
    void run.ended.then(() => detached.delete(run));
  };
  return {
    run: (spec, ctx) =>
      spec.persistent
        ? persistent.run(spec, ctx)
        : runCommand(spec, ctx, cap, graceMs, drainMs, spec.asyncReply ? { track, lateBudget } : undefined),
    close: async () => {
      await Promise.all([...detached].map((run) => run.stop()));
      await persistent.close();
    },
    release: (spec) => persistent.release(spec.command),
    retain: (specs) => persistent.retain(new Set(specs.filter((s) => s.persistent).map((s) => s.command))),
  };
}

/** How a hook's process starts, or why it cannot. */
interface Launch {
  /** What a failed start names: `sh`, or the exec form's program. */
  name: string;
  file: string;
  args: string[];
  input: string;
  /** Whether a standby of it may be started for the next event (spawn/warm-starts.ts). */
  standby: boolean;
}

/**
 * `sh -c` behind WAIT_FOR_INPUT, so its next run may be started ahead; or, in the exec form, the
 * program itself, never ahead: it would run before its event.
 */
function launchOf(spec: CommandSpec, ctx: RunContext): Launch | string {
  if (spec.args === undefined)
    // The empty line lets the shell past WAIT_FOR_INPUT; the hook reads the payload after it.
    return {
      name: "sh",
      file: "/bin/sh",
      args: ["-c", WAIT_FOR_INPUT + spec.command],
      input: `\n${ctx.payload}\n`,
      standby: true,
    };
  const file = findProgram(spec.command, ctx.cwd, ctx.env.PATH ?? process.env.PATH);
  if (file === undefined) return `executable not found in PATH: "${spec.command}"`;
  return { name: file, file, args: [...spec.args], input: `${ctx.payload}\n`, standby: false };
}

function runCommand(
  spec: CommandSpec,
  ctx: RunContext,
  cap: { stdout: number; stderr: number },
  graceMs: number,
  drainMs: number,
  /**
   * Given for hooks that may answer `{"async": true}`: told of the process when it goes on, and the
   * budget its output after the reply draws from.
   */
  detaching?: { track: (run: Detached) => void; lateBudget: AnswerBudget },
): Promise<RunOutcome> {
  // After an async reply has resolved the run, finish() resolves it again: a no-op.
  return new Promise<RunOutcome>((resolve) => {
    /** Set once the process went on after an async reply: tells its tracker that it ended. */
    let markEnded: (() => void) | undefined;
    // The first stdout line, while it may still be an async reply.
    let firstLine: string | undefined = detaching ? "" : undefined;
    const stdoutCap = ctx.answerCap ?? cap.stdout;
    const stdout = new CappedBuffer(stdoutCap, ctx.answerBudget);
    const stderr = new CappedBuffer(cap.stderr);
    // Both, as they came: what Claude Code's hook lines call `output` (shown, never parsed).
    const output = new CappedBuffer(2 * cap.stderr);
    let settled = false;
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    let exited = false;
    let outputClosed = false;
    let killedFor: "timeout" | "abort" | "close" | undefined;
    let failure: string | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    // Output arrived since the last progress report.
    let grown = false;

    if (ctx.signal.aborted) {
      resolve({ stdout: "", stderr: "", exitCode: null, error: "aborted before start" });
      return;
    }
    const launch = launchOf(spec, ctx);
    if (typeof launch === "string") {
      resolve({ stdout: "", stderr: "", exitCode: null, error: launch });
      return;
    }

    const child = startWarm(
      {
        file: launch.file,
        args: launch.args,
        cwd: ctx.cwd,
        env: ctx.env,
        inheritEnv: true,
        outputCap: Math.max(stdoutCap, cap.stderr),
        // A hook's `nohup summarise &` outlives the session, as under Claude Code (spawn-request.ts).
        keepLeftovers: true,
      },
      launch.input,
      {
        // Past the cap the output is still read, so the hook never blocks on a full pipe.
        onStdout: (chunk) => {
          stdout.push(chunk);
          output.push(chunk);
          grown = true;
          if (firstLine !== undefined) watchFirstLine(String(chunk));
        },
        onStderr: (chunk) => {
          stderr.push(chunk);
          output.push(chunk);
          grown = true;
        },
        onError: (f) => {
          failure = f.kind === "spawn" ? `could not start ${launch.name}: ${f.message}` : f.message;
          finish();
        },
        onExit: (code, signal) => {
          exited = true;
          exitCode = code;
          exitSignal = signal;
          // Resolve when the pipes close, or shortly after if grandchildren keep them open.
          if (outputClosed) finish();
          else drainTimer = setTimeout(finish, drainMs);
        },
        onClose: () => {
          outputClosed = true;
          if (exited) finish();
        },
      },
      { standby: launch.standby },
    );

    const stopFor = (why: "timeout" | "abort" | "close") => {
      if (settled || killedFor) return;
      // The hook already exited and only its output is still draining: its own exit decides.
      if (exited) return finish();
      killedFor = why;
      child.killGroup("SIGTERM");
      // The group may include processes that ignore SIGTERM; SIGKILL them after the grace.
      setTimeout(() => child.killGroup("SIGKILL"), graceMs);
      // Do not wait on pipes held by survivors for longer than the grace either.
      setTimeout(finish, Math.min(graceMs, drainMs * 5));
    };

    let timer = setTimeout(() => stopFor("timeout"), ctx.timeoutMs);
    const onOutput = ctx.onOutput;
    const progress = onOutput
      ? setInterval(() => {
          if (!grown) return;
          grown = false;
          onOutput(stdout.text(), stderr.text(), output.text());
        }, PROGRESS_MS)
      : undefined;

    function watchFirstLine(text: string) {
      const newline = text.indexOf("\n");
      const line = (firstLine ?? "") + (newline === -1 ? text : text.slice(0, newline));
      if (newline === -1 && line.length <= ASYNC_REPLY_MAX_BYTES) {
        firstLine = line;
        return;
      }
      firstLine = undefined;
      const reply = newline === -1 ? undefined : parseAsyncReply(line);
      if (reply) detach(reply);
    }

    /** The caller is done with the hook (nothing to decide); the process runs on until it ends. */
    function detach(reply: AsyncReply) {
      clearInterval(progress);
      resolve({ stdout: "", stderr: "", exitCode: 0 });
      if (detaching) stdout.moveTo(detaching.lateBudget);
      const ended = new Promise<void>((end) => {
        markEnded = end;
      });
      detaching?.track({
        ended,
        stop: () => {
          stopFor("close");
          return ended;
        },
      });
      if (reply.timeoutMs === undefined) return;
      clearTimeout(timer);
      timer = setTimeout(() => stopFor("timeout"), reply.timeoutMs);
    }
    const onAbort = () => stopFor("abort");
    ctx.signal.addEventListener("abort", onAbort, { once: true });

    function finish() {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(progress);
      clearTimeout(drainTimer);
      ctx.signal.removeEventListener("abort", onAbort);
      // Grandchildren may still hold the pipes: stop reading, they get EPIPE on their next write.
      child.release();
      // A killed hook's answer is not read: what it drew of the event's budget is the others' again.
      if (killedFor) stdout.release();
      const truncated = [stdout.truncated && "stdout", stderr.truncated && "stderr"].filter(
        (s): s is string => typeof s === "string",
      );
      if (markEnded) {
        markEnded();
        // What a hook that ended by itself printed after its reply; a killed one said nothing.
        const text = stdout.text();
        if (!killedFor && !failure) ctx.onLaterOutput?.(text.slice(text.indexOf("\n") + 1));
        // Read: what it drew of the late budget is for the processes still running.
        stdout.release();
      }
      // A reply `{"async": true}` with nothing after it (no newline): not an answer either.
      const asyncOnly = firstLine !== undefined && parseAsyncReply(firstLine) !== undefined;
      const outcome: RunOutcome = {
        stdout: asyncOnly ? "" : stdout.text(),
        stderr: stderr.text(),
        // An async reply is no output (its first line is the reply itself).
        output: asyncOnly ? stderr.text() : output.text(),
        exitCode,
        ...(truncated.length ? { truncated } : {}),
        ...(stdout.truncated ? answerCut(stdout, stdoutCap, ctx.answerBudget) : {}),
      };
      if (killedFor === "timeout") {
        outcome.timedOut = true;
        outcome.error = timedOutMessage(ctx);
      } else if (killedFor === "abort") {
        outcome.error = "aborted";
      } else if (failure) {
        outcome.error = failure;
      } else if (exitSignal) {
        outcome.error = `killed by signal ${exitSignal}`;
      }
      resolve(outcome);
    }
  });
}

/** How often a running hook's grown output is reported (RunContext.onOutput), as claude 2.1.328's hook_progress lines come. */
const PROGRESS_MS = 1000;
