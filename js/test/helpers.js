'use strict';
// What the tests share: the command line they compare with, and a JSON
// document without what varies from run to run and caller to caller.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');

/** `$SHUFFLE_AUDIT_BIN`, or the newest build of the command line, or null. */
function cliPath() {
  if (process.env.SHUFFLE_AUDIT_BIN) return process.env.SHUFFLE_AUDIT_BIN;
  const built = ['release', 'debug']
    .map((p) => path.join(root, 'target', p, 'shuffle-audit'))
    .filter((p) => fs.existsSync(p))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return built[0] || null;
}

/** Runs the command line: its exit code and standard output. */
function cli(...args) {
  const run = spawnSync(cliPath(), args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.error) throw run.error;
  if (run.status !== 0 && run.status !== 1) throw new Error(`shuffle-audit ${args.join(' ')}: ${run.stderr}`);
  return { code: run.status, out: run.stdout };
}

/** The document without its provenance (command, date, threads) and wall
 * time; the rest is compared byte for byte. */
function withoutRun(document) {
  const kept = document
    .replace(/\n {2}"provenance": \{\n[\s\S]*?\n {2}\},/, '')
    .replace(/,\n {2}"seconds": [0-9.e+-]+\n\}/, '\n}');
  if (kept.includes('"provenance"') || kept.includes('"seconds"')) throw new Error('a run field is left');
  return kept;
}

/** The decks of a file of one deck per line. */
function readDecks(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split(' ').map(Number));
}

module.exports = { cli, cliPath, withoutRun, readDecks };
