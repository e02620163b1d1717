//! The page for game developers and auditors: how to test decks their own
//! program dealt, what each test checks, at which level, and what a
//! certificate holds.

use stats::hypothesis::statistic::Statistic;
use stats::{Test, TestName};
use std::fmt::Write;

/// The tests `audit` applies to decks one at a time, in the order it
/// reports them, with when each runs.
fn deck_tests() -> Vec<(TestName, &'static str)> {
    let mut out = vec![
        (
            TestName::PERMUTATION_CHI2,
            "up to 10 cards, with 5 decks per arrangement (5 · n!)",
        ),
        (TestName::PERMUTATION_G, "as above"),
        (TestName::POSITION_CHI2, "always (at least 5 · n decks)"),
    ];
    for s in Statistic::ALL {
        out.push((
            TestName::of(Test::Battery(s)),
            "when the permutation tests do not run",
        ));
    }
    out.push((
        TestName::COLLISIONS,
        "with the battery, on the first 2^23 decks, where repeats are rare for a fair shuffle",
    ));
    out
}

/// The page; its seeding table from the run's seeded shuffles.
pub fn page(report: &crate::suite::SuiteReport) -> String {
    let mut md = String::new();
    md += "# Audit your own shuffle\n\n";
    md += "For game developers and for anyone auditing a card game: `shuffle-audit audit` tests \
           decks that any program dealt, read one per line from a file or a pipe, and exits 0 \
           when no bias shows, 1 when one does, 2 on bad input, so it can gate a CI job.\n\n";
    md += "```sh\n\
           node scripts/examples/shuffle.js sort 8 100000 | shuffle-audit audit -   # your program in place of shuffle.js\n\
           mkdir -p out && shuffle-audit deal -a fisher-yates -d 8 -n 100000 > out/decks.txt\n\
           shuffle-audit audit out/decks.txt --alpha 0.01 --out out/certificate\n\
           ```\n\n";
    md += "A line is one deck listed by position: `3 0 2 1`, `3,0,2,1` or `[3,0,2,1]`, cards \
           numbered from 0 or from 1. Every line is checked; the first bad one stops the \
           audit with its number and reason (`--skip-invalid` counts them instead).\n\n";
    md += "## What it tests\n\n";
    md += "Each deck alone:\n\n| test | what it checks | runs |\n|---|---|---|\n";
    for (name, when) in deck_tests() {
        let _ = writeln!(md, "| `{name}` | {} | {when} |", name.meaning());
    }
    md += "\nEach deck against the one before it (lag 1), unless `--unordered` says the decks \
           are not in the order they were dealt. A program can deal decks that each look \
           perfectly shuffled yet depend on the deck before: a dealer who cuts or reshuffles \
           the last deck instead of a fresh one, a generator whose state is reused. Writing \
           each deck in the order of the one before it (each card named by the position it \
           held there) turns that dependence into a bias the tests above can see: for \
           independent, uniform decks these rewritten decks are themselves independent and \
           uniform, so every test keeps its exact null. Because that needs the decks to be \
           uniform as well, a biased shuffle fails these tests too: the audit says \"each deck alone looks uniform, but consecutive decks are not \
           independent\" only when every test of single decks passes.\n\n";
    md += "| test | what it checks |\n|---|---|\n";
    let lagged = [
        TestName::PERMUTATION_CHI2,
        TestName::POSITION_CHI2,
        TestName::of(Test::Battery(Statistic::RisingSequences)),
    ];
    for name in lagged.map(TestName::lag1) {
        let _ = writeln!(md, "| `{name}` | {} |", name.meaning());
    }
    let _ = writeln!(
        md,
        "| `lag1-…` | every other test above, the same way |\n| `{}` | {} |",
        TestName::LAG1_CONTINGENCY,
        TestName::LAG1_CONTINGENCY.meaning()
    );
    md += "\nOnly lag 1 is tested: a reshuffled last deck shows most strongly one deal later \
           (two reshuffles are closer to uniform than one), and decks that repeat after more \
           deals are caught by the collision test.\n\n";
    md += "See it for yourself: the naive swap applied to the last deck passes every test of \
           single decks and fails the tests of consecutive decks (exit 1); told the order \
           does not matter, the audit sees nothing (exit 0).\n\n";
    md += "```sh\n\
           shuffle-audit deal -a naive-swap -d 6 -n 20000 --from-previous | shuffle-audit audit -\n\
           shuffle-audit deal -a naive-swap -d 6 -n 20000 --from-previous | shuffle-audit audit - --unordered\n\
           ```\n\n";
    shoes(&mut md);
    decklists(&mut md, report.decklist.as_ref());
    single_draw(&mut md, &report.cases);
    md += "## Levels\n\n";
    md += "All the tests form one family. With `--alpha A` the audit exits 1 when one test's \
           p-value is below `A` divided by the number of tests (Bonferroni), so a fair shuffle \
           is flagged with probability at most `A` however many tests ran. Test standards ask \
           for 95 % or 99 % confidence: `--alpha 0.05` or `--alpha 0.01`. The default, \
           `1e-6`, flags a fair shuffle about once in a million audits, for a CI job that must \
           not fail by chance. The output states the level per test and for the family, and \
           marks the tests below their share.\n\n";
    md += "## Watching a live stream\n\n";
    md += "`tail -f deals.log | shuffle-audit audit - --follow --deck 52 --base 0` judges a \
           production stream deck by deck and stops with exit 1 at the first line where the \
           evidence of bias reaches `1/α`. The evidence is the average wealth of bets placed \
           before each deck on features whose law a fair shuffle fixes exactly (where each \
           card lands, the battery's statistics, where each card lands in the previous \
           deck's order); for a fair stream it is a supermartingale, so the alarm is false \
           with probability at most `α` however long the stream runs and whenever it is \
           looked at (Ville's inequality).\n\n";
    md += "## Certificates\n\n";
    md += "`--out DIR` also writes `certificate.md` and `certificate.json` there: the input's \
           SHA-256 (compare it with `sha256sum FILE`), bytes and lines, the exact command, the \
           tool's version and commit, every test with its sample size, statistic, p-value, \
           level and result, and the verdict. They are written whole or not at all: bad input \
           leaves no certificate, and a folder holding files the tool did not write is \
           refused.\n";
    md += "\n## From random numbers to cards\n\n";
    md += "Before dealing a single deck, `shuffle-audit scaling --bits B --deck N` computes \
           exactly what turning a `B`-bit random number into a card index does to a \
           Fisher–Yates shuffle, for `rand() % k`, multiply-shift, C's \
           `(int)(k * rand() / (RAND_MAX + 1.0))`, JavaScript's \
           `Math.floor(Math.random() * k)` and rejection side by side: how far each draw and \
           the whole deck are from uniform, and how many shuffles a test would need to see \
           it. With 64-bit numbers, C's double scaling can even return an index past the end \
           of the deck.\n";
    seeding(&mut md, &report.seeding);
    readback(&mut md, &report.readback);
    md += "\n## What a bias is worth at the table\n\n";
    md += "`shuffle-audit guess --algorithm ID --deck N` gives the effect size a card player \
           understands: going through the deck and naming each card before it is turned \
           over, how many a player who knows the shuffle gets right on average with the best \
           strategy, against the `H_n` a fair deck allows (4.538 of 52). It is exact where \
           the whole law is known (up to 8 cards, and the shuffles seeded from the seconds \
           of a day); on larger decks a strategy built from the position matrix gives a \
           lower bound, with its 99 % confidence interval.\n";
    md
}

