#!/usr/bin/env bash
# Usage: scripts/test-heavy.sh
#
# Runs the heavy tests that the default test run skips (#[ignore]): the
# registry's verdicts on 7 cards and the naive swap against OEIS at 8 and 9
# cards. Release mode; a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
# The browser tests (also #[ignore]) are .ci/run's: they need Chromium.
cargo test --release --workspace -- --ignored \
    --skip the_page_loads_hovers_and_switches_figures \
    --skip the_printed_page_is_the_teachers_handout \
    --skip the_teachers_code_shows_whole_on_a_phone_and_a_laptop \
    --skip the_handout_prints_on_one_a4_page_in_both_languages
