#!/usr/bin/env node
// `npm test`: every test layer, in order, on a real PostgreSQL and a real Chromium.
//   0. lint (`eslint .`) and typecheck (`npm run typecheck`), what a developer checks by hand, side by side
//      with the production build the end-to-end tests run (nothing in layer 1 reads it);
//   1. unit and API tests (Vitest: contracts, api against embedded PostgreSQL, web in jsdom);
//   2. end-to-end tests (Playwright in Debian's Chromium against the built server).
// Ends with one line "N passed, M failed" (lint and typecheck count as one check each). Under CI=true a
// missing browser, OCR or S3 server fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'test-reports');
const ci = process.env.CI === 'true' || process.env.CI === '1';
// Debian's headless build of Chromium (package chromium-headless-shell), as e2e/playwright.config.ts says.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * Debian packages the tests use: Chromium's headless build (end-to-end), poppler-utils (pdftotext, agenda PDFs;
 * pdftoppm, OCR), tesseract-ocr with its Spanish data (OCR of scanned PDFs) and the DejaVu fonts the
 * OCR tests draw their scans with; nginx, the balancer of the balancer test (which starts its own).
 */
const PACKAGES = ['chromium-headless-shell', 'poppler-utils', 'tesseract-ocr', 'tesseract-ocr-spa', 'fonts-dejavu-core', 'nginx'];

/** Whether tesseract runs and has the Spanish data. */
function hasSpanishOcr() {
  const result = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return result.status === 0 && `${result.stdout}\n${result.stderr}`.split('\n').some((line) => line.trim() === 'spa');
}

/** OpenStack Swift with its S3 API, the real S3 server of the storage tests (scripts/s3-server.sh installs it). */
const hasSwift = () => existsSync('/usr/bin/swift-proxy-server') && existsSync('/usr/bin/memcached');

const toolsPresent = () => existsSync(chromium) && existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm') && hasSpanishOcr() && hasSwift() && existsSync('/usr/sbin/nginx');

function ensureTools() {
  if (toolsPresent()) return true;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!ci && canInstall) {
    console.log(`\nChromium, poppler-utils, tesseract (with Spanish), nginx or Swift missing: installing Debian's ${PACKAGES.join(', ')} and Swift...`);
    if (
      run('apt-get', ['update', '-qq']) === 0 &&
      run('apt-get', ['install', '-y', '-qq', ...PACKAGES]) === 0 &&
      run('bash', ['scripts/s3-server.sh', 'install']) === 0 &&
      toolsPresent()
    ) {
      return true;
    }
  }
  console.error(
    `\nChromium (${chromium}), poppler-utils, tesseract with its Spanish data, nginx or Swift is missing; the tests need them all.\n` +
      `Install them with: sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')} && sudo bash scripts/s3-server.sh install\n` +
      `(or set CHROMIUM_PATH to another Chromium binary).`,
  );
  return false;
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Names of the failed tests, repeated at the end: the last lines of a long run are what a CI log keeps. */
const failedNames = [];
/** Lint and typecheck when they fail, with the end of their output. */
const failedChecks = [];

// The Debian tools first: the API tests read PDFs back with pdftotext and recognise scans with tesseract.
const toolsReady = ensureTools();

// 0. Lint, typecheck and the build, at once: typecheck keeps one core busy for half a minute after lint
// ends, the build fills the other (clean clone: lint 36 s and typecheck 74 s side by side, then the build
// 25 s on its own). Their output is printed when they end, one after the other, so that they never
// interleave; a lint or type error fails the run and is counted; a failed build fails it before the e2e layer.
const [lint, typecheck, build] = await Promise.all([
  runQuietly('lint', 'npx', ['eslint', '.']),
  runQuietly('typecheck', 'npm', ['run', 'typecheck', '--silent']),
  runQuietly('build', 'npm', ['run', 'build']),
]);
for (const check of [lint, typecheck]) {
  process.stdout.write(check.output);
  if (check.status === 0) {
    counts.passed += 1;
    console.log(`✓ ${check.name} (${check.seconds} s)`);
  } else {
    counts.failed += 1;
    problems.push(check.name);
    failedChecks.push(`${check.name}: ${summaryOf(check.output)}`);
    console.log(`✗ ${check.name} failed (${check.seconds} s)`);
  }
}
process.stdout.write(build.output);
console.log(build.status === 0 ? `✓ build (${build.seconds} s)` : `✗ build failed (${build.seconds} s)`);

// 1. Vitest
const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) {
    counts.failed += report.numFailedTestSuites;
  }
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failedNames.push(`${where} › ${test.fullName}: ${summaryOf(test.failureMessages[0])}`);
    if (failed.length === 0 && file.status === 'failed') failedNames.push(`${where}: ${firstLine(file.message)}`);
  }
}
// A failed test fails the run even if Vitest's own exit status were to say otherwise.
if (vitestStatus !== 0 || !existsSync(vitestReport) || JSON.parse(readFileSync(vitestReport, 'utf8')).numFailedTests > 0) {
  problems.push('unit/API tests');
}

// 2. The browser tests, on the build of layer 0
if (!toolsReady) {
  counts.failed += 1;
  problems.push('Chromium, poppler-utils or tesseract missing');
} else if (build.status !== 0) {
  counts.failed += 1;
  problems.push('build');
} else {
  const playwrightReport = path.join(reports, 'playwright.json');
  const status = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  let e2eFailed = 1;
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    counts.passed += stats.expected + stats.flaky;
    counts.skipped += stats.skipped;
    e2eFailed = stats.unexpected;
  }
  counts.failed += e2eFailed;
  if (status !== 0 || e2eFailed > 0) problems.push('end-to-end tests');
}

if (problems.length > 0 && counts.failed === 0) counts.failed = problems.length;
if (failedChecks.length > 0) console.log(`\nFailed checks:\n${failedChecks.map((name) => `  ✗ ${name}`).join('\n')}`);
if (failedNames.length > 0) console.log(`\nFailed unit/API tests:\n${failedNames.map((name) => `  ✗ ${name}`).join('\n')}`);
console.log(`\n${problems.length ? `Failed: ${problems.join(', ')}` : 'All test layers passed.'}`);
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(problems.length ? 1 : 0);

/** A command run with its output kept (stdout and stderr together): its name, exit status, output and time. */
function runQuietly(name, command, args) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (status) => resolve({ name, status, output, seconds: Math.round((performance.now() - started) / 1000) });
    child.on('error', (error) => {
      output += `${String(error)}\n`;
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

function firstLine(text) {
  return String(text ?? '').split('\n')[0].slice(0, 300);
}

/**
 * A failure's first line and, when it has more, its last lines without the stack: an assertion's
 * message may be a long log (a server's output) whose end, with the expected and received values,
 * is what explains the failure, and a CI log may keep only this summary.
 */
function summaryOf(text) {
  const lines = String(text ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
    .map((line) => line.slice(0, 300));
  if (lines.length <= 1) return lines[0] ?? '';
  const tail = lines.slice(Math.max(1, lines.length - 20));
  return [lines[0], ...(tail.length < lines.length - 1 ? ['      …'] : []), ...tail.map((line) => `      ${line}`)].join('\n');
}
