/**
 * The first line of the project question says who asks: the project's settings, your own hooks,
 * or your own allow rules that would run what the repository's .git brings.
 */
import { describe, expect, it } from "vitest";
import type { HookInventory } from "../src/cli/hooks/hook-inventory.js";
import { consentHeader, type PendingConsent } from "../src/cli/hooks/project-consent.js";

const inv = { cwd: "/p" } as HookInventory;
const grant = (source: "user" | "project") => ({ grant: "allow:Bash(git status)", source, file: "/f" });
const pending = (grants: PendingConsent["grants"]): PendingConsent => ({ hooks: [], grants, mcpServers: [] });

describe("the project question's first line", () => {
  it("names your own allow rules when only they would run the project's programs", () => {
    expect(consentHeader(inv, pending([grant("user")]))).toBe(
      "Your own allow rules would run programs of this project (/p):",
    );
  });

  it("names your own status line when it would run a program of the project", () => {
    const statusLine = {
      grant: "statusLine:npx ccstatusline (runs node_modules/.bin/ccstatusline #1)",
      source: "user" as const,
      file: "/f",
    };
    expect(consentHeader(inv, pending([statusLine]))).toBe(
      "Your own status line would run programs of this project (/p):",
    );
  });

  it("names your own MCP servers, and the project's line only for the project's servers", () => {
    const server = (needsConsent: boolean) => ({ needsConsent }) as PendingConsent["mcpServers"][number];
    const servers = (list: PendingConsent["mcpServers"]): PendingConsent => ({
      hooks: [],
      grants: [],
      mcpServers: list,
    });
    expect(consentHeader(inv, servers([server(false)]))).toBe(
      "Your own MCP servers would run programs of this project (/p):",
    );
    expect(consentHeader(inv, servers([server(true), server(false)]))).toBe(
      "This project's settings (/p) ask to run code or grant permissions, and your own MCP servers would run its programs:",
    );
  });

  it("names your own apiKeyHelper when it would run a program of the project", () => {
    const helper = {
      grant: "apiKeyHelper:npx some-helper (runs node_modules/.bin/some-helper #1)",
      source: "user" as const,
      file: "/f",
    };
    expect(consentHeader(inv, pending([helper]))).toBe(
      "Your own apiKeyHelper would run programs of this project (/p):",
    );
  });

  it("adds your own allow rules to the project's own line", () => {
    expect(consentHeader(inv, pending([grant("project"), grant("user")]))).toBe(
      "This project's settings (/p) ask to run code or grant permissions, and your own allow rules would run its programs:",
    );
  });
});
