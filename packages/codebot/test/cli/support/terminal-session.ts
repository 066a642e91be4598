/**
 * The interactive session most terminal tests start: `codebot <args>` in a tmux terminal of its
 * own, against a loopback model, in a sandbox's project — returned once its prompt is drawn.
 */
import type { LoopbackModelServer, RecordedRequest, ScriptStep } from "@codebot/agentcore/testing";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./cli-fixtures.js";
import { type TerminalOptions, TmuxSession } from "./tmux.js";

export interface SessionOptions {
  args?: readonly string[];
  /** Added to the model's environment. */
  env?: Record<string, string>;
  size?: TerminalOptions["size"];
  program?: TerminalOptions["program"];
  /** What the screen shows once the session is ready (default: the prompt's `›`). */
  ready?: RegExp | string;
}

export async function startSession(
  box: Sandbox,
  server: LoopbackModelServer,
  options: SessionOptions = {},
): Promise<TmuxSession> {
  const term = TmuxSession.start({
    dir: box.project,
    env: modelEnv(server, box.home, options.env),
    args: options.args ?? [],
    ...(options.size ? { size: options.size } : {}),
    ...(options.program ? { program: options.program } : {}),
  });
  await term.waitForScreen(options.ready ?? /^›/m);
  return term;
}

/** startSession in a fresh sandbox (or `options.box`), against a loopback model playing `script`. */
export async function startSessionWith(
  script: ScriptStep<RecordedRequest>[],
  options: SessionOptions & { box?: Sandbox } = {},
): Promise<{ box: Sandbox; server: LoopbackModelServer; term: TmuxSession }> {
  const box = options.box ?? sandbox();
  const server = await modelServer(script);
  return { box, server, term: await startSession(box, server, options) };
}
