/** `/tasks`'s lines: the runs going, then the ones that ended. */
import { describe, expect, it } from "vitest";
import type { EndedTask } from "../../src/agents/background-agents.js";
import { RunProgress } from "../../src/agents/run-progress.js";
import {
  backgroundStatusText,
  backgroundStoppingText,
  backgroundTaskDetail,
  backgroundTaskLines,
  backgroundWaitingText,
} from "../../src/cli/interactive/background-tasks-lines.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false }, {});

/** A background run going on, as /tasks lists it. */
function runningTask(progress: RunProgress) {
  return { id: "a1", description: "run", agentType: "general-purpose", startedAt: 0, prompt: "p", progress };
}

/** A run's progress after `calls` tool calls named tool1, tool2, …. */
function progressOf(calls: number): RunProgress {
  const progress = new RunProgress(0);
  for (let i = 1; i <= calls; i++)
    progress.see({ type: "tool_execution_start", call: { id: `c${i}`, name: `tool${i}`, args: {} } }, 0);
  return progress;
}

const ended = (n: number): EndedTask => ({
  id: `a${n}`,
  description: `run ${n}`,
  agentType: "general-purpose",
  startedAt: 0,
  prompt: "p",
  progress: new RunProgress(1000),
  status: "completed",
});

describe("/tasks lines", () => {
  it("the runs that ended are the last ten, saying how many there were", () => {
    const lines = backgroundTaskLines(
      [],
      Array.from({ length: 12 }, (_, i) => ended(i + 1)),
      5000,
      plain,
    );
    expect(lines.slice(0, 3)).toEqual([
      "no background agents running",
      "earlier in this session (the last 10 of 12):",
      "  run 3 · general-purpose · completed · started 5s ago · last active 4s ago",
    ]);
    expect(lines).toHaveLength(12);
    expect(lines.at(-1)).toContain("run 12 ·");
  });

  it("/tasks <n> lists a run's last 5 tool calls, under a line counting the earlier ones", () => {
    const task = runningTask(progressOf(8));
    const lines = backgroundTaskDetail(task, 1, 1000, plain);
    expect(lines.slice(1, lines.indexOf("prompt:"))).toEqual([
      "progress:",
      "  … 3 earlier calls",
      "  tool4 {}",
      "  tool5 {}",
      "  tool6 {}",
      "  tool7 {}",
      "› tool8 {}",
    ]);
    expect(lines[0]).toContain("· 8 tools");
  });

  it("/tasks <n> lists every call of a run that made 5, with no earlier line", () => {
    const task = runningTask(progressOf(5));
    const lines = backgroundTaskDetail(task, 1, 1000, plain);
    expect(lines.slice(1, lines.indexOf("prompt:"))).toEqual([
      "progress:",
      "  tool1 {}",
      "  tool2 {}",
      "  tool3 {}",
      "  tool4 {}",
      "› tool5 {}",
    ]);
  });

  it("a sub-agent's tool call named with terminal control codes is shown with them written out, not sent to the terminal", () => {
    // The name is the sub-agent's model's text: an unknown tool's call is listed too.
    const progress = new RunProgress(0);
    const name = "\x1b]0;owned\x07\x1b[2Jread\r";
    progress.see({ type: "tool_execution_start", call: { id: "c1", name, args: {} } }, 0);
    const task = runningTask(progress);
    const shown = [
      ...backgroundTaskLines([task], [], 1000, plain),
      ...backgroundTaskDetail(task, 1, 1000, plain),
    ];
    for (const control of ["\x1b", "\x07", "\r"]) expect(shown.join("\n")).not.toContain(control);
    expect(shown).toContain("    › \\x1b]0;owned\\x07\\x1b[2Jread\\r {}");
  });
});

describe("/tasks lines of a background shell", () => {
  const shell = {
    ...runningTask(new RunProgress(0)),
    id: "b1",
    description: "Print ticks",
    agentType: "bash",
    command: "for i in $(seq 1 60); do echo tick $i; sleep 1; done",
    prompt: "for i in $(seq 1 60); do echo tick $i; sleep 1; done",
  };

  it("lists it as claude's panel does: its command cut, `shell`, running, and how long", () => {
    expect(backgroundTaskLines([shell], [], 12_000, plain)).toEqual([
      "1 shell running (/tasks <n> shows one, /tasks stop <n|name> stops it)",
      "  1 for i in $(seq 1 60); do echo tick $i; sleep 1; d… · shell · running · 12s",
    ]);
  });

  it("leaves ended shells out of the earlier ones, as claude's panel does", () => {
    const endedShell: EndedTask = { ...shell, status: "failed" };
    expect(backgroundTaskLines([], [endedShell], 1000, plain)).toEqual(["no background agents running"]);
    expect(backgroundTaskLines([], [endedShell, ended(1)], 1000, plain)).toHaveLength(3);
  });

  it("shows one with its command, not a prompt, and says when it has printed nothing yet", () => {
    expect(backgroundTaskDetail(shell, 1, 3000, plain)).toEqual([
      "for i in $(seq 1 60); do echo tick $i; sleep 1; d… · shell · running · 3s",
      "command:",
      "  for i in $(seq 1 60); do echo tick $i; sleep 1; done",
      "output: none yet",
      "/tasks stop 1 stops it",
    ]);
  });

  it("shows its whole output when it has printed fewer lines than claude's 10, control characters written out, each cut to the terminal's width", () => {
    const asked: number[] = [];
    const printing = {
      ...shell,
      lastOutput: (count: number) => {
        asked.push(count);
        return ["tick 1", "\x1b[2Jowned", "x".repeat(50)];
      },
    };
    expect(backgroundTaskDetail(printing, 1, 3000, plain, 30).slice(3, 7)).toEqual([
      "output:",
      "  tick 1",
      "  \\x1b[2Jowned",
      `  ${"x".repeat(27)}…`,
    ]);
    expect(asked).toEqual([11]);
  });

  it("says it shows the last 10 lines only when the shell printed more", () => {
    const lines = Array.from({ length: 11 }, (_, i) => `line ${i + 1}`);
    const printing = { ...shell, lastOutput: (count: number) => lines.slice(-count) };
    const detail = backgroundTaskDetail(printing, 1, 3000, plain, 30);
    expect(detail.slice(3, 5)).toEqual(["output (the last 10 lines):", "  line 2"]);
    expect(detail).toContain("  line 11");
  });
});

describe("the terminal's count of background tasks", () => {
  const agent = runningTask(progressOf(0));
  const shell = { ...agent, id: "b1", agentType: "bash", command: "sleep 30" };

  it("names shells in claude's words and agents in theirs, both when both go", () => {
    expect(backgroundStatusText([shell, shell])).toBe(" · 2 shells");
    expect(backgroundStatusText([agent])).toBe(" · 1 background agent");
    expect(backgroundStatusText([agent, shell])).toBe(" · 1 background agent · 1 shell");
    expect(backgroundStatusText([])).toBe("");
    expect(backgroundWaitingText([shell])).toBe("1 shell still running");
    expect(backgroundWaitingText([agent, agent])).toBe("waiting for 2 background agents to finish");
    // claude's turn that ended with both going named the agents only (recorded).
    expect(backgroundWaitingText([agent, shell])).toBe("waiting for 1 background agent to finish");
    expect(backgroundWaitingText([])).toBeUndefined();
    expect(backgroundStoppingText([agent, shell, shell])).toBe("stopping 1 background agent and 2 shells");
    expect(backgroundStoppingText([])).toBeUndefined();
  });
});
