/**
 * A SessionStart hook's `reloadSkills: true`: the skill folders are read again after the hook, so
 * a skill it installed is there in the same session — as in claude 2.1.328 (checked by running it:
 * with the flag the hook's new skill was listed to the model, without it it was not).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession } from "./support/e2e.js";

/** A SessionStart group that writes a skill into the project, then answers `reloadSkills` if asked. */
function installing(reload: boolean, matcher?: string) {
  const skill = ".claude/skills/hookmade/SKILL.md";
  const answer = reload
    ? `; echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","reloadSkills":true}}'`
    : "";
  const write = `mkdir -p .claude/skills/hookmade && printf -- '---\\nname: hookmade\\ndescription: HOOKMADE-DESC\\n---\\nHOOKMADE-BODY\\n' > ${skill}`;
  return [{ ...(matcher ? { matcher } : {}), hooks: [command(`cat > /dev/null; ${write}${answer}`)] }];
}

function skillDescription(request: { tools: { name: string; description?: string }[] } | undefined) {
  return request?.tools.find((tool) => tool.name === "skill")?.description ?? "";
}

describe("SessionStart's reloadSkills", () => {
  it("a skill the hook installed is offered to the model from the first prompt on, and /name runs it", async () => {
    const s = await startSession({
      user: { hooks: { SessionStart: installing(true) } },
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("hi");
    expect(skillDescription(s.model.requests[0])).toContain("hookmade: HOOKMADE-DESC");
    await s.runtime.prompt("/hookmade");
    expect(JSON.stringify(s.model.requests[1]?.prompt)).toContain("HOOKMADE-BODY");
  });

  it("without it, the skill installed during SessionStart waits for the next session", async () => {
    const s = await startSession({
      user: { hooks: { SessionStart: installing(false) } },
      script: [reply.text("one")],
    });
    await s.runtime.prompt("hi");
    expect(skillDescription(s.model.requests[0])).not.toContain("hookmade");
  });

  it("after /clear too: the new session's first prompt has the skill", async () => {
    const s = await startSession({
      user: { hooks: { SessionStart: installing(true, "clear") } },
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("hi");
    expect(skillDescription(s.model.requests[0])).not.toContain("hookmade");
    s.runtime.clear();
    await s.runtime.prompt("again");
    expect(skillDescription(s.model.requests[1])).toContain("hookmade: HOOKMADE-DESC");
  });

  it("after a compaction: the prompt after it has the skill", async () => {
    const s = await startSession({
      user: { hooks: { SessionStart: installing(true, "compact") } },
      script: [reply.text("one"), reply.text("THE SUMMARY"), reply.text("two")],
    });
    await s.runtime.prompt("hi");
    expect(skillDescription(s.model.requests[0])).not.toContain("hookmade");
    expect(await s.runtime.compact()).toMatchObject({ compacted: true });
    await s.runtime.prompt("again");
    expect(skillDescription(s.model.requests.at(-1))).toContain("hookmade: HOOKMADE-DESC");
  });
});
