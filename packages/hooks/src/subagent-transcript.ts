/**
 * Where a sub-agent run's own transcript is kept: Claude Code's place for it, a folder named after
 * the session beside the session's transcript (`<session>/subagents/agent-<agent_id>.jsonl`).
 * SubagentStop hooks get it as `agent_transcript_path`.
 */
import path from "node:path";

export function subagentTranscriptPath(transcriptPath: string, sessionId: string, agentId: string): string {
  return path.join(path.dirname(transcriptPath), sessionId, "subagents", `agent-${agentId}.jsonl`);
}
