/**
 * The names of the files an interpreter loads beyond the words that name them as paths (§8):
 * node's resolution (`node -r ./setup` loads `setup.js`), `python3 -m pkg.tool` (`pkg/__init__.py`,
 * `pkg/tool.py` or `pkg/tool/__main__.py`), `perl -I lib -MFoo::Bar` (`lib/Foo/Bar.pm`), and the
 * quoted paths in inline code (`node -e "require('./x')"`, `python3 -c "exec(open('x.py').read())"`).
 * Names only, relative to where the command runs: script-references.ts keeps those that are files
 * inside the project.
 */
import path from "node:path";
import { type InterpreterRun, isShell, type OptionValue } from "./interpreter-syntax.js";

const NODE_FAMILY = new Set(["node", "tsx", "ts-node", "bun"]);
const NODE_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".node"];
/** A quoted string in code: the paths it may name (`'./x'`, `"lib/y.py"`). */
const STRING_LITERAL = /(["'`])([^"'`\n]{1,400})\1/g;

/** The names `text`, a script or a file an option loads, may resolve to: `./x` is `./x.js` to node. */
export function scriptNames(interpreter: string, text: string): string[] {
  if (!NODE_FAMILY.has(interpreter)) return [text];
  return [
    text,
    ...NODE_EXTENSIONS.map((ext) => `${text}${ext}`),
    ...NODE_EXTENSIONS.map((ext) => path.join(text, `index${ext}`)),
  ];
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
    for (const [, , literal] of value(run.code).matchAll(STRING_LITERAL))
      names.push(...scriptNames(interpreter, literal as string));
  return names;
}

/** `pkg.tool`: each package's `__init__.py`, then `pkg/tool.py`, `pkg/tool/__init__.py`, `pkg/tool/__main__.py`. */
function pythonModuleNames(module: string): string[] {
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
