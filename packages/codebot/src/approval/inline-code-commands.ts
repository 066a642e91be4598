import { wordExpands } from "./shell-expansion.js";
import { programName, unquote } from "./shell-words.js";

/**
 * Command lines an interpreter's inline code may hand to a shell or run: `python3 -c
 * "import os; os.system('rm -rf x')"`, `node -e "require('child_process').execSync('rm x')"`,
 * `perl -e 'system("rm", "-rf", "x")'`, `python3 -c "subprocess.run(['rm', '-rf', str(p)])"`. The
 * code is not parsed: each string literal in it is taken as a command line, and so is each run of
 * literals separated by commas, joined by spaces (an argument vector). The code option is found
 * as the interpreter reads it: alone (`-c code`), bundled (`-Ic code`, `perl -le code`, `node -pe
 * code`), attached (`-c"code"`, `--eval=code`). Code the line does not show (`python3 -c "$C"`)
 * could run anything: "anything". For deny and ask rules only (permission-rules.ts), which a false
 * reading can only make refuse or ask; what code does without naming a command
 * (`shutil.rmtree(x)`, `fs.rmSync(x)`) is not seen.
 */
export function commandsInInlineCode(words: readonly string[]): string[] | "anything" {
  const first = words[0];
  if (first === undefined) return [];
  const syntax = CODE_OPTIONS[interpreterOf(programName(first))];
  if (syntax === undefined) return [];
  const code = codeWord(words, syntax);
  if (code === undefined) return [];
  // The whole code an expansion (`"$C"`, `"$(cat x)"`): its text is not on the line.
  const text = unquote(code);
  return wordExpands(code) && text.trimStart().startsWith("$") ? "anything" : literalLines(text);
}

interface CodeSyntax {
  /** Single letters whose value is code (`c` of `-c`), bundled with others or not. */
  letters: string;
  /** Long options whose value is code (`--eval`), as the next word or after `=`. */
  long: readonly string[];
  /** Single letters and long options that take a value, the next word when not attached (`-W x`). */
  valued: string;
  valuedLong?: readonly string[];
}

/** The options whose value is the code each interpreter runs. */
const CODE_OPTIONS: Readonly<Record<string, CodeSyntax>> = {
  python: { letters: "c", long: [], valued: "WXQ" },
  node: {
    letters: "ep",
    long: ["--eval", "--print"],
    valued: "rC",
    valuedLong: [
      "--require",
      "--import",
      "--loader",
      "--conditions",
      "--input-type",
      "--env-file",
      "--title",
    ],
  },
  perl: { letters: "eE", long: [], valued: "" },
  ruby: { letters: "e", long: [], valued: "IrCEF" },
  php: { letters: "r", long: [], valued: "cdz" },
};

/** The code's word, as written (quotes kept): the next word, or the rest of an option's own word. */
function codeWord(words: readonly string[], syntax: CodeSyntax): string | undefined {
  for (let k = 1; k < words.length; k++) {
    const word = words[k] as string;
    const text = unquote(word);
    if (text === "--" || !text.startsWith("-") || text === "-") return undefined;
    if (text.startsWith("--")) {
      const name = text.includes("=") ? text.slice(0, text.indexOf("=")) : text;
      if (syntax.long.includes(name)) return name === text ? words[k + 1] : word.slice(word.indexOf("=") + 1);
      if (name === text && syntax.valuedLong?.includes(name)) k++;
      continue;
    }
    const letters = [...text.slice(1)];
    // `-pe code`: of several code letters, the last takes the value.
    const letter = letters.findIndex(
      (c, i) => syntax.letters.includes(c) && !letters.slice(i + 1).every((d) => syntax.letters.includes(d)),
    );
    const last = letters.length - 1;
    if (letter === -1 && syntax.letters.includes(letters[last] as string)) return words[k + 1];
    if (letter === -1) {
      // `-W ignore`: a letter taking a value takes the rest of the word, or the next word.
      if (letters.findIndex((c) => syntax.valued.includes(c)) === last) k++;
      continue;
    }
    // `-c"code"`: the rest of this word, as written after the letter.
    return word.slice(word.indexOf(text[letter + 1] as string) + 1);
  }
  return undefined;
}

/** `python3.12` → `python`, `nodejs` → `node`, `bun`/`deno` run node-style code. */
function interpreterOf(program: string): string {
  if (/^python[23]?(\.\d+)*$/.test(program)) return "python";
  if (program === "nodejs" || program === "bun") return "node";
  return program.replace(/[0-9.]+$/, "");
}

/** A quoted string, empty or not, with backslash escapes, on one line. */
const LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
/** Literals separated by commas only: `'rm', '-rf'` in `['rm', '-rf', str(p)]`. */
const LITERAL_RUN = /(["'`])(?:\\.|(?!\1)[^\\\n])*\1(?:\s*,\s*(["'`])(?:\\.|(?!\2)[^\\\n])*\2)+/g;

function literalLines(code: string): string[] {
  const literalsOf = (text: string) => [...text.matchAll(LITERAL)].map(([, , inside]) => inside as string);
  const lines = literalsOf(code);
  for (const [run] of code.matchAll(LITERAL_RUN)) lines.push(literalsOf(run).join(" "));
  return lines.filter((line) => line.trim() !== "");
}
