/**
 * Where a command hook's plain stdout is context for the model (UserPromptSubmit), an http hook's
 * answer is context only as JSON: a 200 that is a proxy's HTML page or an `ok` never reaches the
 * model (claude 2.1.328 reads an http answer only as JSON; recorded), and the user is told once.
 */
import { describe, expect, it } from "vitest";
import { createHttpExecutor } from "../src/index.js";
import { loopbackServers, respondWith } from "./http-loopback.js";
import { runnerFor } from "./support.js";

const startServer = loopbackServers();

/** A runner whose one UserPromptSubmit hook posts to an endpoint answering `body`. */
async function promptHook(body: string) {
  const target = await startServer(respondWith(body));
  const hooks = { UserPromptSubmit: [{ hooks: [{ type: "http", url: `${target.origin}/prompt` }] }] };
  const executors = { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] }) };
  return runnerFor(hooks, { executors });
}

describe("an http UserPromptSubmit hook's answer", () => {
  it("that is not JSON is not context for the model, and the user is told once", async () => {
    const { runner, errors, traces } = await promptHook("<html><body>Sign in to the proxy</body></html>");
    const first = await runner.userPromptSubmit({ prompt: "hi" });
    const second = await runner.userPromptSubmit({ prompt: "again" });
    for (const decision of [first, second]) {
      expect(decision.kind).toBe("allow");
      expect(decision).not.toHaveProperty("context");
    }
    const warning =
      'the answer is not JSON, so it was not given to the model as context ("<html><body>Sign in to the proxy</body></html>")';
    expect(errors).toEqual([expect.stringMatching(/^hook UserPromptSubmit\[0\]\.hooks\[0\] http: /)]);
    expect(errors[0]).toContain(warning);
    expect(traces.map((t) => t.warnings)).toEqual([[warning], [warning]]);
  });

  it("that is JSON still gives its additionalContext", async () => {
    const answer = {
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "team rules" },
    };
    const { runner, errors } = await promptHook(JSON.stringify(answer));
    expect(await runner.userPromptSubmit({ prompt: "hi" })).toMatchObject({
      kind: "allow",
      context: "team rules",
    });
    expect(errors).toEqual([]);
  });
});
