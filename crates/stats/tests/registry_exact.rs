//! The registry's expected verdicts, checked by exact enumeration: every
//! algorithm it calls uniform is exactly uniform on decks of 1 to 6 cards
//! (fewer where its tree is beyond the test budget), and every one it calls
//! biased is not uniform on any deck of 3 cards or more.

use algorithms::registry::REGISTRY;
use algorithms::{Exact, Expected};
use stats::{ExactError, Limits, exact_distribution};

/// Paths one case may walk in the default test run.
const TEST_BUDGET: u64 = 20_000_000;

#[test]
fn registry_verdicts_hold_exactly() {
    check(6, TEST_BUDGET, 6, 3);
}

/// Heavy: decks of 7 cards, up to a billion paths a case.
/// `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn registry_verdicts_hold_exactly_on_seven_cards() {
    check(7, 1_000_000_000, 7, 3);
}

/// Enumerates every enumerable entry on decks 1..=max_deck; a uniform entry
/// must be covered up to `uniform_up_to` cards, a biased one up to
/// `biased_up_to` (wider trees stop at the budget).
fn check(max_deck: usize, budget: u64, uniform_up_to: usize, biased_up_to: usize) {
    let mut report = String::new();
    for entry in REGISTRY.iter().filter(|e| e.exact.is_enumerable()) {
        let mut limits = Limits::for_exact(entry.exact);
        limits.max_paths = budget;
        let mut largest = 0;
        for n in 1..=max_deck {
            let law = match exact_distribution(&entry.algorithm, n, &limits) {
                Ok(law) => law,
                Err(ExactError::TooManyPaths { .. }) => break,
                Err(e) => panic!("{} at n = {n}: {e}", entry.id),
            };
            largest = n;
            let tv = law.total_variation();
            report += &format!(
                "{:<24} n={n} paths={:<9} cut={:<7} support={:<4} unexplored={:.2e} tv=[{:.6}, {:.6}]\n",
                entry.id,
                law.paths,
                law.cut_paths,
                law.support(),
                law.unexplored_mass(),
                tv.lower,
                tv.upper
            );
            match entry.expected {
                Expected::Uniform => {
                    assert!(
                        law.is_uniform(),
                        "{} is not uniform at n = {n}: tv {tv:?}",
                        entry.id
                    )
                }
                Expected::Biased(_) if n >= 3 => assert!(
                    law.is_certainly_biased(),
                    "{} is not shown biased at n = {n}: support {}, tv {tv:?}",
                    entry.id,
                    law.support()
                ),
                Expected::Biased(_) => {}
            }
            if entry.exact == Exact::Full {
                assert!(
                    law.is_complete(),
                    "{} left mass unexplored at n = {n}",
                    entry.id
                );
            }
        }
        let required = match entry.expected {
            Expected::Uniform => uniform_up_to,
            Expected::Biased(_) => biased_up_to,
        };
        assert!(
            largest >= required,
            "{} could be enumerated only up to n = {largest} within the budget (needs {required})",
            entry.id
        );
    }
    println!("{report}");
}
