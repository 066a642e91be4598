/**
 * Claude Code reads front-matter that is not strict YAML: a plain value holding `: ` or starting
 * with `[` (`description: Show the board: debt as bounties`, `argument-hint: [file] [focus]`) is
 * still text to it. Published plugins rely on that. This rewrites such top-level values as quoted
 * strings so the YAML parser accepts them; a line that parses on its own is left as it is.
 */

type Parse = (source: string) => unknown;

/**
 * A top-level `key: value` line (no indentation) with a plain value: not quoted, not a block
 * scalar, and not an anchor, alias or tag (an alias bomb stays the error it is).
 */
const TOP_LEVEL_VALUE = /^([A-Za-z0-9_][A-Za-z0-9_-]*):[ \t]+([^'"|>&*!\s].*?)[ \t]*$/;

/** The source with each top-level value YAML rejects quoted, or undefined when there is none. */
export function quoteLooseValues(source: string, parse: Parse): string | undefined {
  let changed = false;
  const lines = source.split(/\r?\n/).map((line) => {
    const match = TOP_LEVEL_VALUE.exec(line);
    if (!match) return line;
    const [, key, value] = match as unknown as [string, string, string];
    if (parsesAlone(line, parse)) return line;
    changed = true;
    return `${key}: ${JSON.stringify(value)}`;
  });
  return changed ? lines.join("\n") : undefined;
}

function parsesAlone(line: string, parse: Parse): boolean {
  try {
    parse(line);
    return true;
  } catch {
    return false;
  }
}
