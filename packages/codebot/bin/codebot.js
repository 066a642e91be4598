#!/usr/bin/env node
// The installed `codebot` command. npm links a bin at install time only if its file exists, and
// dist/ is built after `npm ci`, so this checked-in file is the bin and loads the built CLI: the
// bundle (`npm run build`; it starts about twice as fast), else tsc's output alone.
const missing = (error, file) =>
  error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(`${file}'`);

import("../dist/bundle/cli.js")
  .catch((error) => {
    if (missing(error, "dist/bundle/cli.js")) return import("../dist/cli.js");
    throw error;
  })
  .catch((error) => {
    if (missing(error, "dist/cli.js")) {
      process.stderr.write("codebot: the CLI is not built yet; run `npm run build` first\n");
      process.exit(1);
    }
    process.stderr.write(`codebot: ${error?.message ?? error}\n`);
    process.exit(1);
  });
