/**
 * A session's transcript replaced while it runs — by the session's own bash (a model's command
 * can reach `$CODEBOT_HOME`): the session neither waits on a FIFO nor writes through a link; it
 * says once that lines cannot be written and goes on.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A bash call that swaps the session's transcript for what `replace` makes at "$f". */
async function swapTranscript(replace: string) {
  const box = sandbox();
  fs.writeFileSync(box.at("keep.txt"), "mine\n");
  const server = await modelServer([
    reply.toolCall("bash", {
      command: `f=$(find "$CODEBOT_HOME/projects" -name '*.jsonl' | head -1); rm "$f"; ${replace}; echo swapped`,
    }),
    reply.text("done"),
  ]);
  const r = await runCli(["-p", "go", "--dangerously-skip-permissions"], {
    cwd: box.project,
    env: modelEnv(server, box.home),
    timeoutMs: 60_000,
  });
  return { box, r };
}

describe("a transcript replaced while the session runs", () => {
  it("by a FIFO: the session is not stalled on it, and says its lines cannot be written", async () => {
    const { r } = await swapTranscript('mkfifo "$f"');
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("done\n");
    expect(r.stderr).toMatch(
      /^transcript: cannot write \S+\.jsonl: .*; lines that cannot be written are left out\n$/,
    );
  });

  it("by a link: what it points to is not written", async () => {
    const { box, r } = await swapTranscript('ln -s "$PWD/keep.txt" "$f"');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("done\n");
    expect(fs.readFileSync(box.at("keep.txt"), "utf8")).toBe("mine\n");
    expect(r.stderr).toContain(
      ": not a regular file (a symbolic link); lines that cannot be written are left out",
    );
  });
});
