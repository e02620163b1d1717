//! What the commands share: exit codes, thread pools, progress bars, the
//! command line for provenance, and deck lists (the flags they share are
//! [`crate::args`]).

use crate::range::within;
use algorithms::registry::{self, Entry};
use anyhow::Result;
use stats::MAX_EXACT_DECK;

pub(crate) use engine::exit::{ERROR, PASS};

/// The command line, for provenance: `shuffle-audit` and the arguments as
/// typed, quoted for a POSIX shell where needed.
pub(crate) fn command_line() -> String {
    std::iter::once("shuffle-audit".to_string())
        .chain(std::env::args().skip(1))
        .map(|a| {
            if a.is_empty() || a.contains(|c: char| c.is_whitespace() || "'\"$\\".contains(c)) {
                format!("'{}'", a.replace('\'', r"'\''"))
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `f` on a pool of its own: `threads` workers (a count
/// [`parse_threads`](crate::args::parse_threads) accepted) capped at the
/// cores this process may use, or rayon's default (one per core, or
/// `RAYON_NUM_THREADS`). Results are the same on any number, so a count
/// above the cores only costs memory and start-up time: it is capped, with
/// one line on stderr (`RAYON_NUM_THREADS` is the way to run more workers
/// than cores on purpose). Workers that cannot be started are an error
/// (exit 2), never a panic.
pub(crate) fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T> {
    let count = threads.map(|asked| capped(asked, cores()));
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(count) = count {
        builder = builder.num_threads(count);
    }
    let pool = builder.build().map_err(|e| {
        let count = count.map_or_else(|| "the".to_string(), |c| c.to_string());
        anyhow::anyhow!(
            "cannot start {count} worker threads ({e}); ask for fewer with --threads, or allow this process more memory or processes"
        )
    })?;
    Ok(pool.install(f))
}

/// The cores this process may use (its CPU affinity and control group's
/// quota), at least 1.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// `asked` workers, or `cores` where more were asked, said once on stderr.
fn capped(asked: usize, cores: usize) -> usize {
    static SAID: std::sync::Once = std::sync::Once::new();
    if asked <= cores {
        return asked;
    }
    SAID.call_once(|| {
        crate::output::warn(&format!(
            "--threads {asked} is more than the {cores} cores this process may use; running on {cores} (results are the same on any number)"
        ));
    });
    cores
}

/// Under an address-space limit (`ulimit -v`), one malloc arena for every
/// thread. glibc reserves 64 MB of address space for the arena of each
/// thread that allocates, never used but counted against the limit: on 8
/// threads, laws estimated within what the limit leaves then aborted
/// (`exact -a coin-merge-sort -d 10 --threads 8` under `ulimit -v 700000`).
/// With one arena the address space follows the memory used, as the
/// memory check ([`judge::memory`]) assumes.
#[allow(unsafe_code)]
pub(crate) fn one_arena_under_an_address_space_limit() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes only the struct it is given; mallopt
        // sets a tunable of the allocator before any thread is started.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_AS, &mut limit) == 0
                && limit.rlim_cur != libc::RLIM_INFINITY
            {
                libc::mallopt(libc::M_ARENA_MAX, 1);
            }
        }
    }
}

pub(crate) fn find(id: &str) -> Result<&'static Entry> {
    Ok(registry::find(id)?)
}

/// A progress bar on standard error when it is a terminal; none otherwise.
/// No colours are used, so `NO_COLOR` is honoured as it stands.
pub(crate) fn progress_bar(total: u64, unit: &str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    let template = format!(
        "{{elapsed_precise}} [{{wide_bar}}] {{human_pos}}/{{human_len}} {unit}, {{eta}} left"
    );
    let style = indicatif::ProgressStyle::with_template(&template)
        .ok()?
        .progress_chars("=> ");
    bar.set_style(style);
    Some(bar)
}

/// The workers a pool's job is shared by: its threads, but no more than
/// the cores (more workers than cores do not go faster). Call it on the
/// pool ([`with_threads`]).
pub(crate) fn workers() -> usize {
    rayon::current_num_threads().min(cores())
}

/// Before a job that may be long (sampling, a Markov chain on a large
/// deck): its time, as the judge decides on `estimate`.
/// Refused when absurd (one line naming the estimate and the most `unit`
/// that fit, asking for fewer with `flag`); else a progress bar with the
/// time left on a terminal, or, when stderr is not one and the job is
/// long, one line with the estimate. `what` says the job ("sampling 10
/// shuffles of 52 cards"). The bar advances by the job's `unit`s.
pub(crate) fn before_long_job(
    what: &str,
    flag: &str,
    estimate: judge::pace::Estimate,
) -> Result<Option<indicatif::ProgressBar>> {
    use judge::pace::{Pace, duration};
    let pace = estimate
        .decide()
        .map_err(|too_long| anyhow::anyhow!("{what} {too_long}; ask for fewer with {flag}"))?;
    let total = u64::try_from(estimate.units).unwrap_or(u64::MAX);
    let bar = progress_bar(total, estimate.unit);
    if let (None, Pace::Long(seconds)) = (&bar, pace) {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "{what}: {} at the {} {} a second measured here on {} {}",
            duration(seconds),
            judge::pace::rounded(estimate.per_second()),
            estimate.unit,
            estimate.workers,
            if estimate.workers == 1 {
                "thread"
            } else {
                "threads"
            },
        );
    }
    Ok(bar)
}

