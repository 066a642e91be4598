/**
 * The long session that bench/long-session.ts times and cli/long-session-killed.test.ts kills and
 * resumes: real tool calls on real files, a PreToolUse and a PostToolUse command hook on each, and
 * a window small enough that the conversation is compacted again and again. One source, so the
 * bench measures the session the test proves.
 */
import { type RecordedRequest, type ReplyTurn, reply } from "@codebot/agentcore/testing";

/** The context window (tokens): with `growingUsage` it fills about every 37 calls. */
export const LONG_SESSION_WINDOW = 10_000;

/** Whether a request is the compaction's summary request rather than a step of the session. */
export const isSummaryRequest = (request: RecordedRequest) =>
  request.text.includes("Summarise the conversation so far");

/** The tool call of step `k`: write, read, edit and bash in turn, over seven files. */
export function longSessionCall(k: number): ReplyTurn {
  const file = (n: number) => `f${n % 7}.txt`;
  const id = `c${k}`;
  switch (k % 4) {
    case 0:
      return reply.toolCall("write", { file_path: file(k), content: `v${k}\n` }, id);
    case 1:
      return reply.toolCall("read", { file_path: file(k - 1) }, id);
    case 2:
      return reply.toolCall(
        "edit",
        { file_path: file(k - 2), old_string: `v${k - 2}`, new_string: `e${k}` },
        id,
      );
    default:
      return reply.toolCall("bash", { command: `echo ${k} >> log.txt` }, id);
  }
}

/** The usage a step reports: input grows with the messages sent, so the window fills. */
export const growingUsage = (request: RecordedRequest) => ({
  inputTokens: 1000 + 100 * (request.body?.messages?.length ?? 0),
  outputTokens: 10,
});

/**
 * The session's settings: the small window, and a PreToolUse and a PostToolUse hook that each
 * append the call's tool_use_id to `log("pre")` / `log("post")`, one line per run.
 */
export function longSessionSettings(log: (name: "pre" | "post") => string) {
  const hook = (name: "pre" | "post") => ({
    matcher: "*",
    hooks: [{ type: "command", command: `grep -o '"tool_use_id":"[^"]*"' >> '${log(name)}'` }],
  });
  return {
    models: { "anthropic/claude-sonnet-4-5": { contextWindow: LONG_SESSION_WINDOW } },
    hooks: { PreToolUse: [hook("pre")], PostToolUse: [hook("post")] },
  };
}
