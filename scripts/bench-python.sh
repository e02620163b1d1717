#!/usr/bin/env bash
# usage: scripts/bench-python.sh [DECKS] [DASK_DECKS]
# The Python package against the command line and against plain Python, in
# one run (scripts/bench_python.py): the audit of a DECKS x 52 array against
# `shuffle-audit audit FILE` on the same decks, assert_fair's overhead over
# the user's own function, and the Dask example's decks a second per worker.
# Uses the python3 on PATH (PYTHON=... to choose), which must have
# `pip install './python[test]'` installed.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import shuffle_audit, dask.distributed' 2>/dev/null; then
  echo "bench-python.sh: $PYTHON cannot import shuffle_audit and dask.distributed: run pip install './python[test]' first" >&2
  exit 2
fi
cargo build --release -q -p shuffle-audit
"$PYTHON" scripts/bench_python.py target/release/shuffle-audit "$@"
