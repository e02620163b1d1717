//! The teacher's handout, `reports/handout.html` (and `handout.zh.html`):
//! one A4 page with the three lines that decide, the tree of the naive
//! swap's 27 paths, the exact numbers a teacher cites, the headline
//! heatmap, and where every number comes from (seed, command, version,
//! the project's address). No build instructions: it is for a classroom.

use crate::error::ReportError;
use crate::exact::ExactReport;
use crate::files::LESSON_NAMES;
use crate::fmt::{fmt_count, fmt_prob};
use crate::markdown::{Lang, arrangement, find, paths_of, pick};
use crate::suite::{SuiteAlgorithm, SuiteReport};
use judge::lesson::LESSON;
use stats::Fraction;
use stats::law::perm::factorial;

const TEMPLATE: &str = include_str!("../templates/handout.html");

/// The handout's file name in each language.
pub fn file_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "handout.html",
        Lang::Zh => "handout.zh.html",
    }
}

/// Where the project lives, as its manifest says.
pub const ADDRESS: &str = env!("CARGO_PKG_REPOSITORY");

/// A fraction as a teacher writes it: `0` for zero, else `p/q`.
fn fmt_exact(f: &Fraction) -> String {
    if f.is_zero() {
        "0".into()
    } else {
        f.to_string()
    }
}

/// The cell of `e`'s position law farthest above fair, as
/// `(card, position, probability, relative deviation)`, exactly.
fn largest_cell(e: &ExactReport) -> Option<(usize, usize, Fraction, Fraction)> {
    let d: u128 = e.denominator.parse().ok()?;
    let n = e.deck as u128;
    let (card, pos, w) = e
        .position_weights
        .iter()
        .enumerate()
        .flat_map(|(c, row)| {
            row.iter()
                .enumerate()
                .filter_map(move |(p, w)| Some((c, p, w.parse::<u128>().ok()?)))
        })
        .max_by_key(|&(c, p, w)| (w, std::cmp::Reverse((c, p))))?;
    let above = (w * n).checked_sub(d)?;
    Some((card, pos, Fraction::new(w, d), Fraction::new(above, d)))
}

/// The command that gives an exact report's numbers.
fn exact_command(e: &ExactReport) -> String {
    format!("shuffle-audit exact -a {} -d {}", e.algorithm, e.deck)
}

/// The numbers of the lesson's first loop ([`LESSON_NAMES`]`[0]`) on its
/// largest exact deck.
fn naive_facts(facts: &mut Vec<(String, String)>, e: &ExactReport, lang: Lang) {
    let (Some(most), Some(least)) = (
        paths_of(&e.max_probability_exact, e.paths),
        paths_of(&e.min_probability_exact, e.paths),
    ) else {
        return;
    };
    let n = e.deck;
    let (paths, all) = (fmt_count(e.paths), fmt_count(factorial(n)));
    let even = e.paths as f64 / factorial(n) as f64;
    let ratio = most as f64 / least as f64;
    let naive = LESSON_NAMES[0];
    facts.push((pick(
        lang,
        format!(
            "{n} cards: {naive} has {n}^{n} = {paths} equally likely paths for {all} \
             arrangements ({even:.1} each if shared evenly). Counted exactly, the most likely \
             arrangement is dealt by {most} paths, the least likely by {least}: {ratio:.1} times \
             as often."
        ),
        format!(
            "{n} 张牌：{naive} 有 {n}^{n} = {paths} 条等可能的路径，对应 {all} 种排列（平均每种 \
             {even:.1} 条）。精确计数：最常见的排列由 {most} 条路径得到，最少见的只有 {least} 条，\
             前者是后者的 {ratio:.1} 倍。"
        ),
    ), exact_command(e)));
    let tv = fmt_prob(e.total_variation);
    let points = 100.0 * e.total_variation;
    facts.push((pick(
        lang,
        format!(
            "Total variation distance on {n} cards: TV = {} = {tv}: knowing which arrangements \
             {naive} favours wins a bet on the deck's order up to {points:.1} percentage \
             points more often than against a fair deck (fair: TV = 0).",
            e.total_variation_exact
        ),
        format!(
            "{n} 张牌的全变差距离：TV = {} = {tv}。知道 {naive} 偏爱哪些排列的玩家，押注牌序的胜率\
             最多比面对公平洗牌高 {points:.1} 个百分点（公平洗牌 TV = 0）。",
            e.total_variation_exact
        ),
    ), exact_command(e)));
    if let Some((card, pos, p, above)) = largest_cell(e) {
        let pct = 100.0 * above.to_f64();
        facts.push((
            pick(
                lang,
                format!(
                    "Where cards end: card {card} ends at position {pos} with probability {p} = \
                 {:.4}, {pct:.1}% more often than the fair 1/{n}; no card is drawn more \
                 strongly to any place.",
                    p.to_f64()
                ),
                format!(
                    "牌落在哪里：第 {card} 号牌落到第 {pos} 号位置的概率是 {p} = {:.4}，比公平的 \
                 1/{n} 高 {pct:.1}%，是所有牌、所有位置中偏得最多的。",
                    p.to_f64()
                ),
            ),
            exact_command(e),
        ));
    }
}

