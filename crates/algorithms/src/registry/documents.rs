//! The documents the seed algorithms come from, named as a reader can find
//! them, and the lines a teacher puts side by side.

/// The seed documents' file names, as `../shared/seeds/` holds them.
pub(super) const S000: &str = "000_d04b9b9104ef3ac9.txt";
pub(super) const S001: &str = "001_8224637705ba0647.txt";
pub(super) const S002: &str = "002_a1406b98e2fda677.txt";
pub(super) const S003: &str = "003_8fdfb98757373742.txt";
pub(super) const S004: &str = "004_bc98dc84b49fccfb.txt";

/// A source document: what it is, who wrote it, and in what language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceDocument {
    /// The file name a [`SourceRef`](super::SourceRef) names.
    pub file: &'static str,
    /// A few words a table can carry.
    pub short: &'static str,
    /// How a reader finds it: title (with a translation) or the blog and
    /// its address, as the document gives them.
    pub title: &'static str,
    /// The author as the document names them, or why it does not.
    pub author: &'static str,
    /// The date the document gives, ISO 8601, or empty.
    pub date: &'static str,
    /// The language of its prose.
    pub language: &'static str,
    /// The language of its code.
    pub code: &'static str,
    /// What a reader should know about it.
    pub note: &'static str,
}

/// The five seed documents, in file order.
pub const DOCUMENTS: [SourceDocument; 5] = [
    SourceDocument {
        file: S000,
        short: "jkisjk, cnblogs 2012",
        title: "JavaScript shuffle (cnblogs, jkisjk, .../2012/04/23/javascript_shuffle.html)",
        author: "jkisjk (a repost names the original at cnblogs.com/jkisjk)",
        date: "2012-04-23",
        language: "Chinese",
        code: "JavaScript",
        note: "Reviews the Baidu Wenku article on shuffling and rewrites its methods: \
               draw-and-redraw, splice, swap, insert.",
    },
    SourceDocument {
        file: S001,
        short: "\"The shuffle problem\", 2016",
        title: "洗牌算法问题 (\"The shuffle problem\")",
        author: "not named (a personal blog)",
        date: "2016-09-23",
        language: "Chinese",
        code: "JavaScript",
        note: "A job interview's written test: \"shuffle an ordered deck of 54 cards\" \
               (the Dou Dizhu deck: 52 cards and two jokers). Its \"Knuth-Durstenfeld\" \
               and \"Inside-Out\" draw below i instead of i + 1.",
    },
    SourceDocument {
        file: S002,
        short: "jkisjk, in English",
        title: "English translation of the jkisjk post",
        author: "jkisjk, translated",
        date: "",
        language: "English",
        code: "JavaScript",
        note: "The same passages and code as the jkisjk post, in English.",
    },
    SourceDocument {
        file: S003,
        short: "\"The JavaScript Shuffle\"",
        title: "Javascript 洗牌, a Chinese translation of \"The JavaScript Shuffle\" \
                (Medium, The Startup)",
        author: "not named in the translation",
        date: "",
        language: "Chinese",
        code: "JavaScript",
        note: "naiveShuffle, altNaiveShuffle, a one-line \"Fisher-Yates\" fix that draws \
               below index (not index + 1), spliceShuffle, stackShuffle and a riffleShuffle \
               recommended seven times.",
    },
    SourceDocument {
        file: S004,
        short: "chinaxmly, cnblogs 2012",
        title: "A cnblogs post on shuffling for card games (blog \"中国 - 喜马拉雅\")",
        author: "chinaxmly",
        date: "2012-10-10",
        language: "Chinese",
        code: "C++",
        note: "Poker::Shuffle for a 54-card deck: the wrong version (any index) left in a \
               comment above the corrected one, both with srand((int)time(0)) before each \
               shuffle and C's rand().",
    },
];

/// The document named by a [`SourceRef`](super::SourceRef)'s file, or
/// `None` for a published reference.
pub fn document(file: &str) -> Option<&'static SourceDocument> {
    DOCUMENTS.iter().find(|d| d.file == file)
}

/// Which way a quoted loop walks the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// From the last position down to the first (`index` from
    /// `deck.length - 1` down to 0).
    Backward,
    /// From the first position to the last (`i` from 0 up).
    Forward,
}

