import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALIAS_CLASSES } from "../src/tool-aliases.js";

const doc = readFileSync(new URL("../../../docs/hooks.md", import.meta.url), "utf8");

describe("docs/hooks.md: tool names and their aliases", () => {
  it("lists every tool's names a matcher may use, as the matcher knows them", () => {
    const paragraph = /Tool names and their aliases[^:]*:([\s\S]*?)\. Arguments use/.exec(doc)?.[1] ?? "";
    const listed = [...paragraph.matchAll(/`[^`\s]+`(?:\/`[^`\s]+`)+/g)].map((m) =>
      m[0].replaceAll("`", "").split("/"),
    );
    expect(listed).toEqual(ALIAS_CLASSES);
  });
});
