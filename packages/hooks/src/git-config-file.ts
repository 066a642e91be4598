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
import { runsNothing } from "./git-config-inert.js";
import { readBytes, statPath } from "./recorded-reads.js";

/** Past this many bytes, the rest of the file is not read. */
const MAX_CONFIG_BYTES = 256 * 1024;

/**
 * `git -c 'section.key=value' …` for the file's entries that may run something (not those
 * git-config-inert.ts knows run nothing), or undefined when it holds none (or cannot be read). A
 * relative `include.path`/`includeIf.<cond>.path` is relative to the file's own folder, so it is
 * given as an absolute path.
 */
export function gitConfigFileCommand(file: string): string | undefined {
  const entries = gitConfigEntries(file).filter(({ key }) => !runsNothing(key));
  const pairs = entries.map(({ key, value }) =>
    isIncludePath(key) && !path.isAbsolute(value) && !value.startsWith("~")
      ? { key, value: path.resolve(path.dirname(file), value) }
      : { key, value },
  );
  return gitOptions(pairs.map(({ key, value }) => `${key}=${value}`));
}

/** The entries of a git configuration file (its first 256 KiB; none when it cannot be read). */
export function gitConfigEntries(file: string): { key: string; value: string }[] {
  return configEntries(fileStart(file, MAX_CONFIG_BYTES)).entries;
}

/**
 * What of a git configuration file can run code, as text: its entries other than those
 * git-config-inert.ts knows run nothing, in order, and any text the reading did not understand
 * (failing closed: git may read it otherwise); "" when nothing can (or it cannot be read). A file
 * past the size read is itself, whole. Read byte for byte (latin1): two different values must not
 * read the same, as two invalid UTF-8 sequences would. An approval of what a command running git
 * runs covers this view of the repository's `.git/config` (content-view.ts), so what `git remote
 * add`, `git push -u` or `git config user.email` write there does not ask again.
 */
export function gitConfigCodeView(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readBytes(file);
  } catch {
    return "";
  }
  if (bytes.length > MAX_CONFIG_BYTES) return `whole file\0${bytes.toString("latin1")}`;
  // git skips a UTF-8 byte order mark at the start.
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const { entries, unread } = configEntries(bytes.toString("latin1", start));
  const code = entries.filter(({ key }) => !runsNothing(key)).map(({ key, value }) => [key, value]);
  return code.length === 0 && unread.length === 0 ? "" : JSON.stringify({ code, unread });
}

/**
 * The keys of what `gitConfigCodeView` sees that can run code (`filter.x.smudge`,
 * `core.fsmonitor`), with `(unread text)` for text it did not understand and `(past 256 KiB)`
 * for a file too long to read: each counts, failing closed.
 */
export function gitConfigCodeKeys(file: string): string[] {
  const view = gitConfigCodeView(file);
  if (view === "") return [];
  if (view.startsWith("whole file\0")) return ["(past 256 KiB)"];
  const { code, unread } = JSON.parse(view) as { code: [string, string][]; unread: string[] };
  return [...code.map(([key]) => key), ...(unread.length > 0 ? ["(unread text)"] : [])];
}

/** Whether `gitConfigCodeView` sees anything that can run code, reading no more than it must. */
export function gitConfigRunsCode(file: string): boolean {
  const stat = statPath(file);
  if (stat === undefined) return false;
  // A named pipe or device is not read (git would wait on it, or read it without end): it counts.
  if (!stat.isFile()) return true;
  return stat.size > MAX_CONFIG_BYTES || gitConfigCodeView(file) !== "";
}

/** `include.path`, `includeIf.<condition>.path`: a file of more configuration. */
export function isIncludePath(key: string): boolean {
  return /^include(?:if\..*)?\.path$/is.test(key);
}

/**
 * The `section[.subsection].key` and value of each entry (git-config(1), CONFIGURATION FILE):
 * `[section "sub"]` and `[section.sub]` headers, `key = value` or a bare `key` (true), values
 * with `"…"` parts, `\"`, `\\`, `\n`, `\t` escapes, `#`/`;` comments and `\` line continuations.
 * `unread`: the text it skipped without understanding it (a line that is no entry, an entry
 * before any section, an unclosed header and what follows it).
 */
function configEntries(text: string): { entries: { key: string; value: string }[]; unread: string[] } {
  const entries: { key: string; value: string }[] = [];
  const unread: string[] = [];
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
      if (close === -1) {
        unread.push(text.slice(at));
        break;
      }
      section = sectionName(text.slice(at + 1, close));
      at = close + 1;
      continue;
    }
    const name = /^[A-Za-z][A-Za-z0-9-]*/.exec(text.slice(at))?.[0];
    if (name === undefined) {
      unread.push(text.slice(at, lineEnd(text, at)));
      at = lineEnd(text, at);
      continue;
    }
    at = skip(text, at + name.length, /[ \t]/);
    let value = "true";
    if (text[at] === "=") [value, at] = configValue(text, at + 1);
    else {
      // git takes only a comment after a bare key.
      const rest = text.slice(at, lineEnd(text, at)).trim();
      if (rest !== "" && !rest.startsWith("#") && !rest.startsWith(";")) unread.push(rest);
      at = lineEnd(text, at);
    }
    if (section !== "") entries.push({ key: `${section}.${name}`, value });
    else unread.push(`${name}=${value}`);
  }
  return { entries, unread };
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
