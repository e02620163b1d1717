//! Whether a sampling job is worth starting, decided before it starts:
//! its time, estimated from the work asked for and a pace measured on
//! this machine, is said on standard error when it is long
//! ([`SAY_AFTER`]) and refused when it is absurd ([`LONGEST`]), with the
//! largest amount of work that fits.

use std::fmt;

/// Jobs estimated to take longer than this many seconds are said before
/// they start (a bar with its time left on a terminal, one line
/// otherwise).
pub const SAY_AFTER: f64 = 5.0;

/// The longest a job may be estimated to take: one year (365.25 days) of
/// seconds. A job estimated longer is refused before it starts.
pub const LONGEST: f64 = 365.25 * 86_400.0;

/// A job's time, estimated: `units` of work (shuffles, decks) at
/// `seconds_each` on one worker, shared by `workers`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// What is counted ("shuffles", "decks").
    pub unit: &'static str,
    /// Units of work asked for.
    pub units: u128,
    /// Seconds one unit takes on one worker, measured.
    pub seconds_each: f64,
    /// Workers sharing the work (at most the cores: more do not go faster).
    pub workers: usize,
}

impl Estimate {
    /// The estimated seconds.
    pub fn seconds(&self) -> f64 {
        self.units as f64 * self.seconds_each / self.workers.max(1) as f64
    }

    /// Units done in a second by all the workers.
    pub fn per_second(&self) -> f64 {
        self.workers.max(1) as f64 / self.seconds_each.max(f64::MIN_POSITIVE)
    }

    /// Whether the job starts, and whether its time is said first.
    pub fn decide(&self) -> Result<Pace, TooLong> {
        let seconds = self.seconds();
        if seconds > LONGEST {
            Err(TooLong {
                estimate: *self,
                largest: (LONGEST * self.per_second()).floor().min(u64::MAX as f64) as u64,
            })
        } else if seconds > SAY_AFTER {
            Ok(Pace::Long(seconds))
        } else {
            Ok(Pace::Quick)
        }
    }
}

/// A running job's time left is judged once it has run this many seconds:
/// enough work done to measure its pace, and said well within 2 s.
pub const MEASURED_AFTER: f64 = 1.0;

/// The seconds left of a running job whose pace cannot be measured before
/// it starts (an exact law's walk and composition), when worth saying: it
/// has run [`MEASURED_AFTER`] seconds, done `done` of about `total` units
/// of work in `elapsed` seconds, and the rest at that pace would take over
/// [`SAY_AFTER`] seconds.
pub fn left(done: u64, total: u64, elapsed: f64) -> Option<f64> {
    if done == 0 || elapsed < MEASURED_AFTER {
        return None;
    }
    let left = elapsed * total.saturating_sub(done) as f64 / done as f64;
    (left > SAY_AFTER).then_some(left)
}

/// A job that starts, and whether its time is worth saying.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pace {
    /// Estimated at most [`SAY_AFTER`] seconds: nothing is said.
    Quick,
    /// Estimated at this many seconds: said before it starts.
    Long(f64),
}

/// A job estimated to take longer than [`LONGEST`]: refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TooLong {
    /// The estimate.
    pub estimate: Estimate,
    /// The most units that fit in [`LONGEST`] at the measured pace.
    pub largest: u64,
}

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.estimate;
        write!(
            f,
            "would take {} at the {} {} a second measured here on {} {}, more than the year a job may take: at most {} {} fit in a year",
            duration(e.seconds()),
            rounded(e.per_second()),
            e.unit,
            e.workers,
            if e.workers == 1 { "thread" } else { "threads" },
            self.largest,
            e.unit
        )
    }
}

impl std::error::Error for TooLong {}

