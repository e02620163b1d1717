//! Whether an exact computation fits the memory it may take, decided
//! before it allocates: each method's estimate (the statistics state what
//! their tables hold), the limit (what the system has available, a control
//! group's or an address-space limit where one applies, and the user's
//! `--max-memory`), and, where it does not fit, the largest deck that does
//! by the same method.

use std::fmt;

/// Bytes the program holds beside the methods' tables, at most: its code,
/// data and threads' stacks (8.0 to 8.8 MB resident for laws of 5 and 7
/// cards, on 1, 2 or 8 threads), and the small tables a method does not
/// count (state merging's lookup tables and lists: 7 MB more at its peak
/// on 11 cards).
pub const PROGRAM_BYTES: u64 = 32 << 20;

/// Where a memory limit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitSource {
    /// `--max-memory`.
    Given,
    /// The memory the system has available (`MemAvailable` in
    /// `/proc/meminfo`).
    Available,
    /// What the control group's limit leaves (`memory.max` less
    /// `memory.current`).
    ControlGroup,
    /// What the address-space limit leaves (`ulimit -v`, less the address
    /// space the program already holds).
    AddressSpace,
}

impl LimitSource {
    /// The limit's source, in words, `given` naming the limit given (a
    /// flag, or a front end's parameter).
    pub fn naming(self, given: &str) -> String {
        match self {
            Self::Given => format!("the {given} given"),
            Self::Available => "the memory available (MemAvailable in /proc/meminfo)".into(),
            Self::ControlGroup => "what the control group's memory.max leaves".into(),
            Self::AddressSpace => "what the address-space limit (ulimit -v) leaves".into(),
        }
    }
}

/// The memory a computation may take, and where that limit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimit {
    /// Bytes.
    pub bytes: u64,
    /// Where the limit comes from.
    pub source: LimitSource,
}

impl MemoryLimit {
    /// The least of `given` and the limits the system sets here: the memory
    /// available, the control group's limit and the address-space limit,
    /// each where it can be read. `None` when there is none of them.
    pub fn least(given: Option<u64>) -> Option<MemoryLimit> {
        let system = [
            available().map(|b| (b, LimitSource::Available)),
            control_group().map(|b| (b, LimitSource::ControlGroup)),
            address_space().map(|b| (b, LimitSource::AddressSpace)),
        ];
        given
            .map(|b| (b, LimitSource::Given))
            .into_iter()
            .chain(system.into_iter().flatten())
            .min_by_key(|&(b, _)| b)
            .map(|(bytes, source)| MemoryLimit { bytes, source })
    }
}

/// An exact computation that does not fit its memory limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The method, in words ("state merging").
    pub method: &'static str,
    /// The deck asked for.
    pub deck: usize,
    /// Bytes the computation would hold at its peak.
    pub estimate: u64,
    /// The limit.
    pub limit: MemoryLimit,
    /// The largest deck that fits by the same method, when one does.
    pub largest: Option<usize>,
}

impl TooLarge {
    /// The refusal in words, `given` naming the limit given (`--max-memory`
    /// on the command line, a parameter elsewhere).
    pub fn naming(&self, given: &str) -> String {
        Naming(self, given).to_string()
    }
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Naming(self, "--max-memory").fmt(f)
    }
}

/// [`TooLarge`] in words, naming the limit given.
struct Naming<'a>(&'a TooLarge, &'a str);

impl fmt::Display for Naming<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Naming(this, given) = *self;
        write!(
            f,
            "{} on {} cards needs about {} of memory, over the {} of {}: ",
            this.method,
            this.deck,
            bytes_in_words(this.estimate),
            bytes_in_words(this.limit.bytes),
            this.limit.source.naming(given)
        )?;
        match this.largest {
            Some(d) => write!(
                f,
                "the largest deck that fits by {} is {d} cards; free memory or ask for fewer cards",
                this.method
            ),
            None => write!(f, "no deck fits by {}; free memory", this.method),
        }
    }
}

impl std::error::Error for TooLarge {}

/// Decides whether the computation of `deck` cards by `method`, whose peak
/// is `estimate(cards)` bytes, fits `limit`: its estimate when it does,
/// else [`TooLarge`] with the largest deck that fits. The estimate must
/// grow with the deck.
///
/// # Errors
/// [`TooLarge`] when the estimate exceeds the limit.
pub fn fits(
    method: &'static str,
    deck: usize,
    limit: Option<MemoryLimit>,
    estimate: impl Fn(usize) -> u64,
) -> Result<u64, TooLarge> {
    let need = estimate(deck);
    match limit {
        Some(limit) if need > limit.bytes => Err(TooLarge {
            method,
            deck,
            estimate: need,
            limit,
            largest: (1..deck).rev().find(|&d| estimate(d) <= limit.bytes),
        }),
        _ => Ok(need),
    }
}

/// Bytes as a reader says them: `640 MB`, `11.5 GB` (powers of 1000).
pub fn bytes_in_words(bytes: u64) -> String {
    let b = bytes as f64;
    if b >= 1e9 {
        format!("{:.1} GB", b / 1e9)
    } else if b >= 1e6 {
        format!("{:.0} MB", b / 1e6)
    } else if b >= 1e3 {
        format!("{:.0} kB", b / 1e3)
    } else {
        format!("{bytes} bytes")
    }
}

/// `MemAvailable` in `/proc/meminfo`, in bytes.
fn available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    kilobytes(&info, "MemAvailable:")
}

/// A `Key:   N kB` line's bytes.
fn kilobytes(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find_map(|l| l.strip_prefix(key))?;
    let kb: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kb.checked_mul(1024)
}

/// What the control group's memory limit leaves: `memory.max` less
/// `memory.current` (cgroup v2), or `memory.limit_in_bytes` less
/// `memory.usage_in_bytes` (v1); `None` without a limit.
fn control_group() -> Option<u64> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let read =
        |path: String| -> Option<u64> { std::fs::read_to_string(path).ok()?.trim().parse().ok() };
    for line in groups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        if controllers.is_empty() {
            let dir = format!("/sys/fs/cgroup{path}");
            if let (Some(max), Some(current)) = (
                read(format!("{dir}/memory.max")),
                read(format!("{dir}/memory.current")),
            ) {
                return Some(max.saturating_sub(current));
            }
        } else if controllers.split(',').any(|c| c == "memory") {
            let dir = format!("/sys/fs/cgroup/memory{path}");
            if let (Some(max), Some(used)) = (
                read(format!("{dir}/memory.limit_in_bytes")),
                read(format!("{dir}/memory.usage_in_bytes")),
            ) {
                // v1 writes a huge number for "no limit".
                if max < 1 << 60 {
                    return Some(max.saturating_sub(used));
                }
            }
        }
    }
    None
}

/// What the address-space limit (`ulimit -v`) leaves: the soft limit of
/// `/proc/self/limits` less `VmSize`; `None` when unlimited.
fn address_space() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft = limits
        .lines()
        .find_map(|l| l.strip_prefix("Max address space"))?
        .split_whitespace()
        .next()?
        .parse::<u64>()
        .ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let used = kilobytes(&status, "VmSize:")?;
    Some(soft.saturating_sub(used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_deck_that_fits_is_named() {
        let limit = Some(MemoryLimit {
            bytes: 1000,
            source: LimitSource::Given,
        });
        let factorial = |d: usize| (1..=d as u64).product::<u64>();
        assert_eq!(fits("walking", 6, limit, factorial), Ok(720));
        let e = fits("walking", 9, limit, factorial).unwrap_err();
        assert_eq!((e.estimate, e.largest), (362_880, Some(6)));
        assert_eq!(
            e.to_string(),
            "walking on 9 cards needs about 363 kB of memory, over the 1 kB of the --max-memory given: the largest deck that fits by walking is 6 cards; free memory or ask for fewer cards"
        );
        let e = fits("walking", 3, limit, |_| 2000).unwrap_err();
        assert_eq!(e.largest, None);
        assert!(
            e.to_string()
                .ends_with("no deck fits by walking; free memory")
        );
        assert_eq!(fits("walking", 9, None, factorial), Ok(362_880));
    }

    #[test]
    fn the_least_limit_is_taken() {
        let least = MemoryLimit::least(Some(1)).unwrap();
        assert_eq!((least.bytes, least.source), (1, LimitSource::Given));
        // On Linux the memory available is read and is more than a byte.
        if std::path::Path::new("/proc/meminfo").exists() {
            let system = MemoryLimit::least(None).unwrap();
            assert!(system.bytes > 1 << 20, "{system:?}");
            assert_eq!(MemoryLimit::least(Some(u64::MAX)), Some(system));
        }
    }

    #[test]
    fn kilobyte_lines_are_read() {
        let text = "MemTotal:       24000000 kB\nMemAvailable:    1000 kB\n";
        assert_eq!(kilobytes(text, "MemAvailable:"), Some(1_024_000));
        assert_eq!(kilobytes(text, "VmSize:"), None);
    }
}
