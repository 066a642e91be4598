/**
 * An http hook's answer compressed by its server. codebot asks for none (no Accept-Encoding), but
 * a server or a proxy in front of it may compress anyway; claude 2.1.328 asks for gzip, deflate
 * and br and decodes them (axios; recorded: a gzip- and a br-encoded deny held). Left undecoded,
 * such an answer was unreadable and its decision lost. The body is decoded as it is read, so the
 * answer's cap counts decoded bytes: a small body that inflates without end is cut like a big one.
 */
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import zlib from "node:zlib";

/** `body` decoded as its Content-Encoding header says (`gzip`, `deflate`, `br`, in the order applied). */
export function decodedBody(body: Readable, contentEncoding: string | string[] | undefined): Readable {
  const codings = String(contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  if (codings.length === 0) return body;
  const decoders = [...codings].reverse().map((coding) => decoderOf(coding, body));
  // A body that does not decode: said in words, not as zlib's bare "incorrect header check". The
  // error itself is reworded, before pipeline passes it on to the reader; one the connection had
  // (closed mid-answer), passed on through the decoders, is left as it is.
  const passedOn = new WeakSet<Error>();
  body.once("error", (err) => passedOn.add(err));
  for (const decoder of decoders)
    decoder.once("error", (err) => {
      if (passedOn.has(err)) return;
      passedOn.add(err);
      err.message = `the answer says it is ${codings.join(", ")}-encoded but does not decode (${err.message})`;
    });
  // pipeline: a decoder destroyed (the answer cut at its cap) closes the connection too.
  pipeline([body, ...decoders], () => {});
  return decoders[decoders.length - 1] as Readable;
}

/** Flushed as undici's fetch flushes them: an answer cut short still gives what it holds. */
const FLUSH = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };

function decoderOf(coding: string, body: Readable) {
  if (coding === "gzip" || coding === "x-gzip") return zlib.createGunzip(FLUSH);
  if (coding === "deflate") return zlib.createInflate(FLUSH);
  if (coding === "br")
    return zlib.createBrotliDecompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    });
  // undici's body emits an AbortError as it is destroyed: heard here, or it is an uncaught exception.
  body.once("error", () => {});
  body.destroy();
  throw new Error(
    `the answer is encoded as ${JSON.stringify(coding)}, which codebot does not decode (gzip, deflate and br it does)`,
  );
}
