#!/usr/bin/env node
// PreToolUse (Bash): turn `rm <files>` into a move to .trash/, so a deletion can be undone.
// Answers with updatedInput and lets the rewritten command run without a permission prompt.
let raw = "";
process.stdin.on("data", (chunk) => (raw += chunk));
process.stdin.on("end", () => {
  const input = JSON.parse(raw);
  const command = (input.tool_input.command || "").trim();
  const match = /^rm\s+([^-;&|<>`$][^;&|<>`$]*)$/.exec(command);
  if (!match) process.exit(0);
  const rewritten = `mkdir -p .trash && mv -- ${match[1]} .trash/`;
  console.log(
    JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "rm is redirected to .trash/",
        updatedInput: { ...input.tool_input, command: rewritten },
      },
    }),
  );
});
