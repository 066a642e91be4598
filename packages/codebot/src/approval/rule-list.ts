/**
 * A list of permission rules written as one string, as Claude Code takes them (`--allowedTools`,
 * a skill's `allowed-tools`): separated by commas or spaces outside parentheses
 * (`"Bash(git diff *),Edit Read"`).
 */
export function splitRuleList(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of value) {
    if (c === "(") depth++;
    if (c === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === "," || /\s/.test(c))) {
      if (current !== "") out.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  if (current !== "") out.push(current);
  return out;
}