/// Runs an exact computation `job`, which reports its work by stages as it
/// goes ([`stats::exact_distribution_with`]), saying each stage's time
/// left: a bar on a terminal, else one line on stderr, once a stage, when
/// the judge finds its time left long ([`judge::pace::left`], measured on
/// the stage's first second). For jobs whose pace cannot be measured
/// before they start; `what` says the job.
pub(crate) fn while_working<T>(
    what: &str,
    job: impl FnOnce(&(dyn Fn(stats::Progress) + Sync)) -> T,
) -> T {
    use stats::{Progress, Stage};
    use std::io::Write;
    use std::sync::Mutex;
    use std::time::Instant;
    struct Now {
        stage: Stage,
        since: Instant,
        said: bool,
        bar: Option<indicatif::ProgressBar>,
    }
    let now: Mutex<Option<Now>> = Mutex::new(None);
    let report = |p: Progress| {
        let Ok(mut now) = now.lock() else { return };
        if now.as_ref().is_none_or(|n| n.stage != p.stage) {
            if let Some(bar) = now.take().and_then(|n| n.bar) {
                bar.finish_and_clear();
            }
            let unit = match p.stage {
                Stage::Walk { .. } => "paths",
                Stage::Compose { .. } => "products",
            };
            *now = Some(Now {
                stage: p.stage,
                since: Instant::now(),
                said: false,
                bar: progress_bar(p.total, unit),
            });
        }
        let Some(n) = now.as_mut() else { return };
        if let Some(bar) = &n.bar {
            bar.set_length(p.total);
            bar.set_position(p.done);
            return;
        }
        let elapsed = n.since.elapsed().as_secs_f64();
        if n.said {
            return;
        }
        let Some(left) = judge::pace::left(p.done, p.total, elapsed) else {
            return;
        };
        n.said = true;
        let left = judge::pace::duration(left);
        let share = p.done * 100 / p.total.max(1);
        let line = match p.stage {
            Stage::Walk { compositions: 0 } => {
                format!("{what}: {left} more ({share} % of its paths walked in {elapsed:.1} s)")
            }
            Stage::Walk { compositions } => format!(
                "{what}: walking one pass's paths, {left} more ({share} % walked in \
                 {elapsed:.1} s), then {compositions} compositions, timed when they start"
            ),
            Stage::Compose { passes } => format!(
                "{what}: composing {passes} passes, {left} more ({share} % done in \
                 {elapsed:.1} s)"
            ),
        };
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    };
    let out = job(&report);
    if let Ok(Some(Now { bar: Some(bar), .. })) = now.into_inner() {
        bar.finish_and_clear();
    }
    out
}

pub(crate) fn parse_decks(text: &str) -> Result<Vec<usize>> {
    let bad = || {
        anyhow::anyhow!(
            "deck sizes {text:?} are not understood: use a range like 3..=6 or 3-6, or a list like 3,5"
        )
    };
    let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    let decks: Vec<usize> = if let Some((a, b)) = text.split_once("..=") {
        (num(a)?..=num(b)?).collect()
    } else if let Some((a, b)) = text.split_once("..") {
        (num(a)?..num(b)?).collect()
    } else if let Some((a, b)) = text.split_once('-') {
        (num(a)?..=num(b)?).collect()
    } else {
        text.split(',').map(num).collect::<Result<_>>()?
    };
    if decks.is_empty() {
        return Err(bad());
    }
    for &d in &decks {
        within("deck size", d, 1..=MAX_EXACT_DECK).map_err(|e| e.purpose("exact enumeration"))?;
    }
    Ok(decks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_lists_parse() {
        assert_eq!(parse_decks("3..=6").unwrap(), vec![3, 4, 5, 6]);
        assert_eq!(parse_decks("3..6").unwrap(), vec![3, 4, 5]);
        assert_eq!(parse_decks("2-4").unwrap(), vec![2, 3, 4]);
        assert_eq!(parse_decks("3,5").unwrap(), vec![3, 5]);
        assert!(
            parse_decks("0-3")
                .unwrap_err()
                .to_string()
                .contains("deck size 0")
        );
        assert!(parse_decks("x").is_err());
        assert!(parse_decks("5..3").is_err());
    }
}
