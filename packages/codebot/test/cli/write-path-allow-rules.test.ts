/**
 * claude 2.1.328 matches no `Write(path)` permission rule (recorded: `Write(src/**)`,
 * `Write(./src/*.ts)`, `Write(/src/**)`, `Write(~/x/**)`, `Write(//tmp/**)` allow rules each left
 * a Write of a file they name asked, where the same `Edit(…)` rule let it run). codebot allowed by
 * them: looser than the setup the rule came from. Now such an allow rule from settings allows no
 * write and the run says to write `Edit(…)`; a bare `Write` and `Edit(path)` rules still allow.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A `-p` run whose model writes `src/a.ts`, with `rule` the one allow rule of a `--settings` file. */
async function writeUnder(rule: string) {
  const box = sandbox();
  const server = await modelServer([
    reply.toolCall("write", { file_path: "src/a.ts", content: "x\n" }, "w-1"),
    reply.text("done"),
  ]);
  const settings = box.json("s.json", { permissions: { allow: [rule] } });
  const r = await runCli(["-p", "go", "--cwd", box.project, "--settings", settings], {
    env: modelEnv(server, box.home),
  });
  expect(r.code).toBe(0);
  return { written: fs.existsSync(box.at("src/a.ts")), result: requestText(server.requests[1]), r };
}

describe("Write(path) allow rules, as claude 2.1.328 matches them", () => {
  it("a Write(path) allow rule allows no write, and the run says to write Edit(path)", async () => {
    for (const rule of ["Write(src/**)", "Write(./src/*.ts)", "Write(/src/**)"]) {
      const { written, result, r } = await writeUnder(rule);
      expect(written, rule).toBe(false);
      expect(result, rule).toContain("permission denied: write needs approval");
      expect(r.stderr, rule).toContain(
        `allow rule "${rule}" allows no write, as in Claude Code; write "Edit${rule.slice(5)}"`,
      );
    }
  });

  it("an Edit(path) allow rule and a bare Write one still allow the write", async () => {
    for (const rule of ["Edit(src/**)", "Edit(./src/*.ts)", "Write"]) {
      const { written, r } = await writeUnder(rule);
      expect(written, rule).toBe(true);
      expect(r.stderr, rule).not.toContain("allows no write");
    }
  });
});
