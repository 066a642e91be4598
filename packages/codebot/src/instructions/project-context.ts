import type { LoadedInstructions } from "./instruction-file.js";

const SCOPE_LABEL = {
  user: "the user's own instructions, for all projects",
  project: "project instructions, checked into the repository",
  local: "the user's private instructions for this project",
} as const;

/**
 * The instruction files as one block of project context for the model, each labelled with its
 * path; undefined when there are none. It goes into the conversation (not the system prompt), so
 * it can be given again when the conversation is compacted.
 */
export function projectContext(loaded: LoadedInstructions): string | undefined {
  if (loaded.files.length === 0) return undefined;
  const parts = loaded.files.map((file) => {
    const origin = file.importedBy !== undefined ? `, imported by ${file.importedBy}` : "";
    return `Contents of ${file.path} (${SCOPE_LABEL[file.scope]}${origin}):\n\n${file.text.trimEnd()}`;
  });
  return [
    "Instructions from the user's and the project's instruction files follow. Follow them; where two disagree, the later one takes precedence.",
    ...parts,
  ].join("\n\n");
}
