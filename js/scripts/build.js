'use strict';
// Builds the native half (the crate crates/node) in release with the
// repository's cargo and copies it beside index.js as shuffle_audit.node.
// Nothing is downloaded but the crates cargo fetches.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const cargo = process.env.CARGO || 'cargo';
const built = spawnSync(
  cargo,
  ['build', '--release', '--locked', '-p', 'shuffle-audit-node', '--message-format=json-render-diagnostics'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28, encoding: 'utf8' },
);
if (built.error) {
  console.error(`shuffle-audit: cannot run ${cargo}: ${built.error.message}; the package builds with Rust's cargo (https://rustup.rs)`);
  process.exit(1);
}
if (built.status !== 0) {
  console.error(`shuffle-audit: cargo build failed with exit code ${built.status}`);
  process.exit(built.status || 1);
}
let library = null;
for (const line of built.stdout.split('\n')) {
  if (!line.startsWith('{')) continue;
  const message = JSON.parse(line);
  if (message.reason === 'compiler-artifact' && message.target.name === 'shuffle_audit_node') {
    library = message.filenames.find((f) => /\.(so|dylib|dll)$/.test(f)) || library;
  }
}
if (!library) {
  console.error('shuffle-audit: cargo built no library for shuffle-audit-node');
  process.exit(1);
}
const target = path.join(__dirname, '..', 'shuffle_audit.node');
const partial = `${target}.${process.pid}.tmp`;
fs.copyFileSync(library, partial);
fs.renameSync(partial, target);
console.log(`shuffle-audit: built ${path.relative(process.cwd(), target)}`);
