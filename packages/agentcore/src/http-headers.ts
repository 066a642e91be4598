/**
 * HTTP headers with the WHATWG `Headers` interface, for httpFetch and, in the bundle, for the AI
 * SDK's own header handling (packages/codebot/scripts/bundle.mjs gives @ai-sdk/provider-utils this
 * class as its `Headers`).
 *
 * Why not the platform's `Headers`: on Node 20 it lives in Node's bundled undici, which is loaded
 * whole on first use — the first touch of `Headers`, `Request` or `Response` costs 25–40 ms of a
 * run's start-up (compiling and running undici, and its HTTP parser's WebAssembly), for a class
 * of a page. What it does here is what the platform's does: names are case-insensitive and
 * iterated sorted in lower case, repeated values are joined with ", " (set-cookie values are kept
 * apart, `getSetCookie()`), values lose surrounding whitespace, and an invalid name or value is a
 * TypeError. A platform `Headers` counts as an instance (`instanceof`), so code that checks for one
 * reads either kind.
 */

/** RFC 9110 token characters. */
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A value may hold neither NUL nor a line break. */
const BAD_VALUE = /[\0\r\n]/;
/** Leading and trailing HTTP whitespace (tab, line feed, carriage return, space). */
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

type HeadersLike =
  | Iterable<readonly [string, string]>
  | Record<string, string | readonly string[] | undefined>;

export class HttpHeaders {
  private readonly byName = new Map<string, string>();
  private readonly cookies: string[] = [];

  constructor(init?: RequestInit["headers"] | HeadersLike | null) {
    if (init === undefined || init === null) return;
    if (typeof init !== "object") throw new TypeError("Headers: the init argument must be an object");
    // Either kind of Headers is iterable as [name, value] pairs, as any list of pairs is.
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly string[]>) {
        if (pair.length !== 2) throw new TypeError("Headers: each header must be a [name, value] pair");
        this.append(String(pair[0]), String(pair[1]));
      }
    } else {
      for (const [name, value] of Object.entries(init as Record<string, unknown>)) {
        if (value === undefined) continue;
        this.append(name, String(value));
      }
    }
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return Object.prototype.toString.call(value) === "[object Headers]";
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const normal = checkedValue(value);
    if (key === "set-cookie") this.cookies.push(normal);
    const old = this.byName.get(key);
    this.byName.set(key, old === undefined ? normal : `${old}, ${normal}`);
  }

  set(name: string, value: string): void {
    const key = checkedName(name);
    const normal = checkedValue(value);
    if (key === "set-cookie") this.cookies.splice(0, this.cookies.length, normal);
    this.byName.set(key, normal);
  }

  get(name: string): string | null {
    return this.byName.get(checkedName(name)) ?? null;
  }

  has(name: string): boolean {
    return this.byName.has(checkedName(name));
  }

  delete(name: string): void {
    const key = checkedName(name);
    if (key === "set-cookie") this.cookies.length = 0;
    this.byName.delete(key);
  }

  getSetCookie(): string[] {
    return [...this.cookies];
  }

  forEach(callback: (value: string, name: string, headers: HttpHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.byName.keys()].sort()) {
      if (name === "set-cookie") for (const cookie of this.cookies) yield [name, cookie];
      else yield [name, this.byName.get(name) as string];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

function checkedName(name: string): string {
  const text = String(name);
  if (!NAME.test(text)) throw new TypeError(`Headers: "${text}" is an invalid header name`);
  return text.toLowerCase();
}

function checkedValue(value: string): string {
  const text = String(value).replace(EDGE_WHITESPACE, "");
  if (BAD_VALUE.test(text)) throw new TypeError(`Headers: "${text}" is an invalid header value`);
  return text;
}
