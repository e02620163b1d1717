#!/usr/bin/env bash
# usage: scripts/report-size.sh [LIMIT_MIB] [REVISION]
# The committed size of reports/ at REVISION (default HEAD), as git stores
# each file (the blob's bytes, before compression): files and bytes by
# kind (PNG, SVG, JSON, HTML, Markdown, CSV, others), the total, and the
# five largest files. With LIMIT_MIB, exits 1 when the total is over that
# many MiB (2^20 bytes).
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${1:-}"
rev="${2:-HEAD}"
if [[ -n "$limit" && ! "$limit" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
  echo "report-size.sh: LIMIT_MIB must be a number of MiB, got '$limit'" >&2
  exit 2
fi
listing=$(git ls-tree -r -l "$rev" -- reports/)
if [[ -z "$listing" ]]; then
  echo "report-size.sh: $rev holds no reports/" >&2
  exit 2
fi
# "mode type hash size<TAB>path"
status=0
printf '%s\n' "$listing" | awk -F'\t' -v limit="$limit" -v rev="$rev" '
  {
    split($1, f, " "); size = f[4]; path = $2
    kind = "other"
    if (path ~ /\.png$/) kind = "PNG"
    else if (path ~ /\.svg$/) kind = "SVG"
    else if (path ~ /\.json$/) kind = "JSON"
    else if (path ~ /\.html$/) kind = "HTML"
    else if (path ~ /\.md$/) kind = "Markdown"
    else if (path ~ /\.csv$/) kind = "CSV"
    bytes[kind] += size; files[kind]++; total += size; n++
  }
  END {
    printf "reports/ at %s\n", rev
    printf "%-9s %6s %12s %9s\n", "kind", "files", "bytes", "MiB"
    split("PNG SVG JSON HTML Markdown CSV other", order, " ")
    for (i = 1; i <= 7; i++) {
      k = order[i]
      if (files[k]) printf "%-9s %6d %12d %9.2f\n", k, files[k], bytes[k], bytes[k] / 1048576
    }
    printf "%-9s %6d %12d %9.2f\n", "total", n, total, total / 1048576
    if (limit != "" && total > limit * 1048576) {
      printf "over the limit of %s MiB by %.2f MiB\n", limit, total / 1048576 - limit
      exit 1
    }
  }' || status=$?
echo "largest:"
printf '%s\n' "$listing" | awk -F'\t' '{ split($1, f, " "); printf "%12d  %s\n", f[4], $2 }' | sort -rn | sed -n 1,5p
exit "$status"
