/**
 * A `-p` run whose model call is tried again says so on stderr (text and json output): against a
 * server that was down, a new user's `codebot -p hi` was silent for the three minutes of its
 * retries. stream-json has its own `api_retry` lines and writes nothing of them on stderr.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const failing = () =>
  reply.httpError(500, { message: "Internal server error", headers: { "retry-after-ms": "1" } });

async function run(format: string) {
  const box = sandbox();
  const server = await modelServer([failing(), failing(), reply.text("ok")]);
  return runCli(["-p", "go", "--output-format", format, "--verbose", "--cwd", box.project], {
    env: modelEnv(server, box.home),
  });
}

describe("a model call tried again, in a -p run", () => {
  it("text output: one stderr line per retry, the answer alone on stdout", async () => {
    const r = await run("text");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("ok\n");
    const lines = r.stderr.split("\n").filter((l) => l.includes("retry"));
    expect(lines).toEqual([
      expect.stringMatching(
        /^codebot: model call failed \(model: status 500: Internal server error\); retry 1 in \d+ ms$/,
      ),
      expect.stringMatching(/^codebot: model call failed \(.*\); retry 2 in \d+ ms$/),
    ]);
  });

  it("json output: the retries on stderr too", async () => {
    const r = await run("json");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^codebot: model call failed \(.*\); retry 2 in \d+ ms$/m);
  });

  it("stream-json: none on stderr (its api_retry lines say it)", async () => {
    const r = await run("stream-json");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain("model call failed");
    expect(r.stdout.match(/"subtype":"api_retry"/g)).toHaveLength(2);
  });
});
