import { RE2JS } from "re2js";

/** A compiled glob: answers whether a whole string matches. */
export interface GlobPattern {
  readonly source: string;
  matches(text: string): boolean;
}

export interface GlobOptions {
  /** `*` and `?` also match `/` (for shell commands, which are not paths). */
  crossSlash?: boolean;
}

/**
 * Compiles a glob (`*`, `**`, `?`, `[...]`, `{a,b}`, `\x`) to an anchored RE2 regex. Globs come from
 * the model and from settings files, so matching must stay linear-time whatever the pattern.
 */
export function compileGlob(pattern: string, options: GlobOptions = {}): GlobPattern {
  const regex = translate(pattern, options.crossSlash === true);
  const compiled = RE2JS.compile(regex, RE2JS.DOTALL);
  return { source: pattern, matches: (text) => compiled.matches(text) };
}

function translate(pattern: string, crossSlash: boolean): string {
  const star = crossSlash ? ".*" : "[^/]*";
  const one = crossSlash ? "." : "[^/]";
  let out = "";
  let braceDepth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "\\" && i + 1 < pattern.length) {
      out += RE2JS.quote(pattern[++i] as string);
    } else if (c === "*") {
      if (pattern[i + 1] === "*") {
        i++;
        // `**/` also matches "no directory at all", so `**/*.ts` finds top-level files too.
        if (pattern[i + 1] === "/") {
          i++;
          out += "(?:.*/)?";
        } else {
          out += ".*";
        }
      } else {
        out += star;
      }
    } else if (c === "?") {
      out += one;
    } else if (c === "[") {
      const end = pattern.indexOf("]", i + 2);
      if (end === -1) {
        out += "\\[";
      } else {
        out += characterClass(pattern.slice(i + 1, end));
        i = end;
      }
    } else if (c === "{") {
      braceDepth++;
      out += "(?:";
    } else if (c === "}" && braceDepth > 0) {
      braceDepth--;
      out += ")";
    } else if (c === "," && braceDepth > 0) {
      out += "|";
    } else {
      out += RE2JS.quote(c);
    }
  }
  // An unclosed `{` is closed at the end rather than rejected: the pattern still means something.
  out += ")".repeat(braceDepth);
  return out;
}

function characterClass(body: string): string {
  let out = "[";
  let rest = body;
  if (rest.startsWith("!") || rest.startsWith("^")) {
    out += "^";
    rest = rest.slice(1);
  }
  for (const c of rest) out += c === "-" ? "-" : c.replace(/[\\\]^[]/g, "\\$&");
  return `${out}]`;
}
