//! The registry against itself and against the seed documents.

use super::documents::{S000, S001, S002, S003, S004};
use super::*;
use crate::defect::Defect;
use crate::shuffle::Shuffle;

#[test]
fn ids_are_unique_kebab_case() {
    let mut ids: Vec<&str> = REGISTRY.iter().map(|e| e.id).collect();
    for id in &ids {
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{id} is not kebab-case"
        );
    }
    ids.sort_unstable();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "duplicate ids");
}

#[test]
fn fixed_ids_exist() {
    for id in ["naive-swap", "fisher-yates", "sattolo", "gsr-riffle"] {
        assert_eq!(find(id).unwrap().id, id);
    }
    assert_eq!(find("gsr-riffle").unwrap().algorithm.times, 7);
    assert_eq!(find("blog-riffle").unwrap().algorithm.times, 7);
}

#[test]
fn each_summary_opens_with_the_verdict_the_registry_states() {
    for e in REGISTRY {
        let uniform = e.summary.starts_with("Uniform");
        assert_eq!(
            uniform,
            e.expected == Expected::Uniform,
            "{}: {:?} does not open with its verdict {:?}",
            e.id,
            e.summary,
            e.expected
        );
        if !uniform {
            assert!(
                e.summary.contains("iased") || e.summary.contains("not uniform"),
                "{}: {:?}",
                e.id,
                e.summary
            );
        }
    }
    // Every defect is some algorithm's: a defect no entry shows could
    // not be recognised by comparing with the registry's laws.
    for d in Defect::ALL {
        assert!(
            REGISTRY.iter().any(|e| e.expected == Expected::Biased(d)),
            "{d:?} is no entry's defect"
        );
    }
}

#[test]
fn every_seed_document_is_cited() {
    for doc in [S000, S001, S002, S003, S004] {
        assert!(
            REGISTRY
                .iter()
                .any(|e| e.sources.iter().any(|s| s.document == doc)),
            "{doc} is not cited"
        );
    }
}

#[test]
fn visiting_runs_the_same_algorithm() {
    use rand::SeedableRng;
    struct Run(u64);
    impl Visitor for Run {
        type Output = Vec<u32>;
        fn visit<A: Shuffle + Copy + Send + Sync>(self, a: &A) -> Vec<u32> {
            let mut deck: Vec<u32> = (0..20).collect();
            a.shuffle(
                &mut deck,
                &mut rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(self.0),
            );
            deck
        }
    }
    for entry in REGISTRY {
        let mut deck: Vec<u32> = (0..20).collect();
        entry.algorithm.shuffle(
            &mut deck,
            &mut rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9),
        );
        assert_eq!(entry.algorithm.visit(Run(9)), deck, "{}", entry.id);
    }
}

#[test]
fn unknown_ids_suggest_the_nearest() {
    let err = find("naive-swp").unwrap_err();
    assert_eq!(err.suggestions.first(), Some(&"naive-swap"));
    assert!(err.to_string().contains("did you mean naive-swap"), "{err}");
    let err = find("riffle").unwrap_err();
    assert!(
        err.suggestions.iter().any(|s| s.contains("riffle")),
        "{err}"
    );
    assert_eq!(edit_distance("kitten", "sitting"), 3);
}
