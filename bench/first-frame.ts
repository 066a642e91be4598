/**
 * How soon the interactive session shows something (issue 16: the first frame within the CLI's
 * start-up): the built bin in a real terminal (a tmux pane of its own), the screen polled every
 * 5 ms until the header line is there (the first frame) and until the prompt is (the session is
 * ready for input: settings read, runtime made, SessionStart fired). For scale, in the same
 * interleaved rounds: `codebot --version` and a bare `node -e 0`, run to their end. Medians; the
 * last line is one JSON object. Needs tmux. Command: `npm run build && npx tsx bench/first-frame.ts`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUILT, CLI, median } from "./cli-runs.js";

const ROUNDS = 9;
/** Another build's bin (BENCH_BASELINE_BIN), whose interactive start is measured in the same rounds. */
const BASELINE = process.env.BENCH_BASELINE_BIN ? path.resolve(process.env.BENCH_BASELINE_BIN) : undefined;

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Milliseconds from starting the pane until `pattern` is on its screen: the header, then the prompt. */
function interactiveStart(root: string, round: number, bin = CLI): { header: number; prompt: number } {
  const socket = `codebot-first-frame-${process.pid}-${round}-${bin === CLI ? "this" : "baseline"}`;
  const home = fs.mkdtempSync(path.join(root, "home-"));
  const project = fs.mkdtempSync(path.join(root, "project-"));
  const env = `CODEBOT_HOME=${home} HOME=${home} ANTHROPIC_API_KEY=bench TERM=xterm-256color`;
  const tmux = (...args: string[]) =>
    execFileSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
  const start = performance.now();
  tmux("new-session", "-d", "-x", "120", "-y", "40", "-c", project, `env ${env} ${process.execPath} ${bin}`);
  let header = Number.NaN;
  try {
    for (;;) {
      const screen = tmux("capture-pane", "-p");
      const now = performance.now() - start;
      if (Number.isNaN(header) && screen.includes("codebot ")) header = now;
      if (/^›/m.test(screen)) return { header: Number.isNaN(header) ? now : header, prompt: now };
      if (now > 30_000) throw new Error(`bench: no prompt after 30 s:\n${screen}`);
      execFileSync("sleep", ["0.005"]);
    }
  } finally {
    tmux("kill-server");
  }
}

function main(): void {
  if (!fs.existsSync(BUILT)) throw new Error(`bench: ${BUILT} is missing; run npm run build`);
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "codebot-bench-frame-")));
  const header: number[] = [];
  const prompt: number[] = [];
  const version: number[] = [];
  const bare: number[] = [];
  const baseline: number[] = [];
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      const started = interactiveStart(root, round);
      const other = BASELINE ? interactiveStart(root, round, BASELINE) : undefined;
      const v = timed(() => execFileSync(process.execPath, [CLI, "--version"]));
      const b = timed(() => execFileSync(process.execPath, ["-e", "0"]));
      // Round 0 warms the file cache and the code cache.
      if (round === 0) continue;
      header.push(started.header);
      prompt.push(started.prompt);
      version.push(v);
      bare.push(b);
      if (other) baseline.push(other.header);
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  const r = (n: number) => Math.round(n);
  const result = {
    first_frame_ms: r(median(header)),
    prompt_ready_ms: r(median(prompt)),
    version_ms: r(median(version)),
    bare_node_ms: r(median(bare)),
    ...(BASELINE ? { baseline_first_frame_ms: r(median(baseline)) } : {}),
  };
  console.log(
    `first frame: built bin in tmux, ${ROUNDS} rounds, medians; load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `  header line on screen      ${result.first_frame_ms} ms (polled every 5 ms, tmux's own start included)`,
  );
  console.log(`  prompt ready               ${result.prompt_ready_ms} ms`);
  console.log(`  codebot --version         ${result.version_ms} ms`);
  console.log(`  node -e 0                  ${result.bare_node_ms} ms`);
  if (BASELINE) console.log(`  baseline ${BASELINE}: header line ${result.baseline_first_frame_ms} ms`);
  console.log(JSON.stringify(result));
}

main();
