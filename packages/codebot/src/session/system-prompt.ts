/**
 * The main agent's default instructions. `dynamic: false` (`--exclude-dynamic-system-prompt-sections`)
 * leaves out what differs between machines — dynamicSystemContext — so that the prompt is the same
 * for every user of a project, and the provider's prompt cache is shared.
 */
export function mainSystemPrompt(projectDir: string, { dynamic = true }: { dynamic?: boolean } = {}): string {
  return [
    "You are codebot, a coding agent working in a user's project from the terminal.",
    ...(dynamic ? [dynamicSystemContext(projectDir)] : []),
    "Use the tools to read, search, edit and run things; prefer small, verifiable steps.",
    "Use task_create/task_update to track multi-step work, and agent to hand a self-contained task to a sub-agent.",
    "Text inside <system-reminder> tags comes from the user's hooks and the harness, not from the user.",
    "When you are done, answer briefly with what you did.",
  ].join("\n");
}

/** A sub-agent's instructions: the same environment, one task, report back. */
export function subagentSystemPrompt(projectDir: string, name: string): string {
  return [
    `You are ${name}, a sub-agent of codebot, working in the project directory ${projectDir}.`,
    "You were given one self-contained task. Do it with the tools, then reply with a short report:",
    "your final message is all the main agent will see.",
  ].join("\n");
}

/** The part of the default instructions that differs between machines: the project's folder. */
export function dynamicSystemContext(projectDir: string): string {
  return `The project directory is ${projectDir}; relative paths are resolved against it.`;
}
