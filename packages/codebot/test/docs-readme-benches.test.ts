import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

it("README.md's layout names every bench:* script of package.json", () => {
  const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts);
  const row = fs
    .readFileSync(path.join(root, "README.md"), "utf8")
    .split("\n")
    .find((line) => line.startsWith("| `bench/` |"));
  expect(
    scripts.filter(
      (s) => s.startsWith("bench:") && !row?.includes(`\`${s}\``) && !row?.includes(`\`npm run ${s}\``),
    ),
  ).toEqual([]);
});
