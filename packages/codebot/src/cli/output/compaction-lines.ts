/**
 * A compaction in stream-json, as claude 2.1.328 writes an automatic one (recorded against a
 * loopback server): `system`/`status` `compacting` as the summary is asked for, then
 * `status: null` with `compact_result` `success` (or `failed` with `compact_error`), a
 * `system`/`compact_boundary` line with the compaction's `compact_metadata`, and the summary's
 * message as a `user` line marked `isSynthetic`.
 */
import { randomUUID } from "node:crypto";
import { loadedToolNames } from "@codebot/agentcore";
import type { SessionEvent } from "../../session/session-events.js";
import { toTranscriptMessage } from "../../transcript/transcript-line.js";
import type { WireObject } from "./wire.js";

export function compactionLines(
  event: Extract<SessionEvent, { kind: "compaction" }>,
  base: { session_id: string; uuid: string },
  now: () => string,
): WireObject[] {
  const status = (fields: WireObject) => ({
    type: "system",
    subtype: "status",
    ...fields,
    session_id: base.session_id,
    uuid: base.uuid,
  });
  if (event.phase === "start")
    // claude says how much of the summary has come so far on an automatic one's (nothing yet).
    return [
      status({ status: "compacting", ...(event.trigger === "auto" ? { compact_output_chars: 0 } : {}) }),
    ];
  const { outcome } = event;
  if (!outcome.compacted)
    return [status({ status: null, compact_result: "failed", compact_error: outcome.error })];
  const { message } = toTranscriptMessage(outcome.summary);
  // The tools found by a search that stay loaded, as claude names them (recorded).
  const discovered = [...loadedToolNames([outcome.summary])];
  const content =
    typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
  return [
    status({ status: null, compact_result: "success" }),
    {
      type: "system",
      subtype: "compact_boundary",
      uuid: randomUUID(),
      compact_metadata: {
        trigger: event.trigger,
        pre_tokens: outcome.tokensBefore,
        post_tokens: outcome.tokensAfter,
        cumulative_dropped_tokens: outcome.droppedTokens,
        duration_ms: outcome.durationMs,
        ...(discovered.length > 0 ? { pre_compact_discovered_tools: discovered } : {}),
      },
      logical_parent_uuid: outcome.logicalParent,
      session_id: base.session_id,
    },
    {
      type: "user",
      message: { role: "user", content },
      parent_tool_use_id: null,
      session_id: base.session_id,
      uuid: randomUUID(),
      timestamp: now(),
      isSynthetic: true,
    },
  ];
}
