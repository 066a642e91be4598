/**
 * The set-up every Agent SDK test starts from: a sandbox, a loopback model playing a script, and
 * the CLI started as the SDK starts it (SDK_ARGS, the test's flags, `--cwd` of the project).
 */
import type { LoopbackModelServer, RecordedRequest, ScriptStep } from "@codebot/agentcore/testing";
import { waitFor } from "../../support/wait-for.js";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./cli-fixtures.js";
import { SDK_ARGS, type SdkAnswer, type SdkRun, startSdkRun } from "./sdk-driver.js";

export interface SdkSessionOptions {
  /** The sandbox to run in, when the test writes into it first (a fresh one otherwise). */
  box?: Sandbox;
  /** Flags after SDK_ARGS (`--model`, `--permission-mode`, …). */
  args?: readonly string[];
  /** Variables beside modelEnv's. */
  env?: Record<string, string>;
  hooks?: Record<string, unknown>;
  initialize?: Record<string, unknown>;
  answers?: Record<string, SdkAnswer>;
}

export interface SdkSession {
  box: Sandbox;
  server: LoopbackModelServer;
  run: SdkRun;
}

/** The CLI under the SDK's driver, its model playing `script`; nothing said yet. */
export async function sdkSession(
  script: ScriptStep<RecordedRequest>[],
  options: SdkSessionOptions = {},
): Promise<SdkSession> {
  const box = options.box ?? sandbox();
  const server = await modelServer(script);
  const run = startSdkRun([...SDK_ARGS, ...(options.args ?? []), "--cwd", box.project], {
    env: modelEnv(server, box.home, options.env),
    hooks: options.hooks,
    initialize: options.initialize,
    answers: options.answers,
  });
  return { box, server, run };
}

/** sdkSession, then one prompt's turn to its result and the CLI's exit. */
export async function sdkTurn(
  prompt: string,
  script: ScriptStep<RecordedRequest>[],
  options: SdkSessionOptions = {},
): Promise<SdkSession & Awaited<ReturnType<SdkRun["lastTurn"]>>> {
  const session = await sdkSession(script, options);
  return { ...session, ...(await session.run.lastTurn(prompt)) };
}

/**
 * Says "first message", waits (at most 30 s) for the model's answer to it (a tool call that keeps
 * the turn running), then says "second message": a message sent while a turn runs.
 */
export async function sayTwiceMidTurn(run: SdkRun): Promise<void> {
  run.say("first message");
  await waitFor(() => run.lines().some((l) => l.type === "assistant"), 30_000, "the tool call");
  run.say("second message");
}
