/**
 * PermissionRequest, PermissionDenied and Notification `permission_prompt` (issue 14): fired by tool
 * approval through a real session, with real hook scripts, in Claude Code's shapes.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group, scratchDir, startSession, toolResultFor } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const decide = (decision: Record<string, unknown>) =>
  `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision } })}'`;
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;

describe("PermissionRequest", () => {
  it("with nobody to ask, a group matching the tool allows the call with its updatedInput", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PermissionRequest: [
            group(
              "Bash",
              command(
                `cat > request.json; ${decide({ behavior: "allow", updatedInput: { command: "echo safer > out.txt" } })}`,
              ),
            ),
            group("Write", command("touch write-hook-ran")),
          ],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [reply.toolCall("bash", { command: "echo risky > out.txt" }, "b1"), reply.text("done")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    expect(fs.readFileSync(s.at("out.txt"), "utf8")).toBe("safer\n");
    expect(toolResultFor(s.model, "b1")?.isError).toBe(false);
    expect(fs.existsSync(s.at("write-hook-ran"))).toBe(false);
    const payload = readJson(s.at("request.json"));
    expect(payload).toEqual({
      session_id: s.runtime.sessionId,
      transcript_path: s.runtime.transcriptPath,
      cwd: s.project,
      prompt_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      permission_mode: "default",
      hook_event_name: "PermissionRequest",
      tool_name: "Bash",
      tool_input: { command: "echo risky > out.txt" },
      // What "always" would add, in Claude Code's shape.
      permission_suggestions: [
        {
          type: "addRules",
          rules: [{ toolName: "Bash", ruleContent: "echo risky > out.txt" }],
          behavior: "allow",
          destination: "session",
        },
      ],
    });
  });

  it("a hook giving back its permission_suggestions as updatedPermissions is not asked again for the same call", async () => {
    // Outside the project: a project file the hook's code names would need its own approval.
    const asked = path.join(scratchDir("codebot-asked-"), "asked.txt");
    const echoBack = `node -e 'let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>{const p=JSON.parse(s);require("fs").appendFileSync(${JSON.stringify(asked)},p.tool_input.file_path+"\\n");console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"PermissionRequest",decision:{behavior:"allow",updatedPermissions:p.permission_suggestions}}}))})'`;
    const s = await startSession({
      user: { hooks: { PermissionRequest: [group("Write", command(echoBack))] } },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCall("write", { file_path: "a.txt", content: "1" }, "w1"),
        reply.toolCall("write", { file_path: "a.txt", content: "2" }, "w2"),
        reply.toolCall("write", { file_path: "b.txt", content: "3" }, "w3"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(fs.readFileSync(s.at("a.txt"), "utf8")).toBe("2");
    expect(fs.readFileSync(s.at("b.txt"), "utf8")).toBe("3");
    // The second write of a.txt was allowed by the rule the first answer added; b.txt was asked about.
    expect(fs.readFileSync(asked, "utf8")).toBe(`${s.at("a.txt")}\n${s.at("b.txt")}\n`);
  });

  it("an allow with updatedPermissions addRules adds the rules for the session: the next such call is not asked about", async () => {
    const touchRule = { toolName: "Bash", ruleContent: "touch:*" };
    const s = await startSession({
      user: {
        hooks: {
          PermissionRequest: [
            group(
              "Bash",
              command(
                `cat >> requests.jsonl; echo >> requests.jsonl; ${decide({
                  behavior: "allow",
                  updatedPermissions: [
                    { type: "addRules", rules: [touchRule], behavior: "allow", destination: "session" },
                    {
                      type: "addRules",
                      rules: [{ toolName: "Bash", ruleContent: "touch never*" }],
                      behavior: "deny",
                      destination: "session",
                    },
                  ],
                })}`,
              ),
            ),
          ],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCall("bash", { command: "touch a1" }, "b1"),
        reply.toolCall("bash", { command: "touch a2" }, "b2"),
        reply.toolCall("bash", { command: "touch never-made" }, "b3"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(fs.existsSync(s.at("a1")) && fs.existsSync(s.at("a2"))).toBe(true);
    // As claude 2.1.328 does: the hook was asked once, for the first call only.
    expect(s.jsonLines("requests.jsonl").map((r) => r.tool_input)).toEqual([{ command: "touch a1" }]);
    expect(toolResultFor(s.model, "b3")?.text).toBe(
      'permission denied: bash is refused by the deny rule "Bash(touch never*)"',
    );
    expect(s.notices).toEqual([]);
  });

  it("an allow with updatedPermissions setMode switches the mode; a settings-file destination holds for the session, unwritten", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PermissionRequest: [
            group(
              "Write",
              command(
                `echo >> requests.txt; ${decide({
                  behavior: "allow",
                  updatedPermissions: [
                    { type: "setMode", mode: "acceptEdits", destination: "localSettings" },
                  ],
                })}`,
                { name: "mode-switcher" },
              ),
            ),
          ],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCall("write", { file_path: "w1.txt", content: "x" }, "w1"),
        reply.toolCall("write", { file_path: "w2.txt", content: "y" }, "w2"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(s.runtime.permissionMode).toBe("acceptEdits");
    await s.runtime.close();
    expect(fs.readFileSync(s.at("w2.txt"), "utf8")).toBe("y");
    expect(fs.readFileSync(s.at("requests.txt"), "utf8")).toBe("\n");
    expect(fs.existsSync(s.at(".claude"))).toBe(false);
    expect(s.notices).toEqual([
      "hook mode-switcher: updatedPermissions: localSettings is not written; the change holds for this session only",
    ]);
  });

  it("a setMode to bypassPermissions is not applied in a session not launched able to bypass, as claude 2.1.328 ignores it (recorded): the mode stays", async () => {
    const switcher = (permissionMode: "ask" | "bypassPermissions", allowBypass?: boolean) =>
      startSession({
        user: {
          hooks: {
            PermissionRequest: [
              group(
                "Write",
                command(
                  decide({
                    behavior: "allow",
                    updatedPermissions: [
                      { type: "setMode", mode: "bypassPermissions", destination: "session" },
                    ],
                  }),
                  { name: "bypasser" },
                ),
              ),
            ],
          },
        },
        runtime: { permissionMode, ...(allowBypass ? { allowBypass } : {}) },
        script: [reply.toolCall("write", { file_path: "w1.txt", content: "x" }, "w1"), reply.text("done")],
      });
    const s = await switcher("ask");
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(s.runtime.permissionMode).toBe("ask");
    expect(fs.readFileSync(s.at("w1.txt"), "utf8")).toBe("x");
    expect(s.notices).toEqual([
      "hook bypasser: updatedPermissions: the mode bypassPermissions is not switched to: the session was not launched with --dangerously-skip-permissions (or --allow-dangerously-skip-permissions)",
    ]);
    const allowed = await switcher("ask", true);
    await allowed.runtime.prompt("go");
    await allowed.runtime.close();
    expect(allowed.runtime.permissionMode).toBe("bypassPermissions");
    const launched = await startSession({ script: [], runtime: { permissionMode: "bypassPermissions" } });
    launched.runtime.setPermissionMode("ask");
    launched.runtime.setPermissionMode("bypassPermissions");
    expect(launched.runtime.permissionMode).toBe("bypassPermissions");
    await launched.runtime.close();
  });

  it("an allow whose updatedInput does not fit the tool refuses the call, naming the hook", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PermissionRequest: [
            group(
              "Bash",
              command(decide({ behavior: "allow", updatedInput: { command: 42 } }), { name: "rewriter" }),
            ),
          ],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [reply.toolCall("bash", { command: "touch ran" }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "b1")).toEqual({
      text: expect.stringMatching(/^permission denied: hook rewriter gave invalid arguments: /),
      isError: true,
    });
    expect(fs.existsSync(s.at("ran"))).toBe(false);
  });

  it("deny refuses the call with the hook's message; interrupt also ends the run", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PermissionRequest: [
            group("Bash", command(decide({ behavior: "deny", message: "no shell today" }))),
            group(
              "Write",
              command(decide({ behavior: "deny", message: "stop everything", interrupt: true })),
            ),
          ],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCall("bash", { command: "touch shell-ran" }, "b1"),
        reply.toolCall("write", { file_path: "w.txt", content: "x" }, "w1"),
        reply.text("never reached"),
      ],
    });
    const result = await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "b1")).toEqual({
      text: expect.stringMatching(
        /^permission denied by hook PermissionRequest\[0\]\.hooks\[0\] .*: no shell today$/,
      ),
      isError: true,
    });
    expect(fs.existsSync(s.at("shell-ran"))).toBe(false);
    expect(fs.existsSync(s.at("w.txt"))).toBe(false);
    expect(result.status).toBe("stopped");
    expect(result.reason).toMatch(/stop everything$/);
    // The interrupted run asked the model nothing more.
    expect(s.model.requests).toHaveLength(2);
  });

  it("interrupt ends the run as the user's interrupt: the next prompt's model reads claude's note after the refusal", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PermissionRequest: [
            group("Bash", command(decide({ behavior: "deny", message: "stop here", interrupt: true }))),
          ],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [reply.toolCall("bash", { command: "touch ran" }, "b1"), reply.text("next answer")],
    });
    const first = await s.runtime.prompt("go");
    await s.runtime.prompt("and now?");
    await s.runtime.close();
    expect(first.hookStop).toEqual({ reason: "stop here", interrupt: true });
    const sent = s.model.requests[1]?.prompt
      .slice(-3)
      .map((m) => ({ role: m.role, text: JSON.stringify(m.content) }));
    expect(sent?.map((m) => m.role)).toEqual(["tool", "user", "user"]);
    expect(sent?.[1]?.text).toContain("[Request interrupted by user for tool use]");
    expect(sent?.[2]?.text).toContain("and now?");
  });

  it("no decision leaves codebot's own answer: the call is refused for lack of a rule", async () => {
    const s = await startSession({
      user: { hooks: { PermissionRequest: [group("", command("cat > /dev/null; echo '{}'"))] } },
      runtime: { permissionMode: "ask" },
      script: [reply.toolCall("bash", { command: "touch ran" }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("ran"))).toBe(false);
  });

  it("does not fire for a call a rule or the mode already settles", async () => {
    const s = await startSession({
      user: {
        hooks: { PermissionRequest: [group("", command("touch request-ran"))] },
        permissions: { allow: ["bash(echo ok)"], deny: ["bash(rm *)"] },
      },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCall("bash", { command: "echo ok" }, "b1"),
        reply.toolCall("bash", { command: "rm -f nothing" }, "b2"),
        reply.toolCall("read", { file_path: "missing.txt" }, "r1"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "b1")?.isError).toBe(false);
    expect(toolResultFor(s.model, "b2")?.text).toMatch(/deny rule/);
    expect(fs.existsSync(s.at("request-ran"))).toBe(false);
  });

  it("a native blocking entry denies with its reason, and its `if` sees the arguments", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PermissionRequest: [
            command("echo 'not that one' >&2; exit 2", { matcher: "bash", if: "/curl/", blocking: true }),
          ],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [reply.toolCall("bash", { command: "curl example.com" }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^permission denied by hook .*: not that one$/);
  });
});

describe("PermissionDenied", () => {
  it("fires after a deny rule refused a call, with the reason the model got", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PermissionDenied: [
            group("Bash", command("cat > denied.json")),
            group("Read", command("touch read-ran")),
          ],
        },
        permissions: { deny: ["bash(rm *)"] },
      },
      script: [reply.toolCall("bash", { command: "rm -rf build" }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const reason = toolResultFor(s.model, "b1")?.text;
    expect(reason).toMatch(/deny rule "bash\(rm \*\)"/);
    expect(readJson(s.at("denied.json"))).toEqual({
      session_id: s.runtime.sessionId,
      transcript_path: s.runtime.transcriptPath,
      cwd: s.project,
      prompt_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      permission_mode: "bypassPermissions",
      hook_event_name: "PermissionDenied",
      tool_name: "Bash",
      tool_input: { command: "rm -rf build" },
      tool_use_id: "b1",
      reason,
    });
    expect(fs.existsSync(s.at("read-ran"))).toBe(false);
  });

  it("a refused call fires PermissionDenied, and no PostToolUse or PostToolUseFailure: it never ran", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PermissionDenied: [command("cat >> denied.jsonl; echo >> denied.jsonl")],
          PostToolUse: [command("cat >> post.jsonl; echo >> post.jsonl")],
          PostToolUseFailure: [command("cat >> failure.jsonl; echo >> failure.jsonl")],
        },
        permissions: { deny: ["bash(curl *)"] },
      },
      script: [
        reply.toolCall("bash", { command: "curl https://example.com" }, "b1"),
        reply.toolCall("bash", { command: "echo ran" }, "b2"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(s.jsonLines("denied.jsonl").map((l) => l.tool_use_id)).toEqual(["b1"]);
    expect(s.jsonLines("post.jsonl").map((l) => l.tool_use_id)).toEqual(["b2"]);
    expect(fs.existsSync(s.at("failure.jsonl"))).toBe(false);
  });

  it("fires when the user says no, with codebot's native payload for a native entry", async () => {
    const s = await startSession({
      user: { hooks: { PermissionDenied: [command("cat > denied.json")] } },
      runtime: { permissionMode: "ask", askToolApproval: async () => "deny" },
      script: [reply.toolCall("bash", { command: "touch x" }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(readJson(s.at("denied.json"))).toMatchObject({
      event: "PermissionDenied",
      tool: "bash",
      tool_use_id: "b1",
      agent: "main",
      args: { command: "touch x" },
      reason: "permission denied: the user refused this bash call",
    });
  });
});

describe("Notification permission_prompt", () => {
  it("fires once a question has waited unanswered, matched on notification_type", async () => {
    const s = await startSession({
      user: {
        hooks: {
          Notification: [
            group("permission_prompt", command("cat > notified.json")),
            group("idle_prompt", command("touch idle-ran")),
          ],
        },
      },
      runtime: {
        permissionMode: "ask",
        // The person answers only once the hook has told them.
        askToolApproval: async () => {
          await waitFor(() => fs.existsSync(s.at("notified.json")), 10_000, "the permission_prompt hook");
          return "once";
        },
        // claude's 6 s, shortened for the test.
        env: { CODEBOT_PERMISSION_PROMPT_MS: "200" },
      },
      script: [reply.toolCall("bash", { command: "touch hi" }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(readJson(s.at("notified.json"))).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "permission_prompt",
      message: "codebot needs your permission to use bash",
    });
    expect(fs.existsSync(s.at("idle-ran"))).toBe(false);
  });

  it("a question answered within claude's 6 s fires none", async () => {
    const s = await startSession({
      user: { hooks: { Notification: [group("permission_prompt", command("touch notified"))] } },
      runtime: { permissionMode: "ask", askToolApproval: async () => "once" },
      script: [reply.toolCall("bash", { command: "touch hi" }, "b1"), reply.text("done")],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(fs.existsSync(s.at("hi"))).toBe(true);
    expect(fs.existsSync(s.at("notified"))).toBe(false);
  });
});
