/**
 * Issue 16, item 4, in a real terminal (tmux): an approval answered by one key without Enter, and
 * text typed ahead of the question that does not answer it.
 */
import fs from "node:fs";
import { type LoopbackModelServer, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

async function startSession(
  box: Sandbox,
  server: LoopbackModelServer,
  args: string[] = [],
): Promise<TmuxSession> {
  const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args });
  await term.waitForScreen(/^›/m);
  return term;
}

describe("approvals", { timeout: 120_000 }, () => {
  it("one key answers, no Enter: the exact call is shown, y runs it", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo approved > out.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit("write it");
    await term.waitForScreen("? allow bash echo approved > out.txt  [y]es / [n]o / [a]lways");
    term.type("y");
    await term.waitForScreen("✓ bash echo approved > out.txt → (no output)");
    await term.waitForScreen(/^done$/m);
    expect(fs.readFileSync(`${box.project}/out.txt`, "utf8")).toBe("approved\n");
  });

  it("text typed before the question does not answer it; the key pressed after it does", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "sleep 2" }),
      reply.toolCall("bash", { command: "echo no > no.txt" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server, ["--allowedTools", "bash(sleep *)"]);
    term.submit("go");
    await term.waitForScreen(/bash sleep 2 \(/);
    // Typed ahead while the first call runs: a "y" that must not approve the second call.
    term.type("yy");
    await term.waitForScreen("? allow bash echo no > no.txt");
    const asked = await term.waitForScreen(/\[a\]lways \(bash\(echo no > no\.txt\)\):\s*$/m);
    expect(asked).not.toContain("✓ bash echo no");
    term.type("n");
    await term.waitForScreen("✗ bash echo no > no.txt → permission denied");
    await term.waitForScreen(/^done$/m);
    expect(fs.existsSync(`${box.project}/no.txt`)).toBe(false);
  });
});
