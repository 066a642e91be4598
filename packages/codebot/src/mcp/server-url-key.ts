/**
 * A server URL as claude 2.1.328 compares it when it looks for a plugin's server that duplicates
 * another (read in its binary, recorded with a plugin's URLs beside your own): the scheme's and
 * host's letter case, a default port written out (`:443` for https), a trailing `/` of the path
 * (`/h//` too: claude strips one from the path, then one from the whole) and a `#fragment` make no
 * difference; the path's case, its escapes (`%7e` is not `~`), the query and its order, the user
 * part and any other port do. A URL the parser would rewrite in any other way (dot segments,
 * characters it escapes, a non-ASCII host) is compared as written, less one trailing `/` when it
 * has no query: `https://x.test/d/../e/` is the same as `https://x.test/d/../e`, not as
 * `https://x.test/e`.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: a URL holding one is compared as written, as claude does
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;
const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/\\?#]+)([^?#]*)(\?[^#]*)?(?:#[\s\S]*)?$/;
const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  "ftp:": "21",
  "http:": "80",
  "https:": "443",
  "ws:": "80",
  "wss:": "443",
};

export function serverUrlKey(url: string): string {
  const parsed = parsedAsWritten(url);
  if (parsed === undefined) return url.includes("?") ? url : url.replace(/\/$/, "");
  parsed.hash = "";
  parsed.pathname = parsed.pathname.replace(/\/$/, "") || "/";
  const text = parsed.toString();
  return parsed.search !== "" ? text : text.replace(/\/$/, "");
}

/** The URL parsed, when parsing changed nothing but letter case, a default port, an empty path or a bare `?`. */
function parsedAsWritten(url: string): URL | undefined {
  if (CONTROL_OR_SPACE.test(url)) return undefined;
  const parts = URL_PARTS.exec(url);
  if (parts === null || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const [, scheme = "", authority = "", pathname = "", search = ""] = parts;
  if (parsed.protocol !== `${scheme.toLowerCase()}:`) return undefined;
  const at = authority.lastIndexOf("@");
  const written =
    authority.slice(0, at + 1) + authority.slice(at + 1).replace(/[A-Z]/g, (c) => c.toLowerCase());
  const user =
    parsed.username || parsed.password
      ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ""}@`
      : "";
  const read = `${user}${parsed.host}`;
  const defaultPort = DEFAULT_PORTS[parsed.protocol];
  if (
    written !== read &&
    !(parsed.port === "" && defaultPort !== undefined && written === `${read}:${defaultPort}`)
  )
    return undefined;
  if (parsed.pathname !== pathname && !(pathname === "" && parsed.pathname === "/")) return undefined;
  if (parsed.search !== (search === "?" ? "" : search)) return undefined;
  return parsed;
}
