import type readline from "node:readline";

/**
 * Ctrl+D on an empty line calls `quit` instead of closing readline, as readline does itself: the
 * session still has the terminal on its way out, so it can ask a last question (what to do with a
 * `--worktree` worktree that has changes: worktree-question.ts). Node keeps its key handler under a
 * symbol (`_ttyWrite`); where it is not found, readline is left as it is and Ctrl+D closes it.
 */
export function ctrlDQuits(rl: readline.Interface, quit: () => void): void {
  let key: symbol | undefined;
  for (
    let proto = Object.getPrototypeOf(rl);
    proto !== null && key === undefined;
    proto = Object.getPrototypeOf(proto)
  )
    key = Object.getOwnPropertySymbols(proto).find((s) => s.description === "_ttyWrite");
  if (key === undefined) return;
  const state = rl as unknown as Record<symbol, (text: string, key: KeyInfo | undefined) => void> & {
    line: string;
  };
  const handler = state[key];
  if (typeof handler !== "function") return;
  const own = handler.bind(rl);
  Object.defineProperty(rl, key, {
    value: (text: string, pressed: KeyInfo | undefined) => {
      if (pressed?.ctrl === true && pressed.name === "d" && !pressed.meta && state.line === "") quit();
      else own(text, pressed);
    },
  });
}

interface KeyInfo {
  name?: string;
  ctrl?: boolean;
  meta?: boolean;
}
