//! The default run: every algorithm, exact on small decks, sampled on
//! small and large decks, each verdict checked against the registry's,
//! rendered as the report folder's files.

use judge::suite::{Progress, Suite, SuiteError};
use report::files::FileSet;

use report::{Documents, Provenance, ReportError, RunClock};
use std::collections::BTreeMap;

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
    /// The files of the report the folder holds now, by path (none for a
    /// new folder): a report that is the same but for the commit keeps the
    /// commit its files name ([`report::documents`]).
    pub previous: BTreeMap<String, Vec<u8>>,
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
        previous,
    } = request;
    let results = judge::suite::run(&suite, progress)?;
    let agree = results.all_agree();
    let provenance = Provenance {
        threads: Some(rayon::current_num_threads()),
        ..provenance
    };
    let documents = report::documents(results, provenance, set, &previous, clock, progress)?;
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
            previous: BTreeMap::new(),
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

    /// A tiny run's files, its report made by the commit `commit` of a
    /// folder that held `previous`.
    fn tiny(commit: &str, previous: BTreeMap<String, Vec<u8>>) -> Documents {
        let mut provenance = Provenance::new("shuffle-audit --decks 3");
        provenance.git_commit = commit.into();
        let request = Request {
            suite: Suite {
                plan: SuitePlan {
                    exact_decks: vec![3],
                    large_decks: Vec::new(),
                    shuffles: 2_000,
                    large_shuffles: 2_000,
                    ..SuitePlan::of(Scale::Quick)
                },
                entries: vec![algorithms::registry::find("naive-swap").unwrap()],
                scale: Scale::Quick,
            },
            set: FileSet::Pages,
            provenance,
            previous,
        };
        run(request, &RunClock::start(), &|_| {}).unwrap().documents
    }

    fn by_path(d: &Documents) -> BTreeMap<String, Vec<u8>> {
        d.files
            .iter()
            .map(|f| (f.path.clone(), f.bytes.clone()))
            .collect()
    }

    /// The files that differ between two folders, `run.json` aside.
    fn differ(a: &BTreeMap<String, Vec<u8>>, b: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
        let run = report::markdown::RUN_FILE;
        let paths: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
        paths
            .into_iter()
            .filter(|p| p.as_str() != run && a.get(*p) != b.get(*p))
            .cloned()
            .collect()
    }

    #[test]
    fn a_rerun_that_changes_nothing_but_the_commit_keeps_every_byte() {
        let first = tiny("1111111111111111111111111111111111111111", BTreeMap::new());
        let old = by_path(&first);
        assert!(
            String::from_utf8_lossy(&old["README.md"]).contains("1111111"),
            "the front page names the commit"
        );
        // Another commit, the same report: every byte kept, the old commit
        // named.
        let same = tiny("2222222222222222222222222222222222222222", old.clone());
        assert_eq!(differ(&old, &by_path(&same)), Vec::<String>::new());
        assert!(same.report.provenance.git_commit.starts_with("1111"));
        // Without the old folder, the new commit is named: the pages differ
        // by it alone.
        let fresh = by_path(&tiny(
            "2222222222222222222222222222222222222222",
            BTreeMap::new(),
        ));
        let named = differ(&old, &fresh);
        assert!(
            named.contains(&"README.md".to_string()) && named.contains(&"report.json".to_string()),
            "{named:?}"
        );
        assert!(
            named
                .iter()
                .all(|p| !p.ends_with(".png") && !p.ends_with(".csv")),
            "{named:?}"
        );
        // A figure that differs, or a file more, and the new commit is named.
        let figure = old.keys().find(|p| p.ends_with(".png")).unwrap().clone();
        let mut changed = old.clone();
        changed.get_mut(&figure).unwrap().push(0);
        let mut more = old.clone();
        more.insert("figures/gone/positions-n3.png".into(), vec![1]);
        for previous in [changed, more] {
            let next = tiny("2222222222222222222222222222222222222222", previous);
            assert!(next.report.provenance.git_commit.starts_with("2222"));
            assert_eq!(differ(&fresh, &by_path(&next)), Vec::<String>::new());
        }
    }
}
