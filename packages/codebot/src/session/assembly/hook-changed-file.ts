import fs from "node:fs";
import path from "node:path";
import type { ToolContext, ToolMiddleware } from "@codebot/agentcore";
import { systemReminder } from "@codebot/hooks";

/** The tools that write a file the model then believes it knows, by the argument naming it. */
const WRITING_TOOLS = new Set(["write", "edit"]);

/**
 * Tells the model when a PostToolUse hook changed the file a `write` or `edit` just wrote (a
 * formatter, a spelling fixer): the model believes the file holds what it wrote, and its next
 * `edit` would look for text that is no longer there. claude 2.1.328 says it the same way, as
 * hook context after the result (recorded). Two layers, one on each side of the hooks: `after`
 * (inside) keeps what the tool left on disk, `outer` compares once the hooks have run.
 */
export function hookChangedFileNotice(
  cwd: string,
  hasPostToolUseHooks: () => boolean,
): { outer: ToolMiddleware; inner: ToolMiddleware } {
  const written = new WeakMap<ToolContext, { file: string; content: string }>();
  const inner: ToolMiddleware = async (call, next, ctx) => {
    const result = await next(call);
    const named = call.args.file_path;
    if (result.isError || !WRITING_TOOLS.has(call.name) || typeof named !== "string") return result;
    if (!hasPostToolUseHooks()) return result;
    const file = path.resolve(cwd, named);
    const content = readOrUndefined(file);
    if (content !== undefined) written.set(ctx, { file, content });
    return result;
  };
  const outer: ToolMiddleware = async (call, next, ctx) => {
    const result = await next(call);
    const before = written.get(ctx);
    if (before === undefined) return result;
    written.delete(ctx);
    const now = readOrUndefined(before.file);
    if (now === undefined || now === before.content) return result;
    const note =
      `PostToolUse hook modified ${before.file} after your edit (likely a formatter). ` +
      "If your next edit's old_string targets a region the hook changed, read the file first.";
    return { ...result, content: `${result.content}\n\n${systemReminder(note)}` };
  };
  return { outer, inner };
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
