/**
 * The build keeps packages only some commands run out of the main bundle (scripts/bundle.mjs,
 * VENDOR_GROUPS): each group is its own file in dist/bundle/vendor/, required where one of its
 * packages is first imported. A `-p` run never reads them; the commands that use them still work.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { builtCliCopy, expectNoStackTrace, repoRoot, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const bundleDir = path.join(repoRoot, "packages/codebot/dist/bundle");

/** The node_modules packages a source map's file was built from. */
function packagesIn(mapFile: string): Set<string> {
  const { sources } = JSON.parse(fs.readFileSync(mapFile, "utf8")) as { sources: string[] };
  const names = sources.map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1]);
  return new Set(names.filter((name): name is string => name !== undefined));
}

const servers: http.Server[] = [];
const scratch: string[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the built CLI with its main bundle and, of the vendor files, only `vendor`; its bin's path. */
function bundleCopy(vendor: string[]): string {
  const pkg = builtCliCopy([
    "cli.cjs",
    "cli.cjs.cache",
    "codebot-process-host",
    ...vendor.map((v) => `vendor/${v}`),
  ]);
  scratch.push(pkg);
  return path.join(pkg, "bin/codebot.js");
}

/** The built vendor files but those of `group` (its code and its source map). */
function vendorFilesBut(group: string): string[] {
  return fs.readdirSync(path.join(bundleDir, "vendor")).filter((file) => !file.startsWith(`${group}.`));
}

describe("vendor files", () => {
  it("the main bundle holds none of the vendored packages, and each group's file holds its own", () => {
    const main = packagesIn(path.join(bundleDir, "cli.cjs.map"));
    for (const name of ["marked", "marked-terminal", "highlight.js", "undici", "yaml"])
      expect(main.has(name), name).toBe(false);
    expect(main.has("zod")).toBe(true);
    const markdown = packagesIn(path.join(bundleDir, "vendor/markdown.cjs.map"));
    for (const name of ["marked", "marked-terminal", "highlight.js"])
      expect(markdown.has(name), name).toBe(true);
    expect(packagesIn(path.join(bundleDir, "vendor/undici.cjs.map")).has("undici")).toBe(true);
    expect(packagesIn(path.join(bundleDir, "vendor/yaml.cjs.map")).has("yaml")).toBe(true);
  });

  it("the main bundle has the AI SDK's ai/internal but not its main entry, nor the gateway provider", () => {
    const { sources } = JSON.parse(fs.readFileSync(path.join(bundleDir, "cli.cjs.map"), "utf8")) as {
      sources: string[];
    };
    const main = packagesIn(path.join(bundleDir, "cli.cjs.map"));
    expect(main.has("ai")).toBe(true);
    expect(
      sources.some((source) => source.includes("node_modules/ai/src/generate-text/generate-text.ts")),
    ).toBe(false);
    expect(main.has("@ai-sdk/gateway")).toBe(false);
    expect(main.has("@vercel/oidc")).toBe(false);
    const ai = packagesIn(path.join(bundleDir, "vendor/ai.cjs.map"));
    expect(ai.has("ai")).toBe(true);
    expect(ai.has("@ai-sdk/gateway")).toBe(true);
  });

  it("a -p run with a tool call works from a copy of the bundle without its vendor folder", async () => {
    const bin = bundleCopy([]);
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo from-bash" }),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--permission-mode", "bypassPermissions", "--cwd", box.project], {
      bin,
      env: modelEnv(server, box.home),
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("done\n");
    expect(r.code).toBe(0);
    expect(JSON.stringify(server.requests[1])).toContain("from-bash");
  });

  it("an interactive session whose Markdown renderer's file is missing answers in plain text, saying why", async () => {
    const bin = bundleCopy(vendorFilesBut("markdown"));
    const box = sandbox();
    const server = await modelServer([reply.text("**bold** answer"), reply.text("second answer")]);
    const r = await runCli([], {
      bin,
      cwd: box.project,
      env: modelEnv(server, box.home),
      input: "hello\nagain\n",
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /the Markdown renderer could not be loaded \(.*markdown\.cjs.*\); answers are shown as plain text/,
    );
    expect(r.stdout).not.toContain("Require stack");
    expect(r.stdout).toContain("**bold** answer");
    expect(r.stdout).toContain("second answer");
    expect(server.requests).toHaveLength(2);
  });

  it("a skill's front matter without the YAML parser's file: that skill is reported, the run goes on", async () => {
    const bin = bundleCopy(vendorFilesBut("yaml"));
    const box = sandbox();
    box.write(".codebot/skills/greet/SKILL.md", "---\nname: greet\ndescription: says hi\n---\nSay hi.\n");
    const server = await modelServer([reply.text("the answer")]);
    const r = await runCli(["-p", "hi", "--cwd", box.project], { bin, env: modelEnv(server, box.home) });
    expect(r.stdout).toBe("the answer\n");
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /skill: .*greet[\\/]SKILL\.md: front-matter cannot be read: the YAML parser did not load \(.*yaml\.cjs.*\); not loaded\n/,
    );
    expect(r.stderr).not.toContain("Require stack");
  });

  it("an http hook without undici's file fails with one line naming the file and the fix", async () => {
    const bin = bundleCopy(vendorFilesBut("undici"));
    const box = sandbox();
    const settings = box.json("s.json", {
      httpHookAllowedHosts: ["127.0.0.1:9"],
      hooks: { UserPromptSubmit: [{ type: "http", url: "http://127.0.0.1:9/hook", blocking: true }] },
    });
    const server = await modelServer([reply.text("never")]);
    const r = await runCli(["-p", "hi", "--settings", settings, "--cwd", box.project], {
      bin,
      env: modelEnv(server, box.home),
    });
    expect(r.stderr).toContain(
      "codebot's dist/bundle/vendor/undici.cjs did not load (Cannot find module './vendor/undici.cjs'); run npm run build",
    );
    expect(r.stderr).not.toContain("Require stack");
    expect(r.code).not.toBe(0);
    expectNoStackTrace(r.stderr);
  });

  it("a prompt hook asks the model through the vendored AI SDK", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { UserPromptSubmit: [{ type: "prompt", prompt: "Is this fine? $ARGUMENTS", blocking: true }] },
    });
    const server = await modelServer([reply.text('{"ok": false, "reason": "the model says no"}')]);
    const r = await runCli(["-p", "hello model", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.stdout).toContain("UserPromptSubmit operation blocked by hook:\nthe model says no");
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(JSON.stringify(server.requests[0])).toContain("hello model");
    expectNoStackTrace(r.stderr);
  });

  it("an http hook reaches its endpoint through the vendored undici", async () => {
    const bodies: unknown[] = [];
    const endpoint = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        bodies.push(JSON.parse(body));
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ decision: "block", reason: "the endpoint says no" }));
      });
    });
    servers.push(endpoint);
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    const { port } = endpoint.address() as AddressInfo;
    const box = sandbox();
    const settings = box.json("s.json", {
      httpHookAllowedHosts: [`127.0.0.1:${port}`],
      hooks: { UserPromptSubmit: [{ type: "http", url: `http://127.0.0.1:${port}/hook`, blocking: true }] },
    });
    const server = await modelServer([reply.text("never")]);
    const r = await runCli(["-p", "hello endpoint", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.stdout).toContain("UserPromptSubmit operation blocked by hook:\nthe endpoint says no");
    expect(r.code).toBe(0);
    expect(bodies).toEqual([expect.objectContaining({ prompt: "hello endpoint" })]);
    expect(server.requests).toHaveLength(0);
    expectNoStackTrace(r.stderr);
  });
});
