//! `case`: one famous shuffle failure, its published figure beside the
//! suite's, computed now.

use judge::cases::{Case, CaseScale, CaseStanding, UnknownCase};

/// What `case` found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The case: its figures and how they stand (the judge's).
    pub report: Case,
}

impl Outcome {
    /// 1 when the suite's figure contradicts the published one; 0 when it
    /// reproduces it, is consistent with it, or there is nothing to
    /// compare.
    pub fn exit_code(&self) -> u8 {
        crate::exit::of_bias(self.report.standing == CaseStanding::Contradicted)
    }
}

/// Computes case `id` at full scale (on the current rayon pool), its
/// sampled figures from `seed`.
///
/// # Errors
/// [`UnknownCase`] when `id` names no case.
pub fn run(id: &str, seed: u64) -> Result<Outcome, UnknownCase> {
    Ok(Outcome {
        report: judge::cases::run(id, &CaseScale::full(), seed)?,
    })
}
