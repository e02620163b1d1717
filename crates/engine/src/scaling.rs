//! `scaling`: how the bias of mapping a generator's output to a card
//! grows with the deck, for each mapping, and the decks that show it.

use report::sampled::ScalingReport;
use stats::law::markov::MarkovError;

/// What `scaling` is asked, checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request {
    /// The generator's bits.
    pub bits: u32,
    /// Cards per deck.
    pub deck: usize,
    /// The family-wise level the decks to catch it are counted at.
    pub alpha: f64,
    /// The power they are counted at.
    pub power: f64,
}

/// What `scaling` found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Each mapping's exact bias and the decks that show it.
    pub report: ScalingReport,
}

impl Outcome {
    /// Always 0: `scaling` computes; it decides nothing.
    pub fn exit_code(&self) -> u8 {
        crate::exit::PASS
    }
}

/// Computes every mapping's bias for `request`.
///
/// # Errors
/// [`MarkovError`] when a mapping's exact law is out of reach.
pub fn run(request: Request) -> Result<Outcome, MarkovError> {
    let Request {
        bits,
        deck,
        alpha,
        power,
    } = request;
    Ok(Outcome {
        report: ScalingReport {
            bits,
            deck,
            alpha,
            power,
            methods: studies::scaling::bias(bits, deck, alpha, power)?,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mapping_is_computed_for_the_request() {
        let request = Request {
            bits: 32,
            deck: 52,
            alpha: judge::grade::AUDIT_ALPHA,
            power: 0.99,
        };
        let outcome = run(request).unwrap();
        assert_eq!(
            outcome.report.methods.len(),
            studies::scaling::Mapping::ALL.len()
        );
        assert_eq!((outcome.report.bits, outcome.report.deck), (32, 52));
        assert_eq!(outcome.exit_code(), crate::exit::PASS);
    }
}
