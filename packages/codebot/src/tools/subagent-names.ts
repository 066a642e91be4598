/**
 * The names of the sub-agents running now. The agent tool's calls run together (Claude Code's
 * Agent is concurrency-safe), and a run's name keys its transcript lines, events, hook payloads
 * and hook scope: two runs at once never share one.
 */
export class SubagentNames {
  private readonly inUse = new Set<string>();

  /** `wanted` when no run has it, else the first free of `wanted-2`, `wanted-3`, …; it is the run's until released. */
  claim(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.inUse.has(name); n++) name = `${wanted}-${n}`;
    this.inUse.add(name);
    return name;
  }

  release(name: string): void {
    this.inUse.delete(name);
  }
}
