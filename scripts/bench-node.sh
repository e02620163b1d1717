#!/usr/bin/env bash
# usage: scripts/bench-node.sh [DECKS]
# The node package against the command line and against plain JavaScript,
# in one run (scripts/bench_node.js): assertFair's overhead over the user's
# own shuffle in a bare loop, and the audit of a Uint8Array of DECKS x 52
# cards against `shuffle-audit audit FILE --json` on the same decks.
# Builds the command line and the package (`npm install` in js/) first.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! type -P node >/dev/null || ! type -P npm >/dev/null; then
  echo "bench-node.sh: node and npm are needed" >&2
  exit 2
fi
cargo build --release -q -p shuffle-audit
(cd js && npm run --silent build)
node scripts/bench_node.js target/release/shuffle-audit "$@"
