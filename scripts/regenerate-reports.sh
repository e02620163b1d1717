#!/usr/bin/env bash
# Usage: scripts/regenerate-reports.sh
#
# Regenerates reports/ with the default run (the same as `cargo run --release`),
# then compares it with the committed report. Every figure is the same bytes
# from the same results, so when nothing but the provenance changed (commit,
# date, wall time: a few lines of text), the committed files are put back and
# there is nothing to commit; otherwise the script lists what changed. The
# committed report is part of every clone's history: commit it only when a
# result, a figure or a page changed.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet

changed=$(git status --porcelain --untracked-files=all -- reports | cut -c4-)
if [ -z "$changed" ]; then
    echo "reports/ is unchanged."
    exit 0
fi
if ! command -v python3 >/dev/null; then
    echo "reports/ changed (python3 is needed to tell a provenance-only change):"
    printf '  %s\n' $changed
    exit 0
fi
# The files that record the provenance: equal to the committed ones once the
# commit, date and wall time are masked?
if printf '%s\n' $changed | python3 -c '
import json, subprocess, sys
paths = sys.stdin.read().split()
carriers = {"reports/report.json", "reports/README.md", "reports/README.zh.md", "reports/index.html",
            "reports/handout.html", "reports/handout.zh.html"}
if not set(paths) <= carriers:
    sys.exit(1)
def committed(path):
    return subprocess.run(["git", "show", f"HEAD:{path}"], capture_output=True, check=True).stdout.decode()
old = json.loads(committed("reports/report.json"))["provenance"]
new = json.load(open("reports/report.json"))["provenance"]
def mask(text):
    values = {v for p in (old, new)
              for v in (p["git_commit"], p["git_commit"][:12], p["date"], p["date"][:10])}
    for v in sorted(values, key=len, reverse=True):
        text = text.replace(v, "<masked>")
    return "\n".join("<wall time>" if "wall time:" in l else l for l in text.splitlines())
for path in paths:
    if path.endswith(".json"):
        a, b = json.loads(committed(path)), json.load(open(path))
        a.pop("provenance"), b.pop("provenance")
        if a != b:
            sys.exit(1)
    elif mask(committed(path)) != mask(open(path).read()):
        sys.exit(1)
'; then
    git checkout --quiet -- reports
    echo "reports/ is unchanged but for its provenance (commit, date, wall time): the committed files are kept."
else
    echo "reports/ changed; commit these with the change that caused them:"
    git status --short --untracked-files=all -- reports | sed 's/^/  /'
fi
