/**
 * The files inside a project that a hook command runs (§8): `./hook.sh`, `bash .claude/hooks/x.sh`,
 * `node "$CLAUDE_PROJECT_DIR"/hooks/a.js`, `python3 -u tools/check.py`, `sh < setup.sh`. Their
 * content is part of what the user approves, so editing one asks again. A light shell lexer, not
 * a shell: it sees the words the command names directly, not files those scripts read in turn.
 */
import fs from "node:fs";
import path from "node:path";

/** Commands whose first non-option argument is a script they run. */
const INTERPRETERS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "fish",
  "source",
  ".",
  "node",
  "deno",
  "bun",
  "tsx",
  "ts-node",
  "python",
  "python2",
  "python3",
  "ruby",
  "perl",
  "php",
  "lua",
  "pwsh",
]);
/** Arguments with these endings name a script whatever runs them (`npx tsx x.ts`, `deno run x.ts`). */
const SCRIPT_EXTENSION = /\.(sh|bash|zsh|fish|js|mjs|cjs|ts|mts|cts|py|rb|pl|php|lua|ps1)$/;
/** A variable a command hook gets for the project directory (§5, §11), at the start of the text. */
const PROJECT_VARIABLE =
  /^\$(?:\{(?:CLAUDE_PROJECT_DIR|CODEBOT_PROJECT_DIR)\}|(?:CLAUDE_PROJECT_DIR|CODEBOT_PROJECT_DIR)(?![A-Za-z0-9_]))/;

interface Word {
  text: string;
  /** First word of a simple command (after `;`, `&&`, `|`, `(`, a newline, or variable assignments). */
  commandPosition: boolean;
  /** The word after `<`. */
  inputRedirect: boolean;
  /** The word after `>`, `>>` (a file written, not run). */
  outputRedirect: boolean;
}

/**
 * Absolute paths of the existing regular files, lexically inside `projectDir`, that `command`
 * names as something to run, in order, without repeats.
 */
export function referencedScripts(command: string, projectDir: string): string[] {
  const root = path.resolve(projectDir);
  const found: string[] = [];
  const words = splitWords(command, root);
  let interpreterArgs = false;
  for (const word of words) {
    if (word.outputRedirect) continue;
    const option = word.text.startsWith("-");
    const runByInterpreter = interpreterArgs && !word.commandPosition && !option;
    if (word.commandPosition) interpreterArgs = INTERPRETERS.has(path.basename(word.text));
    else if (!option) interpreterArgs = false;
    const named =
      word.inputRedirect ||
      runByInterpreter ||
      word.text.includes("/") ||
      (!word.commandPosition && SCRIPT_EXTENSION.test(word.text));
    if (!named) continue;
    const file = path.resolve(root, word.text);
    const rel = path.relative(root, file);
    if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel) || found.includes(file)) continue;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    // A path argument elsewhere (`cat data/x.json`) counts only when it is a program: `exec ./x`, `xargs ./x`.
    const runs =
      word.inputRedirect || runByInterpreter || word.commandPosition || SCRIPT_EXTENSION.test(word.text);
    if (runs || (stat.mode & 0o111) !== 0) found.push(file);
  }
  return found;
}

/** Splits like a POSIX shell would for this purpose: quotes, backslashes, operators, project variables. */
function splitWords(command: string, projectDir: string): Word[] {
  /** The length of the project variable starting at `at`; 0 when there is none. */
  const variableAt = (text: string, at: number): number =>
    PROJECT_VARIABLE.exec(text.slice(at))?.[0].length ?? 0;
  const words: Word[] = [];
  let current = "";
  let inWord = false;
  let commandPosition = true;
  let redirect: "in" | "out" | undefined;
  const finish = () => {
    if (!inWord) return;
    const assignment = commandPosition && /^[A-Za-z_][A-Za-z0-9_]*=/.test(current);
    words.push({
      text: current,
      commandPosition: commandPosition && !assignment && redirect === undefined,
      inputRedirect: redirect === "in",
      outputRedirect: redirect === "out",
    });
    if (redirect === undefined && !assignment) commandPosition = false;
    redirect = undefined;
    current = "";
    inWord = false;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      const stop = end === -1 ? command.length : end;
      current += command.slice(i + 1, stop);
      inWord = true;
      i = stop;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        const variable = command[j] === "$" ? variableAt(command, j) : 0;
        if (variable > 0) {
          current += projectDir;
          j += variable - 1;
          continue;
        }
        if (command[j] === "\\" && j + 1 < command.length) j++;
        current += command[j];
      }
      inWord = true;
      i = j;
    } else if (c === "\\" && i + 1 < command.length) {
      current += command[i + 1];
      inWord = true;
      i++;
    } else if (c === "$" && variableAt(command, i) > 0) {
      current += projectDir;
      i += variableAt(command, i) - 1;
      inWord = true;
    } else if (/\s/.test(c) && c !== "\n") {
      finish();
    } else if (c === "&" && command[i + 1] === ">") {
      // `&>file`: both streams to a file.
      finish();
      redirect = "out";
      i++;
      while (command[i + 1] === ">") i++;
    } else if (c === ";" || c === "&" || c === "|" || c === "(" || c === ")" || c === "`" || c === "\n") {
      finish();
      commandPosition = true;
      redirect = undefined;
    } else if (c === "<" || c === ">") {
      // `2>`: the digit belonged to the operator, not to a word.
      if (/^\d+$/.test(current)) {
        current = "";
        inWord = false;
      }
      finish();
      redirect = c === "<" ? "in" : "out";
      while (command[i + 1] === ">" || command[i + 1] === "&") i++;
    } else {
      current += c;
      inWord = true;
    }
  }
  finish();
  return words;
}
