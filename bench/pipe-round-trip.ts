/**
 * The floor a persistent hook is compared with: the same answering process (one JSON line in, one
 * out) driven from Node with nothing between — a line written to its stdin, its answer read from
 * its stdout. What a persistent hook adds above this is the hooks engine's; the round trip itself
 * is two wake-ups of processes on other cores, which a virtual machine makes expensive.
 */
import { spawn } from "node:child_process";

/** The persistent hook the benches measure: answers each line at once with its `id`. */
export const ANSWERER_PY =
  'import json, sys\nfor line in sys.stdin:\n    print(json.dumps({"id": json.loads(line)["id"]}), flush=True)\n';

export interface PipeRoundTrip {
  /** One line out, its answer back. */
  call(): Promise<void>;
  close(): Promise<void>;
}

/** Starts `python3 <answerer>` with piped stdin and stdout. */
export function pipeRoundTrip(answerer: string): PipeRoundTrip {
  const child = spawn("python3", [answerer], { stdio: ["pipe", "pipe", "inherit"] });
  let pending: (() => void) | undefined;
  let buffered = "";
  let id = 0;
  child.stdout.on("data", (chunk) => {
    buffered += String(chunk);
    const newline = buffered.indexOf("\n");
    if (newline === -1) return;
    buffered = buffered.slice(newline + 1);
    const answered = pending;
    pending = undefined;
    answered?.();
  });
  return {
    call: () =>
      new Promise<void>((resolve) => {
        pending = resolve;
        // The same shape of line as a PreToolUse payload.
        const line = {
          id: id++,
          session_id: "bench",
          hook_event_name: "PreToolUse",
          tool_name: "bash",
          tool_input: { command: "ls" },
        };
        child.stdin.write(`${JSON.stringify(line)}\n`);
      }),
    close: async () => {
      child.stdin.end();
      await new Promise((resolve) => child.on("close", resolve));
    },
  };
}
