//! The teacher's page at the top of the report: `altNaiveShuffle` (seed
//! 003's loop that picks among all cards, walking backwards), the
//! off-by-one that makes Sattolo's algorithm, and Fisher–Yates, with the
//! lines that differ, the paths of the first, and why. "The naive swap"
//! names only the forward loop `naive-swap`; the lesson's first loop is
//! called by its own name, [`LESSON_NAMES`]`[0]`.

use crate::exact::ExactReport;
use crate::fmt::{fmt_count, fmt_prob};
use crate::suite::{SuiteAlgorithm, SuiteReport};
use algorithms::registry::{Quote, TEACHING_QUOTES, Walk, document};
use judge::lesson::{LESSON, LESSON_NAMES, PathTree};
use stats::law::perm::factorial;
use std::fmt::Write;

mod quotes;

pub use quotes::quote_origin;
use quotes::quotes;
pub(crate) use quotes::{quote_source, sampled_words, step_words, walk_words};

/// The loop that picks among all cards, the off-by-one, and the correct
/// shuffle: the three the page compares ([`LESSON`]).
const NAIVE: &str = LESSON[0];
/// What the page calls [`NAIVE`]: its function's name, never "the naive
/// swap" (the forward loop).
const NAIVE_NAME: &str = LESSON_NAMES[0];
const OFF_BY_ONE: &str = LESSON[1];
const FAIR: &str = LESSON[2];

/// An arrangement as every page writes it ([`crate::arrangement::cards_label`]):
/// `120` is card 1 first; cards and positions count from 0.
pub(crate) fn arrangement(a: &[usize]) -> String {
    crate::arrangement::cards_label(a)
}

/// The language of the teacher's page: English on the front page, and
/// Simplified Chinese on its own page, since most of the source documents
/// and their readers are Chinese.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Simplified Chinese.
    Zh,
}

/// `en` or `zh`, by language.
pub(crate) fn pick<T>(lang: Lang, en: T, zh: T) -> T {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// Writes what `body` writes between the screen-only marks
/// ([`super::SCREEN_ONLY`]): a figure the printed page leaves out, with
/// every sentence that refers to it, so that print says only what it
/// prints.
fn screen_only(md: &mut String, body: impl FnOnce(&mut String)) {
    let (start, end) = super::SCREEN_ONLY;
    let _ = writeln!(md, "{start}\n");
    body(md);
    let _ = writeln!(md, "{end}\n");
}

/// Whether the run has any of the algorithms the section compares.
pub(super) fn applies(report: &SuiteReport) -> bool {
    LESSON.iter().any(|id| find(report, id).is_some())
}

pub(crate) fn find<'a>(report: &'a SuiteReport, id: &str) -> Option<&'a SuiteAlgorithm> {
    report.algorithms.iter().find(|a| a.info.id == id)
}

/// The count of paths out of `paths` that a probability stands for.
pub(crate) fn paths_of(p: &stats::Fraction, paths: u64) -> Option<u128> {
    p.numerator_over(u128::from(paths))
}

