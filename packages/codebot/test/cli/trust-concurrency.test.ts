/**
 * Concurrent approvals are not lost (issue 17, item 6): 16 real processes, each recording 20
 * approvals in the same project's trust store at the same moment, leave all 320 in the file.
 */

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runModuleScript } from "../support/module-script.js";
import { tempDir } from "../support/temp-dirs.js";
import { repoRoot, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const PROCESSES = 16;
const APPROVALS = 20;

/** One process: waits for the start file, then approves 20 hooks and one grant, one write each. */
const approver = `
import fs from "node:fs";
import { TrustStore } from ${JSON.stringify(path.join(repoRoot, "packages/codebot/dist/index.js"))};
const [home, project, start, id] = process.argv.slice(1);
while (!fs.existsSync(start)) await new Promise((r) => setTimeout(r, 5));
const store = new TrustStore(home, project);
for (let i = 0; i < ${APPROVALS}; i++) {
  store.trustHook(\`p\${id}-h\${i}\`, { event: "Stop", source: "project", label: "x", path: "/s.json" });
}
store.trustGrants([\`allow:bash(echo \${id})\`]);
`;

describe("the trust store under concurrent writers", () => {
  it(`${PROCESSES} processes × ${APPROVALS} approvals at once keep all ${PROCESSES * APPROVALS}`, {
    timeout: 120_000,
  }, async () => {
    const home = tempDir("codebot-trust-home-");
    const project = tempDir("codebot-trust-project-");
    const start = path.join(home, "go");
    const runs = Array.from({ length: PROCESSES }, (_, id) =>
      runModuleScript(approver, [home, project, start, String(id)]),
    );
    // Let every process load and wait at the barrier, then release them together.
    await new Promise((r) => setTimeout(r, 1500));
    fs.writeFileSync(start, "");
    const results = await Promise.all(runs);
    expect(results.map((r) => r.stderr).join("")).toBe("");
    expect(results.every((r) => r.code === 0)).toBe(true);

    const [file] = fs.readdirSync(path.join(home, "trust")).filter((f) => f.endsWith(".json"));
    const stored = JSON.parse(fs.readFileSync(path.join(home, "trust", String(file)), "utf8"));
    expect(Object.keys(stored.hooks)).toHaveLength(PROCESSES * APPROVALS);
    expect(stored.grants).toHaveLength(PROCESSES);
    expect(fs.readdirSync(path.join(home, "trust")).filter((f) => f.endsWith(".lock"))).toEqual([]);
  });
});
