/**
 * What a `-p` run loads before it can answer: the modules its code imports statically (the bundle
 * runs each of them at start-up, scripts/bundle.mjs), and how it imports Node's built-in modules.
 * Parts only some runs use are imported where they are used, so the others do not pay for them.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { repoRoot, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every module URL Node resolves while importing `entries` (tsc's output) without running them. */
function staticImports(entries: string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "codebot-imports-"));
  scratch.push(dir);
  const log = path.join(dir, "resolved.txt");
  fs.writeFileSync(
    path.join(dir, "hooks.mjs"),
    `import fs from "node:fs";
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  fs.appendFileSync(${JSON.stringify(log)}, resolved.url + "\\n");
  return resolved;
}`,
  );
  fs.writeFileSync(
    path.join(dir, "register.mjs"),
    'import { register } from "node:module"; register("./hooks.mjs", import.meta.url);',
  );
  const imports = entries.map((entry) => `await import(${JSON.stringify(path.join(repoRoot, entry))});`);
  const r = spawnSync(
    process.execPath,
    ["--import", path.join(dir, "register.mjs"), "--input-type=module", "-e", imports.join("\n")],
    { encoding: "utf8" },
  );
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return fs.readFileSync(log, "utf8").split("\n").filter(Boolean);
}

describe("a -p run's start-up", () => {
  it("imports nothing of the MCP SDK unless an MCP server or an Agent SDK program is there to use it", () => {
    const urls = staticImports([
      "packages/codebot/dist/cli/main.js",
      "packages/codebot/dist/cli/one-shot.js",
      "packages/codebot/dist/session/create-runtime.js",
    ]);
    expect(urls.some((url) => url.includes("/packages/codebot/dist/session/create-runtime.js"))).toBe(true);
    expect(urls.filter((url) => url.includes("@modelcontextprotocol/sdk"))).toEqual([]);
  });

  it("copies the members of each Node built-in module once, however many files import it", async () => {
    const box = sandbox();
    // The bundle's module interop lists a module's members with Object.getOwnPropertyNames.
    const preload = path.join(box.home, "count.cjs");
    const report = path.join(box.home, "count.txt");
    fs.writeFileSync(
      preload,
      [
        'const fsModule = require("node:fs"), pathModule = require("node:path");',
        "const names = Object.getOwnPropertyNames;",
        "const counts = { fs: 0, path: 0 };",
        "Object.getOwnPropertyNames = (o) => { if (o === fsModule) counts.fs++; if (o === pathModule) counts.path++; return names(o); };",
        `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(report)}, JSON.stringify(counts)));`,
      ].join("\n"),
    );
    const server = await modelServer([reply.text("all done")]);
    const r = await runCli(["-p", "go", "--cwd", box.project], {
      env: modelEnv(server, box.home, { NODE_OPTIONS: `--require ${preload}` }),
    });
    expect(r.stdout).toBe("all done\n");
    expect(JSON.parse(fs.readFileSync(report, "utf8"))).toEqual({ fs: 1, path: 1 });
  });
});
