#!/usr/bin/env bash
# Usage: scripts/regenerate-reports.sh
#
# Regenerates reports/ with the default run (the same as `cargo run --release`).
# The output is deterministic apart from the provenance (date, commit, wall time).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet
