//! The case pages: each famous shuffle failure with the code as published,
//! the published figure, the suite's figure beside it, the command that
//! reproduces it, and what went wrong. `cases/README.md` lists them.

use crate::fmt::{draw_caught, draw_method, draw_value, fmt_count, fmt_level, fmt_log10_p};
use judge::cases::{
    BALLOT_ITEMS, Ballot, Bostock, Case, CaseFigures, DotNet, Draft, DraftYear, FREECELL_PUBLISHED,
    FreeCell, Laravel, PlanetPoker, RandomShuffle, SeenCards,
};
use stats::hypothesis::single::{DrawStatistic, DrawTest};
use std::fmt::Write;

mod draft;

use draft::{draft, rho};

/// The folder of the case pages, relative to the report folder.
pub const CASE_PAGES: &str = "cases";

/// The page of case `id`, relative to the report folder.
pub fn case_page_path(id: &str) -> String {
    format!("{CASE_PAGES}/{id}.md")
}

/// The figure of a case that draws one, relative to the report folder.
pub fn case_figure_stem(id: &str) -> String {
    format!("figures/cases/{id}")
}

/// The case pages and their index.
pub fn pages(cases: &[Case]) -> Vec<(String, String)> {
    if cases.is_empty() {
        return Vec::new();
    }
    let mut out = vec![(format!("{CASE_PAGES}/README.md"), index(cases))];
    out.extend(cases.iter().map(|c| (case_page_path(&c.id), page(c))));
    out
}

/// `cases/README.md`: one row per case.
pub fn index(cases: &[Case]) -> String {
    let mut md = String::new();
    md += "# Famous cases, reproduced\n\n";
    md += "[← the report](../README.md) · [glossary](../glossary.md)\n\n";
    md += "Shuffles that failed in public, each ported as its code was published, and one \
           lottery whose drawn order is public data, each set beside the figure its authors \
           published. *Reproduced*: the suite computes the \
           published figure itself. *Consistent*: the published counts pass a test against \
           the suite's exact law. *Not compared*: nothing published can be set against the \
           suite's figure, and the page says why. Each page gives the command that computes \
           its figures; `shuffle-audit case ID` prints the page itself.\n\n";
    md += "| case | published | this suite | standing |\n|---|---|---|---|\n";
    for c in cases {
        let (published, ours) = summary(c);
        let _ = writeln!(
            md,
            "| [{}]({}.md) | {published} | {ours} | {} |",
            c.title,
            c.id,
            c.standing.label()
        );
    }
    md
}