/// `seconds` in words a reader takes in at once: "about 40 s",
/// "about 3.5 min", "about 2.1 h", "about 4.0 days", "about 19000 years",
/// "about 1.2e12 years".
pub fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if seconds < 100.0 {
        format!("about {seconds:.0} s")
    } else if seconds < 100.0 * MINUTE {
        format!("about {:.1} min", seconds / MINUTE)
    } else if seconds < 48.0 * HOUR {
        format!("about {:.1} h", seconds / HOUR)
    } else if seconds < 2.0 * YEAR {
        format!("about {:.1} days", seconds / DAY)
    } else {
        format!("about {} years", rounded(seconds / YEAR))
    }
}

/// A positive figure to two significant digits: a whole number from 10
/// to a million, one decimal below 10, else in scientific notation
/// ("2.5", "19000", "1.2e12").
pub fn rounded(x: f64) -> String {
    if !x.is_finite() || x <= 0.0 {
        return format!("{x}");
    }
    let mut e = x.log10().floor();
    if e < 1.0 {
        format!("{x:.1}")
    } else if e < 6.0 {
        let unit = 10f64.powf(e - 1.0);
        format!("{}", ((x / unit).round() * unit) as u64)
    } else {
        let mut m = (x / 10f64.powf(e) * 10.0).round() / 10.0;
        if m >= 10.0 {
            m /= 10.0;
            e += 1.0;
        }
        format!("{m:.1}e{e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(units: u128, seconds_each: f64, workers: usize) -> Estimate {
        Estimate {
            unit: "shuffles",
            units,
            seconds_each,
            workers,
        }
    }

    #[test]
    fn quick_jobs_start_silently_long_ones_are_said_absurd_ones_refused() {
        // 10^7 shuffles at 1 µs on 2 workers: 5 s, not more than SAY_AFTER.
        assert_eq!(job(10_000_000, 1e-6, 2).decide(), Ok(Pace::Quick));
        assert_eq!(job(10_000_002, 1e-6, 2).decide().map(|_| ()), Ok(()));
        assert!(matches!(job(10_000_002, 1e-6, 2).decide(), Ok(Pace::Long(s)) if s > SAY_AFTER));
        // A year at 2·10^6 a second is 63,115,200,000,000 shuffles: that many
        // start, one more is refused, naming the most that fit.
        let year = 63_115_200_000_000u128;
        assert!(job(year, 1e-6, 2).decide().is_ok());
        let refused = job(u128::from(u64::MAX), 1e-6, 2).decide().unwrap_err();
        assert_eq!(refused.largest, 63_115_200_000_000);
        assert_eq!(
            refused.to_string(),
            "would take about 290000 years at the 2.0e6 shuffles a second measured here on 2 threads, more than the year a job may take: at most 63115200000000 shuffles fit in a year"
        );
    }

    #[test]
    fn durations_and_figures_read_at_a_glance() {
        assert_eq!(duration(7.4), "about 7 s");
        assert_eq!(duration(210.0), "about 3.5 min");
        assert_eq!(duration(7560.0), "about 2.1 h");
        assert_eq!(duration(4.0 * 86_400.0), "about 4.0 days");
        assert_eq!(duration(19_000.0 * 365.25 * 86_400.0), "about 19000 years");
        assert_eq!(duration(1.23e12 * 365.25 * 86_400.0), "about 1.2e12 years");
        assert_eq!(rounded(2.54), "2.5");
        assert_eq!(rounded(29_640_000.0), "3.0e7");
        assert_eq!(rounded(9.97e7), "1.0e8");
        assert_eq!(rounded(123_456.0), "120000");
    }

    #[test]
    fn a_running_job_s_time_left_is_said_once_measured_and_long() {
        // Half done in 6 s: 6 s left, said; in 4 s: 4 s left, not.
        assert_eq!(left(50, 100, 6.0), Some(6.0));
        assert_eq!(left(50, 100, 4.0), None);
        // Not before a second, nor with nothing done.
        assert_eq!(left(1, 1_000_000, 0.999), None);
        assert_eq!(left(0, 100, 30.0), None);
        // Past its expected total: nothing left to say.
        assert_eq!(left(200, 100, 30.0), None);
        assert_eq!(left(1, 100, 1.0), Some(99.0));
    }
}
