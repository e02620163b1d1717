//! Each finding is worded once, by the judge ([`judge::words`]): the text,
//! the certificate and the pages render the same words, adding only their
//! markup.

use judge::grade::Decision;
use report::sampled::{AuditReport, InputInfo, SampleReport, SingleAuditReport, SingleDraw};
use report::{Provenance, Standalone};
use stats::hypothesis::audit::DeckTally;

/// The audit of `decks` of 6 cards read in order, as `audit` makes it.
fn audit(decks: &[Vec<u8>]) -> Standalone<AuditReport> {
    let tally = DeckTally::new(true);
    let mut counts = tally.counts(&decks[0], 0);
    decks.iter().for_each(|d| counts.observe(d));
    let (run, lag1) = counts.into_runs();
    let audit = judge::grade::of_decks(run, lag1);
    let decision = Decision::of_audit(&audit.audit, judge::grade::AUDIT_ALPHA);
    let mut result = SampleReport::of_audit(
        "decks",
        judge::Expectation::Unknown,
        &audit,
        decks.len() as u64,
        "none",
        None,
    );
    result.verdict = decision.grade;
    Standalone::new(
        AuditReport {
            input: InputInfo {
                source: "decks".into(),
                lines: decks.len() as u64,
                decks: decks.len() as u64,
                deck: 6,
                base: Some(deck_lines::Base::Zero),
                base_detected: true,
                invalid: Vec::new(),
                sha256: Some("0".repeat(64)),
                bytes: 0,
                ordered: true,
            },
            result,
            lag1: audit.audit.lag1.clone(),
            level: decision.level,
            finding: decision.finding,
        },
        Provenance::new("test"),
        Some(0.0),
    )
}

/// `n` decks of 6 cards from a generator of small steps (`next`).
fn decks(n: usize, mut next: impl FnMut(&mut Vec<u8>)) -> Vec<Vec<u8>> {
    let mut deck: Vec<u8> = (0..6).collect();
    (0..n)
        .map(|_| {
            next(&mut deck);
            deck.clone()
        })
        .collect()
}

#[test]
fn every_format_of_an_audit_says_its_finding_in_the_judges_words() {
    let mut state = 11u64;
    let mut draw = move |k: usize| {
        state = stats::sample::splitmix64(state);
        (state % k as u64) as usize
    };
    // Fair decks (Fisher–Yates on a small generator), the naive swap, and
    // decks that each move one card of the last: three findings.
    let fair = decks(20_000, |d| {
        d.sort_unstable();
        for i in (1..6).rev() {
            d.swap(i, draw(i + 1));
        }
    });
    let mut state = 5u64;
    let mut draw = move |k: usize| {
        state = stats::sample::splitmix64(state);
        (state % k as u64) as usize
    };
    let naive = decks(20_000, |d| {
        d.sort_unstable();
        for i in 0..6 {
            d.swap(i, draw(6));
        }
    });
    let dependent = decks(20_000, |d| d.rotate_left(draw(2)));
    let mut sentences = Vec::new();
    for decks in [fair, naive, dependent] {
        let doc = audit(&decks);
        let r = &doc.document;
        let p = |t: &[stats::hypothesis::fit::TestResult]| -> Vec<f64> {
            t.iter().map(|t| t.log10_p).collect()
        };
        let between = r.lag1.as_ref().map_or_else(Vec::new, |l| p(&l.tests));
        let words = r
            .finding
            .words(
                &r.level,
                r.result.verdict,
                &p(&r.result.tests),
                &between,
                "deck",
            )
            .to_string();
        let text = report::text::audit(&doc);
        let certificate = report::certificate::markdown(&doc);
        assert!(text.contains(&words), "{words}\n{text}");
        assert!(certificate.contains(&words), "{words}\n{certificate}");
        // The level is stated alike.
        let level = r.level.words().to_string();
        assert!(text.contains(&level), "{level}\n{text}");
        sentences.push((r.finding, words));
    }
    let findings: Vec<_> = sentences.iter().map(|(f, _)| *f).collect();
    assert_eq!(
        findings,
        [
            judge::grade::Finding::NoneShown,
            judge::grade::Finding::DecksBiased,
            judge::grade::Finding::DecksDependent
        ]
    );
}

#[test]
fn a_single_draw_is_decided_in_the_same_words_in_text_and_on_a_page() {
    let draws = [
        (0..30u32).collect::<Vec<_>>(),
        (0..30u32).map(|i| (i * 7 + 3) % 30).collect(),
    ];
    let mut judge = judge::single::DrawJudge::new(judge::single::SINGLE_ALPHA);
    let verdicts: Vec<_> = draws.iter().map(|d| judge.judge(d)).collect();
    let doc = Standalone::new(
        SingleAuditReport {
            source: "draws".into(),
            lines: 2,
            invalid: Vec::new(),
            sha256: "0".repeat(64),
            bytes: 0,
            power: judge::single::SINGLE_POWER,
            draws: verdicts
                .iter()
                .enumerate()
                .map(|(i, v)| SingleDraw {
                    line: i as u64 + 1,
                    base: deck_lines::Base::Zero,
                    verdict: v.clone(),
                })
                .collect(),
        },
        Provenance::new("test"),
        Some(0.0),
    );
    let text = report::text::single_audit(&doc);
    assert_ne!(
        verdicts[0].decision().to_string(),
        verdicts[1].decision().to_string()
    );
    for v in &verdicts {
        let plain = v.decision().to_string();
        assert!(text.contains(&plain), "{plain}\n{text}");
        // The page's Markdown is the same words with their emphasis.
        let page = report::markdown::words(&v.decision());
        assert_eq!(page.replace("**", ""), plain);
    }
    let shows = judge::single::what_one_draw_shows();
    assert!(text.contains(&shows.to_string()));
    assert_eq!(
        report::markdown::words(&shows).replace('`', ""),
        shows.to_string()
    );
    assert!(text.contains(&judge::single::draws_finding(doc.document.bias_shown()).to_string()));
}
