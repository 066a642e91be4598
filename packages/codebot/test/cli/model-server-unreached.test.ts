/**
 * A model server that is not there: nothing listens at the base URL's port, or its host has no
 * address. Trying again does not mend either, so the error says what to check.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A loopback port nothing listens on: one the system gave and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function runAgainst(baseUrl: string) {
  const box = sandbox();
  return runCli(["-p", "hi", "--cwd", box.project], {
    env: cliEnv(box.home, {
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: baseUrl,
      CLAUDE_CODE_MAX_RETRIES: "0",
    }),
  });
}

describe("a model server that is not there", () => {
  it("nothing listening: the error names the address and says to start the server or fix the base URL", async () => {
    const port = await closedPort();
    const r = await runAgainst(`http://127.0.0.1:${port}`);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(
        `^API Error: Cannot connect to API: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\. Nothing is listening at 127\\.0\\.0\\.1:${port}: start the model's server, or point the base URL \\(ANTHROPIC_BASE_URL, OPENAI_BASE_URL or CODEBOT_COMPAT_BASE_URL\\) at it\\.\\n$`,
      ),
    );
  });

  it("a host with no address: the error says to check the base URL", async () => {
    const r = await runAgainst("http://no-such-host.invalid:8080");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /The host no-such-host\.invalid:8080 was not found: check the base URL \(ANTHROPIC_BASE_URL, OPENAI_BASE_URL or CODEBOT_COMPAT_BASE_URL\) and your network\.$/m,
    );
  });
});
