import type readline from "node:readline";

/**
 * A method Node's readline keeps under a symbol described `name` (`_getDisplayPos`, `_ttyWrite`,
 * `_deleteLeft`, …), found on its prototype chain; undefined on a Node without it, where the
 * caller leaves readline as it is.
 */
export function readlineInternal(
  rl: readline.Interface,
  name: string,
): { key: symbol; method: (...args: never[]) => unknown } | undefined {
  for (let proto = Object.getPrototypeOf(rl); proto !== null; proto = Object.getPrototypeOf(proto)) {
    const key = Object.getOwnPropertySymbols(proto).find((s) => s.description === name);
    if (key !== undefined) return { key, method: proto[key] };
  }
  return undefined;
}

/** Replaces, for this interface only, the method readline keeps under `key`. */
export function overrideInternal(
  rl: readline.Interface,
  key: symbol,
  method: (...args: never[]) => unknown,
): void {
  Object.defineProperty(rl, key, { value: method, configurable: true, writable: true });
}
