//! The quoted loops of the teacher's page: each line as its document
//! prints it, where it comes from, what it does, and what its samples
//! show, in English and in Chinese.

use super::*;

/// How a quoted loop walks the deck, in words.
pub(crate) fn walk_words(walk: Walk, lang: Lang) -> &'static str {
    match walk {
        Walk::Backward => pick(
            lang,
            "`index` runs from the last card down to the first",
            "`index` 从最后一张牌递减到第一张",
        ),
        Walk::Forward => pick(
            lang,
            "`i` runs from the first card to the last",
            "`i` 从第一张牌递增到最后一张",
        ),
    }
}

/// What a heatmap of a sample is, in a caption: not the exact law, and
/// from how many shuffles of each algorithm, on how many cards, with
/// which seed.
pub(crate) fn sampled_words(s: &crate::sampled::SampleReport, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "Sampled, not exact: {} shuffles of each on {} cards, seed {}.",
            fmt_count(s.shuffles),
            s.deck,
            s.seed
        ),
        Lang::Zh => format!(
            "这是抽样结果，不是精确值：每种算法在 {} 张牌上洗 {} 次，种子 {}。",
            s.deck,
            fmt_count(s.shuffles),
            s.seed
        ),
    }
}

/// Which position the swap at step *i* of a quoted loop exchanges, in
/// words (Markdown): from the quote's walk, on `n` cards.
pub(crate) fn step_words(algorithm: &str, n: usize, lang: Lang) -> String {
    let walk = algorithms::registry::quote(algorithm).map(|q| q.walk);
    match (walk, lang) {
        (Some(Walk::Backward), Lang::En) => format!(
            "positions count from 0, as in the code; the swap at step *i* exchanges the card \
             at position {n} − *i* with the card at the position picked"
        ),
        (Some(Walk::Backward), Lang::Zh) => format!(
            "牌和位置都和代码里一样从 0 数起；第 *i* 步把位置 {n} − *i* 上的牌（先从最后一张开始）与选中\
             位置上的牌交换"
        ),
        (_, Lang::En) => "positions count from 0, as in the code; the swap at step *i* \
                          exchanges the card at position *i* − 1 with the card at the position \
                          picked"
            .to_string(),
        (_, Lang::Zh) => {
            "牌和位置都和代码里一样从 0 数起；第 *i* 步把位置 *i* − 1 上的牌与选中位置上的牌交换"
                .to_string()
        }
    }
}

/// The comment above a quoted line: what it does, and where it is quoted
/// from (document and function, from the registry).
pub(crate) fn quote_source(q: &Quote, lang: Lang, what: &str) -> String {
    let from = q.document.and_then(document).map(|d| d.short);
    match (lang, from) {
        (Lang::En, _) => format!("// {what}. {}", quote_origin(q)),
        (Lang::Zh, Some(from)) => format!("// {what}。出处：{from}，{}", q.location_zh),
        (Lang::Zh, None) => format!("// {what}。原文未给出，{}", q.location_zh),
    }
}

/// Where a quoted line comes from, in English: its document and function,
/// or the fix no document shows (`Not in the documents: …`).
pub fn quote_origin(q: &Quote) -> String {
    match q.document.and_then(document) {
        Some(d) => format!("{}: {}", d.short, q.location),
        None => format!("Not in the documents: {}", q.location),
    }
}

/// What a quoted line does, as its comment says.
fn quote_verdict(q: &Quote, lang: Lang) -> &'static str {
    match q.algorithm {
        "alt-naive-shuffle" => pick(lang, "picks among all cards: biased", "在所有牌中选：有偏"),
        "naive-swap-rand15" => pick(lang, "the naive swap: biased", "朴素交换：有偏"),
        "blog-fisher-yates" => pick(
            lang,
            "the off-by-one: Sattolo's algorithm, biased",
            "差一错误：Sattolo 算法，有偏",
        ),
        "fisher-yates" => pick(lang, "Fisher–Yates: fair", "Fisher–Yates：公平"),
        "poker-fixed-rand15" => pick(
            lang,
            "Fisher–Yates: fair (up to rand()'s own 15-bit bias)",
            "Fisher–Yates：公平（除了 rand() 自身 15 位的微小偏差）",
        ),
        _ => "",
    }
}

