//! `audit`: decks another program dealt, read and counted ([`run`]) or
//! counted from rows in memory ([`count_rows`]), tested
//! and judged at a family-wise level ([`decks`], [`repeated`]); single
//! draws ([`single`]) and a stream watched deck by deck ([`follow`]).

mod read;
mod rows;
mod stream;

pub use read::{AuditError, Audited, Counted, Lines, Read, count, run};
pub use rows::{Card, CountedRows, RowMajor, Rows, RowsError, count_rows};
pub use stream::{Draws, Follow, FollowError, Single, Watched, follow, single};

use judge::grade::{Decision, TooFew, TooFewRepeated};
use report::sampled::{AuditReport, InputInfo, ShoeAuditReport};
use stats::hypothesis::audit::DeckCounts;
use stats::hypothesis::shoe::ShoeCounts;

/// What an audit found: the judge's decision at the family-wise level,
/// and the document of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<R> {
    /// The judge's decision, which the exit code follows.
    pub decision: Decision,
    /// The document, every test with its p-value.
    pub report: R,
}

impl<R> Outcome<R> {
    /// 1 when the audit shows bias at its level, 0 when it does not.
    pub fn exit_code(&self) -> u8 {
        crate::exit::of_bias(self.decision.level.bias_shown)
    }
}

/// An audit of plain decks (every card once), counted.
#[derive(Clone, Debug)]
pub struct Decks {
    /// The input as messages name it.
    pub name: String,
    /// What was read.
    pub input: InputInfo,
    /// The counts of `input.decks` decks of `input.deck` cards.
    pub counts: DeckCounts,
    /// The family-wise level.
    pub alpha: f64,
}

/// The tests of `request`'s decks, graded at its level.
///
/// # Errors
/// [`TooFew`] when the decks are too few for the position test.
pub fn decks(request: Decks) -> Result<Outcome<AuditReport>, TooFew> {
    let Decks {
        name,
        input,
        counts,
        alpha,
    } = request;
    let (audited, decision) = decide(&name, input.decks, input.deck, counts, alpha)?;
    let report = AuditReport::new(&name, input, &audited, decision);
    Ok(Outcome { decision, report })
}

/// The tests of `decks` counted decks of `deck` cards and the judge's
/// decision on them at `alpha`: what [`decks`] documents, without the
/// document (the measured power of [`crate::power::measured`] decides
/// thousands of audits).
///
/// # Errors
/// [`TooFew`] when the decks are too few for the position test; `name`
/// names them.
pub fn decide(
    name: &str,
    decks: u64,
    deck: usize,
    counts: DeckCounts,
    alpha: f64,
) -> Result<(judge::grade::Audited, Decision), TooFew> {
    judge::grade::enough_to_test(judge::grade::Budgeted::Read(name.into()), decks, deck)?;
    let (first, lag1) = counts.into_runs();
    let audited = judge::grade::of_decks(first, lag1);
    let decision = Decision::of_audit(&audited.audit, alpha);
    Ok((audited, decision))
}

/// An audit of decks whose cards repeat (shoes, decklists), counted.
#[derive(Clone, Debug)]
pub struct Repeated {
    /// The input as messages name it.
    pub name: String,
    /// What was read: `deck` is the distinct cards.
    pub input: InputInfo,
    /// The counts of the shoes or decklists.
    pub counts: ShoeCounts,
    /// A decklist's card names, value by value; `None` for shoes.
    pub names: Option<Vec<String>>,
    /// The family-wise level.
    pub alpha: f64,
}

/// The tests of `request`'s shoes or decklists against their exact laws,
/// graded at its level.
///
/// # Errors
/// [`TooFewRepeated`] when they are too few for the tests (refused before
/// the exact laws are computed: seconds for the largest shoes).
pub fn repeated(request: Repeated) -> Result<Outcome<ShoeAuditReport>, TooFewRepeated> {
    let Repeated {
        name,
        input,
        counts,
        names,
        alpha,
    } = request;
    judge::grade::enough_repeated(&name, counts.shoes(), counts.composition())?;
    let run = counts.into_run();
    let decision = Decision::of_shoes(&run, alpha);
    let report = ShoeAuditReport::new(input, &run, names, decision);
    Ok(Outcome { decision, report })
}

#[cfg(test)]
mod tests {
    use super::*;
    use stats::hypothesis::audit::DeckTally;
    use stats::hypothesis::shoe::Shoe;

    /// A small generator of the test's own (xorshift64, seeded).
    struct XorShift(u64);

