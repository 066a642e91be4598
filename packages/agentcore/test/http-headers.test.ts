/**
 * agentcore's HttpHeaders against the platform's Headers: the same operations give the same
 * answers, and each kind is accepted where the other is.
 */
import { describe, expect, it } from "vitest";
import { HttpHeaders } from "../src/http-headers.js";

type AnyHeaders = Headers | HttpHeaders;

/** What a caller can read back from a headers object. */
function readBack(h: AnyHeaders) {
  const seen: [string, string][] = [];
  h.forEach((value, name) => {
    seen.push([name, value]);
  });
  return {
    entries: [...h.entries()],
    iterated: [...h],
    keys: [...h.keys()],
    values: [...h.values()],
    forEach: seen,
    contentType: h.get("Content-Type"),
    missing: h.get("x-missing"),
    hasAccept: h.has("ACCEPT"),
    cookies: h.getSetCookie(),
  };
}

describe("HttpHeaders", () => {
  it("answers as the platform's Headers after appends, sets and deletes of mixed-case names", () => {
    const ops = (h: AnyHeaders) => {
      h.append("Content-Type", "  application/json\t");
      h.append("X-Multi", "a");
      h.append("x-multi", "b");
      h.set("Accept", "text/event-stream");
      h.append("Set-Cookie", "a=1");
      h.append("set-cookie", "b=2");
      h.append("x-gone", "1");
      h.delete("X-Gone");
      return readBack(h);
    };
    expect(ops(new HttpHeaders())).toEqual(ops(new Headers()));
  });

  it("is built from a record, from [name, value] pairs and from either kind of Headers as the platform's is", () => {
    const record = { "X-B": "2", "x-a": "1", "Set-Cookie": "c=3" };
    const pairs: [string, string][] = [
      ["x-b", "2"],
      ["X-A", "1"],
      ["x-a", "again"],
    ];
    expect(readBack(new HttpHeaders(record))).toEqual(readBack(new Headers(record)));
    expect(readBack(new HttpHeaders(pairs))).toEqual(readBack(new Headers(pairs)));
    expect(readBack(new HttpHeaders(new Headers(pairs)))).toEqual(readBack(new Headers(pairs)));
    expect(readBack(new Headers(new HttpHeaders(pairs) as unknown as Headers))).toEqual(
      readBack(new Headers(pairs)),
    );
  });

  it("counts a platform Headers as an instance, so code that checks for one reads both", () => {
    expect(new Headers() instanceof HttpHeaders).toBe(true);
    expect(new HttpHeaders() instanceof HttpHeaders).toBe(true);
    expect({ get: () => null } instanceof HttpHeaders).toBe(false);
    expect(Object.prototype.toString.call(new HttpHeaders())).toBe("[object Headers]");
  });

  it("rejects an invalid name or value with a TypeError, as the platform's does", () => {
    for (const make of [() => new HttpHeaders(), () => new Headers()] as (() => AnyHeaders)[]) {
      expect(() => make().append("bad name", "v")).toThrow(TypeError);
      expect(() => make().set("x-ok", "line\nbreak")).toThrow(TypeError);
      expect(() => make().get("")).toThrow(TypeError);
    }
  });
});