/// The line that picks the card to swap, as a document wrote it, or as the
/// fix reads where no document wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quote {
    /// The registered algorithm the line belongs to.
    pub algorithm: &'static str,
    /// The document it is quoted from, or `None` for the fix no document
    /// shows.
    pub document: Option<&'static str>,
    /// `"JavaScript"` or `"C++"`.
    pub language: &'static str,
    /// The function or passage.
    pub location: &'static str,
    /// The same in Simplified Chinese, for the Chinese teacher's page.
    pub location_zh: &'static str,
    /// The lines, verbatim (indentation trimmed).
    pub code: &'static str,
    /// Which way the loop around them walks the deck.
    pub walk: Walk,
}

/// The lines that make the difference between the naive swap, the
/// off-by-one that turns a shuffle into Sattolo's algorithm, and
/// Fisher–Yates, in JavaScript and C++: file 003's `altNaiveShuffle`, its
/// one-line "fix", the correct line (all three in its loop, which walks
/// backwards), and file 004's two versions of `Poker::Shuffle` (which walk
/// forwards).
pub const TEACHING_QUOTES: [Quote; 5] = [
    Quote {
        algorithm: "alt-naive-shuffle",
        document: Some(S003),
        language: "JavaScript",
        location: "altNaiveShuffle, index from deck.length - 1 down to 0",
        location_zh: "altNaiveShuffle 函数，index 从 deck.length - 1 递减到 0",
        code: "randomCard = Math.floor(Math.random() * deck.length);",
        walk: Walk::Backward,
    },
    Quote {
        algorithm: "blog-fisher-yates",
        document: Some(S003),
        language: "JavaScript",
        location: "the section on Fisher-Yates: the one line changed in altNaiveShuffle",
        location_zh: "讲 Fisher-Yates 的一节：在 altNaiveShuffle 里改动的那一行",
        code: "randomCard = Math.floor(Math.random() * index);",
        walk: Walk::Backward,
    },
    Quote {
        algorithm: "fisher-yates",
        document: None,
        language: "JavaScript",
        location: "the correct line (Durstenfeld 1964)",
        location_zh: "正确的写法（Durstenfeld 1964）",
        code: "randomCard = Math.floor(Math.random() * (index + 1));",
        walk: Walk::Backward,
    },
    Quote {
        algorithm: "naive-swap-rand15",
        document: Some(S004),
        language: "C++",
        location: "Poker::Shuffle, the wrong version left in a comment",
        location_zh: "Poker::Shuffle 函数里以注释形式留下的错误写法",
        code: "//int ranIndex = 0 + \n\t//(int)((poker_size - 1.0 - 0 + 1.0) * rand() / (RAND_MAX + 1.0));",
        walk: Walk::Forward,
    },
    Quote {
        algorithm: "poker-fixed-rand15",
        document: Some(S004),
        language: "C++",
        location: "Poker::Shuffle, the corrected version",
        location_zh: "Poker::Shuffle 函数改正后的写法",
        code: "int ranIndex = i + \n\t(int)((poker_size - 1.0 - i + 1.0) * rand() / (RAND_MAX + 1.0));",
        walk: Walk::Forward,
    },
];

/// The teaching quote of the registered algorithm `algorithm`, if it has
/// one: what a page beside that algorithm's numbers quotes.
pub fn quote(algorithm: &str) -> Option<&'static Quote> {
    TEACHING_QUOTES.iter().find(|q| q.algorithm == algorithm)
}

/// Code a famous case quotes as it was published (`shuffle-audit case
/// ID`), with the registered algorithms whose numbers its page shows
/// beside it: the page takes the code from here, and marks it with those
/// ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublishedQuote {
    /// The case.
    pub case: &'static str,
    /// The registered algorithms the code is, whose numbers the case's
    /// page shows; none when the page's figures come from a port outside
    /// the registry (`random-shuffle-15bit`: libstdc++'s loop on
    /// Microsoft's `rand()`).
    pub algorithms: &'static [&'static str],
    /// The code block's language, as a Markdown fence names it.
    pub fence: &'static str,
    /// The code, as published.
    pub code: &'static str,
}