    impl XorShift {
        fn below(&mut self, bound: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % bound as u64) as usize
        }
    }

    /// `count` decks `cards` shuffled by Fisher–Yates (fair) or by the
    /// naive swap of every position with any (biased).
    fn deal(cards: &[u8], count: usize, fair: bool, seed: u64) -> Vec<Vec<u8>> {
        let mut g = XorShift(seed);
        let n = cards.len();
        (0..count)
            .map(|_| {
                let mut deck = cards.to_vec();
                for i in (1..n).rev() {
                    let j = g.below(if fair { i + 1 } else { n });
                    deck.swap(i, j);
                }
                deck
            })
            .collect()
    }

    fn input(decks: &[Vec<u8>], distinct: usize) -> InputInfo {
        InputInfo {
            source: "decks.txt".into(),
            lines: decks.len() as u64,
            decks: decks.len() as u64,
            deck: distinct,
            base: Some(deck_lines::Base::Zero),
            base_detected: false,
            invalid: Vec::new(),
            sha256: None,
            bytes: 0,
            ordered: true,
        }
    }

    fn audit(decks: &[Vec<u8>]) -> Result<Outcome<AuditReport>, TooFew> {
        let tally = DeckTally::new(true);
        let mut counts = tally.counts(&decks[0], 0);
        for d in decks {
            counts.observe(d);
        }
        self::decks(Decks {
            name: "decks.txt".into(),
            input: input(decks, decks[0].len()),
            counts,
            alpha: judge::grade::AUDIT_ALPHA,
        })
    }

    fn audit_shoes(
        decks: &[Vec<u8>],
        shoe: Shoe,
    ) -> Result<Outcome<ShoeAuditReport>, TooFewRepeated> {
        let mut counts = ShoeCounts::new(shoe.composition(), true);
        for d in decks {
            counts.observe(d);
        }
        repeated(Repeated {
            name: "shoes.txt".into(),
            input: input(decks, 3),
            counts,
            names: None,
            alpha: judge::grade::AUDIT_ALPHA,
        })
    }

    // A fair source fails at AUDIT_ALPHA (the family-wise level) with
    // probability at most AUDIT_ALPHA; the naive swap on 5 cards is off
    // fair by a total variation distance of about 0.2, which 20,000 decks
    // show beyond any level.
    #[test]
    fn an_audit_s_exit_code_is_the_judge_s_decision() {
        let cards: Vec<u8> = (0..5).collect();
        let fair = audit(&deal(&cards, 20_000, true, 7)).unwrap();
        assert!(!fair.decision.level.bias_shown);
        assert_eq!(fair.exit_code(), crate::exit::PASS);
        assert!(!fair.report.level.bias_shown);
        let naive = audit(&deal(&cards, 20_000, false, 7)).unwrap();
        assert!(naive.decision.level.bias_shown);
        assert!(naive.report.result.log10_min_adjusted_p < -20.0);
        assert_eq!(naive.exit_code(), crate::exit::BIAS);
        assert!(naive.report.level.bias_shown);
    }

    #[test]
    fn decks_too_few_for_the_position_test_are_refused_by_name() {
        let cards: Vec<u8> = (0..5).collect();
        let e = audit(&deal(&cards, 10, true, 7)).unwrap_err();
        assert_eq!((e.decks, e.deck), (10, 5));
        assert!(e.to_string().contains("decks.txt"), "{e}");
    }

    #[test]
    fn a_shoe_audit_s_exit_code_is_the_judge_s_decision() {
        let shoe = Shoe::new(3, 2).unwrap();
        let cards = [0, 0, 1, 1, 2, 2];
        let fair = audit_shoes(&deal(&cards, 20_000, true, 11), shoe).unwrap();
        assert_eq!(fair.exit_code(), crate::exit::PASS);
        assert_eq!(fair.report.level, fair.decision.level);
        let naive = audit_shoes(&deal(&cards, 20_000, false, 11), shoe).unwrap();
        assert_eq!(naive.exit_code(), crate::exit::BIAS);
        assert_eq!(naive.report.level, naive.decision.level);
        let few = audit_shoes(&deal(&cards, 3, true, 11), shoe).unwrap_err();
        assert_eq!(few.decks, 3);
    }

    fn lines(decks: &[Vec<u8>]) -> String {
        decks
            .iter()
            .map(|d| d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ") + "\n")
            .collect()
    }

    fn watch(text: &str) -> Result<Watched, FollowError> {
        let mut seen = 0;
        follow(
            Follow {
                source: "-".into(),
                input: text.as_bytes(),
                deck: None,
                base: None,
                skip_invalid: false,
                alpha: judge::grade::AUDIT_ALPHA,
                mode: stats::hypothesis::follow::Mode::Test,
            },
            |line, _| {
                seen += 1;
                assert_eq!(line, seen);
            },
        )
    }

    // In test mode the alarm rings on a fair stream with probability at
    // most AUDIT_ALPHA, however long it runs.
    #[test]
    fn a_watched_stream_exits_1_at_the_alarm_and_0_at_the_end_of_a_fair_one() {
        let cards: Vec<u8> = (0..5).collect();
        let fair = watch(&lines(&deal(&cards, 5_000, true, 3))).unwrap();
        assert_eq!(fair.exit_code(), crate::exit::PASS);
        assert_eq!(fair.report.decks, 5_000);
        let naive = watch(&lines(&deal(&cards, 5_000, false, 3))).unwrap();
        assert_eq!(naive.exit_code(), crate::exit::BIAS);
        let at = naive.report.finding.alarm_line.unwrap();
        assert!(at < 5_000 && naive.report.lines == at, "{at}");
        let decklists = watch("1 1 2 2\n2 1 2 1\n1 2 2 1\n").unwrap_err();
        assert!(
            matches!(
                decklists,
                FollowError::Decklists {
                    cards: 4,
                    distinct: 2
                }
            ),
            "{decklists}"
        );
    }

    // Each draw is judged at AUDIT_ALPHA: a uniform draw is flagged with
    // probability at most that; 0..30 in order is as far from uniform as a
    // draw goes (Spearman's rho 1).
    #[test]
    fn single_draws_exit_1_when_a_draw_shows_bias() {
        let audit = |text: String| {
            single(Single {
                source: "draws.txt".into(),
                input: std::io::Cursor::new(text),
                skip_invalid: false,
                alpha: judge::grade::AUDIT_ALPHA,
            })
        };
        let order: Vec<u8> = (0..30).collect();
        let shuffled = deal(&order, 1, true, 5).remove(0);
        let fair = audit(lines(std::slice::from_ref(&shuffled))).unwrap();
        assert_eq!(fair.exit_code(), crate::exit::PASS);
        assert_eq!(fair.report.draws.len(), 1);
        let sorted = audit(lines(&[shuffled, order])).unwrap();
        assert_eq!(sorted.exit_code(), crate::exit::BIAS);
        assert!(!sorted.report.draws[0].verdict.level.bias_shown);
        assert!(sorted.report.draws[1].verdict.level.bias_shown);
        assert!(audit(String::new()).is_err());
    }

    fn whole() -> Lines {
        Lines::decks("decks.txt", false)
    }

    // As above: a fair source fails with probability at most AUDIT_ALPHA;
    // the naive swap on 5 cards is caught beyond any level.
    #[test]
    fn a_whole_input_is_read_counted_and_judged_as_its_counts_are() {
        let cards: Vec<u8> = (0..5).collect();
        for (fair, code) in [(true, crate::exit::PASS), (false, crate::exit::BIAS)] {
            let decks = deal(&cards, 20_000, fair, 7);
            let text = lines(&decks);
            let read = run(&whole(), text.as_bytes(), &|_, _| {}).unwrap();
            assert_eq!(read.audited.exit_code(), code);
            let Audited::Decks(outcome) = read.audited else {
                panic!("plain decks");
            };
            // The same as the counts given to the judge directly.
            assert_eq!(
                *outcome,
                audit(&decks)
                    .map(|mut o| {
                        o.report.input.sha256 = outcome.report.input.sha256.clone();
                        o.report.input.bytes = text.len() as u64;
                        o.report.input.base_detected = true;
                        o
                    })
                    .unwrap()
            );
            let counted = count(&whole(), text.as_bytes(), &|_, _| {}).unwrap();
            assert_eq!((counted.deck, counted.lines.decks), (5, 20_000));
        }
        // Decklists: audited by their exact laws, refused where only decks
        // are taken.
        let list = "Forest Island Forest Opt\nIsland Forest Opt Forest\n".repeat(50);
        let read = run(&whole(), list.as_bytes(), &|_, _| {}).unwrap();
        assert!(matches!(read.audited, Audited::Repeated(_)));
        let e = count(&whole(), list.as_bytes(), &|_, _| {}).unwrap_err();
        assert!(
            matches!(
                e,
                AuditError::Decklists {
                    cards: 4,
                    distinct: 3
                }
            ),
            "{e}"
        );
        // A group of a card the decklist does not hold is named.
        let grouped = Lines {
            groups: vec![("land".into(), vec!["Swamp".into()])],
            ..whole()
        };
        let e = run(&grouped, list.as_bytes(), &|_, _| {}).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--group land: card \"Swamp\" is not in the decklist, whose cards are Forest, Island, Opt"
        );
    }
}
