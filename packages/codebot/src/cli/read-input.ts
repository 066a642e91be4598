/** How long `-p` waits for the first byte of a stdin that is neither a terminal nor closed. */
const STDIN_FIRST_BYTE_MS = 3000;

/**
 * What is piped into `-p`: "" for a terminal; everything up to end of input otherwise. A stdin
 * left open with nothing coming (a parent that never closes it) is given up after a few seconds
 * without data, so the run does not hang on it.
 */
export async function readPipedStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    const done = () => {
      clearTimeout(timer);
      stdin.off("data", onData);
      stdin.off("end", done);
      stdin.off("error", onError);
      stdin.pause();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const onData = (chunk: Buffer) => {
      clearTimeout(timer);
      chunks.push(chunk);
    };
    const onError = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(done, STDIN_FIRST_BYTE_MS);
    stdin.on("data", onData);
    stdin.once("end", done);
    stdin.once("error", onError);
  });
}

/** Everything on stdin, as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
