import { describe, expect, it } from "vitest";
import { IDLE_PROMPT_MS, IdleNotice, idlePromptDelay } from "../src/cli/interactive/idle-notice.js";

function delayOf(value: string): { delay: number; notices: string[] } {
  const notices: string[] = [];
  const delay = idlePromptDelay({ CODEBOT_IDLE_PROMPT_MS: value }, (m) => notices.push(m));
  return { delay, notices };
}

describe("CODEBOT_IDLE_PROMPT_MS", () => {
  it("a value too long for a timer (meant as 'never') does not fire the idle notice at once", async () => {
    let fired = 0;
    const notice = new IdleNotice(delayOf("9999999999").delay, () => fired++);
    notice.waiting();
    await new Promise((resolve) => setTimeout(resolve, 200));
    notice.stop();
    expect(fired).toBe(0);
  });

  it("a value that is not a number of milliseconds is said and the 60 s kept", () => {
    expect(delayOf("soon")).toEqual({
      delay: IDLE_PROMPT_MS,
      notices: ['codebot: CODEBOT_IDLE_PROMPT_MS "soon" is not a number of milliseconds; ignored'],
    });
  });

  it("an empty value is no value: the 60 s, not 0", () => {
    expect(delayOf("")).toEqual({ delay: IDLE_PROMPT_MS, notices: [] });
  });
});
