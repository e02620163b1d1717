//! The default run: every algorithm, exact on small decks, sampled on
//! small and large decks, each verdict checked against the registry's,
//! rendered as the report folder's files.

use judge::suite::{Progress, Suite, SuiteError};
use report::files::FileSet;

use report::{Documents, Provenance, ReportError, RunClock};

/// What the default run is asked, checked: the suite (its plan, its
/// algorithms and scale) and the files to render.
#[derive(Debug)]
pub struct Request {
    /// The plan, the algorithms and the scale.
    pub suite: Suite,
    /// The files rendered.
    pub set: FileSet,
    /// The command line and the rest of the provenance; the threads are
    /// filled in.
    pub provenance: Provenance,
}

/// What the default run found.
#[derive(Debug)]
pub struct Outcome {
    /// Whether every verdict agrees with the registry's expectation (the
    /// judge's check of each).
    pub agree: bool,
    /// The folder's files, rendered, and `report.json`'s document.
    pub documents: Documents,
}

impl Outcome {
    /// 0 when every verdict agrees with the registry, 1 when one does not.
    pub fn exit_code(&self) -> u8 {
        crate::exit::of_bias(!self.agree)
    }
}

/// Why the run stopped.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// A stage of the run.
    #[error(transparent)]
    Run(#[from] SuiteError),
    /// Rendering its files.
    #[error(transparent)]
    Render(#[from] ReportError),
}

/// Runs the suite on the current rayon pool and renders its files;
/// `progress` is told of each stage's work and end, and `clock` times the
/// stages (`run.json` gives them).
///
/// # Errors
/// [`Failure`].
pub fn run(
    request: Request,
    clock: &RunClock,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Outcome, Failure> {
    let Request {
        suite,
        set,
        provenance,
    } = request;
    let results = judge::suite::run(&suite, progress)?;
    let agree = results.all_agree();
    let provenance = Provenance {
        threads: Some(rayon::current_num_threads()),
        ..provenance
    };
    let documents = report::documents(results, provenance, set, clock, progress)?;
    Ok(Outcome { agree, documents })
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge::suite::{Scale, SuitePlan};

    #[test]
    fn a_tiny_run_renders_its_folder_and_agrees_with_the_registry() {
        let plan = SuitePlan {
            decks: vec![3],
            exact_decks: vec![3],
            large_decks: Vec::new(),
            shuffles: 2_000,
            large_shuffles: 2_000,
            ..SuitePlan::of(Scale::Quick)
        };
        let request = Request {
            suite: Suite {
                plan,
                entries: vec![algorithms::registry::find("fisher-yates").unwrap()],
                scale: Scale::Quick,
            },
            set: FileSet::Pages,
            provenance: Provenance::new("shuffle-audit --decks 3"),
        };
        let outcome = run(request, &RunClock::start(), &|_| {}).unwrap();
        assert!(outcome.agree);
        assert_eq!(outcome.exit_code(), crate::exit::PASS);
        assert_eq!(outcome.documents.report.algorithms.len(), 1);
        assert!(
            outcome
                .documents
                .files
                .iter()
                .any(|f| f.path == "report.json")
        );
    }
}
