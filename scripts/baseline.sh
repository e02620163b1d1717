# Sourced by the scripts that compare this build with an earlier revision:
# baseline_bin REV prints the path of REV's release `shuffle-audit`.
#
# Each revision is built once, in a worktree beside this one (so its
# provenance names its own commit), into target/baseline/build, a target
# folder every baseline shares (the dependencies are compiled once for all
# of them); its binary is kept as target/baseline/<commit>/shuffle-audit and
# the worktree removed. A later call with the same revision builds nothing.
# `rm -rf target/baseline` frees the space.

baseline_bin() { # baseline_bin REV: the binary of REV, built once
  local rev=$1 sha dir tree
  sha=$(git rev-parse --verify "$rev^{commit}") || return 2
  dir=target/baseline/$sha
  if [[ ! -x $dir/shuffle-audit ]]; then
    echo "building $rev ($sha) into $dir ..." >&2
    tree=$(mktemp -d)
    git worktree add --quiet --detach "$tree" "$sha" || return 2
    mkdir -p "$dir"
    if ! CARGO_TARGET_DIR="$PWD/target/baseline/build" cargo build --release --quiet \
        --manifest-path "$tree/Cargo.toml" -p shuffle-audit; then
      git worktree remove --force "$tree"
      return 2
    fi
    cp target/baseline/build/release/shuffle-audit "$dir/shuffle-audit.partial"
    mv "$dir/shuffle-audit.partial" "$dir/shuffle-audit"
    git worktree remove --force "$tree"
  fi
  echo "$PWD/$dir/shuffle-audit"
}