/// The page: returns `false` (and writes nothing) when the run has none of
/// the three algorithms.
pub(super) fn section(md: &mut String, report: &SuiteReport, lang: Lang) -> bool {
    let (naive, off, fair) = (
        find(report, NAIVE),
        find(report, OFF_BY_ONE),
        find(report, FAIR),
    );
    if !applies(report) {
        return false;
    }
    let _ = writeln!(
        md,
        "{}\n",
        pick(
            lang,
            "## Start here: one number makes a shuffle fair or biased",
            "## 从这里开始：一个数字决定洗牌公平与否"
        )
    );
    let _ = writeln!(
        md,
        "{}\n",
        pick(
            lang,
            "Most shuffles in these documents walk through the deck, swapping each card with one \
             picked at random. Whether every arrangement is then equally likely depends only on \
             *which* cards the pick may land on. Here are the lines that decide it, as written.",
            "本报告检查的文章里，大多数洗牌算法都是从头到尾（或从尾到头）走一遍牌堆，把每张牌和随机选中的\
             一张牌交换。洗完后每一种排列是否等可能，只取决于一件事：随机选择*可以落在哪些牌上*。下面就是\
             决定这一点的那几行代码，照原文抄录。"
        )
    );
    quotes(md, lang);
    if let Some(h) = &report.headline {
        let _ = writeln!(md, "<!-- numbers: {NAIVE} {FAIR} -->");
        let how = naive
            .and_then(|a| crate::files::slide_sample(report, a))
            .map_or(String::new(), |s| format!(" {}", sampled_words(s, lang)));
        let _ = writeln!(
            md,
            "![{}]({h})\n\n{}{how}\n",
            pick(
                lang,
                format!("{NAIVE_NAME} beside Fisher–Yates"),
                format!("{NAIVE_NAME} 与 Fisher–Yates 并排对比")
            ),
            pick(
                lang,
                format!(
                    "*Where each card ends up* after {NAIVE_NAME} and after Fisher–Yates, on one \
                 colour scale. Rows: cards by starting position; columns: where they end. Red: \
                 more often than fair; blue: less; white: as often; in grayscale, read the \
                 percentages."
                ),
                format!(
                    "*每张牌最后落在哪里*：{NAIVE_NAME} 与 Fisher–Yates 并排，共用一个色标，色标范围按 \
                 {NAIVE_NAME} 的最大偏差取整（幻灯片上写明了范围；16:9，1920 × 1080）。行是牌的初始位置，列是洗牌\
                 后的位置。红色表示比公平洗牌更常落在这里，蓝色表示更少，白色表示与公平洗牌一样。\
                 同样大小的偏差，红蓝深浅一致，哪一边都不会显得更严重；黑白打印时红蓝难以分辨，\
                 请看格子里印的百分比。"
                )
            )
        );
        if report.off_by_one_slide.is_some() {
            screen_only(md, |md| {
                let _ = writeln!(
                    md,
                    "{}\n",
                    pick(
                        lang,
                        "The off-by-one has [a slide of its own](#the-off-by-one): its −100% \
                         would wash these out.",
                        "差一错误的偏差达到 −100%，放在一起会把这里的颜色冲淡，所以它单独一张幻灯片，见下文。",
                    )
                );
            });
        }
    }
    if let Some(tree) = &report.paths {
        path_table(md, tree, report.path_figure.as_deref(), lang);
        if let (Some(bars), Some(s)) = (
            report.path_bars.as_deref(),
            find(report, &tree.algorithm)
                .and_then(|a| a.cases.iter().find(|c| c.deck == tree.deck))
                .and_then(|c| c.sampled.as_ref()),
        ) {
            let (n, k, total) = (tree.deck, factorial(tree.deck), tree.paths.len());
            let shuffles = fmt_count(s.shuffles);
            let seed = s.seed;
            screen_only(md, |md| {
                let _ = match lang {
                    Lang::En => writeln!(
                        md,
                        "![{NAIVE_NAME} on {n} cards: how often each arrangement came up]\
                         ({bars})\n\n\
                         The same on {shuffles} runs of {NAIVE_NAME}, sampled (seed {seed}): each bar runs \
                         from the fair 1/{k} (black line) to how often one arrangement came up; \
                         grey: a fair shuffle's band; red, and the label at its foot: the exact \
                         share of the {total} paths.\n"
                    ),
                    Lang::Zh => writeln!(
                        md,
                        "![{NAIVE_NAME} 在 {n} 张牌上各种排列出现的频率]({bars})\n\n\
                         用 {NAIVE_NAME} 实际洗 {shuffles} 次（种子 {seed}）：每根柱子从公平的 1/{k}\
                         （黑线）画到一种排列实际出现的频率；灰色是公平洗牌的柱子所在的波动范围；\
                         红线和底部的标注是它在 {total} 条路径中所占的精确比例。\n"
                    ),
                };
            });
        }
    }
    counting(md, naive, fair, lang);
    if let Some(n) = naive.and_then(|a| a.largest_exact()) {
        let _ = writeln!(md, "<!-- numbers: {NAIVE} -->");
        how_big(md, n, lang);
    }
    if let Some(o) = off {
        off_by_one(md, o, report.off_by_one_slide.as_deref(), lang);
    }
    let ids: Vec<&str> = [naive, off, fair]
        .into_iter()
        .flatten()
        .map(|a| a.info.id.as_str())
        .collect();
    let _ = writeln!(
        md,
        "{}\n\n```sh\ncargo run --release -- suite --algorithms {} --large-decks none --out \
         out/lecture\n```\n\n{}{}{}\n",
        pick(
            lang,
            "### For a lecture\n\nThe same three, with their figures, in a few seconds:",
            "### 课堂演示\n\n同样三个算法连同图表，几秒钟即可生成："
        ),
        ids.join(","),
        pick(
            lang,
            "Each algorithm has its own page: ",
            "每个算法都有自己的页面（英文）："
        ),
        [naive, off, fair]
            .into_iter()
            .flatten()
            .map(|a| format!("[{}]({})", a.info.name, super::algorithm_page(&a.info.id)))
            .collect::<Vec<_>>()
            .join(" · "),
        pick(lang, ".", "。")
    );
    let _ = match lang {
        Lang::En => writeln!(
            md,
            "Live: `shuffle-audit play --port 8000` runs the shuffle in your browser and fills \
             the heatmap as you watch; `{LIVE}/?example={NAIVE}&run=1` is stopped in \
             seconds, \
             `{LIVE}/?example={FAIR}&deck=52&run=1` runs on.\n"
        ),
        Lang::Zh => writeln!(
            md,
            "课堂现场：`shuffle-audit play --port 8000` 启动一个页面，洗牌代码在你自己的浏览器里运行，\
             热图当场填满：`{LIVE}/?example={NAIVE}&run=1`（上面引用的第一个循环，照原文）几秒内\
             即被判定有偏，`{LIVE}/?example={FAIR}&deck=52&run=1`（Fisher–Yates）一直运行不报警。\n"
        ),
    };
    if crate::handout::applies(report) {
        let page = crate::handout::file_name(lang);
        let _ = match lang {
            Lang::En => writeln!(
                md,
                "To print: [the one-page handout]({page}) (A4): the tree, the exact numbers and \
                 heatmap, and the commands that give them.\n"
            ),
            Lang::Zh => writeln!(
                md,
                "打印用：[单页讲义]({page})（A4）：路径树、精确数字和精确热图，以及得到它们的命令。\n"
            ),
        };
    }
    true
}

