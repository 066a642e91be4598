/**
 * Environment variables whose value names files an interpreter or the dynamic loader runs (§8):
 * `NODE_OPTIONS="--require ./x.js"`, `BASH_ENV=x`, `PYTHONSTARTUP`, `LD_PRELOAD=a.so:b.so` — set in
 * a hook entry's `env` or before the command (`BASH_ENV=x bash -c …`).
 */

const LOADING_VARIABLES = new Set([
  "NODE_OPTIONS",
  "PYTHONSTARTUP",
  "BASH_ENV",
  "ENV",
  "PERL5OPT",
  "RUBYOPT",
  "LD_PRELOAD",
  "DYLD_INSERT_LIBRARIES",
]);

export function isLoadingVariable(name: string): boolean {
  return LOADING_VARIABLES.has(name);
}

/** `--require ./x`, `-r./x`, `--import=./x`, `a.so:b.so`: each part of the value that may name a file. */
export function loadedFileNames(value: string): string[] {
  return value
    .split(/[\s=:]+/)
    .flatMap((part) => [part, part.replace(/^-[A-Za-z]/, "")])
    .filter((part) => part !== "");
}
