/**
 * What a `statusLine` command reads on stdin: the JSON Claude Code 2.1.328 gives its own (checked
 * by running it: session, model, workspace, version, cost, context window with the last call's
 * usage), with codebot's values. `cost` has claude's keys in claude's order (recorded in tmux:
 * `total_cost_usd`, `total_duration_ms`, `total_api_duration_ms`, `total_lines_added`,
 * `total_lines_removed`), the session's as `/cost` counts them: after `-c` or `-r` its earlier time
 * and code changes are in them, as claude's are (recorded).
 * `prompt_id` (the prompt being answered, or the last one: the hooks' `prompt_id`) and
 * `effort: {level}` (what the main model's requests carry) come after `cwd` as in claude's, once
 * there is one (recorded: none before the first prompt; `effort` only where requests carry it).
 * Then, as claude sends them on every payload (recorded in tmux): `fast_mode` (always false: codebot
 * has no fast mode, claude's paid faster output of some Opus models) and `thinking: {enabled}`
 * (whether the main model is asked with thinking on).
 * What codebot does not know (a model's price, claude's `prompt_cache` tracking of cache hits and
 * misses) is left out rather than made up.
 */
import type { Runtime } from "../../session/runtime.js";
import { transcriptUsage } from "../../transcript/transcript-line.js";
import { contextShare, sessionCost, sumOf, usageOf } from "../output/usage-lines.js";
import { modelDisplayName } from "./model-display-name.js";

export function statusLinePayload(rt: Runtime, version: string): Record<string, unknown> {
  const view = usageOf(rt);
  const total = sumOf(view.models);
  const { tokens, window, lastStep } = view.context;
  const used = contextShare(view);
  const cost = sessionCost(view);
  const { apiMs, wallMs } = rt.durations();
  const changes = rt.codeChanges();
  return {
    session_id: rt.sessionId,
    transcript_path: rt.transcriptPath,
    cwd: rt.cwd,
    ...(rt.promptId !== undefined ? { prompt_id: rt.promptId } : {}),
    ...(rt.effort !== undefined ? { effort: { level: rt.effort } } : {}),
    model: { id: view.modelSpec, display_name: modelDisplayName(view.modelSpec) },
    workspace: { current_dir: rt.cwd, project_dir: rt.cwd, added_dirs: [] },
    version,
    output_style: { name: "default" },
    cost: {
      ...(cost !== undefined ? { total_cost_usd: cost } : {}),
      total_duration_ms: wallMs,
      total_api_duration_ms: apiMs,
      total_lines_added: changes.added,
      total_lines_removed: changes.removed,
    },
    context_window: {
      total_input_tokens: total.inputTokens,
      total_output_tokens: total.outputTokens,
      context_window_size: window,
      // The main agent's last model call, as claude gives it (ccstatusline's context length reads it).
      current_usage: lastStep === undefined ? null : transcriptUsage(lastStep),
      used_percentage: used,
      remaining_percentage: 100 - used,
    },
    exceeds_200k_tokens: tokens > 200_000,
    fast_mode: false,
    thinking: { enabled: rt.thinkingEnabled },
  };
}