/// The live page's address when served with `--port 8000`, as the
/// teacher's section tells: shown, not linked (the report fetches and
/// links nothing off its own folder).
const LIVE: &str = "http://127.0.0.1:8000";

/// The paths of the lesson's first loop on 3 cards as a table: one row per first two
/// choices, one column per third.
fn path_table(md: &mut String, tree: &PathTree, figure: Option<&str>, lang: Lang) {
    let n = tree.deck;
    let Some(first) = tree.paths.first() else {
        return;
    };
    let draws = first.choices.len();
    let each = first.outcomes.last().copied().unwrap_or(1) as usize;
    let uniform_shape = tree
        .paths
        .iter()
        .all(|p| p.outcomes.len() == draws && p.outcomes.iter().all(|&k| k as usize == each));
    if draws == 0 || !uniform_shape {
        return;
    }
    let cards = (0..n)
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(pick(lang, ", ", "、"));
    let product = format!("{each}{}", format!(" × {each}").repeat(draws - 1));
    let total = tree.paths.len();
    let step = step_words(&tree.algorithm, n, lang);
    let form = match (figure.is_some(), lang) {
        (true, Lang::En) => "as a tree",
        (false, Lang::En) => "as a table",
        (true, Lang::Zh) => "用树状图",
        (false, Lang::Zh) => "用表格",
    };
    let _ = match lang {
        Lang::En => writeln!(
            md,
            "### Why {NAIVE_NAME} cannot be fair\n\n<!-- numbers: {} -->\nTake {n} cards, numbered \
             {cards}. {NAIVE_NAME} makes {draws} swaps, and each picks one of {each} \
             positions, so it has {product} = {total} equally likely paths. Here is every one of \
             them, {form}: {step}.\n",
            tree.algorithm
        ),
        Lang::Zh => writeln!(
            md,
            "### 为什么 {NAIVE_NAME} 不可能公平\n\n<!-- numbers: {} -->\n取编号为 {cards} 的 {n} 张牌。{NAIVE_NAME} 做 \
             {draws} 次交换，每次从 {each} 个位置中选一个，所以共有 {product} = {total} 条等可能的\
             路径。下面{form}列出全部路径：{step}。\n",
            tree.algorithm
        ),
    };
    let table = |md: &mut String| {
        let head: Vec<String> = (1..draws)
            .map(|i| match lang {
                Lang::En => format!("step {i} picks"),
                Lang::Zh => format!("第 {i} 步选"),
            })
            .collect();
        let last: Vec<String> = (0..each)
            .map(|v| match lang {
                Lang::En => format!("step {draws} picks {v}"),
                Lang::Zh => format!("第 {draws} 步选 {v}"),
            })
            .collect();
        let _ = writeln!(
            md,
            "| {} | {} |\n|{}{}",
            head.join(" | "),
            last.join(" | "),
            "---:|".repeat(head.len()),
            "---|".repeat(last.len())
        );
        for row in tree.paths.chunks(each) {
            let prefix: Vec<String> = row[0].choices[..draws - 1]
                .iter()
                .map(|c| c.to_string())
                .collect();
            let leaves: Vec<String> = row.iter().map(|p| arrangement(&p.arrangement)).collect();
            let _ = writeln!(md, "| {} | {} |", prefix.join(" | "), leaves.join(" | "));
        }
        let _ = writeln!(md);
    };
    match figure {
        Some(f) => {
            let _ = writeln!(
                md,
                "![{}]({f})\n",
                pick(
                    lang,
                    format!("Every path of {NAIVE_NAME} on 3 cards, as a tree"),
                    format!("{NAIVE_NAME} 在 3 张牌上的全部路径（树状图）")
                )
            );
            // On paper the tree stands for the table: one page stays one.
            screen_only(md, |md| {
                let _ = writeln!(
                    md,
                    "{}\n",
                    pick(
                        lang,
                        "As a table:",
                        "同样的路径列成表格，每行是前两步的选择："
                    )
                );
                table(md);
            });
        }
        None => table(md),
    }
    let tally = tree.tally();
    let counts = tally
        .iter()
        .map(|(a, c)| match lang {
            Lang::En => format!("{} {c}", arrangement(a)),
            Lang::Zh => format!("{} {c} 条", arrangement(a)),
        })
        .collect::<Vec<_>>()
        .join(pick(lang, ", ", "、"));
    let k = tally.len();
    let _ = match lang {
        Lang::En => writeln!(
            md,
            "Counting the arrangements: {counts}. {total} paths cannot be shared evenly among \
             {k} arrangements ({total} / {k} is not a whole number), so some arrangements must \
             come up more often than others, whatever random numbers are used.\n"
        ),
        Lang::Zh => writeln!(
            md,
            "每种排列对应的路径数：{counts}。{total} 条路径无法平均分给 {k} 种排列（{total} / {k} 不是整数），\
             所以无论随机数多好，总有些排列出现得更频繁。\n"
        ),
    };
}

