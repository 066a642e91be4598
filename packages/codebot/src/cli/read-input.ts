import fs from "node:fs";
import { CliError } from "./cli-error.js";
import type { OneShotFlags } from "./session-flags.js";

/** How long `-p` waits for the first byte of a stdin that is neither a terminal nor closed. */
const STDIN_FIRST_BYTE_MS = 3000;

/** As Claude Code: piped input follows the prompt on the next line, or is the prompt. */
export async function promptOf(flags: OneShotFlags): Promise<string> {
  const piped = await readPipedStdin();
  const prompt = [flags.prompt, piped].filter((part) => part !== undefined && part !== "").join("\n");
  if (prompt.trim() === "") throw new CliError("the prompt is empty (give it after -p, or on stdin)");
  return prompt;
}

/**
 * What is piped into `-p`: "" for a terminal or /dev/null; everything up to end of input
 * otherwise. A stdin left open with nothing coming (a parent that never closes it) is given up
 * after a few seconds without data, so the run does not hang on it.
 */
export async function readPipedStdin(): Promise<string> {
  if (isDevNull(0) || process.stdin.isTTY) return "";
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

/**
 * The descriptor is /dev/null (a program started with its stdin ignored, `< /dev/null`): nothing
 * can come from it, and checking costs two stats where setting up `process.stdin` costs ≈ 2 ms.
 */
function isDevNull(fd: number): boolean {
  try {
    const given = fs.fstatSync(fd);
    const devNull = fs.statSync("/dev/null");
    return given.isCharacterDevice() && given.rdev === devNull.rdev;
  } catch {
    return false;
  }
}