/// The section on shoes: `audit --shoe K`, each test with what it checks.
fn shoes(md: &mut String) {
    *md += "## Shoes\n\n";
    *md += "Casinos deal from shoes of several decks shuffled together. `--shoe K` reads each \
            line as a shoe of `K` decks (1 to 8): every card of a deck appears `K` times (a \
            6-deck shoe of 52-card decks has 312 cards, 0 to 51 six times each), and a line \
            holding a card more often is invalid, naming the card. (Without `--shoe`, lines \
            whose cards repeat are read as decklists, below.) The copies of a card cannot be told apart, \
            so the tests that follow one card (fixed points, cycles, rising sequences, where a \
            card went from one deal to the next) have no meaning for a shoe; these do, each \
            with its exact law for a uniformly shuffled shoe:\n\n";
    *md += "| test | what it checks |\n|---|---|\n";
    let descents = TestName::of(Test::Battery(Statistic::Descents));
    for name in [
        TestName::VALUE_POSITION,
        descents,
        TestName::REPEATS,
        TestName::COLLISIONS,
        TestName::LAG1_CONTINGENCY,
        TestName::LAG1_MATCHES,
    ] {
        let _ = writeln!(md, "| `{name}` | {} |", name.meaning());
    }
    *md += "\nA shoe whose decks were each shuffled alone and stacked, never mixed, shows \
            almost no repeats where a fair shoe has `K − 1` on average; a shoe of decks in \
            order riffled a few times keeps too few descents; a shoe made from the last one \
            keeps too many matches with it. `scripts/examples/shoe.py` deals all three, and \
            a fair shoe:\n\n";
    *md += "```sh\n\
            python3 scripts/examples/shoe.py fair 6 52 2000 | shuffle-audit audit - --shoe 6\n\
            python3 scripts/examples/shoe.py stacked 6 52 2000 | shuffle-audit audit - --shoe 6\n\
            ```\n\n";
}

