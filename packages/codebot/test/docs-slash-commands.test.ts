import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builtinCommandNames } from "../src/cli/interactive/help-lines.js";

const cliDoc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../docs/cli.md");

describe("docs/cli.md: the interactive session's command table", () => {
  it("has a row for every command /help lists", () => {
    const rows = new Set(
      [...fs.readFileSync(cliDoc, "utf8").matchAll(/^\| `(\/[a-z-]+)/gm)].map((m) => m[1] as string),
    );
    expect(builtinCommandNames().filter((name) => !rows.has(name))).toEqual([]);
  });
});
