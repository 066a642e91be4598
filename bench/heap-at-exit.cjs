// Preloaded into the codebot process by bench/long.ts (NODE_OPTIONS=--require): reports the
// heap in use when the process exits, on stderr, for the bench to read.
process.on("exit", () => {
  process.stderr.write(`@@heap ${process.memoryUsage().heapUsed}\n`);
});