/// The counting argument for every deck, and why Fisher–Yates escapes it.
fn counting(
    md: &mut String,
    naive: Option<&SuiteAlgorithm>,
    fair: Option<&SuiteAlgorithm>,
    lang: Lang,
) {
    if naive.is_some() {
        let _ = writeln!(
            md,
            "{}\n",
            pick(
                lang,
                format!(
                    "The same holds for every deck of *n* ≥ 3 cards: {NAIVE_NAME} has *n*^*n* \
                 equally likely paths, and they could only be shared evenly among the *n*! \
                 arrangements if *n*! divided *n*^*n*. It cannot: *n* − 1 divides *n*!, but \
                 shares no factor with *n*, hence none with *n*^*n*."
                ),
                format!(
                    "对任何 *n* ≥ 3 张牌都一样：{NAIVE_NAME} 有 *n*^*n* 条等可能的路径，只有当 *n*! 整除 \
                 *n*^*n* 时才能平均分给 *n*! 种排列。但这不可能：*n* − 1 整除 *n*!，却与 *n* 互质，\
                 因而与 *n*^*n* 也互质。"
                )
            )
        );
    }
    let Some(fy) = fair.and_then(|a| a.largest_exact()) else {
        return;
    };
    let _ = writeln!(md, "<!-- numbers: {FAIR} -->");
    let n = fy.deck;
    let (paths, dealt) = (fmt_count(fy.paths), fmt_count(fy.support as u64));
    let (p, max, min) = (
        &fy.max_probability_exact,
        &fy.max_probability_exact,
        &fy.min_probability_exact,
    );
    let _ = match lang {
        Lang::En => writeln!(
            md,
            "### Why Fisher–Yates is fair\n\nFisher–Yates picks among *n* cards for the first \
             position, *n* − 1 for the next, and so on down to 1: *n* · (*n* − 1) · … · 1 = \
             *n*! paths, and no two of them deal the same arrangement, so each arrangement has \
             exactly one path, and probability 1/*n*!. Counted on {n} cards: {paths} paths, \
             {dealt} arrangements dealt, each with probability {p} (largest {max}, smallest \
             {min}).\n"
        ),
        Lang::Zh => writeln!(
            md,
            "### 为什么 Fisher–Yates 是公平的\n\nFisher–Yates 为第一个位置从 *n* 张牌中选，下一个从 \
             *n* − 1 张中选，依此类推直到 1：共 *n* · (*n* − 1) · … · 1 = *n*! 条路径，且任意两条路径\
             得到的排列都不同，所以每种排列恰好对应一条路径，概率为 1/*n*!。在 {n} 张牌上逐一计数：\
             {paths} 条路径，得到 {dealt} 种排列，每种概率 {p}（最大 {max}，最小 {min}）。\n"
        ),
    };
}

