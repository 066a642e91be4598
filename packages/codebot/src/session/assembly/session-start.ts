import type { Decision, HookRunner, ResumedCache } from "@codebot/hooks";
import { fireInstructionsLoaded } from "../../instructions/instructions-loaded.js";
import type { SessionInstructions } from "../../instructions/session-instructions.js";
import { joinContext } from "../joined-context.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { RuntimeParts } from "../runtime-parts.js";
import type { Session } from "../session.js";
import { type SessionStartEffects, takeSessionStartAnswer } from "../session-start-answer.js";

/**
 * The start of the session: the InstructionsLoaded hooks of the files given at start (the first
 * prompt waits for them; one may halt the session), then Setup (`--init`, `--maintenance`) and
 * SessionStart, whose Claude Code groups may give context for the first prompt and a SessionStart
 * hook an `initialUserMessage`. Nothing waits for them here. `sessionStart: false` fires none.
 */
export function startSession(
  options: RuntimeOptions,
  session: Session,
  runner: HookRunner,
  instructions: SessionInstructions,
  /** The instruction files' context, for the first prompt. */
  contextAtStart: string | undefined,
  sessionStartEffects: SessionStartEffects,
  /** On a resume: the conversation's prompt cache, taken when SessionStart fires. */
  resumedCache: () => ResumedCache | undefined,
): Pick<RuntimeParts, "startup" | "initialUserMessage"> {
  if (options.sessionStart !== false)
    session.haltWhen(
      fireInstructionsLoaded(
        runner,
        instructions.loaded.files.map((file) => ({ file, reason: "session_start" })),
      ),
    );
  // A SessionStart hook's `initialUserMessage` (the last one given): `-p` sends it first.
  let initialUserMessage: string | undefined;
  const startup = options.sessionStart === false ? Promise.resolve(contextAtStart) : startHooks();
  session.startedWith(startup);
  function startHooks(): Promise<string | undefined> {
    const contextOf = (decision: Decision) => (decision.kind === "stop" ? undefined : decision.context);
    const setup = options.setup
      ? runner.fire("Setup", { trigger: options.setup }).then(contextOf, () => undefined)
      : Promise.resolve(undefined);
    return setup.then((setupContext) => {
      const cache = options.resume ? resumedCache() : undefined;
      return runner
        .sessionStart({
          source: options.resume ? "resume" : "startup",
          ...(cache ? { resumedCache: cache } : {}),
        })
        .then(
          async (decision) => {
            const taken = await takeSessionStartAnswer(
              decision,
              options.resume ? "resume" : "startup",
              sessionStartEffects,
            );
            initialUserMessage = taken.initialUserMessage;
            return joinContext(contextAtStart, setupContext, taken.context);
          },
          () => joinContext(contextAtStart, setupContext),
        );
    });
  }
  return {
    startup,
    initialUserMessage: () =>
      startup.then(
        () => initialUserMessage,
        () => undefined,
      ),
  };
}
