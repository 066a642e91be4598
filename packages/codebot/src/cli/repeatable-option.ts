/** A commander option given more than once (`--mcp-config a --mcp-config b`): each value, in order. */
export function collectValues(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
