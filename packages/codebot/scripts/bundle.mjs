/**
 * Bundles the built CLI (dist/cli.js, after `tsc -b`) into dist/bundle/, which the `codebot` bin
 * loads. Node's ESM loader spends most of a command's start-up resolving, reading and linking
 * files one by one (≈ 280 of ours and our dependencies'); a bundle is a handful of files.
 * Code splitting keeps every dynamic `import()` a chunk of its own, loaded only when it runs (the
 * interactive terminal, the AI SDK and providers, undici). Source maps chain back to src/.
 */

import { renameSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(packageDir, "dist/bundle");
// Built aside and swapped in, so a codebot started meanwhile never loads half a bundle (without
// one, the bin falls back to dist/cli.js) and chunks of earlier builds do not pile up.
const outdir = `${target}.new-${process.pid}`;
const old = `${target}.old-${process.pid}`;

/**
 * `import { z } from "zod"` (ours, and the AI SDK's `"zod/v4"` ones) makes esbuild keep zod's whole
 * `z` object, and with it every locale: 290 of the bundle's 570 KB of zod, all parsed by each
 * command that reads settings. The module namespace (`import * as z`) has the same members
 * (`z.object`, …), and esbuild keeps only the ones used. A file this does not match is left as it
 * is, and then merely loads slower.
 */
const zodNamespaceImports = {
  name: "zod-namespace-imports",
  setup(build) {
    const named = /import\s*\{\s*z(?:\s+as\s+(\w+))?\s*\}\s*from\s*"(zod(?:\/v4)?)"/g;
    build.onLoad({ filter: /\.m?js$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes('"zod')) return undefined;
      const contents = text.replace(named, (_, alias, from) => `import * as ${alias ?? "z"} from "${from}"`);
      return contents === text ? undefined : { contents, loader: "js", resolveDir: path.dirname(args.path) };
    });
  },
};

await build({
  entryPoints: { cli: path.join(packageDir, "dist/cli.js") },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // ESM builds first: jsonc-parser's "main" is a UMD file whose require() calls esbuild cannot follow.
  mainFields: ["module", "main"],
  // Chunks sit directly in dist/bundle/, one level below the package like dist/cli/*.js, so
  // version.ts finds package.json at the same relative place.
  chunkNames: "[name]-[hash]",
  // CommonJS dependencies (undici, commander, ipaddr.js) call require() for Node's modules.
  banner: {
    js: 'import { createRequire as __codebotCreateRequire } from "node:module"; const require = __codebotCreateRequire(import.meta.url);',
  },
  // Less text to parse at start-up; names are kept so stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  legalComments: "linked",
  logLevel: "warning",
  plugins: [zodNamespaceImports],
});

try {
  renameSync(target, old);
} catch (error) {
  if (error.code !== "ENOENT") throw error;
}
renameSync(outdir, target);
rmSync(old, { recursive: true, force: true });
