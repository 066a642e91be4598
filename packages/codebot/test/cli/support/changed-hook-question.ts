/**
 * An interactive session whose project hook `logger` (`sh log.sh`, approved at the start, run for
 * the first prompt) was edited before the second prompt: the question about the changed hook is on
 * screen (HOOKS.md §8). Shared by the tests of what happens to that question.
 */
import fs from "node:fs";
import type { RecordedRequest, ScriptStep } from "@codebot/agentcore/testing";
import { expect } from "vitest";
import { command, modelEnv, modelServer, type Sandbox } from "./cli-fixtures.js";
import { TmuxSession } from "./tmux.js";

export interface ChangedHookQuestionOptions {
  /** codebot's arguments. */
  args?: string[];
  /** The model's replies, the first prompt's first: it must answer `first`. */
  replies: ScriptStep<RecordedRequest>[];
  /** The logger hook's `timeout`, seconds (default: none, the hook's default). */
  timeout?: number;
  /** What on screen shows the question is there (default: the question down to its answers). */
  question?: string | RegExp;
}

export async function atChangedHookQuestion(
  box: Sandbox,
  options: ChangedHookQuestionOptions,
): Promise<{ term: TmuxSession; screen: string }> {
  box.write("log.sh", "echo v1 >> prompts.log\n");
  const timeout = options.timeout === undefined ? {} : { timeout: options.timeout };
  box.json(".codebot/settings.json", {
    hooks: { UserPromptSubmit: [command("sh log.sh", { name: "logger", ...timeout })] },
  });
  const server = await modelServer(options.replies);
  const term = TmuxSession.start({
    dir: box.project,
    env: modelEnv(server, box.home),
    args: options.args ?? [],
  });
  await term.waitForScreen("runs log.sh");
  term.type("y");
  await term.waitForScreen(/^›/m);
  term.submit("one");
  await term.waitForScreen(/^first$/m);
  expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("v1\n");

  // As the model's write tool would: the approved script now does something else.
  box.write("log.sh", "echo v2 >> prompts.log\n");
  term.submit("two");
  const screen = await term.waitForScreen(
    options.question ?? /a project hook changed since the session started(.*\n)*.*y this session/,
  );
  return { term, screen };
}
