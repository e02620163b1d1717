#!/usr/bin/env bash
# Usage: BASELINE=<git revision> [RESAMPLED=id,id] [CORRECTED=field,field] scripts/bench-suite.sh [RUNS]
#        (default 1 run each)
#
# The default run (`shuffle-audit` with no arguments, the same budget and
# seed) timed on this build and on BASELINE (built once by
# scripts/baseline.sh: one more release build, a few minutes, the first
# time), one after the other,
# RUNS times each, in this run. Prints each wall time, the stages of the
# last run of this build (from run.json's timings), the ratio
# of the medians, and whether the two reports hold the same results: every
# number in report.json but the provenance (commit, date, times) must be
# equal, since a speed-up may not change a count. RESAMPLED names the
# algorithms this build samples by another method of the same law (as the
# GSR riffle's k riffles at once): their cases and riffle-study rows may
# differ in their counts, but their verdicts and grades must not. CORRECTED
# names fields a fix since BASELINE computes more accurately (as
# `power_at_this_run` since the noncentral chi-square fix): each difference
# in one of them is printed, old and new value, and only the others fail.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BASELINE:?set BASELINE to the revision to compare with, e.g. BASELINE=91f0bfd}"
runs="${1:-1}"
source scripts/baseline.sh
cargo build --release --quiet -p shuffle-audit
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
new_bin=target/release/shuffle-audit
old_bin=$(baseline_bin "$BASELINE")
declare -a new_t=() old_t=()
for i in $(seq "$runs"); do
  for which in new old; do
    bin=$new_bin; [[ $which == old ]] && bin=$old_bin
    rm -rf "$out/$which"
    start=$(date +%s.%N)
    "$bin" --out "$out/$which" > /dev/null
    t=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    echo "run $i, $which build: $t s"
    if [[ $which == new ]]; then new_t+=("$t"); else old_t+=("$t"); fi
  done
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
python3 - "$out/new/run.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["timings"]
print("this build, by stage: " + ", ".join(f"{s['stage']} {s['seconds']:.1f} s" for s in t["stages"]))
print("slowest to sample: " + ", ".join(f"{a['algorithm']} {a['seconds']:.1f} s" for a in t["sampling"][:5]))
PY
awk -v a="$(median "${new_t[@]}")" -v b="$(median "${old_t[@]}")" -v base="$BASELINE" \
  'BEGIN { printf "default run: this build %.1f s, %s %.1f s: %.3f x the time\n", a, base, b, a / b }'
python3 - "$out/new/report.json" "$out/old/report.json" <<'PY'
import json, os, sys
# Compared on the fields both documents have (a baseline of an older schema
# lacks the newer ones); provenance (commit, date, times) aside.
def diff(a, b, path):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(a.keys() & b.keys()):
            if path == "" and k in ("provenance", "schema_version"):
                continue
            yield from diff(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from diff(x, y, f"{path}[{i}]")
    elif a != b:
        yield path, a, b
new, old = (json.load(open(p)) for p in sys.argv[1:3])
corrected = {f for f in os.environ.get("CORRECTED", "").split(",") if f}
resampled = {a for a in os.environ.get("RESAMPLED", "").split(",") if a}
def set_aside(doc):
    """The resampled algorithms' cases and riffle rows, taken out of doc:
    their verdicts and grades, to be compared on their own."""
    kept = []
    for a in doc.get("algorithms", []):
        if a["info"]["id"] in resampled:
            kept.append((a["info"]["id"], a["verdict"], [c["sampled"]["verdict"] for c in a["cases"] if "sampled" in c]))
    doc["algorithms"] = [a for a in doc.get("algorithms", []) if a["info"]["id"] not in resampled]
    riffles = doc.get("riffles") or {}
    for m in riffles.get("models", []):
        if m["algorithm"] in resampled:
            kept.append((m["algorithm"], [r["grade"] for r in m["rows"]]))
    if riffles:
        riffles["models"] = [m for m in riffles.get("models", []) if m["algorithm"] not in resampled]
    return kept
new_kept, old_kept = set_aside(new), set_aside(old)
if new_kept != old_kept:
    print(f"results: the resampled algorithms' verdicts differ: {new_kept} against {old_kept}")
    sys.exit(1)
if resampled:
    print(f"results: {', '.join(sorted(resampled))} resampled, same verdicts and grades")
differ = []
for path, now, then in diff(new, old, ""):
    if path.rsplit(".", 1)[-1] in corrected:
        print(f"results: corrected {path}: {then} -> {now}")
    else:
        differ.append(path)
if differ:
    print(f"results: {len(differ)} fields differ from the baseline's, first {differ[:5]}")
    sys.exit(1)
print("results: every other field both reports have is identical" if corrected else "results: every field both reports have is identical")
PY
