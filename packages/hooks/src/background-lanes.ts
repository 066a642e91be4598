/**
 * Where a background hook waits for its turn. Each http origin has a queue of its own, and so do
 * command hooks (and prompt, agent and MCP hooks, by type): a slow or dead endpoint holds up only
 * the hooks that talk to it. Each queue runs at most `limit` at once, so command hooks never run
 * more than `limit` processes, and an origin never gets more than `limit` background requests.
 */
import type { HookSpec } from "./executor.js";
import { Semaphore } from "./semaphore.js";

export class BackgroundLanes {
  private readonly lanes = new Map<string, Semaphore>();

  constructor(private readonly limit: number) {}

  /** Runs `task` once the lane of `spec` has room; the rest wait in order, none is dropped (§7.4). */
  run<T>(spec: HookSpec, task: () => Promise<T>): Promise<T> {
    const key = laneOf(spec);
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = new Semaphore(this.limit);
      this.lanes.set(key, lane);
    }
    return lane.run(task);
  }
}

/** The queue a hook waits in: its URL's origin for http hooks, its type for the others. */
export function laneOf(spec: HookSpec): string {
  if (spec.type !== "http") return spec.type;
  try {
    return `http ${new URL(spec.url).origin}`;
  } catch {
    // Fails at once in the executor; it need not wait behind anything.
    return `http ${spec.url}`;
  }
}
