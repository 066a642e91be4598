import { programName, unquote } from "./shell-words.js";

/**
 * Command lines an interpreter's inline code may hand to a shell or run: `python3 -c
 * "import os; os.system('rm -rf x')"`, `node -e "require('child_process').execSync('rm x')"`,
 * `perl -e 'system("rm", "-rf", "x")'`, `python3 -c "subprocess.run(['rm', '-rf', 'x'])"`. The
 * code is not parsed: each string literal in it is taken as a command line, and so are the
 * literals of a bracketed or parenthesised list joined by spaces (an argument vector). For deny and ask rules only
 * (permission-rules.ts), which a false reading can only make refuse or ask; what code does
 * without naming a command (`shutil.rmtree(x)`, `fs.rmSync(x)`) is not seen.
 */
export function commandsInInlineCode(words: readonly string[]): string[] {
  const first = words[0];
  if (first === undefined) return [];
  const options = CODE_OPTIONS[interpreterOf(programName(first))];
  if (options === undefined) return [];
  const at = words.findIndex((w, k) => k > 0 && options.includes(unquote(w)));
  const code = at === -1 ? undefined : words[at + 1];
  return code === undefined ? [] : literalLines(unquote(code));
}

/** The options whose value is the code each interpreter runs. */
const CODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  python: ["-c"],
  node: ["-e", "--eval", "-p", "--print"],
  perl: ["-e", "-E"],
  ruby: ["-e"],
  php: ["-r"],
};

/** `python3.12` → `python`, `nodejs` → `node`, `bun`/`deno` run node-style code. */
function interpreterOf(program: string): string {
  if (/^python[23]?(\.\d+)*$/.test(program)) return "python";
  if (program === "nodejs" || program === "bun") return "node";
  return program.replace(/[0-9.]+$/, "");
}

const LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
/** A bracketed or parenthesised list: `['rm', '-rf', x]`, `system("rm", "-rf", "x")`. */
const LIST = /[[(]([^[\]()]*)[\])]/g;

function literalLines(code: string): string[] {
  const lines = [...code.matchAll(LITERAL)].map(([, , text]) => text as string);
  for (const [, inside] of code.matchAll(LIST)) {
    const items = [...(inside as string).matchAll(LITERAL)].map(([, , text]) => text as string);
    if (items.length > 1) lines.push(items.join(" "));
  }
  return lines.filter((line) => line.trim() !== "");
}
