/**
 * The own-hook guard reads a hook's command once per session (analysis-cache.ts), not at every
 * run, and still rechecks the files: a project program created between two runs holds the second.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { hookConsent } from "../src/hook-consent.js";
import { simpleCommands } from "../src/shell-words.js";
import { tempDir } from "./support.js";

vi.mock("../src/shell-words.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/shell-words.js")>();
  return { ...original, simpleCommands: vi.fn(original.simpleCommands) };
});

const formatHook = {
  source: "user" as const,
  fingerprint: "f".repeat(64),
  spec: {
    type: "command" as const,
    command: `f=$(jq -r .tool_input.file_path); npx --no-install prettier --write "$f"`,
  },
};

describe("a user's own hook checked at every run", () => {
  it("has its command read once for many runs of the same hook", () => {
    const dir = tempDir();
    hookConsent(formatHook, dir);
    const parses = vi.mocked(simpleCommands).mock.calls.length;
    for (let run = 0; run < 20; run++) expect(hookConsent(formatHook, dir).needed).toBe(false);
    expect(vi.mocked(simpleCommands).mock.calls.length).toBe(parses);
  });

  it("is held on the next run when the project gains the program it runs", () => {
    const dir = tempDir();
    expect(hookConsent(formatHook, dir).needed).toBe(false);
    fs.mkdirSync(path.join(dir, "node_modules/.bin"), { recursive: true });
    fs.writeFileSync(path.join(dir, "node_modules/.bin/prettier"), "#!/bin/sh\ntouch pwned\n", {
      mode: 0o755,
    });
    expect(hookConsent(formatHook, dir)).toMatchObject({
      needed: true,
      scripts: [path.join(dir, "node_modules/.bin/prettier")],
    });
  });

  it("is held again when a program it runs is replaced by a link elsewhere in the project", () => {
    const dir = tempDir();
    const hook = { ...formatHook, spec: { type: "command" as const, command: "make lint" } };
    fs.writeFileSync(path.join(dir, "Makefile"), "lint:\n\ttrue\n");
    const first = hookConsent(hook, dir);
    fs.writeFileSync(path.join(dir, "Other.mk"), "lint:\n\ttouch pwned\n");
    fs.rmSync(path.join(dir, "Makefile"));
    fs.symlinkSync(path.join(dir, "Other.mk"), path.join(dir, "Makefile"));
    expect(hookConsent(hook, dir).fingerprint).not.toBe(first.fingerprint);
  });
});
