// Prints vitest's JSON report as the plain closing line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

const file = process.argv[2] ?? "test-results.json";
if (!existsSync(file)) {
  console.log("0 passed, 1 failed");
  console.error(`no test report at ${file}: the build or the test runner failed before any test ran`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, "utf8"));
const failed = report.numFailedTests + countFilesThatDidNotLoad(report);
console.log(`${report.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 || report.numPassedTests === 0 ? 1 : 0);

// A test file that failed to load has no failed tests of its own; count it as one failure.
// (numFailedTestSuites counts describe blocks too: one failed test in a describe made it 2.)
function countFilesThatDidNotLoad(r) {
  return (r.testResults ?? []).filter(
    (s) => s.status === "failed" && !s.assertionResults?.some((a) => a.status === "failed"),
  ).length;
}
