/** `/context` in the interactive session: claude's grid of the context in use, in a real terminal. */
import { reply } from "@codebot/agentcore/testing";
import { describe, it } from "vitest";
import { modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("/context", { timeout: 120_000 }, () => {
  it("draws the context meter's tokens against the model's window, after a turn", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const term = await startSession(box, server, { args: ["--model", "claude-opus-4-6"] });
    term.submit("hi");
    await term.waitForScreen("one");
    term.submit("/context");
    await term.waitForScreen("Context usage");
    await term.waitForScreen(/^[⛀⛁][ ⛀⛁⛶]+ {3}anthropic\/claude-opus-4-6$/m);
    await term.waitForScreen(/[\d.]+k?\/200k tokens \((<0\.1|[\d.]+)%\)/);
    await term.waitForScreen("Estimated usage by category");
    await term.waitForScreen(/⛶ Free space: [\d.]+k tokens/);
  });
});
