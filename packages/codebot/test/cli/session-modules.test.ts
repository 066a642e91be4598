/**
 * What a session loads of Node itself: not Node's bundled undici (the platform's fetch classes),
 * whose first use costs 25–40 ms of start-up. The model is reached through agentcore's httpFetch,
 * and the AI SDK is given agentcore's HttpHeaders in the bundle (scripts/bundle.mjs). And what it
 * compiles at run time: nothing (zod's compiled fast paths are off, cli/zod-without-jit.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/**
 * A preload (NODE_OPTIONS --require) that runs `setup` lines as the process starts and writes
 * `report` (a JavaScript expression) to a file at exit; `read()` gives what it wrote.
 */
function probe(dir: string, name: string, setup: string[], report: string) {
  const reportFile = path.join(dir, `${name}.txt`);
  const preload = path.join(dir, `${name}.cjs`);
  fs.writeFileSync(
    preload,
    [
      ...setup,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(reportFile)}, ${report}));`,
    ].join("\n"),
  );
  return { nodeOptions: `--require ${preload}`, read: () => fs.readFileSync(reportFile, "utf8") };
}

/** Which of Node's undici modules the process loaded. */
const undiciProbe = (dir: string) =>
  probe(
    dir,
    "undici-modules",
    [],
    'JSON.stringify(process.moduleLoadList.filter((m) => m.includes("undici")))',
  );

/** How many functions the process built from text (`Function`, `new Function`). */
const functionProbe = (dir: string) =>
  probe(
    dir,
    "functions-built",
    [
      "let built = 0;",
      "const count = { construct: (f, a, t) => (built++, Reflect.construct(f, a, t)), apply: (f, s, a) => (built++, Reflect.apply(f, s, a)) };",
      "globalThis.Function = new Proxy(Function, count);",
    ],
    "String(built)",
  );

/** Whether the process touched `process.stdin`. */
const stdinProbe = (dir: string) =>
  probe(
    dir,
    "stdin-touched",
    [
      'const own = Object.getOwnPropertyDescriptor(process, "stdin");',
      "let touched = false;",
      'Object.defineProperty(process, "stdin", { configurable: true, enumerable: own.enumerable, get() { touched = true; return own.get.call(process); } });',
    ],
    "String(touched)",
  );

/**
 * Node's public modules the process loaded after the session's heap flags changed
 * (cli/session-heap.ts), when V8 no longer takes Node's code cache for them. (Node's small internal helpers loaded on first use, such as `fs.rmSync`'s rimraf,
 * cannot be loaded ahead; they are left out.)
 */
const builtinsProbe = (dir: string) =>
  probe(
    dir,
    "builtins",
    [
      'const v8 = require("node:v8");',
      "const setFlags = v8.setFlagsFromString;",
      "let flagsAt;",
      "v8.setFlagsFromString = (flags) => { flagsAt ??= process.moduleLoadList.length; return setFlags(flags); };",
    ],
    'JSON.stringify({ afterFlags: process.moduleLoadList.slice(flagsAt).filter((m) => m.startsWith("NativeModule ") && !m.startsWith("NativeModule internal/")) })',
  );

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

type Provider = (typeof PROVIDERS)[number];

/** `-p go` through `provider`, the model calling bash once and then answering, with `nodeOptions`. */
async function toolCallSession(provider: Provider, nodeOptions: string) {
  const box = sandbox();
  const server = await modelServer([
    reply.toolCalls(toolCall("bash", { command: "echo hi" }, "c1")),
    reply.text("all done"),
  ]);
  const r = await runCli(
    ["-p", "go", "--permission-mode", "bypassPermissions", "--model", provider.model, "--cwd", box.project],
    {
      env: modelEnv(server, box.home, {
        ...provider.env(server.anthropicBaseUrl),
        NODE_OPTIONS: nodeOptions,
      }),
    },
  );
  expect(r.stdout).toBe("all done\n");
  expect(r.code).toBe(0);
  expect(server.requests.length).toBe(2);
}

describe("a -p session", () => {
  it.each(PROVIDERS)(
    "answers through $name after a tool call without loading Node's bundled undici",
    async (provider) => {
      const seen = undiciProbe(sandbox().home);
      await toolCallSession(provider, seen.nodeOptions);
      expect(JSON.parse(seen.read())).toEqual([]);
    },
  );
});

describe("a -p session's built-in modules", () => {
  it.each(PROVIDERS)(
    "through $name, with a tool call, come from Node's code cache: none is first loaded after the heap flags change",
    async (provider) => {
      const seen = builtinsProbe(sandbox().home);
      await toolCallSession(provider, seen.nodeOptions);
      expect(JSON.parse(seen.read()).afterFlags).toEqual([]);
    },
  );
});

describe("a -p session's code", () => {
  it.each(PROVIDERS)("through $name, with a tool call, builds no function from text", async (provider) => {
    const built = functionProbe(sandbox().home);
    await toolCallSession(provider, built.nodeOptions);
    expect(built.read()).toBe("0");
  });
});

describe("a -p session with stdin on /dev/null", () => {
  it("answers without setting up process.stdin: nothing can come from /dev/null", async () => {
    const box = sandbox();
    const touched = stdinProbe(box.home);
    const server = await modelServer([reply.text("all done")]);
    const r = await runCli(["-p", "go", "--cwd", box.project], {
      env: modelEnv(server, box.home, { NODE_OPTIONS: touched.nodeOptions }),
      devNullStdin: true,
    });
    expect(r.stdout).toBe("all done\n");
    expect(r.code).toBe(0);
    expect(touched.read()).toBe("false");
  });
});
