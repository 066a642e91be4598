/**
 * Several texts for the model (instructions, hooks' additionalContext) as one, blank-line
 * separated; undefined when none says anything.
 */
export function joinContext(...parts: (string | undefined)[]): string | undefined {
  const given = parts.filter((part): part is string => part !== undefined && part !== "");
  return given.length > 0 ? given.join("\n\n") : undefined;
}
