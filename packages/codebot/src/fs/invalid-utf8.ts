import { isUtf8 } from "node:buffer";

/**
 * Where `text` (`bytes` decoded as UTF-8, each invalid sequence replaced by U+FFFD) first holds
 * a replacement that was not in the file, as an offset into `text` with the byte it stood for;
 * undefined when the bytes are valid UTF-8.
 */
export function firstInvalidUtf8(bytes: Buffer, text: string): { offset: number; byte: number } | undefined {
  if (isUtf8(bytes)) return undefined;
  let byteOffset = 0;
  let from = 0;
  for (let i = text.indexOf("\ufffd"); i !== -1; i = text.indexOf("\ufffd", i + 1)) {
    byteOffset += Buffer.byteLength(text.slice(from, i));
    from = i + 1;
    // A U+FFFD the file spelled out (EF BF BD) is text; any other is where a byte sequence broke.
    if (bytes[byteOffset] === 0xef && bytes[byteOffset + 1] === 0xbf && bytes[byteOffset + 2] === 0xbd) {
      byteOffset += 3;
      continue;
    }
    return { offset: i, byte: bytes[byteOffset] ?? 0 };
  }
  return undefined;
}
