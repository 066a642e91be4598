/**
 * A git configuration file read as the `git -c` options it stands for (§8): a project file named
 * by `GIT_CONFIG_GLOBAL`, `GIT_CONFIG_SYSTEM`, `include.path` or a template's `config` holds keys
 * whose values are programs git runs (`core.pager`, `core.fsmonitor`, `core.sshCommand`,
 * `diff.<x>.textconv`, `filter.<x>.clean`, `alias.<x> = !…`, `credential.helper`, `gpg.program`,
 * `core.hooksPath`…). Read as `git -c key=value …`, every value counts as a command line git may
 * run, failing closed, as a `-c` value on a command line does (nested-commands.ts).
 */
import path from "node:path";
import { fileStart } from "./file-start.js";
import { gitOptions } from "./git-config-env.js";

/** Past this many bytes, the rest of the file is not read. */
const MAX_CONFIG_BYTES = 256 * 1024;

/**
 * `git -c 'section.key=value' …` for the file's entries, or undefined when it holds none (or
 * cannot be read). A relative `include.path`/`includeIf.<cond>.path` is relative to the file's own
 * folder, so it is given as an absolute path.
 */
export function gitConfigFileCommand(file: string): string | undefined {
  const pairs = gitConfigEntries(file).map(({ key, value }) =>
    isIncludePath(key) && !path.isAbsolute(value) && !value.startsWith("~")
      ? { key, value: path.resolve(path.dirname(file), value) }
      : { key, value },
  );
  return gitOptions(pairs.map(({ key, value }) => `${key}=${value}`));
}

/** The entries of a git configuration file (its first 256 KiB; none when it cannot be read). */
export function gitConfigEntries(file: string): { key: string; value: string }[] {
  return configEntries(fileStart(file, MAX_CONFIG_BYTES));
}

/** `include.path`, `includeIf.<condition>.path`: a file of more configuration. */
export function isIncludePath(key: string): boolean {
  return /^include(?:if\..*)?\.path$/is.test(key);
}

/**
 * The `section[.subsection].key` and value of each entry (git-config(1), CONFIGURATION FILE):
 * `[section "sub"]` and `[section.sub]` headers, `key = value` or a bare `key` (true), values
 * with `"…"` parts, `\"`, `\\`, `\n`, `\t` escapes, `#`/`;` comments and `\` line continuations.
 */
function configEntries(text: string): { key: string; value: string }[] {
  const entries: { key: string; value: string }[] = [];
  let section = "";
  let at = 0;
  while (at < text.length) {
    at = skip(text, at, /[\s]/);
    const c = text[at];
    if (c === undefined) break;
    if (c === "#" || c === ";") {
      at = lineEnd(text, at);
      continue;
    }
    if (c === "[") {
      const close = text.indexOf("]", at);
      if (close === -1) break;
      section = sectionName(text.slice(at + 1, close));
      at = close + 1;
      continue;
    }
    const name = /^[A-Za-z][A-Za-z0-9-]*/.exec(text.slice(at))?.[0];
    if (name === undefined) {
      at = lineEnd(text, at);
      continue;
    }
    at = skip(text, at + name.length, /[ \t]/);
    let value = "true";
    if (text[at] === "=") [value, at] = configValue(text, at + 1);
    else at = lineEnd(text, at);
    if (section !== "") entries.push({ key: `${section}.${name}`, value });
  }
  return entries;
}

/** `core`, `diff "x"` → `diff.x`, `branch.main` (old form). */
function sectionName(header: string): string {
  const quoted = /^\s*([^\s"]+)\s+"((?:\\.|[^"\\])*)"\s*$/.exec(header);
  if (quoted) return `${quoted[1]}.${(quoted[2] as string).replace(/\\(.)/g, "$1")}`;
  return header.trim();
}

/** The value from `at` to the end of its line (continuations followed), and where reading stops. */
function configValue(text: string, from: number): [string, number] {
  let value = "";
  let quoted = false;
  let pending = "";
  let at = skip(text, from, /[ \t]/);
  for (; at < text.length; at++) {
    const c = text[at] as string;
    if (c === "\n") break;
    if (c === "\\") {
      const next = text[++at];
      if (next === "\n") continue;
      if (next === "\r" && text[at + 1] === "\n") {
        at++;
        continue;
      }
      value += pending + (next === "n" ? "\n" : next === "t" ? "\t" : next === "b" ? "" : (next ?? ""));
      pending = "";
    } else if (c === '"') {
      value += pending;
      pending = "";
      quoted = !quoted;
    } else if (!quoted && (c === "#" || c === ";")) {
      at = lineEnd(text, at);
      break;
    } else if (!quoted && (c === " " || c === "\t" || c === "\r")) pending += c;
    else {
      value += pending + c;
      pending = "";
    }
  }
  return [value, at];
}

function skip(text: string, at: number, chars: RegExp): number {
  while (at < text.length && chars.test(text[at] as string)) at++;
  return at;
}

function lineEnd(text: string, at: number): number {
  const end = text.indexOf("\n", at);
  return end === -1 ? text.length : end;
}
