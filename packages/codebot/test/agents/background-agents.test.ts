/** BackgroundAgents: the queue of a background run's notification, as `next()` hands it over. */
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { BackgroundAgents, type MainAgentInbox } from "../../src/agents/background-agents.js";

/** A main agent whose state the test sets, with agentcore's steering queue. */
function inbox(): MainAgentInbox & { state: "idle" | "running" } {
  const queued: ModelMessage[] = [];
  return {
    state: "idle",
    steer: (text) => void queued.push({ role: "user", content: text }),
    takeQueued: () => queued.splice(0),
  };
}

const task = (id: string) => ({ id, description: id, agentType: "general-purpose" });

/** A run's end as its work reports it. */
const ended = (notification: string, status: "completed" | "killed" = "completed") => ({
  notification,
  status,
});

describe("BackgroundAgents", () => {
  it("a notification steered after the turn's last look at the queue reaches a waiting next() once the turn has ended, while other runs go on", async () => {
    const main = inbox();
    const agents = new BackgroundAgents(main);
    let finishFirst = (_: string) => {};
    agents.start(task("a1"), () => new Promise((resolve) => (finishFirst = (text) => resolve(ended(text)))));
    // The second run goes on for the whole test: only the end of the turn can wake next().
    agents.start(
      task("a2"),
      (signal) => new Promise((_, reject) => signal.addEventListener("abort", reject)),
    );
    const next = agents.next();
    main.state = "running";
    finishFirst("first done");
    // The run ended while the turn ran (its notification steered in), past the turn's last step.
    await new Promise((resolve) => setTimeout(resolve, 10));
    main.state = "idle";
    agents.turnEnded();
    expect(await next).toBe("first done");
    await agents.stopAll();
  });

  it("stopGoing stops every run going, drops their notifications, and leaves the session able to start more", async () => {
    const main = inbox();
    const agents = new BackgroundAgents(main);
    const untilAborted = (signal: AbortSignal) =>
      new Promise<ReturnType<typeof ended>>((resolve) =>
        signal.addEventListener("abort", () => resolve(ended("killed", "killed"))),
      );
    agents.start(task("a1"), untilAborted);
    agents.start(task("a2"), untilAborted);
    expect(agents.stopGoing().map((t) => t.id)).toEqual(["a1", "a2"]);
    // Asked to stop, no longer what leaving would stop; a second press stops nothing more.
    expect(agents.going()).toEqual([]);
    expect(agents.stopGoing()).toEqual([]);
    expect(await agents.next()).toBeUndefined();
    expect(main.takeQueued()).toEqual([]);
    expect(agents.start(task("a3"), async () => ended("third done"))).toBe(true);
    expect(await agents.next()).toBe("third done");
  });

  it("stopGoing (Ctrl+C at the prompt) leaves background shells running, as claude 2.1.328's did", async () => {
    const agents = new BackgroundAgents(inbox());
    const untilAborted = (signal: AbortSignal) =>
      new Promise<ReturnType<typeof ended>>((resolve) =>
        signal.addEventListener("abort", () => resolve(ended("killed", "killed"))),
      );
    agents.start(task("a1"), untilAborted);
    agents.start({ id: "b1", description: "ticks", agentType: "bash", command: "sleep 30" }, untilAborted);
    expect(agents.stopGoing().map((t) => t.id)).toEqual(["a1"]);
    expect(agents.going().map((t) => t.id)).toEqual(["b1"]);
    await agents.stopAll();
    expect(agents.going()).toEqual([]);
  });

  it("a run's progress is what its work reported, while it goes and once it has ended, with how it ended", async () => {
    const agents = new BackgroundAgents(inbox());
    let finish = () => {};
    agents.start(task("a1"), async (_signal, progress) => {
      progress.see(
        { type: "tool_execution_start", call: { id: "c1", name: "bash", args: { command: "ls" } } },
        1,
      );
      await new Promise<void>((resolve) => (finish = resolve));
      return ended("done");
    });
    expect(agents.going().map((t) => t.progress.calls.map((c) => c.args))).toEqual([[{ command: "ls" }]]);
    expect(agents.ended()).toEqual([]);
    finish();
    await agents.next();
    expect(agents.going()).toEqual([]);
    expect(agents.ended().map((t) => [t.id, t.status, t.progress.calls.length])).toEqual([
      ["a1", "completed", 1],
    ]);
  });
});
