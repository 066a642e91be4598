/**
 * A session file as claude 2.1.328 writes a turn into which a message was folded (recorded): the
 * first prompt, one Bash call and its result, the folded message as a `queued_command`
 * attachment line in the turn's chain, then the answer. For tests that resume claude's lines.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sessionDirectory } from "../../../src/transcript/session-files.js";
import type { Sandbox } from "./cli-fixtures.js";

export interface QueuedTurn {
  /** The first prompt line's own fields: its message and sender marks. */
  first: Record<string, unknown>;
  command: string;
  result: string;
  /** The attachment's fields after `type: "queued_command"` (its `timestamp` is added). */
  queued: Record<string, unknown>;
  answer: string;
}

/** Writes the turn as the sandbox project's only session; returns the session's id. */
export function writeClaudeQueuedTurn(box: Sandbox, turn: QueuedTurn): string {
  const id = randomUUID();
  const [first, call, result, queued] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const at = new Date().toISOString();
  const common = { isSidechain: false, cwd: box.project, sessionId: id, version: "2.1.328", timestamp: at };
  const lines = [
    { ...common, parentUuid: null, type: "user", uuid: first, ...turn.first },
    {
      ...common,
      parentUuid: first,
      type: "assistant",
      uuid: call,
      message: {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: turn.command } }],
      },
    },
    {
      ...common,
      parentUuid: call,
      type: "user",
      uuid: result,
      message: {
        role: "user",
        content: [{ tool_use_id: "toolu_1", type: "tool_result", content: turn.result, is_error: false }],
      },
    },
    {
      ...common,
      parentUuid: result,
      type: "attachment",
      uuid: queued,
      attachment: { type: "queued_command", ...turn.queued, timestamp: at },
    },
    {
      ...common,
      parentUuid: queued,
      type: "assistant",
      uuid: randomUUID(),
      message: { role: "assistant", content: [{ type: "text", text: turn.answer }] },
    },
  ];
  const folder = sessionDirectory(box.home, fs.realpathSync(box.project));
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, `${id}.jsonl`),
    `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`,
  );
  return id;
}
