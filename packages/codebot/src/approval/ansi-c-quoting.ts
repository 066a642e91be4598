/**
 * What bash makes of the inside of `$'…'` (ANSI-C quoting): `\n`, `\t`, `\'`, `\\`, octal `\162`,
 * hex `\x72`, `\u…`/`\U…` and control `\cx` escapes decoded, so `$'\x72m'` is `rm`. An escape
 * bash does not know stays as written (`\q`).
 */
export function decodeAnsiC(body: string): string {
  return body.replace(ESCAPE, (whole, octal?: string, hex?: string, unicode?: string, control?: string) => {
    if (octal !== undefined) return String.fromCharCode(Number.parseInt(octal, 8) & 0xff);
    if (hex !== undefined) return String.fromCharCode(Number.parseInt(hex, 16));
    if (unicode !== undefined) {
      const code = Number.parseInt(unicode, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    if (control !== undefined) return String.fromCharCode(control.charCodeAt(0) & 0x1f);
    return SIMPLE[whole.slice(1)] ?? whole;
  });
}

const ESCAPE = /\\(?:([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})|c(.)|.)/gs;

const SIMPLE: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};
