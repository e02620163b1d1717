#!/usr/bin/env bash
# Usage: scripts/test-heavy.sh
#
# Runs every heavy test that the default test run skips (#[ignore]), in
# release, the browser tests excepted (.ci/run's: they need Chromium): the
# registry's verdicts on 7 cards, the naive swap against OEIS at 8 and 9
# cards, state merging at 10 to 12 cards (12 GB at 12), calibration, power
# in practice on 3 to 8 cards, a day of seeds. About 15 minutes on 2
# cores after the build. CI runs all but the two longest on its test build.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release --workspace -- --ignored \
    --skip the_page_loads_hovers_and_switches_figures \
    --skip the_printed_page_is_the_teachers_handout \
    --skip the_teachers_code_shows_whole_on_a_phone_and_a_laptop \
    --skip the_handout_prints_on_one_a4_page_in_both_languages \
    --skip the_naive_swap_is_flagged_within_seconds \
    --skip fisher_yates_runs_a_million_decks_without_an_alarm \
    --skip broken_code_is_an_error_and_not_a_verdict
