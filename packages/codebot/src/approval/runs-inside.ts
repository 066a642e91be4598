/**
 * The commands one simple command makes bash run besides itself, so a deny rule on `rm` also
 * catches `then rm`, `time rm`, `env X=1 rm`, `sudo -u root rm`, `find . -exec rm {} +`,
 * `xargs rm`, `eval 'rm x'`, `bash -c 'rm x'` and `trap 'rm x' EXIT`:
 * - `words`: the command after a reserved word (`!`, `then`, `do`, `{`, `time -p`, `coproc`,
 *   `function f {`…) or a wrapper's options (WRAPPERS), as written; it may wrap again.
 * - `script`: a string bash reads as commands (`eval`'s arguments, `sh -c`'s string, `trap`'s
 *   action, an `alias` body, `env -S`'s string).
 * - `anything`: a shell that reads its commands from its input (`… | sh`, `sh -c` fed by xargs,
 *   `source <(…)`): no rule can tell.
 * `tighteningOnly`: followed for deny and ask rules, not required to be allowed (what `uv run`
 * runs). xargs' input and find's `{}` are UNSEEN_TEXT. Programs that run code some other way
 * (`make`, a named script file, `git -c alias.x=!…`) are not followed; deny and ask rules read
 * the literals of `python -c` and the like (inline-code-commands.ts).
 */
export type RunsInside =
  | { words: string[]; tighteningOnly?: true }
  | { script: string; tighteningOnly?: true }
  | "anything";
