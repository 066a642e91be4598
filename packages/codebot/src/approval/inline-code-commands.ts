import { interpreterName, interpreterRun, isShell } from "@codebot/hooks";
import { wordExpands } from "./shell-expansion.js";
import { unquote } from "./shell-words.js";

/**
 * Command lines an interpreter's inline code may hand to a shell or run: `python3 -c
 * "import os; os.system('rm -rf x')"`, `node -e "require('child_process').execSync('rm x')"`,
 * `perl -e 'system("rm", "-rf", "x")'`, `python3 -c "subprocess.run(['rm', '-rf', str(p)])"`. The
 * code is found as the consent fingerprints find it (the hooks engine's interpreterRun: `-c code`,
 * bundled `-Ic code`, `perl -le code`, attached `-c"code"`, `--eval=code`); it is not parsed: each
 * string literal in it is taken as a command line, and so is each run of literals separated by
 * commas, joined by spaces (an argument vector). Code the line does not show (`python3 -c "$C"`,
 * the whole code an expansion) could run anything: "anything". Shells' `-c` strings are read as
 * command lines elsewhere (commands-run-by.ts). For deny and ask rules only (permission-rules.ts),
 * which a false reading can only make refuse or ask; what code does without naming a command
 * (`shutil.rmtree(x)`, `fs.rmSync(x)`) is not seen.
 */
export function commandsInInlineCode(words: readonly string[]): string[] | "anything" {
  const first = words[0];
  const name = first === undefined ? undefined : interpreterName(unquote(first));
  if (name === undefined || isShell(name)) return [];
  const { code } = interpreterRun(name, words.slice(1).map(unquote));
  if (code === undefined) return [];
  const raw = words[code.at + 1] as string;
  const text = unquote(raw).slice(code.from);
  // The whole code an expansion (`"$C"`, `"$(cat x)"`): its text is not on the line.
  return wordExpands(raw) && text.trimStart().startsWith("$") ? "anything" : literalLines(text);
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
