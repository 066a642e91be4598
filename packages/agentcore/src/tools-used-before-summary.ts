import type { ModelMessage } from "ai";

/**
 * claude 2.1.328's line naming the tools a compacted conversation had called, in its summary
 * message (recorded: `/compact`, then `-c -p go`: `<system-reminder>\n<tools-used-before-summary>Bash,
 * ToolSearch, mcp__everything__echo</tools-used-before-summary>\n</system-reminder>` for calls of
 * ToolSearch, the echo tool and Bash in that order). The names are the ones the model called,
 * sorted, joined by ", "; one outside [A-Za-z0-9_.:-]{1,256} reads
 * `unreadable-tools-used-before-summary` (read from claude's code).
 */
const TAG = "tools-used-before-summary";
const READABLE = /^[A-Za-z0-9_.:-]{1,256}$/;
const LINE = new RegExp(`<${TAG}>([^<\\n]*)</${TAG}>`);

/**
 * The reminder for a summary of `messages`: the tools their assistant messages called, and those
 * an earlier summary's own line (`earlierSummary`, its text) named; undefined when none was called.
 */
export function toolsUsedBeforeSummary(
  messages: readonly ModelMessage[],
  earlierSummary: string | undefined,
): string | undefined {
  const names = new Set<string>();
  const earlier = earlierSummary === undefined ? undefined : LINE.exec(earlierSummary)?.[1];
  for (const name of earlier?.split(",") ?? []) if (name.trim() !== "") names.add(name.trim());
  for (const message of messages) {
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    for (const part of message.content) if (part.type === "tool-call") names.add(part.toolName);
  }
  if (names.size === 0) return undefined;
  const readable = new Set([...names].map((name) => (READABLE.test(name) ? name : `unreadable-${TAG}`)));
  return `<system-reminder>\n<${TAG}>${[...readable].sort().join(", ")}</${TAG}>\n</system-reminder>`;
}