/// The published figure and the suite's, in a few words each.
fn summary(c: &Case) -> (String, String) {
    match &c.figures {
        CaseFigures::PlanetPoker(f) => (
            "card 52 never ends last; five cards give the deal away".into(),
            format!(
                "P(card 52 last) = {}; the deal alone after {} cards of {} milliseconds",
                f.last_card_last,
                unique(f.unique_at),
                fmt_count(f.searched.end - f.searched.start)
            ),
        ),
        CaseFigures::EuBallot2010(b) => (
            "Internet Explorer 8: IE last about half the time".into(),
            format!(
                "exact laws of {} engine sorts (IE's not modelled)",
                b.laws.len()
            ),
        ),
        CaseFigures::Bostock2014(b) => (
            "a biased matrix, drawn (counts not published)".into(),
            format!(
                "{} sorts of {} cards: {}",
                fmt_count(b.shuffles),
                b.deck,
                crate::fmt::fmt_p_is(b.log10_p)
            ),
        ),
        CaseFigures::Laravel2019(l) => (
            "first element of 5, 10^6 runs, two comparators".into(),
            l.rows
                .iter()
                .map(|r| format!("`{}`: p = {:.2}", r.comparator, r.p_value))
                .collect::<Vec<_>>()
                .join("; "),
        ),
        CaseFigures::Freecell(f) => (
            "deals #1 and #617".into(),
            format!(
                "both dealt card for card; {} cards name deal #{}",
                unique(f.unique_at),
                f.example
            ),
        ),
        CaseFigures::RandomShuffle15bit(r) => (
            format!("mean displacement {}", fmt_count(r.published)),
            format!(
                "{}{} (fair: {})",
                fmt_count(r.mean.trunc() as u64),
                format!("{:.6}", r.mean.fract()).trim_start_matches('0'),
                fmt_count(r.fair_mean_rounded.round() as u64)
            ),
        ),
        CaseFigures::DotnetTickcount(d) => (
            "five cards leave about 2^3 decks; a sixth almost always one".into(),
            format!(
                "{:.2} other decks after five cards, {:.3} after six",
                d.expected_other[4], d.expected_other[5]
            ),
        ),
        CaseFigures::Draft1970(d) => (
            format!(
                "ρ = {}, rejected at 0.001; the month × third table",
                d.published_rho
            ),
            d.years
                .iter()
                .map(|y| {
                    format!(
                        "{}: ρ = {}, {}",
                        y.year,
                        y.rho_3,
                        crate::fmt::fmt_p_is(rho(y).log10_p)
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
        ),
    }
}

fn unique(k: Option<usize>) -> String {
    k.map_or_else(|| "more than the cards searched".into(), |k| k.to_string())
}

/// One case's page.
pub fn page(c: &Case) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# {}\n", c.title);
    md += "[← the report](../README.md) · [all cases](README.md) · [glossary](../glossary.md)\n\n";
    let _ = writeln!(md, "**Standing: {}.**\n", c.standing.label());
    match &c.figures {
        CaseFigures::PlanetPoker(f) => planet_poker(&mut md, f),
        CaseFigures::EuBallot2010(b) => ballot(&mut md, b),
        CaseFigures::Bostock2014(b) => bostock(&mut md, b, c.figure.as_deref()),
        CaseFigures::Laravel2019(l) => laravel(&mut md, l),
        CaseFigures::Freecell(f) => freecell(&mut md, f),
        CaseFigures::RandomShuffle15bit(r) => random_shuffle(&mut md, r),
        CaseFigures::DotnetTickcount(d) => dotnet(&mut md, d),
        CaseFigures::Draft1970(d) => draft(&mut md, d, c.figure.as_deref()),
    }
    let _ = writeln!(
        md,
        "\nEvery figure of this page: `shuffle-audit case {}` (add `--json` for the data). \
         For a program whose code you cannot read, [`audit`](../audit.md) tests the decks it \
         deals and, from decks that repeat, estimates how many equally likely decks (seeds) it \
         deals from: the collision test.",
        c.id
    );
    md
}

fn seen_table(md: &mut String, rows: &[SeenCards], what: &str, space: &str) {
    let _ = writeln!(
        md,
        "| cards seen | {what} that deal them | other {what} expected in {space} if decks were unrelated |\n|---:|---:|---:|"
    );
    for r in rows {
        let _ = writeln!(
            md,
            "| {} | {} | {} |",
            r.seen,
            fmt_count(r.matches),
            fmt_expected(r.expected_other_in_space)
        );
    }
    md.push('\n');
}

/// An expected count: whole and grouped from 100 up, two decimals from 1,
/// four below.
fn fmt_expected(x: f64) -> String {
    if x >= 100.0 {
        fmt_count(x.round() as u64)
    } else if x >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.4}")
    }
}

