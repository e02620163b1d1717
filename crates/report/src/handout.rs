//! The teacher's handout, `reports/handout.html` (and `handout.zh.html`):
//! one A4 page with the three lines that decide, the tree of the naive
//! swap's 27 paths, the exact numbers a teacher cites, the headline
//! heatmap, and where every number comes from (seed, command, version,
//! the project's address). No build instructions: it is for a classroom.

use crate::error::ReportError;
use crate::exact::ExactReport;
use crate::files::{LESSON_NAMES, slide_sample};
use crate::fmt::{fmt_count, fmt_prob};
use crate::markdown::{Lang, arrangement, find, paths_of, pick};
use crate::suite::{LESSON, SuiteAlgorithm, SuiteReport};
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

/// The numbers of the naive swap on its largest exact deck.
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
    facts.push((pick(
        lang,
        format!(
            "{n} cards: the naive swap has {n}^{n} = {paths} equally likely paths for {all} \
             arrangements ({even:.1} each if shared evenly). Counted exactly, the most likely \
             arrangement is dealt by {most} paths, the least likely by {least}: {ratio:.1} times \
             as often."
        ),
        format!(
            "{n} 张牌：朴素交换有 {n}^{n} = {paths} 条等可能的路径，对应 {all} 种排列（平均每种 \
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
             the naive swap favours wins a bet on the deck's order up to {points:.1} percentage \
             points more often than against a fair deck (fair: TV = 0).",
            e.total_variation_exact
        ),
        format!(
            "{n} 张牌的全变差距离：TV = {} = {tv}。知道朴素交换偏爱哪些排列的玩家，押注牌序的胜率\
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
    for (i, (name, q)) in LESSON_NAMES.iter().zip(crate::lesson_quotes()).enumerate() {
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
            (Lang::Zh, 0) => "朴素交换".into(),
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
    let sampled = slide_sample(report, naive);
    let walk = crate::markdown::walk_words(crate::lesson_quotes()[0].walk, lang).replace('`', "");
    let p = &report.provenance;
    let commit: String = p.git_commit.chars().take(12).collect();
    let date = p.date.get(..10).unwrap_or(&p.date);
    let how = match sampled {
        Some(s) => pick(
            lang,
            format!(
                "Exact numbers: every path counted, no randomness. Heatmap: {} shuffles of each, \
                 seed {}, on {} cards. Command:",
                fmt_count(s.shuffles),
                s.seed,
                s.deck
            ),
            format!(
                "精确数字：逐条路径计数，不含随机性。热图：每种算法洗 {} 次，种子 {}，{} 张牌。命令：",
                fmt_count(s.shuffles),
                s.seed,
                s.deck
            ),
        ),
        None => pick(
            lang,
            "Exact numbers: every path counted, no randomness. Command:",
            "精确数字：逐条路径计数，不含随机性。命令：",
        )
        .to_string(),
    };
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
                tree => report.path_figure.as_deref(),
                tree_alt => pick(lang, "Every path of the naive swap on 3 cards", "朴素交换在 3 张牌上的全部路径"),
                numbers => pick(lang, "The numbers, counted exactly", "精确计数得到的数字"),
                facts => facts,
                headline => report.headline.as_deref(),
                headline_alt => pick(lang, "The naive swap beside Fisher–Yates", "朴素交换与 Fisher–Yates 并排"),
                headline_caption => format!(
                    "{}{}",
                    pick(
                        lang,
                        "Where each card ends up (rows: cards by starting position; columns: \
                         where they end): red more often than fair, blue less often, white as \
                         often; the printed percentage in each cell carries the sign in grayscale.",
                        "每张牌最后落在哪里（行：牌的初始位置；列：洗牌后的位置）：红色比公平更常，蓝色更少，\
                         白色相同；黑白打印时请看格子里的百分比。",
                    ),
                    sampled.map_or(String::new(), |s| format!(
                        " {}",
                        crate::markdown::sampled_words(s, lang)
                    ))
                ),
                made => pick(
                    lang,
                    format!("Made by shuffle-audit {} (commit {commit}, {date}):", p.version),
                    format!("由 shuffle-audit {} 生成（提交 {commit}，{date}）：", p.version),
                ),
                address => ADDRESS,
                how => how,
                command => &p.command,
            })
        })
        .map(Some)
        .map_err(|e| ReportError::Page(e.to_string()))
}
