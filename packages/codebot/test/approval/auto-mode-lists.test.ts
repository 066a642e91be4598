/**
 * Claude Code's `autoMode` settings lists (auto-mode-lists.ts) as auto mode's classifier reads
 * them: which files count, and how a list replaces or splices in the built-in one.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { autoSession, instructions, judgedOnce, sectionOf } from "../support/auto-mode-session.js";
import { scratchDir } from "../support/e2e.js";

/** Marked entries for each list, so the classifier's instructions show where each went. */
const marked = (who: string) => ({
  autoMode: {
    environment: [`ENV-${who}`],
    allow: [`ALLOW-${who}`],
    soft_deny: [`SOFT-${who}`],
    hard_deny: [`HARD-${who}`],
  },
});

describe("autoMode settings lists", () => {
  it("from user, --settings and managed files reach the classifier, each entry in its list's section", async () => {
    const home = scratchDir("codebot-home-");
    const managed = path.join(home, "etc", "codebot", "managed-settings.json");
    fs.mkdirSync(path.dirname(managed), { recursive: true });
    fs.writeFileSync(managed, JSON.stringify(marked("MANAGED")));
    const { s, server } = await autoSession(judgedOnce(), {
      dirs: { home, project: scratchDir("codebot-project-") },
      user: marked("USER"),
      cli: [marked("FLAG")],
    });
    await s.runtime.prompt("go");
    const told = instructions(server.requests[1]);
    expect(sectionOf(told, "## Environment")).toContain("- ENV-USER\n- ENV-FLAG\n- ENV-MANAGED");
    expect(sectionOf(told, "## HARD BLOCK")).toContain("- HARD-USER\n- HARD-FLAG\n- HARD-MANAGED");
    expect(sectionOf(told, "## SOFT BLOCK")).toContain("- SOFT-USER\n- SOFT-FLAG\n- SOFT-MANAGED");
    expect(sectionOf(told, "## ALLOW")).toContain("- ALLOW-USER\n- ALLOW-FLAG\n- ALLOW-MANAGED");
  });

  it("a list set replaces the built-in one; unset, the built-in one stays", async () => {
    const { s, server } = await autoSession(judgedOnce(), {
      user: { autoMode: { hard_deny: ["Never touch the billing bucket."] } },
    });
    await s.runtime.prompt("go");
    const told = instructions(server.requests[1]);
    expect(sectionOf(told, "## HARD BLOCK")).toContain("- Never touch the billing bucket.");
    expect(sectionOf(told, "## HARD BLOCK")).not.toContain("code fetched from the network");
    expect(sectionOf(told, "## SOFT BLOCK")).toContain("Destroying or overwriting data");
  });

  it('"$defaults" in a list stands for the built-in entries, in its place', async () => {
    const { s, server } = await autoSession(judgedOnce(), {
      user: { autoMode: { soft_deny: ["FIRST", "$defaults", "LAST", "$defaults"] } },
    });
    await s.runtime.prompt("go");
    const soft = sectionOf(instructions(server.requests[1]), "## SOFT BLOCK");
    expect(soft).not.toContain("$defaults");
    const first = soft.indexOf("- FIRST");
    const builtIn = soft.indexOf("Destroying or overwriting data");
    const last = soft.indexOf("- LAST");
    expect(first).toBeGreaterThanOrEqual(0);
    expect(builtIn).toBeGreaterThan(first);
    expect(last).toBeGreaterThan(builtIn);
    expect(soft.split("Destroying or overwriting data")).toHaveLength(2);
  });

  it("claude's legacy deny list joins the SOFT BLOCK section, after the built-in entries it does not replace", async () => {
    const { s, server } = await autoSession(judgedOnce(), {
      user: { autoMode: { deny: ["LEGACY-USER"] } },
      cli: [{ autoMode: { soft_deny: ["SOFT-FLAG"], deny: ["LEGACY-FLAG"] } }],
    });
    await s.runtime.prompt("go");
    const soft = sectionOf(instructions(server.requests[1]), "## SOFT BLOCK");
    expect(soft).toContain("- SOFT-FLAG\n- LEGACY-USER\n- LEGACY-FLAG");
    expect(s.runtime.problems).toEqual([]);
  });

  it("in a project's or local file is ignored, with a warning naming the file, trusted or not", async () => {
    const { s, server } = await autoSession(judgedOnce(), {
      project: marked("PROJECT"),
      local: marked("LOCAL"),
      runtime: { trustProjectHooks: true },
    });
    await s.runtime.prompt("go");
    const told = instructions(server.requests[1]);
    expect(told).not.toMatch(/-(PROJECT|LOCAL)\b/);
    expect(sectionOf(told, "## ALLOW")).toContain("Ordinary development inside the project");
    const warned = s.runtime.problems.filter((p) => p.message.includes("autoMode is read only from"));
    expect(warned.map((p) => p.message.split(": autoMode")[0])).toEqual([
      `settings: ${path.join(s.project, ".codebot/settings.json")}`,
      `settings: ${path.join(s.project, ".codebot/settings.local.json")}`,
    ]);
  });

  it("a list that is not a list of text is a warning, and the built-in list stays", async () => {
    const { s, server } = await autoSession(judgedOnce(), {
      user: { autoMode: { allow: "deploys are fine" } },
    });
    await s.runtime.prompt("go");
    expect(sectionOf(instructions(server.requests[1]), "## ALLOW")).toContain("Ordinary development");
    expect(s.runtime.problems.map((p) => p.message)).toContainEqual(
      expect.stringContaining("autoMode.allow: expected a list of rules in prose; ignored"),
    );
  });
});