/// The striking numbers of the naive swap on its largest enumerated deck,
/// and total variation distance as a bettor's advantage.
fn how_big(md: &mut String, n: &ExactReport, lang: Lang) {
    let (Some(most), Some(least)) = (
        paths_of(&n.max_probability_exact, n.paths),
        paths_of(&n.min_probability_exact, n.paths),
    ) else {
        return;
    };
    let deck = n.deck;
    let all = factorial(deck);
    let paths = fmt_count(n.paths);
    let arrangements = fmt_count(all);
    let share = n.paths as f64 / all as f64;
    let (most_s, least_s) = (fmt_count(most as u64), fmt_count(least as u64));
    let ratio = most as f64 / least as f64;
    let tv = fmt_prob(n.total_variation);
    let points = 100.0 * n.total_variation;
    let _ = match lang {
        Lang::En => writeln!(
            md,
            "### How big is the bias?\n\nOn {deck} cards {NAIVE_NAME} has {deck}^{deck} = \
             {paths} paths for {arrangements} arrangements, {share:.1} paths each if they were \
             shared evenly. Counted exactly, the most likely arrangement is dealt by {most_s} of \
             them and the least likely by {least_s}: the first comes up {ratio:.1} times as \
             often as the second.\n\nOne number sums it up, the *total variation distance* \
             (TV): the largest amount by which any bet on the deck's order (\"the top card is \
             an ace\", \"the deck is one of these 200 arrangements\") wins more often with this \
             shuffle than with a fair one. For {NAIVE_NAME} on {deck} cards it is {tv}: a \
             player who knows which arrangements it favours wins such a bet {points:.1} \
             percentage points more often than against a fair deck. A fair shuffle's TV is 0.\n"
        ),
        Lang::Zh => writeln!(
            md,
            "### 偏差有多大？\n\n在 {deck} 张牌上，{NAIVE_NAME} 有 {deck}^{deck} = {paths} 条路径，对应 \
             {arrangements} 种排列；若平均分配，每种排列应得 {share:.1} 条。精确计数的结果是：最可能\
             的排列由其中 {most_s} 条路径得到，最不可能的只有 {least_s} 条，前者出现的频率是后者的 \
             {ratio:.1} 倍。\n\n一个数字就能概括：*全变差距离*（TV）。它是对牌序的任何一种押注（\
             “第一张是 A”“牌序是这 200 种之一”）在该洗牌下比在公平洗牌下多赢的最大概率。{deck} \
             张牌的 {NAIVE_NAME} 为 {tv}：知道它偏爱哪些排列的玩家，押注的胜率比面对公平洗牌高 \
             {points:.1} 个百分点。公平洗牌的 TV 为 0。\n"
        ),
    };
}

