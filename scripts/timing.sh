# Sourced by the benchmark scripts: once(), the wall time of one run;
# least(), the smaller of two times; best(), the best of three runs.

once() { # wall time of one run of "$@", in seconds; exit codes 0 and 1 (a verdict) are runs
  local s e
  s=$(date +%s.%N)
  "$@" > /dev/null || [ $? -le 1 ]
  e=$(date +%s.%N)
  awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'
}

least() { # the smaller of two times, the first perhaps empty
  awk -v b="$1" -v t="$2" 'BEGIN { if (b == "" || t < b) print t; else print b }'
}

best() { # best wall time of 3 runs of "$@", in seconds
  local b=""
  for _ in 1 2 3; do
    b=$(least "$b" "$(once "$@")")
  done
  echo "$b"
}
