/**
 * The names of the files an interpreter loads beyond the words that name them as paths (§8):
 * node's resolution (`node -r ./setup` loads `setup.js`), `python3 -m pkg.tool` (`pkg/__init__.py`,
 * `pkg/tool.py` or `pkg/tool/__main__.py`), `perl -I lib -MFoo::Bar` (`lib/Foo/Bar.pm`), and the
 * quoted paths in inline code (`node -e "require('./x')"`, `python3 -c "exec(open('x.py').read())"`),
 * and the modules inline code imports (`python3 -c 'import hook'`, `perl -e 'use Foo'`).
 * Names only, relative to where the command runs: script-references.ts keeps those that are files
 * inside the project.
 */
import path from "node:path";
import { type InterpreterRun, isShell, type OptionValue } from "./interpreter-syntax.js";

const NODE_FAMILY = new Set(["node", "tsx", "ts-node", "bun"]);
const NODE_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".node"];
/** A quoted string in code: the paths it may name (`'./x'`, `"lib/y.py"`). */
const STRING_LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\n]){0,400})\1/g;
/** What may stand between two strings the code joins into one: `+`, `.` or nothing (Python). */
const LITERAL_JOIN = /^\s*[+.]?\s*$/;
/** awk: the command lines `system("…")` runs and `"…" | getline` or `print | "…"` pipe through. */
const AWK_COMMAND =
  /(?:system\s*\(\s*|\|\s*)(["'])((?:\\.|(?!\1)[^\\\n]){1,400})\1|(["'])((?:\\.|(?!\3)[^\\\n]){1,400})\3\s*\|/g;
const AWK_FAMILY = new Set(["awk", "gawk", "mawk", "nawk"]);
const PYTHON_FAMILY = /^python[23]?$/;
/** `import a.b, c as d` at a statement's start (after a newline, `;` or `:`). */
const PYTHON_IMPORT = /(?:^|[\n;:])\s*import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)/g;
/** `from a.b import c, d` or `from a import (c, d)`; relative imports (`from . import x`) fail in `-c` code. */
const PYTHON_FROM_IMPORT =
  /(?:^|[\n;:])\s*from\s+([A-Za-z_][\w.]*)\s+import\s+(\([\w\s,]+\)|[\w\s,]+?)(?=$|[\n;#])/g;
/** `use Foo::Bar;`, `require Foo::Bar;` in perl code. */
const PERL_USE = /\b(?:use|require)\s+([A-Za-z_][\w:]*)/g;

/** The names `text`, a script or a file an option loads, may resolve to: `./x` is `./x.js` to node. */
export function scriptNames(interpreter: string, text: string): string[] {
  if (!NODE_FAMILY.has(interpreter)) return [text];
  return [
    text,
    ...NODE_EXTENSIONS.map((ext) => `${text}${ext}`),
    ...NODE_EXTENSIONS.map((ext) => path.join(text, `index${ext}`)),
  ];
}

/**
 * The quoted strings of code, and those strings joined where the code joins them (`'./n' + '6.js'`
 * in JavaScript or Python, `'./n' . 'x'` in perl or PHP, `'n' '7'` in Python): each run of joined
 * strings as one too, so a name split in pieces is the name still.
 */
function joinedLiterals(code: string): string[] {
  const texts: string[] = [];
  let run: string[] = [];
  let end = -1;
  for (const match of code.matchAll(STRING_LITERAL)) {
    const literal = match[2] as string;
    const joined = end !== -1 && LITERAL_JOIN.test(code.slice(end, match.index));
    if (!joined && run.length > 1) texts.push(run.join(""));
    if (!joined) run = [];
    run.push(literal);
    end = match.index + match[0].length;
    if (literal !== "") texts.push(literal);
  }
  if (run.length > 1) texts.push(run.join(""));
  return texts;
}

/** The file names the modules and the inline code of an interpreter run name. */
export function loadedNames(interpreter: string, args: readonly string[], run: InterpreterRun): string[] {
  const value = ({ at, from }: OptionValue) => (args[at] as string).slice(from);
  const names = run.modules.flatMap((m) =>
    interpreter === "perl"
      ? perlModuleNames(value(m), run.searchPath.map(value))
      : pythonModuleNames(value(m)),
  );
  // A shell's code is a command line of its own (script-references.ts reads it as one).
  if (run.code !== undefined && !isShell(interpreter))
    names.push(...codeNames(interpreter, value(run.code), run.searchPath.map(value)));
  return names;
}

/**
 * The file names in an interpreter's code other than a shell's (given by `-c`/`-e`, or on stdin:
 * `python3 <<EOF`): its quoted paths and the modules it imports.
 */
export function codeNames(interpreter: string, code: string, searchPath: readonly string[] = []): string[] {
  const names: string[] = [];
  if (AWK_FAMILY.has(interpreter))
    // Only what it runs: awk's other strings are data, or files it reads or writes (`> "out"`).
    for (const [, , runs, , piped] of code.matchAll(AWK_COMMAND))
      names.push(...((runs ?? piped) as string).split(/\s+/).filter((w) => w !== ""));
  else
    for (const literal of joinedLiterals(code))
      names.push(...scriptNames(interpreter, literal), ...literalModuleNames(interpreter, literal));
  names.push(...importedNames(interpreter, code, searchPath));
  return names;
}

/**
 * The modules inline code imports by name, where the command runs first: `python3 -c 'import
 * hook'` loads `./hook.py` before any installed module of that name (the directory of `-c` code
 * heads `sys.path`), `perl -e 'use Foo'` searches `-I` directories and (old perls) `.`.
 */
function importedNames(interpreter: string, code: string, searchPath: readonly string[]): string[] {
  if (PYTHON_FAMILY.test(interpreter))
    return pythonImports(code).flatMap((module) => pythonModuleNames(module));
  if (interpreter === "perl")
    return [...code.matchAll(PERL_USE)].flatMap(([, module]) =>
      perlModuleNames(module as string, searchPath),
    );
  return [];
}

/** `import a.b, c as d`, `from a import b, c` (b and c may be modules of package a). */
function pythonImports(code: string): string[] {
  const modules: string[] = [];
  for (const [, list] of code.matchAll(PYTHON_IMPORT))
    for (const item of (list as string).split(",")) modules.push(item.trim().split(/\s+/)[0] as string);
  for (const [, from, list] of code.matchAll(PYTHON_FROM_IMPORT)) {
    modules.push(from as string);
    for (const item of (list as string).replace(/[()]/g, "").split(","))
      modules.push(`${from}.${item.trim().split(/\s+/)[0]}`);
  }
  return modules;
}

/** `__import__('hook')`, `importlib.import_module("hook")`, `require 'x'` in ruby: a quoted module name. */
function literalModuleNames(interpreter: string, literal: string): string[] {
  if (PYTHON_FAMILY.test(interpreter)) return pythonModuleNames(literal);
  if (interpreter === "ruby" && !literal.endsWith(".rb")) return [`${literal}.rb`];
  return [];
}

/** `pkg.tool`: each package's `__init__.py`, then `pkg/tool.py`, `pkg/tool/__init__.py`, `pkg/tool/__main__.py`. */
export function pythonModuleNames(module: string): string[] {
  if (!/^[A-Za-z_][\w.]*$/.test(module)) return [];
  const parts = module.split(".");
  const packages = parts.slice(0, -1).map((_, k) => path.join(...parts.slice(0, k + 1), "__init__.py"));
  const own = path.join(...parts);
  return [...packages, `${own}.py`, path.join(own, "__init__.py"), path.join(own, "__main__.py")];
}

/** `-MFoo::Bar=x`, `-M-strict`: `Foo/Bar.pm` in each `-I` directory and where the command runs. */
function perlModuleNames(value: string, searchPath: readonly string[]): string[] {
  const module = value.replace(/^-/, "").replace(/[= ].*$/s, "");
  if (!/^[A-Za-z_][\w:]*$/.test(module)) return [];
  const file = `${module.split("::").join("/")}.pm`;
  return [...searchPath.map((dir) => path.join(dir, file)), file];
}
