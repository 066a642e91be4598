/**
 * `/add-dir` with odd input: the one-line error says what is wrong with the path (not "does not
 * exist" for a path too long to be one) and shows it with its control characters written out.
 */
import fs from "node:fs";
import path from "node:path";
import type { HookRunner } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { PathPolicy } from "../src/paths/path-policy.js";
import { addDirectory } from "../src/session/add-directory.js";
import { scratchDir } from "./support/e2e.js";

/** No hook fires in these: nothing is added. */
const noHooks = {} as HookRunner;

function tryAdd(input: string, project: string): string {
  try {
    addDirectory(input, project, new PathPolicy(project), noHooks, () => undefined);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${input} was added`);
}

describe("/add-dir with odd input", () => {
  it("a path too long to be one is said to be too long, shortened", () => {
    const project = scratchDir("codebot-add-dir-");
    const message = tryAdd("a".repeat(100_000), project);
    expect(message).toMatch(/^\/add-dir: a{200}… \(100000 characters\) is not a path: too long$/);
  });

  it("a path with a newline or an escape sequence is named on one line, its control characters written out", () => {
    const project = scratchDir("codebot-add-dir-");
    expect(tryAdd("missing\n\u001b[2Jfolder", project)).toBe(
      "/add-dir: missing\\n\\x1b[2Jfolder does not exist",
    );
  });

  it("a file is not a folder; a path through a file does not exist", () => {
    const project = scratchDir("codebot-add-dir-");
    fs.writeFileSync(path.join(project, "notes.txt"), "x");
    expect(tryAdd("notes.txt", project)).toBe("/add-dir: notes.txt is not a folder");
    expect(tryAdd("notes.txt/inner", project)).toBe("/add-dir: notes.txt/inner does not exist");
  });
});

describe("/add-dir's DirectoryAdded hooks", () => {
  it("a systemMessage of a megabyte reaches the model capped, as any hook text for the model", async () => {
    const project = scratchDir("codebot-add-dir-");
    const other = scratchDir("codebot-add-dir-other-");
    const hooks = {
      fire: async () => ({ kind: "allow", systemMessages: ["x".repeat(1_000_000)] }),
    } as unknown as HookRunner;
    const told = new Promise<string>((resolve) =>
      addDirectory(other, project, new PathPolicy(project), hooks, resolve),
    );
    const text = await told;
    expect(text.startsWith("DirectoryAdded hook: xxx")).toBe(true);
    expect(text).toContain("characters of output cut");
    expect(text.length).toBeLessThan(31_000);
  });
});
