import { describe, expect, it } from "vitest";
import { urlMatches } from "../src/http-url-allowlist.js";
import { formatProblem, loadHooks } from "../src/index.js";
import { layer } from "./support.js";

const httpHook = (url: string) => ({ type: "http", url });
const withHooks = (hooks: unknown[], extra: Record<string, unknown> = {}) => ({
  hooks: { PreToolUse: hooks },
  ...extra,
});
const urlsOf = (loaded: ReturnType<typeof loadHooks>) =>
  loaded.hooks.map((h) => (h.spec.type === "http" ? h.spec.url : h.spec.type));

describe("allowedHttpHookUrls (Claude Code 2.1.328)", () => {
  it("an http hook whose URL no pattern matches does not run, with a warning naming it", () => {
    const loaded = loadHooks([
      layer(
        withHooks([httpHook("https://hooks.example.com/audit"), httpHook("https://elsewhere.example/x")], {
          allowedHttpHookUrls: ["https://hooks.example.com/*"],
        }),
      ),
    ]);
    expect(urlsOf(loaded)).toEqual(["https://hooks.example.com/audit"]);
    expect(loaded.problems.map(formatProblem)).toEqual([
      "/settings/user.json: hooks.PreToolUse[1].url: https://elsewhere.example/x is not in allowedHttpHookUrls: this http hook does not run",
    ]);
  });

  it("an empty list runs no http hook; command hooks are not touched", () => {
    const loaded = loadHooks([
      layer({ allowedHttpHookUrls: [] }),
      layer(
        withHooks([httpHook("https://hooks.example.com/a"), { type: "command", command: "true" }]),
        "cli",
      ),
    ]);
    expect(urlsOf(loaded)).toEqual(["command"]);
  });

  it("a project's list is ignored with a warning: a repository cannot add its URLs to yours", () => {
    const loaded = loadHooks([
      layer(
        withHooks([httpHook("https://evil.example/x")], { allowedHttpHookUrls: ["https://mine.example/*"] }),
      ),
      layer({ allowedHttpHookUrls: ["https://evil.example/*"] }, "project"),
    ]);
    expect(urlsOf(loaded)).toEqual([]);
    expect(loaded.problems.map((p) => [p.file, p.field])).toEqual([
      ["/settings/project.json", "allowedHttpHookUrls"],
      ["/settings/user.json", "url"],
    ]);
  });

  it("the managed hooks are held to the managed lists only", () => {
    const loaded = loadHooks([
      layer(withHooks([httpHook("https://policy.example/audit")]), "managed"),
      layer({ allowedHttpHookUrls: ["https://mine.example/*"] }),
    ]);
    expect(urlsOf(loaded)).toEqual(["https://policy.example/audit"]);
  });

  it("* stands for any run of characters and the pattern matches the whole URL", () => {
    expect(urlMatches("https://h.example/*", "https://h.example/a/b?c=1")).toBe(true);
    expect(urlMatches("https://h.example/*", "https://h.example.evil/a")).toBe(false);
    expect(urlMatches("https://*.example/hook", "https://a.example/hook")).toBe(true);
    expect(urlMatches("https://h.example/hook", "https://h.example/hook2")).toBe(false);
  });
});
