#!/usr/bin/env bash
# Usage: BASELINE=<revision> scripts/same-outputs.sh
#
# Whether a change (a refactor) leaves every output as it was: builds this
# tree and BASELINE (once, by scripts/baseline.sh), runs the same commands
# with each in a folder of the same name (the default suite with --out;
# sample, exact, guess, power, riffle, scaling and predict as JSON and text;
# audit of 20,000 naive-swap decks of 8 cards as JSON, text and a
# certificate, and with --follow; audit of shoes, of a decklist with a
# group, and of single draws), and compares every file. PNG, SVG and CSV
# must be the same bytes; JSON the same but for provenance, timings and
# threads (and run.json's date); text the same once commit, date and times
# are masked; and the exit codes the same. Lists every file that differs,
# and fails if one does.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BASELINE:?set BASELINE to the revision to compare with, e.g. BASELINE=410fa2f}"
command -v python3 >/dev/null || { echo "python3 is needed to compare the documents" >&2; exit 2; }
source scripts/baseline.sh
cargo build --release --quiet -p shuffle-audit
old_bin=$(baseline_bin "$BASELINE")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# The same decks for both: 20,000 naive swaps of 8 cards, from a fixed seed.
# Then 3,000 two-deck shoes of 13 values (Python's shuffle, seed 4), and
# 40 single draws of 30 items (seed 5).
python3 - "$out" <<'PY'
import os, random, sys
r = random.Random(3)
with open(os.path.join(sys.argv[1], "decks.txt"), "w") as f:
    for _ in range(20000):
        d = list(range(8))
        for i in range(7, 0, -1):
            j = r.randrange(8)
            d[i], d[j] = d[j], d[i]
        f.write(" ".join(map(str, d)) + "\n")
r = random.Random(4)
with open(os.path.join(sys.argv[1], "shoes.txt"), "w") as f:
    shoe = list(range(13)) * 2
    for _ in range(3000):
        r.shuffle(shoe)
        f.write(" ".join(map(str, shoe)) + "\n")
r = random.Random(5)
with open(os.path.join(sys.argv[1], "draws.txt"), "w") as f:
    f.write("# 40 draws of 30 items\n")
    for _ in range(40):
        d = list(range(30))
        r.shuffle(d)
        f.write(" ".join(map(str, d)) + "\n")
PY

