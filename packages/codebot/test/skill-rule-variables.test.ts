import { describe, expect, it } from "vitest";
import { matchesPath, parsePermissionRule } from "../src/approval/permission-rule.js";
import type { Skill } from "../src/skills/skill.js";
import { skillRuleVariables } from "../src/skills/skill-variables.js";

const root = "/project";

/** A project skill in a folder named `a*` (a repository chooses its folders' names). */
const skill: Skill = {
  name: "runner",
  kind: "skill",
  description: "Run",
  allowedTools: [],
  modelInvocable: true,
  userInvocable: true,
  body: "",
  file: `${root}/.claude/skills/a*/SKILL.md`,
  dir: `${root}/.claude/skills/a*`,
  source: "project",
};

describe("skillRuleVariables", () => {
  it("fills ${CLAUDE_SKILL_DIR} in a path rule as the skill's folder only, not as a glob over its neighbours", () => {
    // A path rule's leading `/` is the project's (Claude Code's `//` is the filesystem's): root `/` here.
    const parsed = parsePermissionRule(skillRuleVariables("Edit(${CLAUDE_SKILL_DIR}/**)", skill));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(matchesPath(parsed.rule, `${root}/.claude/skills/a*/notes.md`, { root: "/" })).toBe(true);
    expect(matchesPath(parsed.rule, `${root}/.claude/skills/ab/SKILL.md`, { root: "/" })).toBe(false);
  });
});
