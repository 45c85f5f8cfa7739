// `npm test`: every test that can run here. Unit and integration tests (Vitest: server through
// app.inject on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set; client in jsdom), then
// the end-to-end journeys in Chromium. The last line sums all runners: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/build.mjs';
import { findChromium, INSTALL_HINT, tryInstallChromium } from './lib/chromium.mjs';
import { FONTS_HINT, hasScreenshotFonts, tryInstallFonts } from './lib/fonts.mjs';

const results = path.join(root, '.tmp', 'results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const strict = process.env.CI === 'true' || process.env.CI === '1';

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function runVitest(label, args, file) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (!fs.existsSync(file)) {
    process.stdout.write(`${label}: the runner ended (exit ${run.status ?? run.signal}) without results.\n`);
    totals.failed += 1;
    ok = false;
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  // Name the PostgreSQL share, so a log shows those tests ran rather than being skipped.
  const onPostgres = report.testResults
    .flatMap((f) => f.assertionResults)
    .filter((t) => t.ancestorTitles.some((title) => / on postgres$/.test(title)));
  if (onPostgres.length > 0) {
    const passed = onPostgres.filter((t) => t.status === 'passed').length;
    process.stdout.write(
      `PostgreSQL: ${passed} of ${onPostgres.length} database tests passed on PostgreSQL.\n`,
    );
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (run.status !== 0 || report.numFailedTests > 0 || report.numTotalTests === 0) ok = false;
}

if (process.env.TEST_DATABASE_URL) {
  process.stdout.write('Database tests run on SQLite and on PostgreSQL (TEST_DATABASE_URL is set).\n');
} else {
  process.stdout.write(
    'Database tests run on SQLite only; set TEST_DATABASE_URL to a PostgreSQL server to run them there too.\n',
  );
}
runVitest('unit and integration tests', [], path.join(results, 'unit.json'));

if (findChromium() || tryInstallChromium()) {
  // The journey that compares the manifest's screenshots with the app needs their fonts: installed
  // here as root on Debian; otherwise that journey skips, saying so, and CI fails, as for Chromium.
  if (!hasScreenshotFonts() && !tryInstallFonts()) {
    process.stdout.write(`\nSKIPPED (one journey): ${FONTS_HINT}\n`);
    if (strict) {
      process.stdout.write('CI is set, so missing fonts fail the run.\n');
      totals.failed += 1;
      ok = false;
    }
  }
  runVitest('end-to-end tests in Chromium', ['-c', 'vitest.e2e.config.ts'], path.join(results, 'e2e.json'));
} else {
  process.stdout.write(
    `\n=== end-to-end tests in Chromium ===\nSKIPPED: Chromium was not found. ${INSTALL_HINT}\n`,
  );
  if (strict) {
    process.stdout.write('CI is set, so a missing browser fails the run.\n');
    totals.failed += 1;
    ok = false;
  }
}

const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(ok ? 0 : 1);
