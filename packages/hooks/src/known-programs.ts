/**
 * What codebot knows of common programs' arguments, for the files a hook command runs (§8,
 * script-references.ts): which are written (not hashed, or a hook would ask again after each run),
 * which are only read as data, which are assignments. The arguments of any other program may name
 * what it runs, so the files they name are hashed (failing closed).
 */

/**
 * Commands whose file arguments are written, created or removed, not read: hashing them would make
 * the hook ask again after each run. For WRITES_LAST, the last argument only (the destination).
 */
const WRITES_ALL = new Set(["tee", "touch", "rm", "rmdir", "mkdir", "truncate", "mv"]);
const WRITES_LAST = new Set(["cp", "ln", "install"]);
/**
 * Commands known to read, list or compare the files they name, never to run them: their arguments
 * are data, not hashed (a hook that reads a file it or the user edits would ask again each time).
 * `find` is one, but what its `-exec` runs is read as a command of its own.
 */
const READS_DATA = new Set([
  ...["cat", "head", "tail", "less", "more", "tac", "nl", "wc", "od", "xxd", "hexdump", "strings"],
  ...["grep", "egrep", "fgrep", "rg", "jq", "yq", "diff", "cmp", "comm", "sort", "uniq", "cut", "paste"],
  ...["ls", "stat", "file", "du", "realpath", "readlink", "basename", "dirname", "find", "git"],
  ...["echo", "printf", "test", "[", "[[", "md5sum", "sha1sum", "sha256sum", "sha512sum", "shasum"],
  ...["base64", "chmod", "chown", "curl", "wget"],
  // Shell words whose arguments are values, not commands: `for f in a b`, `case $x in`.
  ...["for", "case", "select", "in"],
]);
/** Builtins whose arguments are a command line they run, read as one (nested-commands.ts). */
const RUN_COMMAND_LINE = new Set(["eval", "trap"]);
/** Builtins whose `NAME=value` arguments are assignments (`export BASH_ENV=x`), their other words names. */
const DECLARES = new Set(["export", "local", "declare", "typeset", "readonly"]);

/** `tee x`, `touch x`, the destination of `cp a x`: an argument the program writes, not hashed. */
export function writesArgument(program: string, last: boolean): boolean {
  return WRITES_ALL.has(program) || (WRITES_LAST.has(program) && last);
}

/** The program only reads, lists or compares the files its arguments name. */
export function readsData(program: string): boolean {
  return READS_DATA.has(program);
}

/** `export NAME=value`: its arguments are assignments. */
export function declares(program: string): boolean {
  return DECLARES.has(program);
}

/** Codebot knows what each argument of the program is: none is hashed for failing closed. */
export function argumentsKnown(program: string): boolean {
  return (
    READS_DATA.has(program) ||
    DECLARES.has(program) ||
    RUN_COMMAND_LINE.has(program) ||
    WRITES_ALL.has(program) ||
    WRITES_LAST.has(program)
  );
}
