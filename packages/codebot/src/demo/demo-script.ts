import { reply, type ScriptedRequest, type ScriptStep, toolCall } from "@codebot/agentcore/testing";

/** What the demo's user types, in order. */
export const DEMO_PROMPTS = [
  "Clean out the old build, look at my notes, then write greet.txt.",
  "Track the 1.0 release as a task and mark it done.",
] as const;

/**
 * The scripted model's turns, one per model call. It behaves like a model that does what it is
 * told and reacts to what the hooks tell it; the hooks and tools it meets are real.
 */
export const DEMO_SCRIPT: ScriptStep<ScriptedRequest>[] = [
  // Prompt 1: the guard refuses rm -rf.
  reply.turn({
    text: "I'll start by clearing the old build output.",
    toolCalls: [toolCall("bash", { command: "rm -rf build" })],
  }),
  // The rewrite hook turns `cat` into `cat -n`.
  reply.turn({
    text: "A hook refused that, so I'll leave build/ alone. Let me read the notes.",
    toolCalls: [toolCall("bash", { command: "cat notes.txt" })],
  }),
  reply.turn({
    text: "Now the greeting.",
    toolCalls: [toolCall("write", { file_path: "greet.txt", content: "Helo world\n" })],
  }),
  // A natural stop with a change: PostStopValidation runs and fails.
  reply.text("Done: greet.txt is written."),
  reply.turn({
    text: "The validation hook says the greeting is wrong. Fixing it.",
    toolCalls: [
      toolCall("edit", { file_path: "greet.txt", old_string: "Helo world", new_string: "Hello, world!" }),
    ],
  }),
  reply.text("Fixed: greet.txt now says Hello, world!"),
  // Prompt 2: TaskCompleted refuses to complete the release.
  reply.turn({
    text: "Creating the task.",
    toolCalls: [toolCall("task_create", { subject: "Release 1.0", description: "Tag and publish 1.0" })],
  }),
  reply.toolCall("task_update", { task_id: "1", status: "completed" }),
  reply.text(
    "A hook kept the release task open: it needs a CHANGELOG.md entry first. The task stays pending.",
  ),
];
