#!/usr/bin/env bash
# Usage: scripts/regenerate-reports.sh
#
# Regenerates reports/ with the default run (the same as `cargo run --release`),
# then compares it with the committed report. Nothing in the committed pages
# varies from run to run (the date, threads and wall time go to
# reports/run.json, which git ignores, and the commit recorded is the last
# one that changed the tool's source), so reports/ changes only when a
# result, a figure or a page did: the script lists those files, to commit
# with the change that caused them.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet

if [ -z "$(git status --porcelain --untracked-files=all -- reports)" ]; then
    echo "reports/ is unchanged."
else
    echo "reports/ changed; commit these with the change that caused them:"
    git status --short --untracked-files=all -- reports | sed 's/^/  /'
fi