/// The section on decklists: cards that repeat, named groups, and the
/// few-riffles model's exact laws from the run's study.
fn decklists(md: &mut String, study: Option<&judge::decklist::DecklistStudy>) {
    *md += "## Decklists\n\n";
    *md += "A player of a collectible card game shuffles a decklist: 60 cards, 9 Forests and 8 \
            Islands, four copies of most spells. Log one game per line, the cards in the order \
            they were drawn, as numbers or as names (`Forest Island Opt Forest …`; names with \
            spaces separated by commas or tabs, `Giant Growth, Forest, \"Fire, Ice\"`, with \
            CSV's quotes; or a JSON array of strings, any escape read by a JSON parser), \
            and `audit` reads them as decklists with no option: the \
            composition (each card with its copies) is the one most of the first lines have, \
            or the one `--composition Forest:9,Island:8,…` gives, and a line with a card \
            not in it, or a card too often, is an error naming the card and the line. \
            `--group land=Forest,Island` names a group to test for clumping and for the \
            opening hand (`--hand 7` cards, the default). The tests, each against its exact \
            law for a uniformly shuffled decklist:\n\n";
    *md += "| test | what it checks |\n|---|---|\n";
    let descents = TestName::of(Test::Battery(Statistic::Descents));
    for name in [
        TestName::VALUE_POSITION,
        TestName::OPENING_HAND,
        descents,
        TestName::REPEATS,
        TestName::GROUP_PAIRS,
        TestName::GROUP_HAND,
        TestName::COLLISIONS,
        TestName::LAG1_CONTINGENCY,
        TestName::LAG1_MATCHES,
    ] {
        let _ = writeln!(md, "| `{name}` | {} |", name.meaning());
    }
    *md += "\nEach later draw is a column of the value × position table, so it is tested \
            there. The laws are derived for any composition and checked against every \
            arrangement of nine small decklists; on 60-card decklists each test's false-alarm \
            rate at 0.05 stays in its binomial band over 200 runs.\n\n";
    *md += "**Does the shuffle depend on my decklist's order?** Names alone cannot tell: the \
            copies of a card look alike, and a shuffle that is fair on the names is fair for \
            play. If the log numbers the copies in list order (`Forest#1` … `Forest#9`), each \
            copy is its own card and the value × position test is the position test: a \
            shuffle that deals the names fairly but always the first copy first is caught \
            in 50 games by the opening hand (p = 10^-166) and with p = 10^-2837 by the \
            position test at 300 (the tests in `crates/cli/tests/integration/decklist.rs`).\n\n";
    let Some(study) = study else {
        return;
    };
    let d = study.decklist;
    let _ = write!(
        md,
        "**Too few riffles.** Players shuffle from the order the list was written in, lands \
         together, and riffle a few times. `{model}` is that model in the registry \
         (Gilbert–Shannon–Reeds riffles, whose `k` riffles are one `2^k`-shuffle): on a \
         decklist of {cards} cards with its {group} lands listed first, the exact laws of the \
         lands' adjacent pairs (clumping) and of the lands in the opening {hand}, beside a \
         uniform shuffle, and the games each test needs to catch it with probability {power:.0} % \
         at its share of the audit's level ({alpha:e} over {family} tests):\n\n",
        model = judge::decklist::MODEL,
        cards = d.cards,
        group = d.group,
        hand = d.hand,
        power = 100.0 * study.power,
        alpha = study.alpha,
        family = study.family,
    );
    *md += "| shuffle | land pairs, mean | distance from uniform | games to catch | lands in the opening hand, mean | distance from uniform | games to catch |\n|---|---:|---:|---:|---:|---:|---:|\n";
    let games = |d: Option<f64>| d.map_or("–".into(), |d| crate::fmt::fmt_count(d as u64));
    for r in &study.rows {
        let _ = writeln!(
            md,
            "| {} | {:.3} | {:.4} | {} | {:.3} | {:.4} | {} |",
            match r.riffles {
                None => "uniform".to_string(),
                Some(1) => "1 riffle".to_string(),
                Some(k) => format!("{k} riffles"),
            },
            r.pairs.mean,
            r.pairs.total_variation,
            games(r.pairs.decks_to_catch),
            r.hand.mean,
            r.hand.total_variation,
            games(r.hand.decks_to_catch),
        );
    }
    *md += "\nAfter three riffles the lands barely clump more than a uniform shuffle leaves \
            them, but they still crowd the top of the deck, and the four copies of each spell, \
            listed together, stay together: the whole audit catches three riffles of this \
            list in 50 games (`repeats-chi2`), where a uniform shuffle passes. Try it with the \
            list in your own order:\n\n";
    let _ = write!(
        md,
        "```sh\n\
         shuffle-audit deal -a {model} -n 50 --composition {list} | shuffle-audit audit - --group land=Forest,Island\n\
         shuffle-audit deal -a fisher-yates -n 50 --composition {list} | shuffle-audit audit - --group land=Forest,Island\n\
         ```\n\n",
        model = judge::decklist::MODEL,
        list = judge::decklist::EXAMPLE_LIST,
    );
}

