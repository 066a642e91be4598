import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, startCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("explore", () => {
  it("two -r at once", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.text("FIRST-ANSWER"),
      reply.hang("slow"),
      reply.text("second answer"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    const r0 = await runCli(["-p", "FIRST-PROMPT", ...args], { env });
    const id = JSON.parse(r0.stdout).session_id;
    const cli = startCli(["-r", id, "-p", "A", ...args], { env });
    await waitFor(() => server.requests.length === 2, 30_000, "A");
    const r2 = await runCli(["-r", id, "-p", "B", ...args], { env });
    cli.child.kill("SIGTERM");
    const r1 = await cli.done;
    const files = fs.readdirSync(path.join(box.home, "projects"), { recursive: true, encoding: "utf8" }).filter((e) => e.endsWith(".jsonl"));
    let out = `--r1 ${r1.code} ${r1.signal}\n${r1.stdout}\n${r1.stderr}\n--r2 ${r2.code}\n${r2.stdout}\n${r2.stderr}\n--req3\n${requestText(server.requests[2])}\n`;
    for (const f of files) out += `--file ${f}\n${fs.readFileSync(path.join(box.home, "projects", f), "utf8").split("\n").map((l) => l.slice(0, 250)).join("\n")}\n`;
    fs.writeFileSync(`/tmp/h-fault9/two.txt`, out);
    expect(1).toBe(1);
  });
});
