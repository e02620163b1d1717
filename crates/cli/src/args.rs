//! The flags several commands share, each declared once: its name, short
//! form, value, parser and limits. A command flattens the group it takes;
//! where its help says more (the sizes or the default level it takes), it
//! states that with `mut_arg`, from the constants that decide it.

use crate::range::{NotAllowed, within};
use clap::Args;

/// `--algorithm`, one flag for every command that runs one algorithm.
#[derive(Clone, Debug, Args)]
pub(crate) struct AlgorithmArg {
    /// Algorithm id (see `shuffle-audit list`).
    #[arg(
        id = "algorithm",
        long = "algorithm",
        short = 'a',
        value_name = "ALGORITHM"
    )]
    pub(crate) id: String,
}

/// The deck size a command takes unless `--deck` says otherwise: a
/// standard deck.
pub(crate) const STANDARD_DECK: usize = 52;

/// `--deck`, one flag for every command that takes a deck size.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct DeckArg {
    #[arg(id = "deck", long = "deck", short = 'd', value_name = "DECK", help = format!("Cards per deck (default {STANDARD_DECK})"))]
    pub(crate) cards: Option<usize>,
}

impl DeckArg {
    /// The cards given, or a standard deck's [`STANDARD_DECK`].
    pub(crate) fn or_standard(self) -> usize {
        self.cards.unwrap_or(STANDARD_DECK)
    }

    /// The cards given, where the command requires them (`mut_arg` makes
    /// clap refuse a missing `--deck`).
    pub(crate) fn required(self) -> usize {
        self.cards.expect("clap requires --deck")
    }
}

/// `--seed`, one flag for every command that samples.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct SeedArg {
    /// Seed of every sampled deck: the same seed gives the same decks and
    /// counts on any number of threads.
    #[arg(id = "seed", long = "seed", short = 's', value_name = "SEED", default_value_t = judge::suite::DEFAULT_SEED)]
    pub(crate) value: u64,
}

/// `--alpha`, one flag for every command that decides at a level; each
/// command's default is the judge's, stated in its help.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct AlphaArg {
    /// The level: the probability of calling a fair shuffle biased.
    #[arg(id = "alpha", long = "alpha", value_name = "ALPHA", allow_negative_numbers = true, value_parser = crate::range::parse_real)]
    pub(crate) value: Option<f64>,
}

impl AlphaArg {
    /// The level given, or `default`.
    pub(crate) fn or(self, default: f64) -> f64 {
        self.value.unwrap_or(default)
    }
}

/// `--power`, one flag for every command that says what it takes to
/// detect a bias.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct PowerArg {
    /// Probability of detection wanted (above the level, below 1).
    #[arg(id = "power", long = "power", value_name = "POWER", default_value_t = judge::suite::DEFAULT_POWER, allow_negative_numbers = true, value_parser = crate::range::parse_real)]
    pub(crate) value: f64,
}

/// `--threads`, one flag for every command that runs in parallel.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct Threads {
    #[arg(id = "threads", long = "threads", value_name = "N", value_parser = parse_threads, help = format!(
        "Worker threads, 1..={MAX_THREADS}, capped at the cores this process may use (default: one per core); results are the same on any number"
    ))]
    pub(crate) count: Option<usize>,
}

/// `--json`, one flag for every command that writes a document.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct Json {
    /// Print one JSON document instead of text (schema in
    /// reports/SCHEMA.md).
    #[arg(id = "json", long = "json")]
    pub(crate) on: bool,
}

/// The exact stage's budget and the threads, for the commands that
/// enumerate.
#[derive(Debug, Args)]
pub(crate) struct Budget {
    /// Most paths one enumeration may walk before it is refused.
    #[arg(long, value_name = "PATHS")]
    pub(crate) max_paths: Option<u64>,
    #[command(flatten)]
    pub(crate) threads: Threads,
}

/// `--max-memory`, for the commands that estimate their memory before
/// they allocate it.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct MaxMemory {
    /// The most memory to take, as bytes or with a unit: 500M, 8G, 1.5GB
    /// (powers of 1000) or 512MiB, 8GiB (powers of 1024). Whatever is
    /// given, the memory the system has available (and a control group's
    /// or `ulimit -v`'s limit) also bounds it; a computation estimated
    /// over the least of them is refused before it starts.
    #[arg(long = "max-memory", value_name = "SIZE", value_parser = crate::range::parse_bytes)]
    pub(crate) bytes: Option<u64>,
}

/// The largest `--threads` accepted ([`engine::MAX_THREADS`]); a count
/// above the cores is capped when the pool starts
/// ([`with_threads`](crate::common::with_threads)).
pub(crate) const MAX_THREADS: usize = engine::MAX_THREADS;

/// Parses `--threads`: `1..=MAX_THREADS`.
pub(crate) fn parse_threads(text: &str) -> Result<usize, String> {
    let refused =
        || NotAllowed::new("thread count", text, format!("1..={MAX_THREADS}")).to_string();
    let n = text.trim().parse::<usize>().map_err(|_| refused())?;
    within("thread count", n, 1..=MAX_THREADS).map_err(|_| refused())
}
