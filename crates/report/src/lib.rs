//! Serializable report types and writers for `shuffle-audit`: the JSON
//! documents, Markdown, text, CSV, HTML and figures. It renders the
//! statistics' counts and the judge's decisions and words as they arrive,
//! typed, and decides nothing of its own; the default run's folder is
//! assembled here from the judge's results ([`documents`]) and written by
//! `report-folder`, which knows files as paths and bytes alone.
//!
//! The JSON documents are described in `reports/SCHEMA.md`; every type here
//! derives both `Serialize` and `Deserialize`, and the tests check that what
//! is written parses back.
#![deny(missing_docs)]

mod algorithm;
mod arrangement;
pub mod calibration;
pub mod certificate;
mod document;
mod error;
mod exact;
pub mod export;
pub mod figures;
pub mod files;
pub mod fmt;
pub mod handout;
pub mod html;
pub mod markdown;
pub mod power;
pub mod sampled;
mod suite;
pub mod table;
pub mod text;
mod throws;

pub use algorithm::{AlgorithmInfo, SourceInfo, source_line};
pub use document::{
    AlgorithmTime, Provenance, RunClock, RunRecord, SCHEMA_MD, SCHEMA_VERSION, StageTime,
    Standalone, Timings,
};
pub use error::ReportError;
pub use exact::{
    Bounds, ChainCell, EXTREMES_LISTED, ExactChainReport, ExactReport, ExtremeArrangements,
    PathCounts, RankedArrangement, Recounted, TABLE_IN_JSON_UP_TO,
};
pub use suite::{
    Documents, SUITE_PERMUTATIONS_UP_TO, SuiteAlgorithm, SuiteCase, SuiteReport, SuiteSettings,
    documents, fair_control, fair_controls,
};
pub use throws::Throws;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::rfc3339;
    use algorithms::registry::{REGISTRY, find};
    use judge::{Disagreement, ExactVerdict, Verdict};
    use stats::{Limits, exact_distribution};

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_795_000_000), "2026-11-18T11:06:40Z");
        assert_eq!(rfc3339(4_107_542_399), "2100-02-28T23:59:59Z");
    }

    #[test]
    fn provenance_knows_its_build() {
        let p = Provenance::new("x");
        assert!(p.rustc.starts_with("rustc "), "{}", p.rustc);
        assert!(
            p.crates.iter().any(|c| c.starts_with("rand_xoshiro=")),
            "{:?}",
            p.crates
        );
        assert_eq!(p.date.map(|d| d.len()), Some(20));
    }

    #[test]
    fn list_json_has_the_documented_fields() {
        let infos: Vec<AlgorithmInfo> = REGISTRY.iter().map(AlgorithmInfo::from).collect();
        let json = serde_json::to_value(&infos).unwrap();
        for item in json.as_array().unwrap() {
            for key in ["id", "source", "expected", "exact"] {
                assert!(item.get(key).is_some(), "{key} missing in {item}");
            }
        }
        let back: Vec<AlgorithmInfo> = serde_json::from_value(json).unwrap();
        assert_eq!(back, infos);
    }

    /// Every key that appears in a document.
    fn keys(v: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    out.insert(k.clone());
                    keys(x, out);
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
            _ => {}
        }
    }

    /// An exact position summary with every optional field present.
    /// The tests of consecutive decks of 2,000 Fisher–Yates decks of 30
    /// cards.
    fn lag1_of_a_stream() -> stats::hypothesis::audit::Lag1Run {
        use algorithms::Shuffle;
        let fy = find("fisher-yates").unwrap().algorithm;
        let mut rng = stats::sample::chunk_rng(5, 0);
        let mut stream = stats::hypothesis::audit::ObservedStream::new(30);
        let mut d: Vec<u8> = (0..30).collect();
        for _ in 0..2_000 {
            fy.shuffle(&mut d, &mut rng);
            stream.observe(&d);
        }
        stream.into_runs().1
    }

    fn exact_positions_fixture() -> judge::positions::ExactPositionsInfo {
        let swaps = find("fisher-yates-mod15")
            .unwrap()
            .algorithm
            .swap_shuffle(5)
            .unwrap();
        let law = stats::law::markov::position_law(&swaps).unwrap();
        let product = stats::law::markov::ProductLaw::of(&swaps).unwrap();
        let counts = vec![vec![20u64; 5]; 5];
        judge::positions::ExactPositionsInfo::new(&law, Some(&product), &counts, 100, 1e-6, 0.99)
    }

    #[test]
    fn schema_documents_every_field() {
        let entry = find("blog-riffle").unwrap();
        let mut limits = Limits::for_exact(entry.exact);
        limits.max_paths = 10_000_000;
        let law = exact_distribution(&entry.algorithm, 2, &limits).unwrap();
        let exact = Standalone::new(
            ExactReport::new(entry, &law, &judge::LawFindings::of(&law)),
            Provenance::new("test"),
            Some(0.0),
        );
        let fy = find("fisher-yates").unwrap();
        let audit = judge::grade::audit(
            &fy.algorithm,
            &stats::hypothesis::audit::AuditPlan {
                deck: 4,
                shuffles: 2_000,
                seed: 1,
                repeat: 1,
                histogram: true,
            },
            &|_| {},
        );
        let mut case_sample = sampled::SampleReport::new(fy, &audit, 2_000, "rng", None);
        case_sample.effect.sampled.position_z.clear();
        let mut provenance = Provenance::new("test");
        provenance.threads = Some(2);
        provenance.wall_seconds = Some(1.0);
        let suite = SuiteReport {
            schema_version: SCHEMA_VERSION,
            provenance,
            settings: SuiteSettings {
                plan: judge::suite::SuitePlan {
                    decks: vec![2, 3],
                    exact_decks: vec![2],
                    large_decks: vec![52],
                    shuffles: 10,
                    large_shuffles: 10,
                    seed: 1,
                    repeat: 1,
                    max_paths: 1,
                },
                rng: "rng".into(),
                files: files::FileSet::Pages,
            },
            headline: Some("headline.png".into()),
            off_by_one_slide: Some("off-by-one.png".into()),
            path_figure: Some("paths.png".into()),
            path_bars: Some("paths-bars.png".into()),
            algorithms: vec![SuiteAlgorithm {
                info: AlgorithmInfo::from(find("rand-shuffle").unwrap()),
                verdict: Verdict::Uniform,
                agrees: false,
                disagreements: vec![Disagreement::SampledBiased { deck: 3 }],
                cases: vec![
                    SuiteCase {
                        deck: 2,
                        exact: Some(ExactReport::new(entry, &law, &judge::LawFindings::of(&law))),
                        exact_positions: None,
                        sampled: Some(case_sample),
                        shuffles_to_detect: Some(1.0),
                        skipped: vec![],
                        files: vec!["a.png".into()],
                    },
                    SuiteCase {
                        deck: 3,
                        exact: None,
                        exact_positions: Some(exact_positions_fixture()),
                        sampled: None,
                        shuffles_to_detect: None,
                        skipped: vec!["why".into()],
                        files: vec![],
                    },
                ],
            }],
            riffles: None,
            paths: None,
            seeding: vec![judge::recovery::Pinning::of(
                "poker-fixed-time",
                find("poker-fixed-time")
                    .unwrap()
                    .algorithm
                    .seeded()
                    .unwrap(),
                52,
            )],
            readback: studies::math_random::ReadbackRow::study(52, 2, 1),
            cases: {
                let mut cases = judge::cases::all(&judge::cases::CaseScale::quick(), 1);
                cases[0].figure = Some("figures/cases/planet-poker.png".into());
                cases
            },
            decklist: Some(judge::decklist::study(
                judge::decklist::Decklist {
                    cards: 12,
                    group: 4,
                    hand: 3,
                },
                1e-6,
                0.9,
            )),
            sorting: None,
        };
        // The closing table: aligned, coloured only when asked.
        let plain = text::suite(&suite, false);
        assert!(!plain.contains('\x1b'), "{plain}");
        assert!(plain.contains("<- disagrees with the registry"), "{plain}");
        let coloured = text::suite(&suite, true);
        assert!(
            coloured.contains("\x1b[32muniform   \x1b[0m"),
            "{coloured:?}"
        );
        assert!(coloured.contains("\x1b[1m<- disagrees"), "{coloured:?}");
        let strip = coloured
            .replace("\x1b[32m", "")
            .replace("\x1b[1m", "")
            .replace("\x1b[0m", "");
        assert_eq!(strip, plain, "escapes shift the columns");
        // The default run's document parses back into the same document
        // (a test's smallest expected count, `min_expected`, decides
        // which two-level tests can run and is not part of it).
        let text = serde_json::to_string_pretty(&suite).unwrap();
        let back: SuiteReport = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string_pretty(&back).unwrap(), text);
        let mut all = std::collections::BTreeSet::new();
        keys(&serde_json::to_value(&exact).unwrap(), &mut all);
        // State merging, with its counts of paths, its recount and a table.
        let naive = find("naive-swap").unwrap();
        let swaps = naive.algorithm.swap_shuffle(5).unwrap();
        let merged = stats::law::merge::merged_distribution(&swaps).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mut merged_doc = ExactReport::new(naive, &merged, &judge::LawFindings::of(&merged))
            .recounted(Recounted {
                method: "meeting-in-the-middle".into(),
                half_paths: [125, 25],
                arrangements: vec!["01234".into()],
            });
        merged_doc.table = Some(table::write_table(&dir.path().join("t.bin"), &merged).unwrap());
        assert!(merged_doc.path_counts.is_some());
        keys(&serde_json::to_value(&merged_doc).unwrap(), &mut all);
        keys(&serde_json::to_value(&suite).unwrap(), &mut all);
        // The sampling documents, with every optional part present.
        let fy = find("fisher-yates").unwrap();
        let audit = judge::grade::audit(
            &fy.algorithm,
            &stats::hypothesis::audit::AuditPlan {
                deck: 4,
                shuffles: 2_000,
                seed: 1,
                repeat: 2,
                histogram: true,
            },
            &|_| {},
        );
        let mut sampled = Standalone::new(
            sampled::SampleReport::new(fy, &audit, 2_000, "rng", Some(0.0)),
            Provenance::new("t"),
            Some(0.0),
        );
        sampled.document.threads = 1;
        let text = serde_json::to_string(&sampled).unwrap();
        let back = serde_json::from_str::<Standalone<sampled::SampleReport>>(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
        let sampled = &mut sampled.document;
        let first = &audit.audit.first.analysis;
        sampled.confirmation = Some(judge::grade::Confirmation {
            seed: 9,
            tests: first.tests.clone(),
            log10_min_adjusted_p: first.log10_min_adjusted_p,
            grade: judge::Grade::NoBiasShown,
        });
        sampled
            .skipped_tests
            .push(stats::hypothesis::audit::Skipped {
                name: stats::TestName::COLLISIONS,
                reason: "y".into(),
            });
        keys(&serde_json::to_value(&*sampled).unwrap(), &mut all);
        // A large deck: the battery and collisions (seconds of a day repeat).
        let seeded = find("fisher-yates-seed-seconds").unwrap();
        let audit = judge::grade::audit(
            &seeded.algorithm,
            &stats::hypothesis::audit::AuditPlan {
                deck: 30,
                shuffles: 2_000,
                seed: 1,
                repeat: 1,
                histogram: false,
            },
            &|_| {},
        );
        let large = sampled::SampleReport::new(seeded, &audit, 2_000, "rng", None);
        keys(&serde_json::to_value(&large).unwrap(), &mut all);
        // `audit --json`, with invalid lines.
        let read = sampled::AuditReport {
            input: sampled::InputInfo {
                source: "-".into(),
                lines: 2_001,
                decks: 2_000,
                deck: 30,
                base: Some(deck_lines::Base::Zero),
                base_detected: true,
                invalid: vec![deck_lines::InvalidLines {
                    kind: deck_lines::LineKind::EmptyLine,
                    count: 1,
                    first_line: 7,
                    message: "empty line".into(),
                }],
                sha256: Some("0".repeat(64)),
                bytes: 170_000,
                ordered: true,
            },
            result: large,
            lag1: Some(lag1_of_a_stream()),
            level: judge::grade::Level::decide(0.01, 15, -1.0),
            finding: judge::grade::Finding::NoneShown,
        };
        let read = Standalone::new(read, Provenance::new("t"), Some(0.0));
        let text = serde_json::to_string(&read).unwrap();
        let back = serde_json::from_str::<Standalone<sampled::AuditReport>>(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
        keys(&serde_json::to_value(&read).unwrap(), &mut all);
        // With few enough decks for a histogram (its distance is given).
        let mut small = stats::hypothesis::audit::ObservedStream::new(3);
        for d in [[0u8, 1, 2], [2, 1, 0], [1, 0, 2]].iter().cycle().take(400) {
            small.observe(d);
        }
        keys(
            &serde_json::to_value(small.into_runs().1).unwrap(),
            &mut all,
        );
        // `scaling --json`: at 64 bits C's double scaling runs past the end.
        for bits in [15, 64] {
            let scaling = Standalone::new(
                sampled::ScalingReport {
                    bits,
                    deck: 6,
                    alpha: 0.01,
                    power: 0.99,
                    methods: studies::scaling::bias(bits, 6, 0.01, 0.99).unwrap(),
                },
                Provenance::new("t"),
                Some(0.0),
            );
            let text = serde_json::to_string(&scaling).unwrap();
            let back = serde_json::from_str::<Standalone<sampled::ScalingReport>>(&text).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), text);
            keys(&serde_json::to_value(&scaling).unwrap(), &mut all);
        }
        // `predict --json`.
        let seeded = find("poker-fixed-time")
            .unwrap()
            .algorithm
            .seeded()
            .unwrap();
        let predict = Standalone::new(
            sampled::PredictReport {
                algorithm: "poker-fixed-time".into(),
                deck: 52,
                seen: vec![3],
                base: 1,
                card_names: true,
                unix_seconds: true,
                unix_milliseconds: false,
                search: studies::predict::search(seeded, 52, &[3], seeded.seeds(), 2, &|_| {}),
                cap: 2,
                cards_to_pin_down: 4,
                conclusion: judge::recovery::Recovery::Several,
            },
            Provenance::new("t"),
            Some(0.0),
        );
        let text = serde_json::to_string(&predict).unwrap();
        let back = serde_json::from_str::<Standalone<sampled::PredictReport>>(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
        keys(&serde_json::to_value(&predict).unwrap(), &mut all);
        // `recover --json`: two decks node 20 deals, and a deal under way.
        {
            use studies::math_random::{
                Seen, draws_of_tail, fisher_yates_deal, fisher_yates_draws,
            };
            let mut g = algorithms::V8MathRandom::random_seed(5).unwrap();
            let first = fisher_yates_deal(&mut g, 52);
            let second = fisher_yates_deal(&mut g, 52);
            let tail: Vec<u8> = second.iter().rev().take(3).copied().collect();
            let seen = Seen {
                n: 52,
                decks: vec![
                    fisher_yates_draws(&first).unwrap(),
                    draws_of_tail(52, &tail).unwrap(),
                ],
                under_way: true,
            };
            let search = studies::math_random::recover(&seen, 1, 2);
            let recover = Standalone::new(
                sampled::RecoverReport {
                    deck: 52,
                    decks: 1,
                    seen: tail,
                    base: 0,
                    next: 1,
                    cap: 2,
                    conclusion: judge::recovery::StateRecovery::of(&search),
                    search,
                },
                Provenance::new("t"),
                Some(0.0),
            );
            let text = serde_json::to_string(&recover).unwrap();
            let back = serde_json::from_str::<Standalone<sampled::RecoverReport>>(&text).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), text);
            keys(&serde_json::to_value(&recover).unwrap(), &mut all);
        }
        // `guess --json`, exact and sampled.
        for (exact, interval) in [(Some("17/9".to_string()), None), (None, Some((1.0, 2.0)))] {
            let guess = Standalone::new(
                sampled::GuessReport {
                    algorithm: "naive-swap".into(),
                    deck: 3,
                    method: judge::guess::Method::ExactLaw,
                    expected_correct: 1.9,
                    expected_correct_exact: exact,
                    interval_99: interval,
                    fair: 1.8,
                    advantage: 0.1,
                    shuffles: interval.map(|_| 10),
                    seed: interval.map(|_| 1),
                },
                Provenance::new("t"),
                Some(0.0),
            );
            keys(&serde_json::to_value(&guess).unwrap(), &mut all);
        }
        // `audit --follow --json`, with and without an alarm.
        for alarm_line in [Some(7), None] {
            let follow = Standalone::new(
                sampled::FollowReport {
                    source: "-".into(),
                    lines: 8,
                    decks: 7,
                    invalid: vec![deck_lines::InvalidLines {
                        kind: deck_lines::LineKind::EmptyLine,
                        count: 1,
                        first_line: 3,
                        message: "an empty line".into(),
                    }],
                    deck: 6,
                    finding: judge::follow::FollowFinding {
                        alpha: 1e-6,
                        mode: stats::hypothesis::follow::Mode::Detect,
                        log10_evidence: 6.1,
                        evidence_since: 3,
                        impossible: false,
                        log10_threshold: 6.0,
                        alarm_line,
                        strongest: "cycles".into(),
                        channels: 18,
                    },
                },
                Provenance::new("t"),
                Some(0.0),
            );
            keys(&serde_json::to_value(&follow).unwrap(), &mut all);
        }
        // `riffle --json`, with a figure as inside `report.json`.
        let riffle = Standalone::new(
            sampled::RiffleReport {
                study: judge::riffle::study(8, 2, 500, 1, &|_| {}),
                figure: Some("figures/riffles.png".into()),
            },
            Provenance::new("t"),
            Some(0.0),
        );
        let text = serde_json::to_string(&riffle).unwrap();
        let back = serde_json::from_str::<Standalone<sampled::RiffleReport>>(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
        keys(&serde_json::to_value(&riffle).unwrap(), &mut all);
        let naive = find("naive-swap").unwrap();
        let law = exact_distribution(&naive.algorithm, 3, &Limits::default()).unwrap();
        let power = sampled::PowerReport {
            algorithm: "naive-swap".into(),
            deck: 3,
            alpha: 0.01,
            power: 0.9,
            method: judge::method::PowerBasis::Enumeration,
            total_variation: Some(0.0),
            divergence: exact_positions_fixture().divergence,
            likelihood_ratio_decks: stats::hypothesis::audit::likelihood_ratio_decks(
                &law, 0.01, 0.9,
            ),
            tests: stats::hypothesis::audit::power_plan(&law, 0.01, 0.9),
        };
        keys(&serde_json::to_value(&power).unwrap(), &mut all);
        let swaps = naive.algorithm.swap_shuffle(12).unwrap();
        let chain = ExactChainReport::new(
            naive,
            &stats::law::markov::exact_position_law(&swaps).unwrap(),
            ExactVerdict::Biased,
        );
        keys(&serde_json::to_value(&chain).unwrap(), &mut all);
        keys(
            &serde_json::to_value(AlgorithmInfo::from(entry)).unwrap(),
            &mut all,
        );
        let mut run = Provenance::new("test");
        run.threads = Some(2);
        run.wall_seconds = Some(1.0);
        keys(&serde_json::to_value(run.take_run()).unwrap(), &mut all);
        for key in &all {
            assert!(
                SCHEMA_MD.contains(&format!("`{key}`")),
                "SCHEMA.md does not document `{key}`"
            );
        }
        for key in [
            "expected_reason",
            "exact_note",
            "confirmation",
            "repeat",
            "ks",
            "exact_total_variation",
            "permutation_counts",
            "battery",
            "null_mean",
            "collisions",
            "log10_effective_decks",
            "base_detected",
            "first_line",
            "exact_total_variation",
            "riffles_needed",
            "tells_below",
            "random_keys",
            "decks_to_catch",
            "family",
            "distinct_predictions",
            "pinned_bits_per_deck",
            "conclusion",
        ] {
            assert!(all.contains(key), "{key} was not exercised");
        }
    }

    #[test]
    fn exact_report_round_trips_and_keeps_exact_weights() {
        let entry = find("naive-swap").unwrap();
        let law = exact_distribution(&entry.algorithm, 3, &Limits::default()).unwrap();
        let report = Standalone::new(
            ExactReport::new(entry, &law, &judge::LawFindings::of(&law)),
            Provenance::new("test"),
            Some(0.0),
        );
        let text = serde_json::to_string(&report).unwrap();
        let back: Standalone<ExactReport> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, report);
        let back = back.document;
        assert_eq!(
            back.permutation_weights.unwrap(),
            ["4", "5", "5", "5", "4", "4"]
        );
        assert_eq!(back.denominator, "27");
        assert_eq!(back.verdict, ExactVerdict::Biased);
        assert_eq!(back.position_weights[1], ["10", "8", "9"]);
    }
}