/// The off-by-one: Sattolo's algorithm.
fn off_by_one(md: &mut String, o: &SuiteAlgorithm, slide: Option<&str>, lang: Lang) {
    let Some(e) = o.largest_exact() else {
        return;
    };
    let n = e.deck;
    // What follows holds for Sattolo's algorithm: say it only when the
    // judge found its exact law.
    let sattolo = e.resembles == Some(judge::resemble::Known::Sattolo);
    if !sattolo {
        return;
    }
    let _ = writeln!(md, "<!-- numbers: {OFF_BY_ONE} -->");
    let all = fmt_count(factorial(n));
    let support = fmt_count(e.support as u64);
    let p = &e.max_probability_exact;
    let never = fmt_count(factorial(n) - e.support as u64);
    let tv = fmt_prob(e.total_variation);
    let same = algorithms::registry::find("blog-knuth-durstenfeld")
        .ok()
        .and_then(|e| e.sources.first())
        .and_then(|s| document(s.document))
        .map_or("another post", |d| match lang {
            Lang::En => d.short,
            Lang::Zh => d.title,
        });
    let _ = match lang {
        Lang::En => writeln!(
            md,
            "### The off-by-one\n\nDrawing below `index` instead of `index + 1` looks like the \
             fix for {NAIVE_NAME}; it is another algorithm, Sattolo's, made for another job: \
             dealing one random *single cycle*. A card is never swapped with itself, so follow \
             card 0 to where it ends, then the card that started there, and so on: you pass \
             through every card before coming back to card 0. Of the {all} arrangements of {n} \
             cards only the {support} single cycles can be dealt, each with probability {p}; \
             the other {never} never come up. Its TV is {tv} = 1 − 1/{n}. No card ever ends \
             where it started. The \"Knuth-Durstenfeld\" \
             and \"Inside-Out\" of {same} make the same mistake.\n"
        ),
        Lang::Zh => writeln!(
            md,
            "### 差一错误\n\n在 `index` 以下选、而不是在 `index + 1` 以下选，看起来像是对 {NAIVE_NAME} \
             的修正，其实是另一个算法：Sattolo 算法，它的用途是生成一个随机的*单一轮换*。牌永远不会\
             与自己交换，所以从牌 0 出发，看它落到哪里，再看原来在那里的牌落到哪里……一路走下去，\
             会经过每一张牌才回到牌 0。{n} 张牌的 {all} 种排列中，只有 {support} 种单一轮换可能出现，\
             每种概率 {p}；其余 {never} 种永远不会出现。它的 TV 为 {tv} = 1 − 1/{n}。没有任何牌会\
             留在原位。{same} 中的 “Knuth-Durstenfeld” 和 “Inside-Out” \
             犯了同样的错误。\n"
        ),
    };
    if let Some(f) = slide {
        screen_only(md, |md| {
            let _ = writeln!(
                md,
                "{}\n\n![{}]({f})\n",
                pick(
                    lang,
                    "Its heatmap's diagonal is empty:",
                    "所以它的热图对角线是空的："
                ),
                pick(
                    lang,
                    "The off-by-one on a slide of its own: the empty diagonal",
                    "差一错误单独一张幻灯片：对角线是空的"
                )
            );
        });
    }
}
