/**
 * Bundles the built CLI (dist/cli.js, after `tsc -b`) into one CommonJS file,
 * dist/bundle/cli.cjs, which the `codebot` bin loads, then runs it once so that the bin saves V8's
 * compiled code for it next to it (see bin/codebot.js and scripts/warm-code-cache.mjs).
 *
 * Why one CommonJS file: Node's ESM loader spends much of a command's start-up resolving, reading
 * and linking files one by one (≈ 280 of ours and our dependencies'), and only a classic script
 * can be given V8's code cache on Node 20 (`vm.Script`'s `cachedData`; Node 22's
 * `module.enableCompileCache` does not exist here). Each dynamic `import()` stays lazy: esbuild
 * turns it into a call that evaluates that part of the file on first use. Source maps chain back
 * to src/. Packages that only some commands use are bundled apart, in dist/bundle/vendor/ (see
 * VENDOR_GROUPS).
 */

import { renameSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { warmCodeCache } from "./warm-code-cache.mjs";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(packageDir, "dist/bundle");
// Built aside and swapped in, so a codebot started meanwhile never loads half a bundle (without
// one, the bin falls back to dist/cli.js) and files of earlier builds do not pile up.
const outdir = `${target}.new-${process.pid}`;
const old = `${target}.old-${process.pid}`;

/**
 * `import { z } from "zod"` (ours, and the AI SDK's `"zod/v4"` ones) makes esbuild keep zod's whole
 * `z` object, and with it every locale: 290 of the bundle's 570 KB of zod, all parsed by each
 * command that reads settings. The module namespace (`import * as z`) has the same members
 * (`z.object`, …), and esbuild keeps only the ones used. A file this does not match is left as it
 * is, and then merely loads slower.
 */
function zodNamespaceImports(text) {
  if (!text.includes('"zod')) return text;
  const named = /import\s*\{\s*z(?:\s+as\s+(\w+))?\s*\}\s*from\s*"(zod(?:\/v4)?)"/g;
  return text.replace(named, (_, alias, from) => `import * as ${alias ?? "z"} from "${from}"`);
}

/**
 * The AI SDK builds each request's headers with the platform's `Headers`, whose first use loads
 * Node's bundled undici (25–40 ms of a run's start-up; see agentcore's http-headers.ts). Its
 * provider-utils is given agentcore's `HttpHeaders` under that name instead: the same interface,
 * and a platform `Headers` still passes its `instanceof` checks.
 */
const httpHeadersFile = path.join(packageDir, "../agentcore/dist/http-headers.js");
function providerUtilsHeaders(text, file) {
  if (!/[\\/]@ai-sdk[\\/]provider-utils[\\/]dist[\\/]index\.mjs$/.test(file)) return text;
  return `import { HttpHeaders as Headers } from ${JSON.stringify(httpHeadersFile)};\n${text}`;
}

/**
 * Packages that only some commands run, each group bundled into its own file,
 * dist/bundle/vendor/<group>.cjs, which the main file requires where one of them is first
 * imported: the interactive session's Markdown renderer (marked, and marked-terminal with
 * highlight.js: 1.7 MB), undici (http hooks and web requests through the SSRF guard: 0.7 MB),
 * yaml (skill front matter) and the AI SDK's main entry (prompt hooks). Every command reads,
 * decodes and hands V8 the whole main file as it starts, ≈ 7 ms per MB here, and a `-p` run or a
 * tool call runs none of these: the main file is 2.0 MB instead of 5.1. A group holds its packages
 * whole, with everything they import (the AI SDK group its own zod and provider-utils, which it
 * uses only for the call it is given a model object for); none of them shares state with the
 * main file (bench/RESULTS.md, "Issue 18, session 10").
 */
const VENDOR_GROUPS = {
  markdown: ["marked", "marked-terminal"],
  undici: ["undici"],
  yaml: ["yaml"],
  // The AI SDK's main entry: prompt hooks' generateText (a run's model steps use `ai/internal`).
  ai: ["ai"],
};

/**
 * In the main file, an import of a vendored package is its namespace in the group's file. A group
 * file that is missing or broken (an install cut short) fails that import with one line naming it,
 * instead of Node's "Cannot find module" and its require stack.
 */
const vendorImports = {
  name: "vendor-imports",
  setup(build) {
    const places = new Map();
    for (const [group, specifiers] of Object.entries(VENDOR_GROUPS))
      for (const [index, specifier] of specifiers.entries()) places.set(specifier, { group, index });
    const names = [...places.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    build.onResolve({ filter: new RegExp(`^(${names.join("|")})$`) }, (args) => ({
      path: args.path,
      namespace: "vendor",
    }));
    build.onLoad({ filter: /.*/, namespace: "vendor" }, (args) => {
      const { group, index } = places.get(args.path);
      const file = `./vendor/${group}.cjs`;
      const contents = [
        "let group;",
        `try { group = require(${JSON.stringify(file)}); }`,
        `catch (error) { throw new Error(${JSON.stringify(`codebot's dist/bundle/vendor/${group}.cjs did not load (`)} + String(error?.message ?? error).split("\\n")[0] + "); run npm run build"); }`,
        `module.exports = group.m${index};`,
      ].join("\n");
      return { contents, loader: "js" };
    });
    build.onResolve({ filter: /^\.\/vendor\//, namespace: "vendor" }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

/**
 * `ai/internal` imports the gateway provider only for its `GatewayError` check (see agentcore's
 * gateway-error-check.ts): it is given agentcore's copy of that check, and the gateway provider
 * and its OIDC client are no longer part of the bundle nor set up at a run's first model step.
 */
const gatewayCheckFile = path.join(packageDir, "../agentcore/dist/gateway-error-check.js");
const GATEWAY_IMPORT = 'import { GatewayError } from "@ai-sdk/gateway";';
function aiInternalGateway(text, file) {
  if (!/[\\/]ai[\\/]dist[\\/]internal[\\/]index\.mjs$/.test(file) || !text.includes(GATEWAY_IMPORT))
    return text;
  return text.replace(GATEWAY_IMPORT, `import { GatewayError } from ${JSON.stringify(gatewayCheckFile)};`);
}

/** The source changes above, made as esbuild reads each file. */
const sourcePatches = {
  name: "source-patches",
  setup(build) {
    // Files only: a vendored package's stand-in module (namespace "vendor") is not a file.
    build.onLoad({ filter: /\.m?js$/, namespace: "file" }, async (args) => {
      const text = await readFile(args.path, "utf8");
      const contents = aiInternalGateway(
        providerUtilsHeaders(zodNamespaceImports(text), args.path),
        args.path,
      );
      return contents === text ? undefined : { contents, loader: "js", resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * `import fs from "node:fs"` in each of our ≈ 190 files becomes its own `__toESM(require("node:fs"))`
 * in the bundle: a fresh object with a getter for every member of the module (fs has ≈ 100), made
 * as the file loads — 9–12 ms of a `-p` run's start-up and much of its first scavenges. A built-in
 * module never changes, so every import of it can share one such object: each call site becomes
 * `__nodeBuiltin("node:fs")` (see BUILTIN_HELPER), padded with spaces to the same length, so the
 * source map's columns still hold.
 */
const BUILTIN_HELPER =
  "var __nodeBuiltins=new Map;function __nodeBuiltin(name){let m=__nodeBuiltins.get(name);return m===void 0&&__nodeBuiltins.set(name,m=__toESM(require(name),1)),m}";
function shareBuiltinImports(text) {
  return text.replace(/__toESM\(require\(("node:[a-z0-9_/]+")\)(,1)?\)/g, (call, name) => {
    const shared = `__nodeBuiltin(${name})`;
    return shared + " ".repeat(call.length - shared.length);
  });
}

/** What the main file and each vendor group are built with. */
const common = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // ESM builds first: jsonc-parser's "main" is a UMD file whose require() calls esbuild cannot follow.
  mainFields: ["module", "main"],
  // The bundle sits in dist/bundle/, one level below the package like dist/cli/*.js, so
  // version.ts finds package.json at the same relative place from the file's own URL.
  define: { "import.meta.url": "__codebotFileUrl" },
  banner: {
    js: `var __codebotFileUrl = require("node:url").pathToFileURL(__filename).href;${BUILTIN_HELPER}`,
  },
  // Less text to read at start-up; names are kept so stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  legalComments: "linked",
  logLevel: "warning",
};

/** Builds one output file, then shares its built-in module imports (see shareBuiltinImports). */
async function buildFile(options) {
  await build(options);
  const text = await readFile(options.outfile, "utf8");
  const shared = shareBuiltinImports(text);
  if (shared !== text) await writeFile(options.outfile, shared);
}

await buildFile({
  ...common,
  entryPoints: [path.join(packageDir, "dist/cli.js")],
  outfile: path.join(outdir, "cli.cjs"),
  plugins: [sourcePatches, vendorImports],
});
for (const [group, specifiers] of Object.entries(VENDOR_GROUPS)) {
  await buildFile({
    ...common,
    stdin: {
      contents: specifiers
        .map((name, index) => `export * as m${index} from ${JSON.stringify(name)};`)
        .join("\n"),
      resolveDir: packageDir,
      sourcefile: `vendor-${group}.js`,
    },
    outfile: path.join(outdir, "vendor", `${group}.cjs`),
    plugins: [sourcePatches],
  });
}

try {
  renameSync(target, old);
} catch (error) {
  if (error.code !== "ENOENT") throw error;
}
renameSync(outdir, target);
rmSync(old, { recursive: true, force: true });
await warmCodeCache(packageDir);
