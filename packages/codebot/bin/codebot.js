#!/usr/bin/env node
// The installed `codebot` command. npm links a bin at install time only if its file exists, and
// dist/ is built after `npm ci`, so this checked-in file is the bin and loads the built CLI.
import("../dist/cli.js").catch((error) => {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js")) {
    process.stderr.write("codebot: the CLI is not built yet; run `npm run build` first\n");
    process.exit(1);
  }
  process.stderr.write(`codebot: ${error?.message ?? error}\n`);
  process.exit(1);
});