/// One panel of the handout's heatmap: an exact position law as an HTML
/// table, each cell coloured as the figures colour it and labelled with
/// its change from fair.
#[derive(serde::Serialize)]
struct HeatPanel {
    heading: String,
    /// `rows[card][position]`.
    rows: Vec<Vec<HeatCell>>,
}

#[derive(serde::Serialize)]
struct HeatCell {
    /// `+23.5%`.
    text: String,
    /// The exact probability, `9605/46656`.
    exact: String,
    /// CSS colours of the cell and its text.
    background: String,
    colour: String,
}

/// The handout's heatmap: the lesson's naive swap beside Fisher–Yates, the
/// exact law of each on the naive swap's largest counted deck, on one
/// colour scale; with the commands that give them.
#[derive(serde::Serialize)]
struct Heat {
    deck: usize,
    panels: Vec<HeatPanel>,
    /// The colour bar, a CSS gradient from −100% (or −limit) to +limit.
    gradient: String,
    scale: String,
    commands: Vec<String>,
    positions: Vec<usize>,
}

fn css(c: plotters::style::RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// The exact position laws of `laws` (name, report) on one colour scale.
fn heat(laws: &[(String, &ExactReport)]) -> Option<Heat> {
    let deck = laws.first()?.1.deck;
    if laws.iter().any(|(_, e)| e.deck != deck) {
        return None;
    }
    let deviations: Vec<Vec<Vec<f64>>> = laws
        .iter()
        .map(|(_, e)| crate::files::exact_deviation(&e.position_matrix))
        .collect();
    let farthest = deviations
        .iter()
        .flatten()
        .flatten()
        .fold(0.0f64, |a, v| a.max(v.abs()));
    let limit = crate::files::round_limit(farthest);
    let panels = laws
        .iter()
        .zip(&deviations)
        .map(|((heading, e), d)| HeatPanel {
            heading: heading.clone(),
            rows: d
                .iter()
                .zip(&e.position_weights)
                .map(|(row, weights)| {
                    row.iter()
                        .zip(weights)
                        .map(|(&v, w)| {
                            let fill = crate::figures::diverging(v / limit);
                            HeatCell {
                                text: crate::fmt::fmt_change(v),
                                exact: format!("{w}/{}", e.denominator),
                                background: css(fill),
                                colour: if crate::figures::text_on(fill) == plotters::style::WHITE {
                                    "#fff".into()
                                } else {
                                    "#000".into()
                                },
                            }
                        })
                        .collect()
                })
                .collect(),
        })
        .collect();
    // From the bar's bottom, in units of the scale, to its top.
    let low = crate::figures::colour_bar_bottom(limit) / limit;
    let gradient = (0..=16)
        .map(|i| {
            css(crate::figures::diverging(
                low + (1.0 - low) * f64::from(i) / 16.0,
            ))
        })
        .collect::<Vec<_>>()
        .join(", ");
    Some(Heat {
        deck,
        panels,
        gradient,
        scale: crate::files::scale_range(limit, 0),
        commands: laws.iter().map(|(_, e)| exact_command(e)).collect(),
        positions: (0..deck).collect(),
    })
}

/// The caption under the handout's tree: how to read it.
fn tree_caption(report: &SuiteReport, lang: Lang) -> Option<String> {
    let tree = report.paths.as_ref()?;
    let step = crate::markdown::step_words(&tree.algorithm, tree.deck, lang).replace('*', "");
    Some(match lang {
        Lang::En => format!(
            "Every path of {} on {} cards: {step}; each box is an arrangement, the \
             card at each position. Red: dealt by more paths than a fair share; blue: by fewer.",
            LESSON_NAMES[0], tree.deck
        ),
        Lang::Zh => format!(
            "{} 在 {} 张牌上的全部路径：{step}；每个方框是一种排列，依次写出每个位置上的牌。\
             红色：得到它的路径比公平份额多；蓝色：比公平份额少。",
            LESSON_NAMES[0], tree.deck
        ),
    })
}

/// The caption under the handout's heatmap.
fn heat_caption(lang: Lang) -> &'static str {
    pick(
        lang,
        "Where each card ends up, exactly (every path counted): each cell is how much more (+) \
         or less (−) often than fair the card of its row lands at the position of its column. \
         Red: more often; blue: less; white: as often; in grayscale, read the numbers.",
        "每张牌最后落在哪里，精确值（逐条路径计数）：每格是该行的牌落到该列位置的频率比公平多（+）\
         或少（−）多少。红色：更常；蓝色：更少；白色：与公平相同；黑白打印时请看数字。",
    )
}