run() { # run BIN DIR: every command, in DIR (the same path for both builds)
  local bin=$1 dir=$out/run
  rm -rf "$dir"; mkdir -p "$dir"; cp "$out"/{decks,shoes,draws}.txt "$dir/"
  (
    cd "$dir"
    set +e
    "$bin" --out suite > /dev/null 2>&1; echo "suite $?" >> rcs
    "$bin" sample -a naive-swap -d 6 -n 200000 --json > sample.json 2>&1; echo "sample $?" >> rcs
    "$bin" sample -a naive-swap -d 6 -n 200000 > sample.txt 2>&1
    "$bin" sample -a fisher-yates -d 7 -n 50000 --repeat 3 --json > repeat.json 2>&1; echo "repeat $?" >> rcs
    "$bin" sample -a naive-swap -d 52 -n 20000 --json > large.json 2>&1; echo "large $?" >> rcs
    "$bin" exact -a blog-fisher-yates -d 5 --json > exact.json 2>&1; echo "exact $?" >> rcs
    "$bin" guess -a naive-swap -d 8 --json > guess.json 2>&1; echo "guess $?" >> rcs
    "$bin" guess -a naive-swap -d 8 > guess.txt 2>&1
    "$bin" power -a naive-swap -d 6 --json > power.json 2>&1; echo "power $?" >> rcs
    "$bin" power -a naive-swap -d 6 > power.txt 2>&1
    "$bin" audit decks.txt --json > audit.json 2>&1; echo "audit $?" >> rcs
    "$bin" audit decks.txt > audit.txt 2>&1
    "$bin" audit decks.txt --out cert > /dev/null 2>&1; echo "certificate $?" >> rcs
    "$bin" audit decks.txt --follow --json > follow.json 2>&1; echo "follow $?" >> rcs
    "$bin" audit decks.txt --follow > follow.txt 2>&1
    "$bin" audit shoes.txt --shoe 2 --json > shoe.json 2>&1; echo "shoe $?" >> rcs
    "$bin" audit shoes.txt --shoe 2 > shoe.txt 2>&1
    "$bin" deal -a gsr-riffle-3 --composition Forest:9,Island:8,Bolt:4,Opt:4 -n 4000 --seed 2 > list.txt 2>&1
    "$bin" audit list.txt --group land=Forest,Island --json > decklist.json 2>&1; echo "decklist $?" >> rcs
    "$bin" audit list.txt --group land=Forest,Island > decklist.txt 2>&1
    "$bin" audit draws.txt --single --json > single.json 2>&1; echo "single $?" >> rcs
    "$bin" audit draws.txt --single > single.txt 2>&1
    "$bin" riffle -d 20 --max 4 -n 3000 --json > riffle.json 2>&1; echo "riffle $?" >> rcs
    "$bin" riffle -d 20 --max 4 -n 3000 > riffle.txt 2>&1
    "$bin" scaling -b 15 -d 10 --json > scaling.json 2>&1; echo "scaling $?" >> rcs
    "$bin" scaling -b 15 -d 10 > scaling.txt 2>&1
    "$bin" predict -a poker-fixed-time --seen "3 35 46 8 20" --json > predict.json 2>&1; echo "predict $?" >> rcs
    "$bin" predict -a poker-fixed-time --seen "3 35 46 8 20" > predict.txt 2>&1
  )
  mv "$dir" "$2"
}
run "$PWD/target/release/shuffle-audit" "$out/new"
run "$old_bin" "$out/old"

python3 - "$out/old" "$out/new" <<'PY'
import json, os, re, sys
old, new = sys.argv[1], sys.argv[2]
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items()
                if k not in ("provenance", "wall_seconds", "seconds", "timings", "threads")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
# Commit, date, times and speeds: what differs between any two runs.
varies = re.compile(r"[0-9a-f]{12,40}|\d{4}-\d\d-\d\dT[\d:]+Z|\d{4}-\d\d-\d\d|\d+\.\d+ s\b"
                    r"|[\d.]+ M shuffles/s|wall time[^\n]*")
differ, files = [], 0
for root, _, names in os.walk(old):
    for name in names:
        a_path = os.path.join(root, name)
        rel = os.path.relpath(a_path, old)
        b_path = os.path.join(new, rel)
        files += 1
        if not os.path.exists(b_path):
            differ.append(f"{rel}: only in the baseline"); continue
        a, b = open(a_path, "rb").read(), open(b_path, "rb").read()
        if a == b:
            continue
        if name.endswith(".json"):
            try:
                a, b = strip(json.loads(a)), strip(json.loads(b))
                # The suite's record of the run: its date varies too.
                if name == "run.json":
                    a.pop("date", None), b.pop("date", None)
                if a == b:
                    continue
            except ValueError:
                pass
        elif not name.endswith((".png", ".svg", ".csv")):
            try:
                if varies.sub("~", a.decode()) == varies.sub("~", b.decode()):
                    continue
            except UnicodeDecodeError:
                pass
        differ.append(rel)
for root, _, names in os.walk(new):
    for name in names:
        rel = os.path.relpath(os.path.join(root, name), new)
        if not os.path.exists(os.path.join(old, rel)):
            differ.append(f"{rel}: only in this build")
if differ:
    print(f"{len(differ)} of {files} files differ:")
    for d in differ:
        print(f"  {d}")
    sys.exit(1)
print(f"{files} files: the same but for provenance, timings and speeds")
PY
