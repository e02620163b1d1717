use super::*;

fn quick(id: &str) -> Case {
    run(id, &CaseScale::quick(), 1).unwrap()
}

#[test]
fn an_unknown_case_names_the_cases() {
    let e = run("planet", &CaseScale::quick(), 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown case 'planet': the cases are planet-poker, eu-ballot-2010, bostock-2014, \
         laravel-2019, freecell, random-shuffle-15bit, dotnet-tickcount, draft-1970"
    );
}

#[test]
fn planet_poker_never_deals_card_52_last_and_five_cards_find_the_deal() {
    let c = quick("planet-poker");
    let CaseFigures::PlanetPoker(f) = &c.figures else {
        panic!("{c:?}")
    };
    assert!(f.never_last);
    assert_eq!(f.last_card_last, "0");
    // The chain is exact: every row of the matrix sums to one, so no other
    // cell is 0 and the least likely is still positive.
    assert!(f.least_likely.2 > 0.0 && f.most_likely.2 > 1.0, "{f:?}");
    assert_eq!(f.seen[0].seen, 1);
    assert!(f.seen.windows(2).all(|w| w[0].matches >= w[1].matches));
    // The example's own millisecond always fits.
    assert!(f.seen.iter().all(|r| r.matches >= 1));
    assert!(f.unique_at.is_some_and(|k| k <= 5), "{f:?}");
    assert_eq!(c.standing, CaseStanding::Reproduced);
    // Arkin et al.: another millisecond shares five cards 0.28 times on
    // average in a day.
    assert!((f.seen[4].expected_other_in_space - 0.277).abs() < 0.001);
}

#[test]
fn the_ballot_laws_are_exact_and_differ_by_engine() {
    let c = quick("eu-ballot-2010");
    let CaseFigures::EuBallot2010(b) = &c.figures else {
        panic!()
    };
    assert_eq!(b.laws.len(), 3);
    for law in &b.laws {
        for row in &law.rounded {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }
    // V8's legacy sort is an insertion sort on 5 items: the last item
    // listed stays last when its first comparison says so, one time in two.
    assert_eq!(b.laws[0].matrix[4][4], "1/2");
    assert_ne!(b.laws[0].matrix, b.laws[1].matrix);
    assert_eq!(c.standing, CaseStanding::NotCompared);
}

#[test]
fn laravel_counts_fit_php7_and_refute_the_other_comparator() {
    let c = quick("laravel-2019");
    let CaseFigures::Laravel2019(l) = &c.figures else {
        panic!()
    };
    assert_eq!(l.rows[0].weights, ["33280", "6240", "16640", "2160", "729"]);
    assert_eq!(l.rows[0].denominator, "59049");
    assert_eq!(l.rows[1].weights, ["315", "210", "315", "120", "64"]);
    assert!(l.rows.iter().all(|r| r.p_value > PUBLISHED_ALPHA));
    assert!(l.rows.iter().all(|r| r.x2_other_law > 1e5));
    assert_eq!(c.standing, CaseStanding::Consistent);
}

#[test]
fn freecell_deals_the_published_deals_and_names_11982() {
    let c = quick("freecell");
    let CaseFigures::Freecell(f) = &c.figures else {
        panic!()
    };
    assert_eq!(f.published, [(1, true), (617, true)]);
    assert_eq!(c.standing, CaseStanding::Reproduced);
    assert_eq!(f.pinned_share.len(), 4);
    assert!(f.pinned_share.windows(2).all(|w| w[0] <= w[1]));
    assert!(f.pinned_share[3] > 0.99, "{:?}", f.pinned_share);
    assert!(f.unique_at.is_some_and(|k| k <= 5), "{f:?}");
}

#[test]
fn random_shuffle_with_15_bits_moves_elements_64463_places() {
    let c = quick("random-shuffle-15bit");
    let CaseFigures::RandomShuffle15bit(r) = &c.figures else {
        panic!()
    };
    assert_eq!(r.displacement_sum, 193_390_169_814);
    assert_eq!(r.fair_mean, "8999999999999/9000000");
    assert_eq!(c.standing, CaseStanding::Reproduced);
}

#[test]
fn dotnet_five_cards_leave_about_eight_decks() {
    let c = quick("dotnet-tickcount");
    let CaseFigures::DotnetTickcount(d) = &c.figures else {
        panic!()
    };
    assert!(
        (d.expected_other[4] - 6.88).abs() < 0.01,
        "{:?}",
        d.expected_other
    );
    assert!(d.expected_other[5] < 0.15);
    assert!(d.unique_at.is_some_and(|k| k <= 6));
    assert_eq!(c.standing, CaseStanding::Consistent);
}

#[test]
fn bostock_sees_the_bias_in_his_10000_runs() {
    let c = quick("bostock-2014");
    let CaseFigures::Bostock2014(b) = &c.figures else {
        panic!()
    };
    assert_eq!(b.counts.len(), 60);
    assert!(b.counts.iter().all(|row| row.iter().sum::<u64>() == 10_000));
    // Far beyond any false alarm: a fair shuffle gets p below 10^-10 one
    // time in 10^10.
    assert!(b.log10_p < -10.0, "{}", b.log10_p);
}

#[test]
fn the_1970_draft_is_fienbergs_and_oldfords_and_1971_passes() {
    let c = quick("draft-1970");
    let CaseFigures::Draft1970(d) = &c.figures else {
        panic!("{c:?}")
    };
    let [y1970, y1971] = [&d.years[0], &d.years[1]];
    assert_eq!((y1970.numbers.len(), y1971.numbers.len()), (366, 365));
    // The Selective Service's accounts of the drawings: September 14 drew
    // number 1 in 1970, and September 24 held 195, the highest number
    // called that year; in 1971 July 9 drew number 1. Day of the year from
    // 0: September 14 is 244 + 13 in a leap year.
    assert_eq!(y1970.numbers[244 + 13], 1);
    assert_eq!(y1970.numbers[244 + 23], 195);
    assert_eq!(y1971.numbers[181 + 8], 1);
    // Fienberg's table for 1971 (1973) misprints May 11 as 243, November
    // 1's number (Starr, 1997): the shipped list has 293.
    assert_eq!((y1971.numbers[120 + 10], y1971.numbers[304]), (293, 243));
    assert_eq!(y1970.rho_3, "-0.226");
    assert_eq!(y1970.thirds, OLDFORD_THIRDS_1970.to_vec());
    assert_eq!(y1970.third_ends, [122, 244, 366]);
    assert_eq!(y1971.third_ends, [122, 244, 365]);
    // The binned test only reaches 0.023 where the rank test gives 1.6e-5.
    assert_eq!(
        format!("{:.2} {:.3}", y1970.thirds_x2, y1970.thirds_p),
        "37.16 0.023"
    );
    // December's dates came up early: the lowest monthly mean, 121.5
    // against 183.5 for a fair draw.
    assert_eq!(format!("{:.1}", y1970.month_means[11]), "121.5");
    assert!(
        y1970
            .month_means
            .iter()
            .all(|&m| m >= y1970.month_means[11])
    );
    assert!(y1970.verdict.level.bias_shown);
    assert!(!y1971.verdict.level.bias_shown);
    assert!(y1971.thirds_p > 0.05, "{}", y1971.thirds_p);
    assert_eq!(c.standing, CaseStanding::Reproduced);
    // A table one cell off is not Oldford's.
    let mut off = d.clone();
    off.published_thirds[0] = [10, 11, 10];
    assert_eq!(off.standing(), CaseStanding::Contradicted);
}
