// Prints the plain closing line CI readers look for ("N passed, N failed, N skipped") from vitest's JSON reports:
// one line per report (`label=path`, or just a path), then the total when there are several.
import { readFileSync } from 'node:fs';

const line = (label, counts) =>
  `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`;
const total = { passed: 0, failed: 0, skipped: 0 };
const reports = process.argv.slice(2);
for (const argument of reports) {
  const [label, path] = argument.includes('=') ? argument.split(/=(.*)/s) : ['tests', argument];
  let counts;
  try {
    const report = JSON.parse(readFileSync(path, 'utf8'));
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  } catch (error) {
    // A run that died before writing its report must not read as "0 failed".
    process.stdout.write(`${label}: no report (${error.code ?? error.message})\n`);
    process.exitCode = 1;
    continue;
  }
  for (const key of Object.keys(total)) total[key] += counts[key];
  process.stdout.write(line(label, counts));
}
if (reports.length > 1) process.stdout.write(line('tests', total));
