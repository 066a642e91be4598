import type { ToolCall, ToolResult } from "@codebot/agentcore";
import { visible } from "../../approval/visible-text.js";
import { cutToColumns } from "./columns.js";
import { longTextShown } from "./long-text-shown.js";
import { terminalSafe } from "./terminal-safe.js";
import { preview } from "./trace-line.js";

/**
 * What a tool call is about, in a few words: the command, the path, the pattern, the task —
 * written out as the approval question shows it (visible()): a newline in a path (`two\nlines.md`)
 * broke the tool line and left its spinner row behind, and U+202E turned `evil\u202etxt.exe` into
 * `evilexe.txt`. A command keeps its line breaks (a heredoc stays readable), nothing else.
 */
export function callSummary(call: ToolCall): string {
  // A file's name is written out whole, escape sequences too (`n\x1b[31m.txt`), as /rewind and the
  // question show it: dropped, the line named another file (`n.txt`) than the one written.
  if (FILE_TOOLS.has(call.name)) return visible(rawCallSummary(call));
  const summary = terminalSafe(rawCallSummary(call));
  if (call.name === "bash") return summary.split("\n").map(visible).join("\n");
  return call.name === "agent" ? cutToColumns(visible(summary), AGENT_LABEL_COLUMNS) : visible(summary);
}

/** The tools whose summary is a file's path. */
const FILE_TOOLS = new Set(["read", "write", "edit"]);

/**
 * The most of a call's arguments as JSON the tool line shows (exit_plan_mode's plan, an MCP
 * tool's input): a 5 MB plan's line was drawn and redrawn whole, and the terminal took its answer
 * to the plan's question 45 s late. The approval question still shows what it asks about. JSON
 * writes control characters out already, so visible() after the cut adds little.
 */
const ARGS_COLUMNS = 200;

/**
 * An agent call's label is the model's few words for the task (its `description`): a hundred
 * thousand of them filled the screen with one tool line.
 */
const AGENT_LABEL_COLUMNS = 80;

function rawCallSummary(call: ToolCall): string {
  const a = call.args;
  const str = (key: string) => (typeof a[key] === "string" ? (a[key] as string) : undefined);
  switch (call.name) {
    case "bash":
      return longTextShown(str("command") ?? "");
    case "read":
    case "write":
    case "edit":
      return str("file_path") ?? "";
    case "ls":
      return str("path") ?? ".";
    case "glob":
    case "grep":
      return [str("pattern"), str("path")].filter(Boolean).join(" in ");
    case "task_create":
      return str("subject") ?? "";
    case "task_update":
      return `#${str("task_id") ?? "?"}${str("status") ? ` → ${str("status")}` : ""}`;
    case "agent":
      // Enough to fill the label whatever is dropped or written out; an empty description is none.
      return (str("description") || str("name") || str("subagent_type") || "").slice(
        0,
        4 * AGENT_LABEL_COLUMNS,
      );
    default:
      return cutToColumns(JSON.stringify(a).slice(0, 4 * ARGS_COLUMNS), ARGS_COLUMNS);
  }
}

/**
 * The result in a few words: the error's first line, or the output's size (or its one line).
 * `tool` is the call's tool: the write and edit tools' own sentence (`created n\x1b[31m.txt (4
 * bytes)`) names the file, written out as the call's summary is.
 */
export function resultSummary(result: ToolResult, tool?: string): string {
  // An agent call answered at once with `run_in_background` (its launch text is for the model),
  // in claude's words; the run's end gets a line of its own (`● Agent "…" finished`).
  const data = result.data;
  if (data !== undefined && "status" in data && data.status === "async_launched") return "backgrounded agent";
  const text = asDrawn(result.content).trim();
  if (result.isError) {
    // The first line says what failed; a bash error's last line says how (`[exit code 1]`).
    const lines = text.split("\n");
    const last = lines.length > 1 ? ` … ${preview(lines[lines.length - 1] ?? "", 80)}` : "";
    return `${preview(lines[0] ?? "", 160)}${last}`;
  }
  const lines = text === "" ? 0 : text.split("\n").length;
  if (lines === 1 && (tool === "write" || tool === "edit")) return cutToColumns(visible(text), 120);
  if (lines <= 1) return preview(text || "(no output)", 120);
  // An output too long for the model had its middle cut (output-cap.ts): its line count is of
  // what is left, so the cut is said too (`seq 1 40000` read "5723 lines").
  const cut = CUT_MARK.exec(text);
  if (cut !== null) return `${lines - 1} lines, ${cut[1]} characters cut from the middle`;
  return `${lines} lines`;
}

/**
 * The line output-cap.ts (and a hook's model-text-cap.ts) puts where it cut an output ("…" written
 * as \u2026: a regex keeps its characters as written, and the bundle must stay ASCII).
 */
const CUT_MARK = /^\[\u2026 (\d+) characters of output cut \u2026\]$/m;

/**
 * Output as a terminal left it: of a line a carriage return went back over (a progress bar, a
 * `\r` then an erase), the text drawn last. Without this, the summary ran every redraw together
 * (`onedone`, `building 10%building 100%`) once terminalSafe had dropped the `\r`s.
 */
function asDrawn(output: string): string {
  return output
    .split("\n")
    .map((line) => {
      const drawn = line.split("\r").filter((part) => terminalSafe(part).trim() !== "");
      return drawn[drawn.length - 1] ?? "";
    })
    .join("\n");
}
