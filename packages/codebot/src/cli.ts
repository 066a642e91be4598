#!/usr/bin/env node
/**
 * The `codebot` command. `--version` is answered before anything else is loaded, so it stays
 * fast; every other path imports only what it needs (see cli/main.ts).
 */
import { codebotVersion } from "./cli/version.js";

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
  process.stdout.write(`${codebotVersion()}\n`);
} else {
  const { main } = await import("./cli/main.js");
  await main(argv);
}
