#!/usr/bin/env node
// PostToolUse (Write|Edit): pretty-print the JSON file Claude just wrote.
import { readFileSync, writeFileSync } from "node:fs";

const input = JSON.parse(readFileSync(0, "utf8"));
const file = input.tool_input.file_path;
if (file?.endsWith(".json")) {
  try {
    writeFileSync(file, `${JSON.stringify(JSON.parse(readFileSync(file, "utf8")), null, 2)}\n`);
  } catch (error) {
    console.error(`auto-format: ${file}: ${error.message}`);
    process.exit(1);
  }
}
