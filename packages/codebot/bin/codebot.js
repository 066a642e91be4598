#!/usr/bin/env node
// The installed `codebot` command. npm links a bin at install time only if its file exists, and
// dist/ is built after `npm ci`, so this checked-in file is the bin and loads the built CLI: the
// bundle dist/bundle/cli.cjs (`npm run build`), else tsc's output alone (dist/cli.js).
//
// The bundle is run with V8's code cache, kept beside it in cli.cjs.cache: compiling the CLI is
// most of a short command's start-up, and Node 20 has no compile cache of its own. The cache is
// used only for the exact file it was made from (its size and mtime, and Node's version, head the
// cache file, with how the file's text was decoded; V8 itself refuses a cache from another V8 or
// other flags). Without a usable one, the run compiles as usual and saves a new cache as it exits,
// with every function the run compiled; `npm run build` makes the first one with a representative run. A cache that cannot be
// written (a read-only install) is skipped: the command only starts slower.
"use strict";
// CommonJS (bin/package.json says so): Node starts a CommonJS entry without its ES module loader,
// ≈ 6 ms sooner.
const { isAscii } = require("node:buffer");
const fs = require("node:fs");
const { createRequire, wrap } = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

const bundle = path.join(__dirname, "../dist/bundle/cli.cjs");

/** The first line of a cache file: what it was made from, and the encoding its text was read in. */
function cacheKey(stat, encoding) {
  return `codebot-code-cache ${process.version} ${stat.size} ${stat.mtimeNs} ${encoding}\n`;
}

const ENCODINGS = ["latin1", "utf8"];

/** The cache made from the file `stat` describes, and the encoding the file was read in then. */
function readCache(file, stat) {
  try {
    const data = fs.readFileSync(file);
    for (const encoding of ENCODINGS) {
      const head = Buffer.from(cacheKey(stat, encoding));
      if (data.subarray(0, head.length).equals(head)) return { encoding, data: data.subarray(head.length) };
    }
  } catch {}
  return undefined;
}

function writeCache(file, key, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, Buffer.concat([Buffer.from(key), data]));
    fs.renameSync(temporary, file);
  } catch {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * esbuild writes ASCII (it escapes the rest), which latin1 decodes as UTF-8 would, in a tenth of
 * the time for the bundle's megabytes; anything else is decoded as UTF-8.
 */
function encodingOf(bytes) {
  return isAscii(bytes) ? "latin1" : "utf8";
}

/**
 * The bundle's bytes, its stat and the cache made from it, read from one open file, so that a
 * build swapping the bundle meanwhile cannot pair a cache with the wrong text.
 */
function readBundle(file, cacheFile) {
  const fd = fs.openSync(file, "r");
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    return { stat, cached: readCache(cacheFile, stat), bytes: fs.readFileSync(fd) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Runs the CommonJS bundle as Node's own loader would, plus the code cache. */
function runBundle(file) {
  const cacheFile = `${file}.cache`;
  const { stat, cached, bytes } = readBundle(file, cacheFile);
  // A cache made from this very file says how it was decoded: the bytes need not be checked again.
  const encoding = cached?.encoding ?? encodingOf(bytes);
  // A `#!` line is valid only at the very start of a script, not inside Node's function wrapper.
  const source = bytes.toString(encoding).replace(/^#!/, "//");
  const cachedData = cached?.data;
  const bundleRequire = createRequire(file);
  const script = new vm.Script(wrap(source), { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    // Labelled from the bytes themselves, not from a refused cache's label.
    const key = cacheKey(stat, cached === undefined ? encoding : encodingOf(bytes));
    process.once("exit", () => writeCache(cacheFile, key, script.createCachedData()));
  }
  const bundleModule = { exports: {} };
  script.runInThisContext()(bundleModule.exports, bundleRequire, bundleModule, file, path.dirname(file));
}

try {
  runBundle(bundle);
} catch (error) {
  if (error?.code !== "ENOENT" || error.path !== bundle) throw error;
  import("../dist/cli.js").catch((error) => {
    const missing = error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js'");
    process.stderr.write(
      missing
        ? "codebot: the CLI is not built yet; run `npm run build` first\n"
        : `codebot: ${error?.message ?? error}\n`,
    );
    process.exit(1);
  });
}
