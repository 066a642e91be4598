/**
 * A command hook whose JSON answer is over 1 MiB: a decision after 2 MiB of whitespace, a
 * 2 MB additionalContext. claude 2.1.328 reads such an answer whole and its decision holds
 * (recorded, docs/runtime.md "Faults tried"); codebot read 1 MiB of it, and the cut JSON lost the
 * decision (a deny let the call run). A Claude Code group's hook is now read to 32 MiB; a codebot
 * hook keeps HOOKS.md §6.1's 1 MiB.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dirs.js";
import { printRun, requestText } from "./support/cli-fixtures.js";

const TWO_MIB = 2 * 1024 * 1024;

/**
 * A user's hook script (outside the project) printing `answer` once, after `padding` spaces (a
 * cut answer padded after its JSON still parses); Stop's second firing says nothing.
 */
function hookPrinting(answer: object, padding: number): string {
  const file = path.join(tempDir("codebot-big-answer-"), "hook.mjs");
  const text = JSON.stringify(answer);
  fs.writeFileSync(
    file,
    `import fs from "node:fs";
const input = JSON.parse(fs.readFileSync(0, "utf8"));
if (!input.stop_hook_active) process.stdout.write(" ".repeat(${padding}) + ${JSON.stringify(text)});
`,
  );
  return `node ${file}`;
}

/** `codebot -p` calling bash once (it would write ran.txt) under `hooks`; the model then answers "done". */
async function run(hooks: Record<string, unknown>) {
  const { box, r, server } = await printRun(
    "go",
    [
      reply.toolCall("bash", { command: "echo ran > ran.txt" }, "c1"),
      reply.text("done"),
      reply.text("again"),
    ],
    { flags: ["--permission-mode", "bypassPermissions"], settings: { hooks } },
  );
  return { ran: fs.existsSync(box.at("ran.txt")), r, server };
}

const deny = (extra: object = {}) => ({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "denied by the guard",
    ...extra,
  },
});

const preToolUse = (cmd: string) => ({
  PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: cmd }] }],
});

describe("a hook's JSON answer over 1 MiB", () => {
  it("a PreToolUse deny after 2 MiB of whitespace refuses the call", async () => {
    const { ran, r, server } = await run(preToolUse(hookPrinting(deny(), TWO_MIB)));
    expect(r.code, r.stderr).toBe(0);
    expect(ran).toBe(false);
    expect(requestText(server.requests[1])).toContain("denied by the guard");
  });

  it("a PreToolUse answer with a 2 MB additionalContext: the call runs, the model gets the context", async () => {
    const context = {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        additionalContext: `CONTEXT-START${"x".repeat(TWO_MIB)}`,
      },
    };
    const { ran, r, server } = await run(preToolUse(hookPrinting(context, 0)));
    expect(r.code, r.stderr).toBe(0);
    expect(ran).toBe(true);
    expect(requestText(server.requests[1])).toContain("CONTEXT-START");
  });

  it("a codebot hook's answer is read to 1 MiB (HOOKS.md §6.1): one longer is cut, and the run says so", async () => {
    const block = { block: true, reason: `no${"x".repeat(TWO_MIB)}` };
    const native = { PreToolUse: [{ type: "command", command: hookPrinting(block, 0), blocking: true }] };
    const { r } = await run(native);
    expect(r.stderr).toContain("it was longer than codebot reads (1 MiB), so it was cut");
  });

  it("a Stop block after 2 MiB of whitespace sends the model back with its reason", async () => {
    const stop = {
      Stop: [
        {
          hooks: [
            {
              type: "command",
              command: hookPrinting({ decision: "block", reason: "run the tests first" }, TWO_MIB),
            },
          ],
        },
      ],
    };
    const { r, server } = await run(stop);
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(requestText(server.requests[2])).toContain("run the tests first");
    expect(r.stdout).toBe("again\n");
  });
});
