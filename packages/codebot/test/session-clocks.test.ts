/**
 * The times claude's cost-state line keeps beside the API time: the API time without retries, the
 * time in tool calls, and the session's first start (kept across -c, as claude 2.1.328's).
 */
import type { AgentEvent } from "@codebot/agentcore";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiClock } from "../src/session/api-clock.js";
import { CodeChanges } from "../src/session/code-changes.js";
import type { SessionEvent } from "../src/session/session-events.js";
import { SessionTotals } from "../src/session/session-totals.js";
import { toolClock } from "../src/session/tool-clock.js";

const of = (event: Partial<AgentEvent> & { type: string }): SessionEvent =>
  ({ kind: "agent", agentName: "main", event }) as SessionEvent;
const assistantEnd = of({ type: "message_end", message: { role: "assistant", content: "ok" } });
const call = (id: string) => ({ id, name: "bash", args: {} });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["performance", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("session clocks", () => {
  it("API time without retries counts a step from its last attempt, after the retry's wait", () => {
    const clock = apiClock();
    clock.see(of({ type: "turn_start", turn: 1 }));
    vi.advanceTimersByTime(100);
    clock.see(of({ type: "retry", attempt: 1, maxRetries: 3, delayMs: 50, error: new Error("529") }));
    vi.advanceTimersByTime(80);
    clock.see(assistantEnd);
    expect(clock.ms()).toBe(180);
    expect(clock.withoutRetriesMs()).toBe(30);
  });

  it("API time without retries counts a step that fell back to another model from the fallback on", () => {
    const clock = apiClock();
    clock.see(of({ type: "turn_start", turn: 1 }));
    vi.advanceTimersByTime(100);
    clock.see(of({ type: "model_fallback" } as never));
    vi.advanceTimersByTime(40);
    clock.see(assistantEnd);
    expect(clock.ms()).toBe(140);
    expect(clock.withoutRetriesMs()).toBe(40);
  });

  it("tool time adds each call from its start to its result, calls run at once each counted", () => {
    const clock = toolClock();
    clock.see(of({ type: "tool_execution_start", call: call("a") }));
    vi.advanceTimersByTime(10);
    clock.see(of({ type: "tool_execution_start", call: call("b") }));
    vi.advanceTimersByTime(20);
    clock.see(of({ type: "tool_execution_end", call: call("a"), result: { content: [] } } as never));
    vi.advanceTimersByTime(5);
    clock.see(of({ type: "tool_execution_end", call: call("b"), result: { content: [] } } as never));
    expect(clock.ms()).toBe(55);
  });

  it("a resumed session keeps its first start and counts on from its earlier times; a new one starts now", () => {
    const earlier = {
      apiMs: 0,
      wallMs: 0,
      added: 0,
      removed: 0,
      apiWithoutRetriesMs: 400,
      toolMs: 700,
      startTime: 1_000,
    };
    const tools = toolClock();
    const resumed = new SessionTotals(apiClock(), new CodeChanges(), tools, earlier);
    tools.see(of({ type: "tool_execution_start", call: call("a") }));
    vi.advanceTimersByTime(25);
    tools.see(of({ type: "tool_execution_end", call: call("a"), result: { content: [] } } as never));
    expect(resumed.all()).toMatchObject({ apiWithoutRetriesMs: 400, toolMs: 725, startTime: 1_000 });
    const fresh = new SessionTotals(apiClock(), new CodeChanges(), toolClock());
    expect(fresh.all()).toMatchObject({ apiWithoutRetriesMs: 0, toolMs: 0, startTime: Date.now() });
  });
});
