/**
 * A trust store that is not valid JSON (hand-edited, say) grants nothing, and `codebot hooks
 * trust` says so; approving then keeps the damaged file beside the new one instead of writing
 * over it, so what it held can still be recovered. One that cannot be written is named.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("codebot hooks trust with a damaged trust store", () => {
  it("names the damage, approves, and keeps the damaged file as .bad", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { hooks: { Stop: [command("true", { name: "done" })] } });
    const env = cliEnv(box.home);
    const first = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env });
    const store = /trust store (.*)/.exec(first.stdout)?.[1] ?? "";
    const damaged = `${fs.readFileSync(store, "utf8").trimEnd()},`;
    fs.writeFileSync(store, damaged);

    const again = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`trust: ${store} is not valid JSON`);
    expect(again.stderr).toContain(`kept the damaged trust store as ${store}.bad`);
    expect(fs.readFileSync(`${store}.bad`, "utf8")).toBe(damaged);
    expect(JSON.parse(fs.readFileSync(store, "utf8")).hooks).not.toEqual({});
  });
});

describe("codebot hooks trust when the trust store cannot be written", () => {
  it("says which file could not be saved and why, and exits 1", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { hooks: { Stop: [command("true", { name: "done" })] } });
    // The trust folder is a file: nothing can be saved under it (as on a full or read-only disk).
    fs.writeFileSync(path.join(box.home, "trust"), "");
    const r = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.code).toBe(1);
    const store = /trust store (.*)/.exec(r.stdout)?.[1] ?? "";
    expect(r.stderr).toMatch(/^codebot: trust: cannot save approvals to (.*): (.+)\n$/);
    expect(r.stderr).toContain(`cannot save approvals to ${store}: `);
  });
});

describe("a session with a damaged trust store", () => {
  it("-p says so once, as a warning line of its own", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { hooks: { Stop: [command("true", { name: "done" })] } });
    const first = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    const store = /trust store (.*)/.exec(first.stdout)?.[1] ?? "";
    fs.writeFileSync(store, "{");
    const server = await modelServer([reply.text("answer")]);
    const r = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    const lines = r.stderr.split("\n").filter((l) => l.includes(store));
    expect(lines).toEqual([expect.stringMatching(/^codebot: warning: trust: .* is not valid JSON/)]);
  });
});
