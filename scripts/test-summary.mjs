// Prints "tests: N passed, N failed[, N skipped]" from vitest's JSON report (written by npm test).
import fs from 'node:fs';

const file = 'test-results/vitest.json';
if (!fs.existsSync(file)) {
  console.log('tests: 0 passed, 0 failed (no report: the run stopped before the tests)');
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
);
