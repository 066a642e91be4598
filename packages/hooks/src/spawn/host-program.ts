/**
 * Which program is the process host, and starting it: the compiled one (process-host.c) when
 * `npm run build` made it, else the Python one (process-host-source.ts) fed on fd 3.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, existsSync, constants as fsConstants } from "node:fs";
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { PROCESS_HOST_SOURCE } from "./process-host-source.js";

/** Reads the host's source from fd 3 and runs it (named so in tracebacks). */
const BOOTSTRAP =
  "import os;f=os.fdopen(3,'rb');s=f.read();f.close();exec(compile(s,'codebot-process-host','exec'))";

/** Starts the compiled host if given, else the Python one, in a process group of its own. */
export function startHostProgram(
  native: string | undefined,
  python: string | undefined,
  grace: string,
): ChildProcess {
  // Its own process group: Ctrl+C is Node's to handle, the host then ends with Node's pipe.
  if (native !== undefined)
    return spawn(native, [grace], { stdio: ["pipe", "pipe", "ignore"], detached: true });
  const interpreter = python ?? (existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3");
  const child = spawn(interpreter, ["-I", "-S", "-c", BOOTSTRAP, grace], {
    // The source goes in on fd 3, so `ps` shows a short command line.
    stdio: ["pipe", "pipe", "ignore", "pipe"],
    detached: true,
  });
  const source = child.stdio[3] as Writable | null;
  source?.on("error", () => {});
  source?.end(PROCESS_HOST_SOURCE);
  return child;
}

/** The compiled host `npm run build` made: next to the bundle, or in packages/hooks/dist. */
export function builtHost(): string | undefined {
  if (process.env.CODEBOT_PROCESS_HOST === "python") return undefined;
  for (const relative of ["./", "../", "../../dist/"]) {
    const candidate = fileURLToPath(new URL(`${relative}codebot-process-host`, import.meta.url));
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not built there
    }
  }
  return undefined;
}
