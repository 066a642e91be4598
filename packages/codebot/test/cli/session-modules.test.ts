/**
 * What a session loads of Node itself: not Node's bundled undici (the platform's fetch classes),
 * whose first use costs 25–40 ms of start-up. The model is reached through agentcore's httpFetch,
 * and the AI SDK is given agentcore's HttpHeaders in the bundle (scripts/bundle.mjs). And what it
 * compiles at run time: nothing (zod's compiled fast paths are off, cli/zod-without-jit.ts).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliPath, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A preload that writes, at exit, which of Node's undici modules the process loaded. */
function undiciProbe(dir: string): { preload: string; report: string } {
  const report = path.join(dir, "undici-modules.json");
  const preload = path.join(dir, "undici-probe.cjs");
  fs.writeFileSync(
    preload,
    `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.moduleLoadList.filter((m) => m.includes("undici")))));\n`,
  );
  return { preload, report };
}

/** A preload that counts the functions built from text (`Function`, `new Function`) and writes the count at exit. */
function functionProbe(dir: string): { preload: string; report: string } {
  const report = path.join(dir, "functions-built.txt");
  const preload = path.join(dir, "function-probe.cjs");
  fs.writeFileSync(
    preload,
    [
      "let built = 0;",
      "const count = { construct: (f, a, t) => (built++, Reflect.construct(f, a, t)), apply: (f, s, a) => (built++, Reflect.apply(f, s, a)) };",
      "globalThis.Function = new Proxy(Function, count);",
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(report)}, String(built)));`,
    ].join("\n"),
  );
  return { preload, report };
}

/** Each provider's model and the environment that points it at the loopback server. */
const PROVIDERS = [
  {
    name: "anthropic",
    model: "anthropic/claude-sonnet-4-5",
    env: (base: string) => ({ ANTHROPIC_BASE_URL: base }),
  },
  {
    name: "openai",
    model: "openai/gpt-4.1",
    env: (base: string) => ({ OPENAI_BASE_URL: `${base}/v1`, OPENAI_API_KEY: "k" }),
  },
  {
    name: "compat",
    model: "compat/local",
    env: (base: string) => ({ CODEBOT_COMPAT_BASE_URL: `${base}/v1` }),
  },
];

describe("a -p session", () => {
  it.each(PROVIDERS)(
    "answers through $name after a tool call without loading Node's bundled undici",
    async (provider) => {
      const box = sandbox();
      const probe = undiciProbe(box.home);
      const server = await modelServer([
        reply.toolCalls(toolCall("bash", { command: "echo hi" }, "c1")),
        reply.text("all done"),
      ]);
      const r = await runCli(
        ["-p", "go", "--permission-mode", "auto", "--model", provider.model, "--cwd", box.project],
        {
          env: modelEnv(server, box.home, {
            ...provider.env(server.anthropicBaseUrl),
            NODE_OPTIONS: `--require ${probe.preload}`,
          }),
        },
      );
      expect(r.stdout).toBe("all done\n");
      expect(r.code).toBe(0);
      expect(server.requests.length).toBe(2);
      expect(JSON.parse(fs.readFileSync(probe.report, "utf8"))).toEqual([]);
    },
  );
});

describe("a -p session's code", () => {
  it.each(PROVIDERS)("through $name, with a tool call, builds no function from text", async (provider) => {
    const box = sandbox();
    const probe = functionProbe(box.home);
    const server = await modelServer([
      reply.toolCalls(toolCall("bash", { command: "echo hi" }, "c1")),
      reply.text("all done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--permission-mode", "auto", "--model", provider.model, "--cwd", box.project],
      {
        env: modelEnv(server, box.home, {
          ...provider.env(server.anthropicBaseUrl),
          NODE_OPTIONS: `--require ${probe.preload}`,
        }),
      },
    );
    expect(r.stdout).toBe("all done\n");
    expect(r.code).toBe(0);
    expect(fs.readFileSync(probe.report, "utf8")).toBe("0");
  });
});

describe("a -p session with stdin on /dev/null", () => {
  it("answers without setting up process.stdin: nothing can come from /dev/null", async () => {
    const box = sandbox();
    const report = path.join(box.home, "stdin-touched.txt");
    const preload = path.join(box.home, "stdin-probe.cjs");
    fs.writeFileSync(
      preload,
      [
        'const own = Object.getOwnPropertyDescriptor(process, "stdin");',
        "let touched = false;",
        'Object.defineProperty(process, "stdin", { configurable: true, enumerable: own.enumerable, get() { touched = true; return own.get.call(process); } });',
        `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(report)}, String(touched)));`,
      ].join("\n"),
    );
    const server = await modelServer([reply.text("all done")]);
    const child = spawn(process.execPath, [cliPath, "-p", "go", "--cwd", box.project], {
      env: modelEnv(server, box.home, { NODE_OPTIONS: `--require ${preload}` }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.resume();
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(stdout).toBe("all done\n");
    expect(code).toBe(0);
    expect(fs.readFileSync(report, "utf8")).toBe("false");
  });
});
