//! Sampling jobs and Markov chains say their time before they start:
//! refused at once when estimated in years, one line on stderr within 2 s
//! when long, nothing when quick. Exact walks, whose pace is known only as
//! they go, say their time left within 2 s.

use crate::common::{bin, cmd, refusal};
use std::io::BufRead;
use std::time::{Duration, Instant};

/// The largest `--shuffles`.
const MAX: &str = "18446744073709551615";

#[test]
fn sizes_estimated_in_years_are_refused_at_once_with_the_estimate_and_what_fits() {
    for (args, what) in [
        (
            vec!["sample", "-a", "fisher-yates", "-d", "52", "-n", MAX],
            "sampling 18446744073709551615 shuffles of 52 cards would take about ",
        ),
        (
            // The product of the two: 2^64 - 1 times 10^6, beyond a u64.
            vec![
                "sample",
                "-a",
                "naive-swap",
                "-d",
                "52",
                "-n",
                "1000000",
                "--repeat",
                MAX,
            ],
            "sampling 18446744073709551615000000 shuffles of 52 cards would take about ",
        ),
        (
            vec!["guess", "-a", "naive-swap", "-n", MAX],
            "scoring a strategy on 18446744073709551615 decks of 52 cards would take about ",
        ),
        (
            vec![
                "guess",
                "-a",
                "sort-random-v8-timsort",
                "-d",
                "30",
                "-n",
                MAX,
            ],
            "sampling a position matrix on 18446744073709551615 decks of 30 cards and scoring its strategy on as many would take about ",
        ),
    ] {
        let start = Instant::now();
        let mut c = cmd();
        c.args(&args).timeout(Duration::from_secs(20));
        let err = refusal(c);
        let seconds = start.elapsed().as_secs_f64();
        assert!(seconds < 10.0, "{args:?}: refused after {seconds} s");
        assert!(
            err.starts_with(&format!("error: {what}")),
            "{args:?}: {err}"
        );
        assert!(
            err.contains(" years at the ") && err.contains("fit in a year; ask for fewer with --"),
            "{args:?}: {err}"
        );
        // The most that fit in a year, as the line says, would be accepted:
        // a number far below the one asked for, but more than a day's work.
        let most: u128 = err
            .split("at most ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{args:?}: no figure in {err}"));
        assert!(
            most > 10u128.pow(9) && most < u128::from(u64::MAX),
            "{args:?}: {most}"
        );
    }
}

/// The first line `args` writes on stderr, and when, or `None` within
/// `wait`; the process is killed either way.
fn first_line_of_stderr(args: &[&str], wait: Duration) -> Option<(String, Duration)> {
    let start = Instant::now();
    let mut child = std::process::Command::new(bin())
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stderr).read_line(&mut line);
        let _ = send.send((line, start.elapsed()));
    });
    let got = receive.recv_timeout(wait).ok();
    let _ = child.kill();
    let _ = child.wait();
    got
}

#[test]
fn a_long_job_says_its_estimated_time_on_stderr_within_two_seconds() {
    for (args, what, unit) in [
        (
            vec![
                "sample",
                "-a",
                "fisher-yates",
                "-d",
                "52",
                "-n",
                "10000000000",
            ],
            "sampling 10000000000 shuffles of 52 cards: about ",
            " shuffles a second measured here on ",
        ),
        (
            vec!["guess", "-a", "naive-swap", "-d", "52", "-n", "10000000000"],
            "scoring a strategy on 10000000000 decks of 52 cards: about ",
            " decks a second measured here on ",
        ),
        (
            // n³ steps of the chain: about a minute on 2 cores.
            vec!["power", "-a", "naive-swap", "-d", "4096"],
            "the position matrix of naive-swap on 4096 cards by the Markov chain: about ",
            " rows a second measured here on ",
        ),
    ] {
        let (line, after) = first_line_of_stderr(&args, Duration::from_secs(2))
            .unwrap_or_else(|| panic!("{args:?}: nothing on stderr within 2 s"));
        assert!(after < Duration::from_secs(2), "{args:?}: after {after:?}");
        assert!(
            line.starts_with(what)
                && line.contains(unit)
                && (line.ends_with(" threads\n") || line.ends_with(" thread\n")),
            "{args:?}: {line:?}"
        );
    }
}

#[test]
fn a_long_exact_law_says_its_time_left_on_stderr_within_two_seconds() {
    // Seven riffles of 9 cards: one pass walked (about 10 s on 2 cores in
    // release), then composed six times (about 12 s). The walk's time is
    // said within 2 s, the compositions' a second after they start.
    let args = ["exact", "-a", "gsr-riffle", "-d", "9"];
    let (line, after) = first_line_of_stderr(&args, Duration::from_secs(2))
        .unwrap_or_else(|| panic!("{args:?}: nothing on stderr within 2 s"));
    assert!(after < Duration::from_secs(2), "{args:?}: after {after:?}");
    let left = line
        .strip_prefix("computing gsr-riffle on 9 cards exactly: walking one pass's paths, about ")
        .unwrap_or_else(|| panic!("{line:?}"));
    assert!(
        left.contains(" more (")
            && left.contains(" % walked in ")
            && left.ends_with(" s), then 6 compositions, timed when they start\n"),
        "{line:?}"
    );
}

#[test]
fn a_quick_job_says_nothing_on_stderr() {
    for args in [
        vec!["sample", "-a", "fisher-yates", "-d", "6", "-n", "20000"],
        vec!["guess", "-a", "fisher-yates", "-d", "20", "-n", "20000"],
        vec!["power", "-a", "naive-swap", "-d", "52"],
        vec!["exact", "-a", "coin-merge-sort", "-d", "7"],
        vec!["power", "-a", "coin-merge-sort", "-d", "7"],
    ] {
        cmd().args(args).assert().success().stderr("");
    }
}
