//! `list`: the registered algorithms, each with its sources, expected
//! verdict and defect.

use report::AlgorithmInfo;

/// What `list` gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Every registered algorithm, in the registry's order.
    pub algorithms: Vec<AlgorithmInfo>,
}

impl Outcome {
    /// Always 0.
    pub fn exit_code(&self) -> u8 {
        crate::exit::PASS
    }
}

/// The registry, as its documents show it.
pub fn run() -> Outcome {
    Outcome {
        algorithms: algorithms::registry::REGISTRY
            .iter()
            .map(AlgorithmInfo::from)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_registered_algorithm_is_listed_once_in_order() {
        let listed = super::run();
        let ids: Vec<&str> = listed.algorithms.iter().map(|a| a.id.as_str()).collect();
        let registered: Vec<&str> = algorithms::registry::REGISTRY
            .iter()
            .map(|e| e.id)
            .collect();
        assert_eq!(ids, registered);
        assert_eq!(listed.exit_code(), crate::exit::PASS);
    }
}
