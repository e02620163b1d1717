//! The check on every algorithm of shuffle-audit's registry, at the default
//! budget: the uniform ones pass; the biased ones fail and are recognised,
//! except those whose bias is proved to lie below the check's detection
//! floor at every deck size it checks.

use algorithms::registry::REGISTRY;
use algorithms::{Entry, Expected, Kernel, Shuffle};
use shuffle_check::{Check, CheckRng, Guarantee, TestKind};
use stats::law::exact::{Limits, exact_distribution};
use stats::law::perm::factorial;

/// A registry algorithm as a shuffle function of the kind the check takes.
fn shuffle_with(entry: &'static Entry) -> impl FnMut(&mut [u32], &mut CheckRng) {
    let mut deck = Vec::new();
    move |cards: &mut [u32], rng: &mut CheckRng| {
        deck.clear();
        deck.extend_from_slice(cards);
        entry.algorithm.shuffle(&mut deck, rng);
        cards.copy_from_slice(&deck);
    }
}

/// The largest relative deviation of the entry's cells above and below
/// fair, for one test of the plan, proved: from the exact law where it is
/// known, from a bound otherwise; `None` when neither is available.
fn proved_deviation(entry: &Entry, g: &Guarantee) -> Option<(f64, f64)> {
    let n = g.deck.cards;
    // Sorting by random b-bit keys (stable): couple each key with a
    // continuous one, k = floor(u·2^b). Where card i's key ties no other,
    // card i's position is the rank of u_i, exactly uniform; the rest has
    // probability at most (n−1)/2^b, so a position cell is off by at most
    // that. An arrangement differs only when some pair ties: C(n, 2)/2^b.
    if let Kernel::RandomKeys(keys) = entry.algorithm.kernel {
        let ties = match g.kind {
            TestKind::Positions => (n - 1) as f64 * n as f64,
            TestKind::Arrangements => (n * (n - 1) / 2) as f64 * factorial(n) as f64,
            TestKind::Repeats => return None,
        } / 2f64.powi(keys.bits as i32);
        return Some((ties, ties));
    }
    let cells: Vec<f64> = match g.kind {
        TestKind::Positions => {
            if let Some(swaps) = entry.algorithm.swap_shuffle(n) {
                stats::law::markov::rounded_position_law(&swaps)
                    .ok()?
                    .matrix
            } else {
                let law = exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact))
                    .ok()?;
                law.position_matrix().concat()
            }
        }
        TestKind::Arrangements => {
            exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact))
                .ok()?
                .probabilities()
        }
        TestKind::Repeats => return None,
    };
    let fair = g.band.expect("cell tests have a band").p;
    let above = cells.iter().map(|&p| p / fair - 1.0).fold(0.0, f64::max);
    let below = cells.iter().map(|&p| 1.0 - p / fair).fold(0.0, f64::max);
    Some((above, below))
}

/// Whether the check is not bound to notice the entry: every test's cells
/// are proved to deviate less than its detection floor, and no repeats test
/// could catch it (the entry's seeds, if any, are not few).
fn proved_below_the_floor(entry: &Entry, check: &Check) -> Result<(), String> {
    for g in &check.plan().tests {
        if g.kind == TestKind::Repeats {
            if entry.expected == Expected::Biased(algorithms::Defect::FewSeeds) {
                return Err(
                    "deals from few seeds, which the repeats test is bound to catch".into(),
                );
            }
            continue;
        }
        let (above, below) = proved_deviation(entry, g).ok_or_else(|| {
            format!(
                "no proof of its deviation for {:?} at {} cards",
                g.kind, g.deck.cards
            )
        })?;
        let floor_above = g.detects_above.unwrap_or(f64::INFINITY);
        let floor_below = g.detects_below.unwrap_or(f64::INFINITY);
        if above >= floor_above || below >= floor_below {
            return Err(format!(
                "{:?} at {} cards: deviates +{above:.3e}/-{below:.3e}, floors +{floor_above:.3e}/-{floor_below:.3e}",
                g.kind, g.deck.cards
            ));
        }
    }
    Ok(())
}

#[test]
fn every_uniform_algorithm_of_the_registry_passes() {
    let check = Check::new();
    let mut checked = 0;
    for entry in REGISTRY.iter().filter(|e| e.expected == Expected::Uniform) {
        // The false-failure probability of each run is at most 1e-6 (the
        // plan's budget); the seed is fixed, so this is deterministic.
        if let Err(failure) = check.run(shuffle_with(entry)) {
            panic!("{} is uniform and failed:\n{failure}", entry.id);
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} uniform algorithms");
}

#[test]
fn every_biased_algorithm_fails_and_is_recognised_unless_proved_undetectable() {
    let check = Check::new();
    let (mut failed, mut below) = (Vec::new(), Vec::new());
    for entry in REGISTRY {
        let Expected::Biased(defect) = entry.expected else {
            continue;
        };
        match check.run(shuffle_with(entry)) {
            Err(failure) => {
                assert!(
                    failure.defects().contains(&defect),
                    "{} ({defect:?}) failed but was taken for {:?}:\n{failure}",
                    entry.id,
                    failure.defects()
                );
                failed.push(entry.id);
            }
            Ok(_) => {
                if let Err(why) = proved_below_the_floor(entry, &check) {
                    panic!(
                        "{} is biased and passed, and is not proved undetectable: {why}",
                        entry.id
                    );
                }
                below.push(entry.id);
            }
        }
    }
    // Uneven 15-bit reductions (off by at most k/32768 per draw) and keys of
    // 16 bits or more pass, proved above; the rest of the registry is caught.
    assert!(
        failed.len() > below.len(),
        "caught {failed:?}, passed {below:?}"
    );
}
