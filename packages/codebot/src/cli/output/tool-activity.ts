import path from "node:path";
import type { ToolCall } from "@codebot/agentcore";
import { claudeToolName } from "@codebot/hooks";

/**
 * What a sub-agent's tool call is doing, in Claude Code's words for it (a `task_progress` line's
 * `description`, as claude 2.1.328 writes them, recorded: `Reading f.txt`, `Running echo two`, its
 * Bash call's description when it has one); a tool claude has no words for is named.
 */
export function toolActivity(call: ToolCall): string {
  const text = (key: string) => {
    const value = call.args[key];
    return typeof value === "string" && value.trim() !== "" ? value.replace(/\s+/g, " ").trim() : undefined;
  };
  const file = text("file_path");
  switch (call.name) {
    case "bash": {
      const what = text("description") ?? text("command");
      return what === undefined ? "Running command" : `Running ${cut(what)}`;
    }
    case "read":
      return file === undefined ? "Reading file" : `Reading ${path.basename(file)}`;
    case "write":
      return file === undefined ? "Writing file" : `Writing ${path.basename(file)}`;
    case "edit":
      return file === undefined ? "Editing file" : `Editing ${path.basename(file)}`;
    case "grep":
      return text("pattern") === undefined ? "Searching" : `Searching for ${cut(text("pattern") ?? "")}`;
    case "glob":
      return text("pattern") === undefined ? "Finding files" : `Finding ${cut(text("pattern") ?? "")}`;
    default:
      return claudeToolName(call.name);
  }
}

/** A line's worth of a command or pattern. */
const cut = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
