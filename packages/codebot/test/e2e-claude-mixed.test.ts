/**
 * Native entries and Claude Code groups in one settings file, each under its own rules (§3, §11),
 * through the runtime.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group, promptText, startSession, toolResultFor } from "./support/e2e.js";

describe("native entries and Claude Code groups in one file", () => {
  it("a native non-blocking entry's block is ignored while a group hook's exit 2 blocks", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [
            command("echo 'native says no' >&2; exit 2", { matcher: "bash", if: "/native/" }),
            group(
              "Bash",
              command(
                `jq -e '.tool_input.command | test("group")' > /dev/null && { echo 'group says no' >&2; exit 2; }; exit 0`,
              ),
            ),
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo native > native.txt" }, "c-native")),
        reply.toolCalls(toolCall("bash", { command: "echo group > group.txt" }, "c-group")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("native.txt"), "utf8")).toBe("native\n");
    expect(toolResultFor(s.model, "c-native")).toEqual({ text: "(no output)", isError: false });
    expect(fs.existsSync(s.at("group.txt"))).toBe(false);
    expect(toolResultFor(s.model, "c-group")).toEqual({ text: "hook: group says no", isError: true });
    const ignored = s.events.flatMap((e) =>
      e.kind === "hook" && e.record.decision?.ignored ? [e.record.decision.ignored] : [],
    );
    expect(ignored).toEqual(["not a blocking hook"]);
  });

  it("a native entry gets codebot's payload and a group hook Claude Code's, for the same call", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PostToolUse: [
            command("cat > native.json", { matcher: "write" }),
            group("Write", command("cat > claude.json")),
          ],
        },
      },
      runtime: { permissionMode: "bypassPermissions" },
      script: [
        reply.toolCalls(toolCall("write", { file_path: "src/x.ts", content: "x" }, "c1")),
        reply.text("ok"),
      ],
    });
    await s.runtime.prompt("write");
    await s.runtime.close();
    const native = JSON.parse(fs.readFileSync(s.at("native.json"), "utf8"));
    const claude = JSON.parse(fs.readFileSync(s.at("claude.json"), "utf8"));
    expect(native).toEqual({
      event: "PostToolUse",
      session_id: s.runtime.sessionId,
      cwd: s.project,
      transcript_path: s.runtime.transcriptPath,
      tool: "write",
      tool_use_id: "c1",
      agent: "main",
      args: { file_path: "src/x.ts", content: "x" },
      output: "created src/x.ts (1 bytes)",
      is_error: false,
    });
    expect(claude).toEqual({
      session_id: s.runtime.sessionId,
      transcript_path: s.runtime.transcriptPath,
      cwd: s.project,
      prompt_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      permission_mode: "bypassPermissions",
      hook_event_name: "PostToolUse",
      tool_name: "Write",
      tool_input: { file_path: path.join(s.project, "src/x.ts"), content: "x" },
      tool_use_id: "c1",
      tool_response: {
        type: "create",
        filePath: path.join(s.project, "src/x.ts"),
        content: "x",
        structuredPatch: [],
        originalFile: null,
        userModified: false,
        output: "created src/x.ts (1 bytes)",
        success: true,
      },
      duration_ms: expect.any(Number),
    });
  });

  it("a group's hooks run concurrently (two 3 s sleeps take well under the 6 s they would take in turn) and merge in configuration order", async () => {
    const s = await startSession({
      user: {
        hooks: {
          UserPromptSubmit: [
            group(
              "",
              command("sleep 3; sleep 0.2; echo 'first, finishes last'"),
              command("sleep 3; echo 'second, finishes first'"),
            ),
          ],
        },
      },
      script: [reply.text("ok")],
    });
    const started = performance.now();
    await s.runtime.prompt("hi");
    // In turn they would take 6.2 s; the margin is for a loaded machine.
    expect(performance.now() - started).toBeLessThan(5_500);
    expect(promptText(s.model.requests[0], "user")[0]).toBe(
      "<system-reminder>\nfirst, finishes last\n\nsecond, finishes first\n</system-reminder>",
    );
  });

  it("the settings env reaches bash and command hooks of both styles", async () => {
    const s = await startSession({
      user: {
        env: { TEAM: "platform" },
        hooks: {
          PreToolUse: [
            command('printf %s "$TEAM" > native-env.txt', { matcher: "bash" }),
            group("Bash", command('printf %s "$TEAM" > claude-env.txt')),
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: 'printf %s "$TEAM" > bash-env.txt' })),
        reply.text("ok"),
      ],
    });
    await s.runtime.prompt("go");
    for (const file of ["native-env.txt", "claude-env.txt", "bash-env.txt"]) {
      expect(fs.readFileSync(s.at(file), "utf8")).toBe("platform");
    }
  });
});
