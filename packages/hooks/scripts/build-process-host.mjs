/**
 * Compiles the process host in C (src/spawn/process-host.c, host-spawn.c, host-children.c) with
 * the system's C compiler (`$CC`, else `cc`) into dist/codebot-process-host, and puts a copy next
 * to the codebot bundle. Without a compiler, or if it fails, nothing is built: codebot then runs
 * the Python host (same wire, same guarantees, more CPU per call). Run by `npm run build`, after
 * the bundle.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sources = ["process-host.c", "host-spawn.c", "host-children.c"].map((file) =>
  path.join(packageDir, "src/spawn", file),
);
const target = path.join(packageDir, "dist/codebot-process-host");
const bundleDir = path.resolve(packageDir, "../codebot/dist/bundle");
const compiler = process.env.CC || "cc";

mkdirSync(path.dirname(target), { recursive: true });
const building = `${target}.new-${process.pid}`;
const result = spawnSync(compiler, ["-O2", "-Wall", "-Wextra", "-pthread", "-o", building, ...sources], {
  stdio: "inherit",
});
if (result.status !== 0) {
  rmSync(building, { force: true });
  rmSync(target, { force: true });
  console.warn(
    `process host: ${compiler} ${result.error ? `could not run (${result.error.message})` : "failed"}; codebot will use the Python host`,
  );
} else {
  // Swapped in whole, so a codebot starting meanwhile never runs half a file.
  renameSync(building, target);
  if (existsSync(bundleDir)) {
    const copy = path.join(bundleDir, `codebot-process-host.new-${process.pid}`);
    copyFileSync(target, copy);
    renameSync(copy, path.join(bundleDir, "codebot-process-host"));
  }
}
