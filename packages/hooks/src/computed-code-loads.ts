/**
 * Whether an interpreter's inline code (`node -e`, `python3 -c`, `perl -e`, `ruby -e`, `php -r`,
 * `lua -e`, code on stdin) may run a file by a name it works out as it runs (§8,
 * script-references.ts): `require('./' + x)`, `exec(open(name).read())`, `eval`, a child
 * process. What such code runs cannot be read off the command — a name built of pieces, read from
 * a file, listed from a folder — so, failing closed, the code counts as running a project file
 * codebot cannot name. Code that loads only what it names whole (`require('fs')`, `import json`,
 * `JSON.parse(…)`) does not: the files those names are, are read as paths (interpreter-files.ts).
 * A PowerShell command line is read as such code whatever it holds (it runs what it names, as a
 * shell does, and codebot does not read its syntax).
 */

/** A quoted name, whole: `('fs')`, `("json")` — what follows a loader that loads a named module. */
const WHOLE_NAME = String.raw`\s*\(?\s*(["'])[^"'$\\]*\1\s*\)?\s*(?:[;,.\n)]|$)`;

const NODE = new RegExp(
  String.raw`\b(?:require|import)\s*\((?!${WHOLE_NAME})|\beval\s*\(|\bFunction\s*\(|\bvm\b|\bchild_process\b|\bWorker\s*\(|\bmodule\._compile\b|\bDeno\.(?:run|Command)\b`,
);
const PYTHON = new RegExp(
  String.raw`\b(?:exec|eval|compile|execfile)\s*\(|\b__import__\s*\((?!${WHOLE_NAME})|\b(?:importlib|runpy|subprocess|pickle|marshal|ctypes|imp|pty)\b|\bos\s*\.\s*(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*)\b`,
);
const PERL = /\b(?:do|eval|system|exec|qx)\b|`|\brequire\s+(?![\w:]+\s*(?:;|$))|\bopen\s*\([^)]*\|/;
const RUBY = new RegExp(
  String.raw`\b(?:load|eval|instance_eval|class_eval|module_eval|system|exec|spawn|fork)\b|\x60|%x|\b(?:require|require_relative)\b(?!${WHOLE_NAME})`,
);
const PHP =
  /\b(?:include|include_once|require|require_once|eval|system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\b|`/;
const LUA = /\b(?:dofile|loadfile|load|loadstring|os\.execute|io\.popen)\b|\brequire\s*\(?\s*[^"'\s(]/;

const FAMILIES: Readonly<Record<string, RegExp>> = {
  node: NODE,
  tsx: NODE,
  "ts-node": NODE,
  bun: NODE,
  deno: NODE,
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  perl: PERL,
  ruby: RUBY,
  php: PHP,
  lua: LUA,
  pwsh: /[\s\S]/,
};

/** Whether `interpreter`'s inline `code` may run a file by a name it works out (see above). */
export function runsComputedCode(interpreter: string, code: string): boolean {
  return FAMILIES[interpreter]?.test(code) === true;
}
