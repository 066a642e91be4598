/**
 * What a command hook leaves running once it exited (shitchell/claude-hooks' SessionEnd hook starts
 * its summariser with `nohup … &` and exits) outlives the session, as under claude 2.1.328
 * (recorded: the summary was written after claude had exited). codebot's process host ended it
 * as codebot closed, so the summary was never written.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a hook's background job", { timeout: 60_000 }, () => {
  it("started by a SessionEnd hook that then exits runs on after codebot -p has exited", async () => {
    const box = sandbox();
    const done = path.join(box.home, "summary.txt");
    // It starts only once the session is closing, and writes well after codebot has gone.
    const job = `sleep 3; echo written > ${done}`;
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: {
        SessionEnd: [{ hooks: [{ type: "command", command: `nohup sh -c '${job}' >/dev/null 2>&1 &` }] }],
      },
    });
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    await waitFor(() => fs.existsSync(done), 20_000, "the job to write its file");
    expect(fs.readFileSync(done, "utf8")).toBe("written\n");
  });
});
