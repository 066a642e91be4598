/**
 * Claude Code 2.1.328's `terminalSequence` hook output: escape sequences the agent writes to the
 * user's terminal on the hook's behalf (a desktop notification through OSC 9 or 777, the window
 * title through OSC 0/1/2, a bell). Hook output is untrusted, so only what claude allows passes,
 * checked as claude checks it: a string of at most 4096 bytes made only of BEL and OSC sequences
 * (`ESC ] Ps ; text` ended by BEL or `ESC \`) whose Ps is 0, 1, 2, 9, 99 or 777; control characters
 * in the text are dropped; an OSC 9 text may not start with a digit (other terminals read those as
 * commands) except the `4;…` progress form. Anything else rejects the whole string.
 */

const ESC = "\x1b";
const BEL = "\x07";
const MAX_BYTES = 4096;
const ALLOWED_OSC: ReadonlySet<number> = new Set([0, 1, 2, 9, 99, 777]);

/** The sequence in canonical form (each OSC ended by BEL), or undefined when it is not allowed. */
export function allowedTerminalSequence(raw: string): string | undefined {
  if (raw === "" || Buffer.byteLength(raw, "utf8") > MAX_BYTES) return undefined;
  let out = "";
  let at = 0;
  while (at < raw.length) {
    if (raw[at] === BEL) {
      out += BEL;
      at++;
      continue;
    }
    if (raw[at] !== ESC || raw[at + 1] !== "]") return undefined;
    const end = oscEnd(raw, at + 2);
    if (!end) return undefined;
    const body = raw.slice(at + 2, end.at);
    const semicolon = body.indexOf(";");
    const ps = semicolon === -1 ? body : body.slice(0, semicolon);
    if (!/^\d+$/.test(ps) || !ALLOWED_OSC.has(Number(ps))) return undefined;
    const text = printable(semicolon === -1 ? "" : body.slice(semicolon + 1));
    if (ps === "9" && !safeOsc9(text)) return undefined;
    out += `${ESC}]${Number(ps)};${text}${BEL}`;
    at = end.at + end.length;
  }
  return out;
}

/** Where the OSC starting at `from` ends: BEL or ST (`ESC \`); another ESC before it is malformed. */
function oscEnd(raw: string, from: number): { at: number; length: number } | undefined {
  for (let i = from; i < raw.length; i++) {
    if (raw[i] === BEL) return { at: i, length: 1 };
    if (raw[i] === ESC) return raw[i + 1] === "\\" ? { at: i, length: 2 } : undefined;
  }
  return undefined;
}

/** Drops C0 and C1 control characters and DEL. */
function printable(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code >= 32 && code !== 127 && !(code >= 128 && code <= 159)) out += ch;
  }
  return out;
}

/** ConEmu reads `9;<digit>…` as commands; only the progress form `4;state;percent` is allowed. */
function safeOsc9(text: string): boolean {
  if (/^4;[0-4](;(100|\d{1,2})?)?$/.test(text)) return true;
  return !/^[\s\u180e\u200b]*[+-]?\p{Nd}/u.test(text);
}
