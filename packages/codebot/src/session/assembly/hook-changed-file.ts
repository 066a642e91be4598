import fs from "node:fs";
import type { ToolContext, ToolMiddleware } from "@codebot/agentcore";
import { type HookRunner, type HookSpec, withReminders } from "@codebot/hooks";

/** What a `write` or `edit` left in a file, as the tool said it (ToolEnvironment.onCallWroteFile). */
interface Written {
  file: string;
  content: string;
  bytes: number;
}

/**
 * Tells the model when a PostToolUse hook changed the file a `write` or `edit` just wrote (a
 * formatter, a spelling fixer): the model believes the file holds what it wrote, and its next
 * `edit` would look for text that is no longer there. claude 2.1.328 says it the same way, as
 * hook context after the result (recorded).
 *
 * The tool says what it wrote (`wrote`, nothing read back); the middleware, outside the hooks,
 * compares once they have run. A file whose size differs is changed, said without reading it.
 * A file of the same size is read and compared, whatever its timestamps say: PostToolUse hooks
 * start right after the write, inside the tick of the clock that stamps files (a kernel tick, 1
 * to 10 ms, on Linux; 1 or 2 s on some file systems), so a fast hook that rewrites the file in
 * place with as many bytes can leave its size, mtime and ctime as the tool's write left them.
 *
 * Only when a hook that can change the file will have run by then (couldChangeFile): a session
 * whose PostToolUse hooks are for other tools (`"matcher": "Bash"`) pays nothing for it.
 */
export function hookChangedFileNotice(runner: Pick<HookRunner, "matchingHooks">): {
  wrote(ctx: ToolContext, args: Record<string, unknown>, file: string, content: string): void;
  middleware: ToolMiddleware;
} {
  const written = new WeakMap<ToolContext, Written>();
  return {
    wrote(ctx, args, file, content) {
      if (couldChangeFile(runner, ctx, args))
        written.set(ctx, { file, content, bytes: Buffer.byteLength(content) });
    },
    middleware: async (call, next, ctx) => {
      const result = await next(call);
      const before = written.get(ctx);
      if (before === undefined) return result;
      written.delete(ctx);
      if (!changedSince(before)) return result;
      const note =
        `PostToolUse hook modified ${before.file} after your edit (likely a formatter). ` +
        "If your next edit's old_string targets a region the hook changed, read the file first.";
      return withReminders(result, [note]);
    },
  };
}

/** Hook types that can write a file: a program, an MCP server's tool, the SDK program's callback, an endpoint (maybe local). */
const FILE_WRITING: ReadonlySet<HookSpec["type"]> = new Set(["command", "mcp_tool", "callback", "http"]);

/**
 * Whether a PostToolUse hook that this call's firing waits for, and that can write files, matches
 * the call — asked of the runner (its matchers, aliases, `if` rules, scopes), with the arguments
 * the tool ran with (a PreToolUse rewrite included), before the hooks run. Not counted: hooks run
 * in the background (native entries, `async: true`): they start once the call is over, after the
 * compare; prompt and agent hooks (a model's verdict, read-only tools). docs/hooks.md says more.
 */
function couldChangeFile(
  runner: Pick<HookRunner, "matchingHooks">,
  ctx: ToolContext,
  args: Record<string, unknown>,
): boolean {
  const fields = { tool: ctx.tool.name, toolUseId: ctx.callId, args, agentName: ctx.agentName };
  return runner.matchingHooks("PostToolUse", fields).waited.some((hook) => FILE_WRITING.has(hook.spec.type));
}

/** Whether the file holds other bytes than the tool wrote; a file gone or unreadable is not said. */
function changedSince(written: Written): boolean {
  try {
    if (fs.statSync(written.file).size !== written.bytes) return true;
    // As bytes: a string the tool wrote with a lone surrogate is on disk as U+FFFD.
    return !fs.readFileSync(written.file).equals(Buffer.from(written.content));
  } catch {
    return false;
  }
}
