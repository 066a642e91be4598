import fs from "node:fs";
import type { ToolContext, ToolMiddleware } from "@codebot/agentcore";
import { systemReminder } from "@codebot/hooks";

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
 */
export function hookChangedFileNotice(hasPostToolUseHooks: () => boolean): {
  wrote(ctx: ToolContext, file: string, content: string): void;
  middleware: ToolMiddleware;
} {
  const written = new WeakMap<ToolContext, Written>();
  return {
    wrote(ctx, file, content) {
      if (hasPostToolUseHooks()) written.set(ctx, { file, content, bytes: Buffer.byteLength(content) });
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
      return { ...result, content: `${result.content}\n\n${systemReminder(note)}` };
    },
  };
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