/// The section on `audit --single`, with the drafts' figures when the run
/// computed their case.
fn single_draw(md: &mut String, cases: &[judge::cases::Case]) {
    use stats::hypothesis::single::{
        DrawStatistic, EXACT_UP_TO, KENDALL_EXACT_UP_TO, SPEARMAN_EXACT_UP_TO,
    };
    *md += "## A single draw\n\n";
    let _ = write!(
        md,
        "A lottery, a draft, the order of names on a ballot: one permutation, drawn once. \
         `shuffle-audit audit --single FILE` reads each line as one draw (the items in the \
         order drawn, numbered by their place in the list, from 0 or 1, up to {}; lines \
         starting with `#` are comments) and judges it alone, at level {} unless `--alpha` \
         says otherwise, over four rank statistics against the list's order:\n\n\
         | test | what it catches |\n|---|---|\n\
         | `spearman-rho` | a trend: the items listed last drawn first, or last (exact law up to \
         {SPEARMAN_EXACT_UP_TO} items, normal above) |\n\
         | `kendall-tau` | the same trend, counted pair by pair (exact up to \
         {KENDALL_EXACT_UP_TO} items) |\n\
         | `runs-up-down` | too few turns (stretches kept in order) or too many (a see-saw; \
         exact up to {EXACT_UP_TO}) |\n\
         | `longest-run` | a block of the list drawn in its order (exact up to \
         {EXACT_UP_TO}) |\n\n\
         Each test states the departure it would catch {:.0} % of the time at its share of \
         the level. {}\n\n",
        crate::fmt::fmt_count(deck_lines::MAX_DRAW_ITEMS as u64),
        crate::fmt::fmt_level(judge::single::SINGLE_ALPHA),
        100.0 * judge::single::SINGLE_POWER,
        super::words(&judge::single::what_one_draw_shows())
    );
    let Some(judge::cases::CaseFigures::Draft1970(draft)) = cases
        .iter()
        .map(|c| &c.figures)
        .find(|f| matches!(f, judge::cases::CaseFigures::Draft1970(_)))
    else {
        return;
    };
    *md += "The US draft lotteries are shipped as examples \
            ([the case](cases/draft-1970.md) sets them beside the published analyses):\n\n\
            | draft | drawn from | Spearman's ρ | p | Kendall's τ | p | verdict |\n\
            |---|---|---:|---:|---:|---:|---|\n";
    for y in &draft.years {
        let t = |s| {
            y.verdict.test(s).map_or(("–".into(), "–".into()), |t| {
                (
                    crate::fmt::draw_value(t),
                    crate::fmt::fmt_log10_p(t.log10_p),
                )
            })
        };
        let (rho, rho_p) = t(DrawStatistic::SpearmanRho);
        let (tau, tau_p) = t(DrawStatistic::KendallTau);
        let _ = writeln!(
            md,
            "| {} | {} | {rho} | {rho_p} | {tau} | {tau_p} | {} |",
            y.year,
            y.drawing,
            y.verdict.label()
        );
    }
    *md += "\n```sh\n\
            shuffle-audit audit --single scripts/examples/draft-1970.txt\n\
            shuffle-audit audit --single scripts/examples/draft-1971.txt\n\
            ```\n\n";
}

