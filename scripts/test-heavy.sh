#!/usr/bin/env bash
# Usage: scripts/test-heavy.sh
#
# Runs the heavy tests that the default test run skips (#[ignore]): the
# registry's verdicts on 7 cards and the naive swap against OEIS at 8 and 9
# cards. Release mode; a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release --workspace -- --ignored
