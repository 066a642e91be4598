/**
 * Every link between README.md and docs/*.md leads somewhere: the file exists and, for `#anchor`,
 * so does the heading (as GitHub makes its id) or an `<a id>` — a renamed heading breaks no path a
 * new user takes from the README.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const docs = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks, where a `#` line is a comment and `](…)` no link. */
const prose = (file: string) => fs.readFileSync(path.join(root, file), "utf8").replace(/```[\s\S]*?```/g, "");

/** The ids a page's headings get on GitHub (repeats numbered -1, -2, …), and its `<a id>`s. */
function anchorsOf(file: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const text = prose(file);
  for (const [, heading] of text.matchAll(/^#{1,6} (.*)$/gm)) {
    const base = (heading as string)
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, "")
      .replaceAll(" ", "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of text.matchAll(/<a id="([^"]+)"><\/a>/g)) ids.add(id as string);
  return ids;
}

describe("links between the docs", () => {
  it.each(docs)("every relative link of %s reaches its file and heading", (file) => {
    const broken: string[] = [];
    for (const [, link] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (link === undefined || /^[a-z]+:/.test(link)) continue; // https:, mailto:
      const [target, anchor] = link.split("#") as [string, string | undefined];
      const to = target === "" ? file : path.posix.join(path.posix.dirname(file), target);
      if (!fs.existsSync(path.join(root, to))) broken.push(`${link} (no file ${to})`);
      else if (anchor && to.endsWith(".md") && !anchorsOf(to).has(anchor))
        broken.push(`${link} (no heading)`);
    }
    expect(broken).toEqual([]);
  });
});