/// What node's dealt cards give away of `Math.random()`.
fn readback(md: &mut String, rows: &[studies::math_random::ReadbackRow]) {
    use studies::math_random::Start;
    let Some(first) = rows.first() else { return };
    let deal = first.deck - 1;
    *md += "\n## What dealt cards give away of `Math.random()`\n\n";
    let _ = write!(
        md,
        "A card game in JavaScript that deals with `Math.random()` in node or Chrome, \
         `for (let i = a.length - 1; i > 0; i--) {{ const j = Math.floor(Math.random() * (i + 1)); \
         [a[i], a[j]] = [a[j], a[i]]; }}`, gives its generator away with its cards. V8's \
         `Math.random()` is xorshift128+ on a state of 128 bits, linear over GF(2), and each \
         number it serves is made from one 64-bit word of that state: a card pins the top bits \
         of a known linear function of the state whenever every number that deals it shares \
         them, and a deal of {} cards pins {:.1} bits on average. `shuffle-audit recover` \
         solves for the state by Gaussian elimination over GF(2), without the seed, for each \
         of the 64 places in its cache (V8 makes 64 numbers at a time and serves them from the \
         end) and both ways V8 makes a double (52 bits in node 20, 53 in V8 13.7), and deals \
         every solution again to keep those that deal every card seen. *Draws needed* is the \
         fewest draws (a card from the end of the array is one draw: a deal is {deal}), \
         counted from the first deal's first, after which every state that fits deals the \
         same third deal, over {} generators drawn at random for each row (seed {}).\n\n",
        first.deck,
        first.pinned_bits_per_deck,
        first.needed.len(),
        first.seed,
    );
    *md += "| doubles | where the first deal begins | third deal known from the first two | draws needed, mean | fewest – most | known from the first deal |\n|---|---|---:|---:|---:|---:|\n";
    for r in rows {
        let engine = match r.double_bits {
            52 => "52 bits (node 20)",
            _ => "53 bits (V8 13.7)",
        };
        let start = match r.start {
            Start::Fresh => "a fresh process (a refill)",
            Start::Anywhere => "anywhere in the cache",
        };
        let (lo, hi) = r.range().unwrap_or((0, 0));
        let _ = writeln!(
            md,
            "| {engine} | {start} | {:.0} % | {:.1} | {lo} – {hi} | {:.0} % |",
            100.0 * r.known_share(),
            r.mean(),
            100.0 * r.within_one_deal(),
        );
    }
    *md += "\nUntil a deal crosses a refill of the cache, a state one step on that has one \
            number fewer to serve deals the same cards, so a fresh process gives its deals away \
            at the 64th draw, 13 cards into its second deal. Two states one step apart serve \
            the same numbers but one at each refill; when that one number gave the same card \
            both ways, their later deals differ in two or three cards, and `recover` lists \
            both until a card tells them apart. The rows are computed with every report; the \
            cards are read the same way from any deals:\n";
    *md += "\n```sh\n\
            node scripts/examples/shuffle.js fisher-yates 52 3 > decks.txt   # three deals, cards from 1\n\
            head -n 2 decks.txt | shuffle-audit recover -                      # exit 0: the third deal, as node deals it\n\
            ```\n\n";
    *md += "`recover` exits 0 when every state that fits deals the same cards to come (it \
            prints them, `--next N` deals), 1 when several states still deal them differently \
            or too few cards were given, 2 when no state deals the cards; `--seen` adds the \
            cards of a deal under way, in the order `a.pop()` deals them.\n";
}