fn cards(list: &[u8]) -> String {
    list.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// The code case `case` quotes, from the registry
/// ([`algorithms::registry::published_quote`]), marked with the
/// registered algorithms it is (`<!-- quote: ids -->`, which a test reads
/// beside the `<!-- numbers: ids -->` of the figures).
fn published(md: &mut String, case: &str) {
    let Some(q) = algorithms::registry::published_quote(case) else {
        return;
    };
    let _ = writeln!(
        md,
        "<!-- quote: {} -->\n```{}\n{}\n```\n",
        q.algorithms.join(" "),
        q.fence,
        q.code
    );
}

/// The mark before a case's own figures: the registered algorithms whose
/// numbers they are, those its code is.
fn numbers(md: &mut String, case: &str) {
    if let Some(q) = algorithms::registry::published_quote(case)
        && !q.algorithms.is_empty()
    {
        let _ = writeln!(md, "<!-- numbers: {} -->", q.algorithms.join(" "));
    }
}

fn planet_poker(md: &mut String, f: &PlanetPoker) {
    *md += "## The code as published\n\n";
    published(md, "planet-poker");
    *md += "PlanetPoker's FAQ, quoted by Arkin, Hill, Marks, Schmid and Walls, \"How We Learned to \
           Cheat at Online Poker: A Study in Software Security\" (Developer.com, 1999); \
           registered as [`planet-poker`](../algorithms/planet-poker.md).\n\n";
    *md += "## The published figures\n\n";
    *md += "- The partner is drawn from 1 to 51, never 52, so card 52 never ends in position 52.\n\
           - `randomize` seeds Delphi's generator with the milliseconds since midnight: \
           86,400,000 possible decks of the 52! ≈ 8·10^67.\n\
           - Five cards (a player's two and the three of the flop) are enough to find the deck \
           among them, and with it every card still to come.\n\n";
    *md += "## The suite's figures\n\n";
    numbers(md, "planet-poker");
    let _ = writeln!(
        md,
        "- The published loop with ideal draws, one card's position as a Markov chain through \
         the 52 swaps (exact, no sampling): P(card 52 ends in position 52) = **{}**. Of the \
         other cells, card {} in position {} is the most likely ({:.4} times 1/52) and card {} \
         in position {} the least ({:.4} times).",
        f.last_card_last,
        f.most_likely.0,
        f.most_likely.1,
        f.most_likely.2,
        f.least_likely.0,
        f.least_likely.1,
        f.least_likely.2
    );
    let (h, m, s, ms) = (
        f.example_ms / 3_600_000,
        f.example_ms / 60_000 % 60,
        f.example_ms / 1000 % 60,
        f.example_ms % 1000,
    );
    let _ = writeln!(
        md,
        "- The deal of {h:02}:{m:02}:{s:02}.{ms:03} (millisecond {}) starts `{}`. Dealing every \
         millisecond of {} and keeping those whose deck starts with the same cards:\n",
        fmt_count(f.example_ms),
        cards(&f.example_first),
        if f.searched.end - f.searched.start == judge::cases::DAY_MS {
            "the day".to_string()
        } else {
            format!("{}..{}", f.searched.start, f.searched.end)
        }
    );
    seen_table(md, &f.seen, "milliseconds", "a day");
    let _ = writeln!(
        md,
        "After **{}** cards only the deal's own millisecond is left: the rest of the deck \
         follows.\n",
        unique(f.unique_at)
    );
    *md += "Reproduce the search from the first five cards:\n\n";
    let _ = writeln!(
        md,
        "```sh\nshuffle-audit predict -a planet-poker --base 1 --seen \"{}\"\n```\n",
        cards(&f.example_first[..5])
    );
    *md += "## What went wrong\n\n";
    *md += "Two mistakes, each fatal alone. The swap loop draws from the wrong range, a \
           first-year slip the exact matrix shows at once. And the whole deck hangs on a \
           32-bit seed taken from the clock: whoever synchronises with the server's clock \
           searches a few hundred thousand milliseconds, not 52!. The [audit](../audit.md) \
           page estimates the number of seeds from repeated deals; the mend is one generator \
           seeded once with at least 226 bits.\n";
}

fn ballot(md: &mut String, b: &Ballot) {
    *md += "## The code as published\n\n";
    published(md, "eu-ballot-2010");
    *md += "www.browserchoice.eu, February 2010, as quoted by Rob Weir, \"Doing the Microsoft \
           Shuffle: Algorithm Fail in Browser Ballot\" (2010), after DSL.sk's test.\n\n";
    *md += "## The published figure\n\n";
    *md += "DSL.sk loaded the page thousands of times in Internet Explorer 8: Internet Explorer \
           came last about half the time, and Chrome more often than the others in the first \
           three places. Weir found Firefox non-uniform too, in another way. The order \
           depends on the browser because each engine's sort asks for different comparisons.\n\n";
    *md += "**Not modelled: Internet Explorer's JScript sort.** Its source is not published, so \
           the IE figure is quoted, not computed; the laws below are those of the engines' \
           sorts this suite ports, exactly, for the same comparator (`0.5 - Math.random()` \
           and `Math.random() - 0.5` are both a fair coin).\n\n";
    *md += "## The suite's figures\n\n";
    numbers(md, "eu-ballot-2010");
    let _ = writeln!(
        md,
        "The exact probability that the item listed at each place (rows) ends at each \
         position (columns), {BALLOT_ITEMS} items, a uniform shuffle giving 20% everywhere:\n"
    );
    for law in &b.laws {
        let _ = writeln!(
            md,
            "**[`{0}`](../algorithms/{0}.md)**, distance from uniform {1:.4}:\n",
            law.algorithm, law.total_variation
        );
        *md += "| listed | 1st | 2nd | 3rd | 4th | 5th |\n|---|---:|---:|---:|---:|---:|\n";
        for (i, row) in law.matrix.iter().enumerate() {
            let cells: Vec<String> = row
                .iter()
                .zip(&law.rounded[i])
                .map(|(f, p)| format!("{:.1}% ({f})", 100.0 * p))
                .collect();
            let _ = writeln!(md, "| {} | {} |", i + 1, cells.join(" | "));
        }
        let _ = writeln!(
            md,
            "\n`shuffle-audit exact -a {} -d {BALLOT_ITEMS}`\n",
            law.algorithm
        );
    }
    *md += "On five items V8's legacy sort is its insertion sort: the item listed last stays \
           last whenever its first comparison says so: one time in two, exactly.\n\n";
    *md += "## What went wrong\n\n";
    *md += "A sort assumes its comparisons agree with each other; a coin for a comparator \
           breaks that, and what comes out depends on which comparisons the engine happens to \
           make. Every engine gives a different biased order, none a uniform one. Microsoft \
           replaced it within days with a Fisher–Yates shuffle.\n";
}

fn bostock(md: &mut String, b: &Bostock, figure: Option<&str>) {
    *md += "## The code as published\n\n";
    published(md, "bostock-2014");
    *md += "Mike Bostock, \"Visualizing Algorithms\" (2014), and his shuffle comparison page: \
           the matrix of where each of 60 cards ends, 10,000 runs, drawn in the reader's \
           browser; Chrome then ran V8's legacy sort, registered as \
           [`sort-random-v8-legacy`](../algorithms/sort-random-v8-legacy.md) (insertion \
           sort up to 10 elements, quicksort with a median-of-three pivot above).\n\n";
    *md += "## The published figure\n\n";
    *md += "A picture: the matrix as colours, strongly non-uniform in Chrome. Its counts were \
           computed in each reader's browser and never published, so there is nothing to test \
           the suite's counts against: **the two are compared by eye only.**\n\n";
    *md += "## The suite's figure\n\n";
    numbers(md, "bostock-2014");
    if let Some(fig) = figure {
        let _ = writeln!(
            md,
            "![{0}: {1} cards, {2} sorts](../{fig})\n\n*{0}, {1} cards, {2} sorts, seed {3}: \
             rows are cards by starting position, columns final positions; red too often, \
             blue too rarely, white as a fair shuffle.*\n",
            b.algorithm,
            b.deck,
            fmt_count(b.shuffles),
            b.seed
        );
    }
    let _ = writeln!(
        md,
        "In {} sorts of {} cards (seed {}) the position test against a fair shuffle gives \
         {}; the largest deviation is card {} at position {} (counting from 1), {:+.0}% \
         against a fair shuffle's count. Bostock's sample size is ample to see the bias.\n",
        fmt_count(b.shuffles),
        b.deck,
        b.seed,
        crate::fmt::fmt_p_is(b.log10_p),
        b.largest_cell.0,
        b.largest_cell.1,
        100.0 * b.largest_deviation
    );
    let _ = writeln!(
        md,
        "```sh\nshuffle-audit sample -a {} -d {} -n {} --seed {}\n```\n",
        b.algorithm, b.deck, b.shuffles, b.seed
    );
    *md += "On small decks its law is exact (`shuffle-audit exact -a sort-random-v8-legacy -d \
           6`), and the report's samples of those decks agree with it.\n\n";
    *md += "## What went wrong\n\n";
    *md += "The same as the ballot's: a sort is not a shuffle. Which cards get compared depends \
           on the engine's algorithm, so the bias has the shape of the sort: each engine draws \
           its own picture, and V8 7.0 (2018) drew a new one when it moved to TimSort \
           ([`sort-random-v8-timsort`](../algorithms/sort-random-v8-timsort.md)).\n";
}

fn laravel(md: &mut String, l: &Laravel) {
    *md += "## The code as published\n\n";
    published(md, "laravel-2019");
    *md += "Laravel's `Arr::shuffle` with a seed, before laravel/framework pull request 27861 \
           (March 2019), whose author ran it 10^6 times on `['a', 'b', 'c', 'd', 'e']` on PHP \
           7 and counted which element came first, with `rand(-1, 1)` and with `rand(0, 1)`. \
           Registered as [`usort-rand-php7`](../algorithms/usort-rand-php7.md) and \
           [`usort-rand01-php7`](../algorithms/usort-rand01-php7.md): PHP 7's `zend_sort` \
           (insertion sort below 16 elements), each comparator call one draw.\n\n";
    *md += "## The published figures beside the exact law\n\n";
    numbers(md, "laravel-2019");
    *md += "| comparator | | a | b | c | d | e |\n|---|---|---:|---:|---:|---:|---:|\n";
    for r in &l.rows {
        let _ = writeln!(
            md,
            "| `{}` | published | {} |",
            r.comparator,
            r.published
                .iter()
                .map(|&c| fmt_count(c))
                .collect::<Vec<_>>()
                .join(" | ")
        );
        let _ = writeln!(
            md,
            "| | exact law (over {}) | {} |",
            r.denominator,
            r.weights.join(" | ")
        );
        let _ = writeln!(
            md,
            "| | expected in 10^6 | {} |",
            r.expected
                .iter()
                .map(|e| {
                    let tenths = (e * 10.0).round() as u64;
                    format!("{}.{}", fmt_count(tenths / 10), tenths % 10)
                })
                .collect::<Vec<_>>()
                .join(" | ")
        );
    }
    md.push('\n');
    for r in &l.rows {
        let _ = writeln!(
            md,
            "- `{}`: Pearson's X² = {:.2} on 4 degrees of freedom, p = {:.2}: the counts are \
             what the exact law predicts. Against the other comparator's law the same counts \
             give X² = {}.",
            r.comparator,
            r.x2,
            r.p_value,
            fmt_count(r.x2_other_law.round() as u64)
        );
    }
    let _ = writeln!(
        md,
        "\nThe test is at level {}: a correct law fails it one time in a thousand.\n",
        l.alpha
    );
    *md += "```sh\nshuffle-audit exact -a usort-rand-php7 -d 5\nshuffle-audit exact -a usort-rand01-php7 -d 5\n```\n\n";
    *md += "(The first column of each position matrix is the law of the first element.)\n\n";
    *md += "## What went wrong\n\n";
    *md += "The comparator returns -1, 0 or 1 at random, so `zend_sort`'s insertion sort keeps \
           an element in front only while every comparison lets it stay: `a` comes first more \
           than half the time, `e` one time in 81. The fix was to drop the sort: seed \
           the generator and call PHP's `shuffle`, a Fisher–Yates.\n";
}

fn freecell(md: &mut String, f: &FreeCell) {
    *md += "## The code as published\n\n";
    published(md, "freecell");
    *md += "Jim Horne's algorithm for Microsoft FreeCell, as Rosetta Code (\"Deal cards for \
           FreeCell\") gives it; cards numbered Ace of Clubs 0, Ace of Diamonds 1, …, King \
           of Spades 51. Registered as [`freecell`](../algorithms/freecell.md).\n\n";
    *md += "## The published figures\n\n";
    *md += "The layouts of deals #1 and #617, which every reproduction of Microsoft's deals \
           checks; Windows 95's FreeCell numbered 32,000 deals (15 bits), later versions a \
           million.\n\n";
    *md += "## The suite's figures\n\n";
    numbers(md, "freecell");
    for (k, ok) in &f.published {
        let first: Vec<&str> = FREECELL_PUBLISHED
            .iter()
            .find(|(d, _)| d == k)
            .map(|(_, c)| c.split_whitespace().take(8).collect())
            .unwrap_or_default();
        let _ = writeln!(
            md,
            "- Deal #{k} (`{} …`): {}.",
            first.join(" "),
            if *ok {
                "dealt card for card"
            } else {
                "**not** the published deal"
            }
        );
    }
    let _ = writeln!(
        md,
        "- Over deals {} to {}, the share that their first cards alone name (no other deal \
         among them starts the same way): {}.",
        fmt_count(f.deals.start),
        fmt_count(f.deals.end - 1),
        f.pinned_share
            .iter()
            .enumerate()
            .map(|(i, s)| format!(
                "{} card{} {:.2}%",
                i + 1,
                if i == 0 { "" } else { "s" },
                100.0 * s
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        md,
        "- Deal #{} (the one original deal nobody can win) starts `{}`. Among deals 1 to \
         1,000,000:\n",
        f.example,
        f.example_first.join(" ")
    );
    seen_table(md, &f.seen, "deals", "a million");
    let _ = writeln!(
        md,
        "```sh\nshuffle-audit predict -a freecell --seen \"{}\"\n```\n",
        f.example_first[..unique_len(f.unique_at, f.example_first.len())].join(" ")
    );
    *md += "## What went wrong\n\n";
    *md += "Nothing, for a game: numbered deals are a feature, and players trade deal numbers. \
           But it shows in miniature what goes wrong when real money rides on a seeded \
           shuffle: the deal is a function of a small number, so a few cards name it and the \
           rest follow.\n";
}

fn unique_len(k: Option<usize>, max: usize) -> usize {
    k.unwrap_or(max).min(max)
}

fn random_shuffle(md: &mut String, r: &RandomShuffle) {
    *md += "## The code as published\n\n";
    published(md, "random-shuffle-15bit");
    *md += "neal, \"Don't use rand(): a guide to random number generators in C++\" (Codeforces, \
           2018), on Codeforces' Windows compilers. libstdc++'s `random_shuffle` (as GCC 12 \
           still ships it) swaps position `i` with `rand() % (i + 1)`, and Microsoft's C \
           runtime's `rand()` has 15 bits, never seeded (seed 1).\n\n";
    *md += "## The published figure\n\n";
    let _ = writeln!(
        md,
        "The mean displacement printed: about **{}**, where a fair shuffle moves an element \
         a third of the array, about 1,000,000.\n",
        fmt_count(r.published)
    );
    *md += "## The suite's figure\n\n";
    let _ = writeln!(
        md,
        "The same program, ported (Microsoft's `rand()` and libstdc++'s loop): Σ |p[i] − i| = \
         {} over {} elements, a mean of **{:.6}**; a fair shuffle's expected mean is (n² − 1) \
         / (3n) = {} ≈ {:.1}. The port matches g++ 12's own `random_shuffle` with the same \
         `rand()` to the last unit:\n",
        fmt_count(r.displacement_sum),
        fmt_count(r.len as u64),
        r.mean,
        r.fair_mean,
        r.fair_mean_rounded
    );
    *md += "```sh\nshuffle-audit case random-shuffle-15bit\ng++ -O2 -o /tmp/rs scripts/random-shuffle-rand15.cpp && /tmp/rs\n```\n\n";
    *md += "## What went wrong\n\n";
    *md += "`rand() % (i + 1)` never exceeds 32,767, so from position 32,768 on every element \
           swaps into the first 32,768 and the element it takes back arrived there recently: \
           each element ends about 2^16 places from where it started. The array looks \
           shuffled and is not. Use `std::shuffle` with a real generator \
           ([`cpp-shuffle-mt19937-time`](../algorithms/cpp-shuffle-mt19937-time.md) shows \
           what its seeding still gives away).\n";
}

fn dotnet(md: &mut String, d: &DotNet) {
    *md += "## The code\n\n";
    published(md, "dotnet-tickcount");
    *md += "Eric Lippert, \"Producing permutations\", parts six and seven (2013): a deck \
           shuffled with the .NET Framework's `new Random()`, which seeds itself with the \
           milliseconds since the machine started. His own code builds the permutation from \
           factoradic digits; the suite ports the common Fisher–Yates above on the same \
           generator ([`dotnet-shuffle-tickcount`](../algorithms/dotnet-shuffle-tickcount.md)): \
           the count below is the same for both, the deals are not.\n\n";
    *md += "## The published figure\n\n";
    *md += "2^31 seeds against 52 · 51 · 50 · 49 · 48 ≈ 2^28 ways to start a deck: five cards \
           leave about 2^3 decks, and a sixth card almost always one.\n\n";
    *md += "## The suite's figures\n\n";
    numbers(md, "dotnet-tickcount");
    let _ = writeln!(
        md,
        "Other seeds of the 2^31 expected to share the first cards of a deal: {}.\n",
        d.expected_other
            .iter()
            .enumerate()
            .map(|(i, e)| format!(
                "{} card{} {}",
                i + 1,
                if i == 0 { "" } else { "s" },
                fmt_expected(*e)
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        md,
        "A deal at tick count {} ({} min after the machine started) starts `{}`; among \
         tick counts {} to {}:\n",
        fmt_count(d.example_ticks),
        d.example_ticks / 60_000,
        cards(&d.example_first),
        fmt_count(d.searched.start),
        fmt_count(d.searched.end)
    );
    seen_table(md, &d.seen, "tick counts", "2^31");
    let _ = writeln!(
        md,
        "Search the machine's whole first day from six cards (`scripts/bench-predict.sh` \
         times it):\n\n```sh\nshuffle-audit predict -a dotnet-shuffle-tickcount --seen \"{}\"\n```\n",
        cards(&d.example_first[..6])
    );
    *md += "## What went wrong\n\n";
    *md += "A generator with 31 bits of seed, seeded from a clock that counts from boot: the \
           deck is one of a few hundred million at most, and the first cards name it. .NET \
           Core seeds `new Random()` differently, which this suite does not model; a deck \
           needs `RandomNumberGenerator` and 226 bits.\n";
}

#[cfg(test)]
mod tests;
