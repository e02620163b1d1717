#!/usr/bin/env bash
# Usage: scripts/bench-predict.sh
#
# Seed recovery over each published case's real seed space, at 1 and 2
# threads in the same run: `predict` with five cards of a deal (the Planet
# Poker shuffle over the 86,400,000 milliseconds of a day, FreeCell over
# its 1,000,000 deal numbers, Fisher-Yates reseeded from the millisecond of
# the day over the same day, Java's Collections.shuffle over the day's
# 86,400,000 Unix milliseconds, and the C, C++ and PHP shuffles seeded with
# time() over the day's 86,400 seconds, and the C# shuffle on .NET's tick
# count over the first day after boot). Prints each wall time (best of 3),
# the seeds dealt per second, and the 2-thread / 1-thread speed-up. The
# last row deals as many tick counts beyond 161,803,398, where .NET's
# seeds are dealt one by one rather than walked (DotNetOutputWalk): the
# ratio of the two .NET rows is what the walk gains.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p shuffle-audit
bin=target/release/shuffle-audit
source scripts/timing.sh
five() { # the first five cards of ALGORITHM's deal from the registry's own seed draw
  "$bin" deal -a "$1" -d 52 -n 1 -s "$2" ${3:+--base "$3"} | cut -d' ' -f1-5
}
printf '%-26s %12s %10s %10s %14s %8s\n' algorithm seeds "1 thread" "2 threads" "seeds/s (2)" speed-up
for spec in "planet-poker 86400000 1" "freecell 1000000" "fisher-yates-seed-ms 86400000" \
  "java-shuffle-millis 86400000" "c-shuffle-glibc-time 86400" "cpp-shuffle-mt19937-time 86400" \
  "php-shuffle-mt-time 86400" "dotnet-shuffle-tickcount 86400000" \
  "dotnet-shuffle-tickcount 86400000 - 161803399..248203399"; do
  read -r alg seeds base range <<<"$spec"
  [ "$base" = - ] && base=
  seen=$(five "$alg" 7 "$base")
  args=(predict -a "$alg" --seen "$seen" ${base:+--base "$base"} ${range:+--seeds "$range"})
  t1=$(best "$bin" "${args[@]}" --threads 1)
  t2=$(best "$bin" "${args[@]}" --threads 2)
  awk -v a="$alg" -v n="$seeds" -v t1="$t1" -v t2="$t2" \
    'BEGIN { printf "%-26s %12d %9.2fs %9.2fs %14.3g %7.2fx\n", a, n, t1, t2, n / t2, t1 / t2 }'
  [ -n "$range" ] && echo "  (the row above: tick counts $range, dealt one by one)"
done