/// What a few seen cards give away, per seeded shuffle and deck.
fn seeding(md: &mut String, rows: &[judge::recovery::Pinning]) {
    if rows.is_empty() {
        return;
    }
    *md += "\n## What five cards give away\n\n";
    *md += "A shuffle reseeded for every deal from the clock or a 32-bit number can deal no \
            more decks than it has seeds. Whoever knows the program deals the deck of every \
            seed and keeps those that start with the cards on the table; once one seed is \
            left, every card still to come is known. *Cards* is the fewest seen cards after \
            which another seed fits with probability below 1 % (the other seeds that fit \
            `s` cards number `(S − 1) / (n (n − 1) ⋯ (n − s + 1))` on average); *singled \
            out* counts, over every seed where there are few enough, the share of decks no \
            other seed shares the first `s` cards with.\n\n";
    *md += "| shuffle | seeds | cards in the deck | cards | other seeds fitting 1, 2, … cards | singled out by 1, 2, … cards |\n|---|---:|---:|---:|---|---|\n";
    for r in rows {
        let others: Vec<String> = r
            .expected_other_seeds
            .iter()
            .map(|&e| {
                if e >= 10.0 {
                    crate::fmt::fmt_count(e.round() as u64)
                } else if e >= 0.01 {
                    format!("{e:.2}")
                } else {
                    format!("{e:.0e}")
                }
            })
            .collect();
        let pinned = r.pinned_share.as_ref().map_or("–".to_string(), |v| {
            v.iter()
                .map(|x| format!("{:.1} %", 100.0 * x))
                .collect::<Vec<_>>()
                .join(", ")
        });
        let _ = writeln!(
            md,
            "| `{}` | {} | {} | {} | {} | {} |",
            r.algorithm,
            crate::fmt::fmt_count(r.seeds),
            r.deck,
            r.cards_to_pin_down,
            others.join(", "),
            pinned
        );
    }
    *md += "\n```sh\n\
            shuffle-audit deal -a poker-fixed-time -d 52 -n 1 --seed 9          # a deck dealt at some second\n\
            shuffle-audit predict -a poker-fixed-time --seen \"3 35 46 8 20\"   # its first five cards: the second, and the rest\n\
            shuffle-audit predict -a fisher-yates-seed32 --seen \"…\"           # all 2^32 seeds, a few minutes on 2 cores\n\
            ```\n\n";
    *md += "`predict` exits 0 when one seed fits (it prints the whole deck), 1 when several \
            do (it lists them), 2 when none does; `--seeds A..B` narrows the search (Unix \
            seconds for the time-seeded shuffles).\n";
}
