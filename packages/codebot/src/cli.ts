#!/usr/bin/env node
/**
 * The `codebot` command. `--version` is answered before anything else is loaded, so it stays
 * fast; every other path imports only what it needs (see cli/main.ts). No top-level `await`:
 * the bundle the bin loads is CommonJS (see scripts/bundle.mjs).
 */
import { codebotVersion } from "./cli/version.js";

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
  process.stdout.write(`${codebotVersion()}\n`);
} else {
  // A rejection here is a bug in main (which reports users' errors itself): Node prints it, exit 1.
  void import("./cli/main.js").then(({ main }) => main(argv));
}