/// The code of every famous case that has code, in the cases' order.
pub const PUBLISHED_QUOTES: [PublishedQuote; 7] = [
    PublishedQuote {
        case: "planet-poker",
        algorithms: &["planet-poker"],
        fence: "pascal",
        code: "for ctr := 1 to 52 do Card[ctr] := ctr;\nrandomize;\nfor ctr := 1 to 52 do begin\n  \
               random_number := random(51)+1;\n  tmp := card[random_number];\n  \
               card[random_number] := card[ctr];\n  card[ctr] := tmp;\nend;",
    },
    PublishedQuote {
        case: "eu-ballot-2010",
        algorithms: &[
            "sort-random-v8-legacy",
            "sort-random-v8-timsort",
            "sort-random-spidermonkey",
        ],
        fence: "js",
        code: "function RandomSort (a,b)\n{\n    return (0.5 - Math.random());\n}\n\
               // the five browsers of the first screen, sorted with it\nbrowsers.sort(RandomSort);",
    },
    PublishedQuote {
        case: "bostock-2014",
        algorithms: &["sort-random-v8-legacy"],
        fence: "js",
        code: "array.sort(function() { return Math.random() - .5; });",
    },
    PublishedQuote {
        case: "laravel-2019",
        algorithms: &["usort-rand-php7", "usort-rand01-php7"],
        fence: "php",
        code: "usort($array, function () {\n    return rand(-1, 1);\n});",
    },
    PublishedQuote {
        case: "freecell",
        algorithms: &["freecell"],
        fence: "c",
        code: "srand(deal);                       /* the deal number */\n\
               for (left = 52; left > 0; left--) {\n    \
               j = rand() % left;             /* Microsoft C: 15 bits */\n    \
               deal_card(deck[j]);\n    deck[j] = deck[left - 1];\n}",
    },
    PublishedQuote {
        case: "random-shuffle-15bit",
        algorithms: &[],
        fence: "cpp",
        code: "vector<int> permutation(N);          // N = 3000000: 0, 1, …, N - 1\n\
               random_shuffle(permutation.begin(), permutation.end());\n\
               // the mean of |permutation[i] - i|",
    },
    PublishedQuote {
        case: "dotnet-tickcount",
        algorithms: &["dotnet-shuffle-tickcount"],
        fence: "csharp",
        code: "var rng = new Random();            // seeded with Environment.TickCount\n\
               for (int i = deck.Length - 1; i > 0; i--) {\n    \
               int j = rng.Next(i + 1);\n    (deck[i], deck[j]) = (deck[j], deck[i]);\n}",
    },
];

/// The published code of case `case`, if it has code.
pub fn published_quote(case: &str) -> Option<&'static PublishedQuote> {
    PUBLISHED_QUOTES.iter().find(|q| q.case == case)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{REGISTRY, find};

    #[test]
    fn every_published_quote_names_registered_algorithms() {
        for q in PUBLISHED_QUOTES {
            for id in q.algorithms {
                assert!(find(id).is_ok(), "{}: {id} is not registered", q.case);
            }
            assert!(!q.code.is_empty() && !q.code.ends_with('\n'), "{}", q.case);
        }
    }

    #[test]
    fn every_seed_document_a_source_names_is_described() {
        for e in REGISTRY.iter() {
            for s in e.sources {
                if s.document != "reference" {
                    let d = document(s.document)
                        .unwrap_or_else(|| panic!("{}: {} undescribed", e.id, s.document));
                    assert!(
                        !d.title.is_empty() && !d.author.is_empty() && !d.short.is_empty(),
                        "{}",
                        d.file
                    );
                }
            }
        }
        assert_eq!(document("reference"), None);
    }

    #[test]
    fn every_quote_belongs_to_a_registered_algorithm_of_its_document() {
        for q in TEACHING_QUOTES {
            let e = find(q.algorithm).expect("registered");
            if let Some(doc) = q.document {
                assert!(
                    e.sources.iter().any(|s| s.document == doc),
                    "{} does not come from {doc}",
                    q.algorithm
                );
            }
            assert!(matches!(q.language, "JavaScript" | "C++"));
            assert_eq!(quote(q.algorithm), Some(&q), "one quote per algorithm");
        }
    }
}
