/**
 * An http hook's request says who sends it: `User-Agent: codebot/<version>` (claude 2.1.328's
 * says `axios/<version>`), with claude's Accept (docs/http-hooks.md).
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { recordingEndpoint } from "./support/recording-endpoint.js";

useBuiltCli();

const version = (
  JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

describe("an http hook's request headers", () => {
  it("name codebot and its version in User-Agent, with claude's Accept", async () => {
    const endpoint = await recordingEndpoint();
    const box = sandbox();
    box.json(`${box.home}/settings.json`, {
      httpHookAllowedHosts: [`127.0.0.1:${endpoint.port}`],
      hooks: { Stop: [{ type: "http", url: `http://127.0.0.1:${endpoint.port}/stop`, name: "notify" }] },
    });
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(endpoint.headers).toHaveLength(1);
    expect(endpoint.headers[0]?.["user-agent"]).toBe(`codebot/${version}`);
    expect(endpoint.headers[0]?.accept).toBe("application/json, text/plain, */*");
  });
});
