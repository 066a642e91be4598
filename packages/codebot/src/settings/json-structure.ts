import { createScanner, visit } from "jsonc-parser";

/** jsonc-parser's SyntaxKind values (a const enum, which this build cannot import). */
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const EOF = 17;

/** Deeper than any settings file needs; deeper ones are refused before a recursive parser sees them. */
export const MAX_SETTINGS_DEPTH = 64;

/** A structural problem of a JSON(C) text, at a character offset. */
export interface StructureProblem {
  offset: number;
  message: string;
}

/**
 * Nesting deeper than MAX_SETTINGS_DEPTH, found with the scanner alone (iterative, so a text of
 * a million `[` cannot overflow the stack), before anything parses the text recursively.
 */
export function tooDeep(text: string): StructureProblem | undefined {
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      depth += 1;
      if (depth > MAX_SETTINGS_DEPTH)
        return {
          offset: scanner.getTokenOffset(),
          message: `nested deeper than ${MAX_SETTINGS_DEPTH} levels`,
        };
    } else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/**
 * The first key that cannot be taken as written:
 * - one that appears twice in one object (JSON.parse and most parsers silently keep the last one,
 *   so a reviewer may read the first and codebot would run the second), with where it first was;
 * - `__proto__`: the parser assigns keys, and that one sets the object's prototype instead of a
 *   property, so what is under it is read as the entry's fields (its `command`, its `env`) while
 *   a hook's fingerprint, made from the entry's own keys, leaves it out — a project could change
 *   an approved hook without being asked again.
 * Only for a text that is not too deep.
 */
export function keyProblem(text: string): (StructureProblem & { firstOffset?: number }) | undefined {
  const objects: Map<string, number>[] = [];
  let found: (StructureProblem & { firstOffset?: number }) | undefined;
  visit(
    text,
    {
      onObjectBegin: () => {
        objects.push(new Map());
      },
      onObjectEnd: () => {
        objects.pop();
      },
      onObjectProperty: (property, offset) => {
        const keys = objects[objects.length - 1];
        if (keys === undefined || found !== undefined) return;
        if (property === "__proto__") {
          found = {
            offset,
            message: 'key "__proto__" is not allowed (JavaScript reads it as the object\'s prototype)',
          };
          return;
        }
        const first = keys.get(property);
        if (first !== undefined)
          found = { offset, firstOffset: first, message: `duplicate key ${JSON.stringify(property)}` };
        else keys.set(property, offset);
      },
    },
    { allowTrailingComma: true, disallowComments: false },
  );
  return found;
}
