/** The Agent SDK's callback hooks when the program cannot answer: the reason is said once. */
import { describe, expect, it } from "vitest";
import { sdkHookExecutor } from "../src/cli/control/sdk-hook-executor.js";

describe("a callback hook the program does not answer", () => {
  it("fails with the reason once: callback hook <id>: the program's input has ended", async () => {
    const executor = sdkHookExecutor({
      request: () => Promise.reject(new Error("the program's input has ended")),
    });
    const outcome = await executor.run({ type: "callback", callbackId: "pre" } as never, {
      payload: "{}",
      cwd: "/",
      env: {},
      timeoutMs: 5_000,
      signal: new AbortController().signal,
    });
    expect(outcome).toMatchObject({ exitCode: 1, error: "callback hook pre" });
    expect(`${outcome.error}: ${outcome.stderr}`).toBe("callback hook pre: the program's input has ended");
  });
});