/// One fenced block of quotes, each marked with the registered algorithm
/// it is (`<!-- quote: ID -->`, which a test reads beside the numbers'
/// marks).
fn quote_block(md: &mut String, quotes: &[&Quote], lang: Lang) {
    let fence = if quotes.first().is_some_and(|q| q.language == "C++") {
        "cpp"
    } else {
        "js"
    };
    let ids: Vec<&str> = quotes.iter().map(|q| q.algorithm).collect();
    let _ = writeln!(
        md,
        "<!-- quote: {} -->
```{fence}",
        ids.join(" ")
    );
    for (i, q) in quotes.iter().enumerate() {
        if i > 0 {
            let _ = writeln!(md);
        }
        let _ = writeln!(md, "{}", quote_source(q, lang, quote_verdict(q, lang)));
        let _ = writeln!(md, "{}", q.code.replace('\t', "    "));
    }
    let _ = writeln!(md, "```\n");
}

/// The lines that pick the card: the lesson's loop first (the one whose
/// numbers the page shows), then the same choice in the other language's
/// loop, with how its walk differs.
pub(super) fn quotes(md: &mut String, lang: Lang) {
    let lesson = judge::lesson::lesson_quotes();
    quote_block(md, &lesson, lang);
    let walk = walk_words(lesson[0].walk, lang);
    let _ = writeln!(
        md,
        "{}\n",
        match lang {
            Lang::En => format!(
                "In this loop {walk}. Picking among *all* cards is `{}`; below \
                 `index`, a card never stays where it is; below `index + 1`, Fisher–Yates. \
                 Every number and figure below is these three loops'.",
                LESSON_NAMES[0]
            ),
            Lang::Zh => format!(
                "这个循环中{walk}。在*所有*牌中选就是 `{}`；在 `index` 以下选，牌永远不能留在原位；\
                 在 `index + 1` 以下选才是 Fisher–Yates。下文的数字和图都出自这三个循环。",
                LESSON_NAMES[0]
            ),
        }
    );
    let other: Vec<&Quote> = TEACHING_QUOTES
        .iter()
        .filter(|q| q.language != lesson[0].language)
        .collect();
    let Some(first) = other.first() else {
        return;
    };
    let _ = writeln!(
        md,
        "{}\n",
        match lang {
            Lang::En => format!(
                "The same choice in {}, where {}:",
                first.language,
                walk_words(first.walk, lang)
            ),
            Lang::Zh => format!(
                "{} 中的同一个选择（{}）：",
                first.language,
                walk_words(first.walk, lang)
            ),
        }
    );
    quote_block(md, &other, lang);
    if first.walk != lesson[0].walk {
        let _ = writeln!(
            md,
            "{}\n",
            pick(
                lang,
                "This forward loop is the naive swap (`naive-swap`, a partner drawn from the \
                 whole deck). Walking forwards turns the heatmap half a turn: there card *c* ends at *p* \
                 exactly as often as card *n*−1−*c* at *n*−1−*p* here \
                 (`shuffle-audit exact -a naive-swap -d 6`).",
                "这个向前走的循环才是朴素交换（`naive-swap`，从整副牌中选交换对象）。向前走就是从另一端读位置：它的热图就是这里的热图转半圈（第 *c* 张牌落在第 *p* 个位置的概率，\
                 恰好等于这里第 *n* − 1 − *c* 张牌落在第 *n* − 1 − *p* 个位置的概率；\
                 `shuffle-audit exact -a naive-swap -d 6`）。"
            )
        );
    }
}
