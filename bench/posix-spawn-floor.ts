/**
 * The process floor a hooked call is compared with (issue 18): Python's `posix_spawn` of
 * `sh -c 'exit 0'` with three pipes and a one-line payload, as a command hook is started. The
 * median of `samples` spawns after 10 warm-up ones, in ms.
 */
import { spawn } from "node:child_process";

const floorScript = (samples: number) => `
import os, time
samples = []
for i in range(${samples}):
    ins, outs, errs = os.pipe(), os.pipe(), os.pipe()
    started = time.perf_counter()
    pid = os.posix_spawn("/bin/sh", ["sh", "-c", "exit 0"], os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, ins[0], 0), (os.POSIX_SPAWN_DUP2, outs[1], 1), (os.POSIX_SPAWN_DUP2, errs[1], 2)], setpgroup=0)
    for fd in (ins[0], outs[1], errs[1]): os.close(fd)
    try: os.write(ins[1], b'{"event":"PreToolUse"}\\n')
    except BrokenPipeError: pass
    os.close(ins[1])
    os.read(outs[0], 1); os.read(errs[0], 1); os.waitpid(pid, 0)
    samples.append((time.perf_counter() - started) * 1000)
    for fd in (outs[0], errs[0]): os.close(fd)
print(sorted(samples[10:])[len(samples[10:]) // 2])
`;

export function posixSpawnFloorMs(samples: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("python3", ["-c", floorScript(samples)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Number(out)) : reject(new Error(`floor script exited ${code}`)),
    );
  });
}
