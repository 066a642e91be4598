import { describe, expect, it } from "vitest";
import { hookLabel, Progress, SLOW_HOOK_MS } from "../../src/cli/output/progress.js";

describe("Progress: the status line of what is running", () => {
  it("shows the model thinking, then writing, with elapsed seconds and the interrupt hint", () => {
    const p = new Progress();
    p.modelStarted(1000);
    expect(p.text(4500, 0, "Esc to interrupt")).toBe("⠋ thinking… (3s · Esc to interrupt)");
    p.modelWriting();
    expect(p.text(6000, 1, "")).toBe("⠙ writing… (5s)");
    p.modelEnded();
    expect(p.text(7000, 0, "Esc to interrupt")).toBe("");
    expect(p.active).toBe(false);
  });

  it("shows a running tool with its elapsed time and output line count", () => {
    const p = new Progress();
    p.toolStarted("c1", "bash sleep 3", 0);
    p.toolOutput("c1", "a\nb\n");
    p.toolOutput("c1", "c\n");
    expect(p.text(2100, 0, "Esc to interrupt")).toBe("⠋ bash sleep 3 (2s · 3 lines · Esc to interrupt)");
    p.toolEnded("c1");
    expect(p.active).toBe(false);
  });

  it("a call that waited for its question counts its time from the answer", () => {
    const p = new Progress();
    p.toolStarted("c1", "bash npm test", 0);
    p.toolStarted("c2", "bash sleep 9", 0);
    p.toolAsked("c1");
    p.answered(10_000);
    expect(p.text(11_500, 0, "")).toBe("⠋ bash sleep 9 (+1 more) (11s)");
    p.toolEnded("c2");
    expect(p.text(11_500, 0, "")).toBe("⠋ bash npm test (1s)");
  });

  it("shows a hook only once it has taken a second, by its statusMessage or its name", () => {
    const p = new Progress();
    p.toolStarted("c1", "bash ls", 0);
    p.hookStarted("k", hookLabel("PreToolUse", "guard", "checking the command"), 100);
    expect(p.text(100 + SLOW_HOOK_MS - 1, 0, "")).toBe("⠋ bash ls (1s)");
    expect(p.text(100 + 2000, 0, "")).toBe("⠋ checking the command (2s)");
    p.hookEnded("k");
    expect(hookLabel("Stop", "lint", undefined)).toBe('hook Stop "lint"');
  });

  it("clear() forgets everything (a cancelled run that never ended its steps)", () => {
    const p = new Progress();
    p.modelStarted(0);
    p.toolStarted("c1", "bash x", 0);
    p.clear();
    expect(p.active).toBe(false);
  });

  it("cuts what is running to the room it has, so its time and the key that stops it stay in view", () => {
    const p = new Progress();
    p.hookStarted("k", hookLabel("UserPromptSubmit", "slow-check", undefined), 0);
    expect(p.text(3000, 0, "Esc to interrupt", 39)).toBe("⠋ hook UserPro… (3s · Esc to interrupt)");
    p.hookEnded("k");
    p.toolStarted("c1", "bash npm run build -- --verbose", 0);
    expect(p.text(4000, 0, "Esc to interrupt", 39)).toBe("⠋ bash npm run… (4s · Esc to interrupt)");
    expect(p.text(4000, 0, "Esc to interrupt", 80)).toBe(
      "⠋ bash npm run build -- --verbose (4s · Esc to interrupt)",
    );
  });

  it("leaves out a tool's line count when what is running would otherwise have no room", () => {
    const p = new Progress();
    p.toolStarted("c1", "bash for i in 1 2 3; do echo $i; done", 0);
    p.toolOutput("c1", "1\n2\n3\n");
    expect(p.text(5000, 0, "Esc to interrupt", 39)).toBe("⠋ bash for i i… (5s · Esc to interrupt)");
  });
});