/// Whether the run has a handout: it needs the naive swap and
/// Fisher–Yates.
pub fn applies(report: &SuiteReport) -> bool {
    find(report, LESSON[0]).is_some() && find(report, LESSON[2]).is_some()
}

/// The handout in `lang`, or `None` when it does not [apply](applies).
///
/// # Errors
/// [`ReportError::Page`] when the template cannot be rendered.
pub fn handout(report: &SuiteReport, lang: Lang) -> Result<Option<String>, ReportError> {
    let (Some(naive), Some(fair)) = (find(report, LESSON[0]), find(report, LESSON[2])) else {
        return Ok(None);
    };
    let off = find(report, LESSON[1]);
    let mut code = String::new();
    let mut quoted = Vec::new();
    for (i, (name, q)) in LESSON_NAMES
        .iter()
        .zip(judge::lesson::lesson_quotes())
        .enumerate()
    {
        if i == 1 && off.is_none() {
            continue;
        }
        let verdict = match i {
            0 => pick(lang, "biased", "有偏"),
            1 => pick(lang, "biased: Sattolo's algorithm", "有偏：Sattolo 算法"),
            _ => pick(lang, "fair", "公平"),
        };
        let name = match (lang, i) {
            (Lang::En, _) => (*name).to_string(),
            (Lang::Zh, 0) => LESSON_NAMES[0].into(),
            (Lang::Zh, 1) => "差一错误".into(),
            (Lang::Zh, _) => "Fisher–Yates".into(),
        };
        quoted.push(q.algorithm);
        code.push_str(&format!(
            "{}\n{}\n",
            crate::markdown::quote_source(q, lang, &format!("{name}: {verdict}")),
            q.code.replace('\t', "    ")
        ));
    }
    let mut facts: Vec<(String, String)> = Vec::new();
    if let Some(tree) = &report.paths {
        let tally = tree.tally();
        let fair_share = tree.paths.len() as f64 / tally.len() as f64;
        let more: Vec<String> = tally
            .iter()
            .filter(|(_, c)| *c as f64 > fair_share)
            .map(|(a, _)| arrangement(a))
            .collect();
        let fewer: Vec<String> = tally
            .iter()
            .filter(|(_, c)| (*c as f64) < fair_share)
            .map(|(a, _)| arrangement(a))
            .collect();
        let count = |a: &[String]| {
            tally
                .iter()
                .find(|(x, _)| a.first().is_some_and(|f| *f == arrangement(x)))
                .map_or(0, |(_, c)| *c)
        };
        let (total, k) = (tree.paths.len(), tally.len());
        facts.push((pick(
            lang,
            format!(
                "{} cards: {total} equally likely paths for {k} arrangements; {total}/{k} is not \
                 a whole number, so they cannot be shared evenly: {} are dealt by {} paths each, \
                 {} by {}.",
                tree.deck,
                more.join(", "),
                count(&more),
                fewer.join(", "),
                count(&fewer)
            ),
            format!(
                "{} 张牌：{total} 条等可能的路径对应 {k} 种排列；{total}/{k} 不是整数，无法平均分配：\
                 {} 各由 {} 条路径得到，{} 各由 {} 条。",
                tree.deck,
                more.join("、"),
                count(&more),
                fewer.join("、"),
                count(&fewer)
            ),
        ), format!("shuffle-audit exact -a {} -d {}", tree.algorithm, tree.deck)));
    }
    if let Some(e) = naive.largest_exact() {
        naive_facts(&mut facts, e, lang);
    }
    if let Some(e) = off.and_then(SuiteAlgorithm::largest_exact) {
        let n = e.deck;
        facts.push((pick(
            lang,
            format!(
                "The off-by-one on {n} cards deals only {} of the {} arrangements, the single \
                 cycles; no card ever stays where it started. TV = {} = {}.",
                fmt_count(e.support as u64),
                fmt_count(factorial(n)),
                e.total_variation_exact,
                fmt_prob(e.total_variation)
            ),
            format!(
                "差一错误在 {n} 张牌上只能得到 {} 种排列中的 {} 种（单一轮换），没有任何牌能留在原位。\
                 TV = {} = {}。",
                fmt_count(factorial(n)),
                fmt_count(e.support as u64),
                e.total_variation_exact,
                fmt_prob(e.total_variation)
            ),
        ), exact_command(e)));
    }
    if let Some(e) = fair.largest_exact() {
        let n = e.deck;
        let steps: Vec<String> = (1..=n).rev().map(|k| k.to_string()).collect();
        facts.push((pick(
            lang,
            format!(
                "Fisher–Yates on {n} cards: {} = {} paths, one per arrangement, each with \
                 probability exactly {}. TV = {}.",
                steps.join(" · "),
                fmt_count(e.paths),
                e.max_probability_exact,
                fmt_exact(&e.total_variation_exact)
            ),
            format!(
                "Fisher–Yates 在 {n} 张牌上：{} = {} 条路径，每种排列恰好一条，概率都是 {}。TV = {}。",
                steps.join(" · "),
                fmt_count(e.paths),
                e.max_probability_exact,
                fmt_exact(&e.total_variation_exact)
            ),
        ), exact_command(e)));
    }
    let heat = naive.largest_exact().and_then(|e| {
        let f = fair
            .cases
            .iter()
            .find(|c| c.deck == e.deck)?
            .exact
            .as_ref()?;
        let n = e.deck;
        heat(&[
            (
                pick(
                    lang,
                    format!("{}, exact, {n} cards", LESSON_NAMES[0]),
                    format!("{}（精确），{n} 张牌", LESSON_NAMES[0]),
                ),
                e,
            ),
            (
                pick(
                    lang,
                    format!("Fisher–Yates, exact, {n} cards"),
                    format!("Fisher–Yates（精确），{n} 张牌"),
                ),
                f,
            ),
        ])
    });
    let walk =
        crate::markdown::walk_words(judge::lesson::lesson_quotes()[0].walk, lang).replace('`', "");
    let p = &report.provenance;
    let commit: String = p.git_commit.chars().take(12).collect();
    let how = pick(
        lang,
        "Every number and the heatmap are exact: every path counted, no randomness. The report \
         came from:",
        "所有数字和热图都是精确值：逐条路径计数，不含随机性。本报告由以下命令生成：",
    );
    let mut env = minijinja::Environment::new();
    env.add_template("handout.html", TEMPLATE)
        .map_err(|e| ReportError::Page(e.to_string()))?;
    env.get_template("handout.html")
        .and_then(|t| {
            t.render(minijinja::context! {
                lang => pick(lang, "en", "zh-Hans"),
                title => pick(lang, "One line decides whether a shuffle is fair", "一行代码决定洗牌是否公平"),
                lede => pick(
                    lang,
                    format!(
                        "Walk through the deck, swapping each card with one picked at random: \
                         whether every arrangement then comes up equally often depends only on \
                         which cards the pick may land on ({walk}):"
                    ),
                    format!(
                        "走一遍牌堆，把每张牌和随机选中的一张交换：洗完后每种排列是否等可能，只取决于随机选择\
                         可以落在哪些牌上（{walk}）："
                    ),
                ),
                code => code.trim_end(),
                quotes => quoted.join(" "),
                numbers_of => [Some(naive), off, Some(fair)]
                    .into_iter()
                    .flatten()
                    .map(|a| a.info.id.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
                tree_alt => pick(
                    lang,
                    format!("Every path of {} on 3 cards", LESSON_NAMES[0]),
                    format!("{} 在 3 张牌上的全部路径", LESSON_NAMES[0]),
                ),
                numbers => pick(lang, "The numbers, counted exactly", "精确计数得到的数字"),
                facts => facts,
                tree_svg => crate::files::handout_tree(report, lang),
                tree_caption => tree_caption(report, lang),
                heat => minijinja::Value::from(minijinja::value::Serde(heat)),
                heat_caption => heat_caption(lang),
                card_word => pick(lang, "card", "牌"),
                position_word => pick(lang, "position", "位置"),
                columns_word => pick(lang, "final position", "最终位置"),
                scale_word => pick(lang, "scale", "色标"),
                less_word => pick(lang, "less often than fair", "比公平少"),
                more_word => pick(lang, "more often", "比公平多"),
                made => pick(
                    lang,
                    format!("Made by shuffle-audit {} (commit {commit}):", p.version),
                    format!("由 shuffle-audit {} 生成（提交 {commit}）：", p.version),
                ),
                address => ADDRESS,
                how => how,
                command => &p.command,
            })
        })
        .map(Some)
        .map_err(|e| ReportError::Page(e.to_string()))
}
