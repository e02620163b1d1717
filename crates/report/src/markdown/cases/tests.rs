use super::*;

/// The ids a page carries after `key`, each occurrence in order.
fn marks(text: &str, key: &str) -> Vec<Vec<String>> {
    text.split(key)
        .skip(1)
        .map(|rest| {
            rest.split("-->")
                .next()
                .unwrap_or("")
                .split_whitespace()
                .map(String::from)
                .collect()
        })
        .collect()
}

#[test]
fn every_case_page_quotes_the_code_whose_numbers_it_shows() {
    let scale = judge::cases::CaseScale::quick();
    let mut quoted = 0;
    for (id, _) in judge::cases::CASES {
        let page = page(&judge::cases::run(id, &scale, 1).unwrap());
        let quotes = marks(&page, "<!-- quote: ");
        let numbers = marks(&page, "<!-- numbers: ");
        let Some(q) = algorithms::registry::published_quote(id) else {
            assert!(quotes.is_empty() && numbers.is_empty(), "{id}");
            continue;
        };
        quoted += 1;
        // One quote, the registry's code for the case, marked with the
        // algorithms it is; every number beside it theirs.
        assert_eq!(quotes.len(), 1, "{id}");
        assert_eq!(quotes[0], q.algorithms, "{id}");
        let block = format!("```{}\n{}\n```", q.fence, q.code);
        assert!(
            page.contains(&block),
            "{id}: the page's code is not the registry's"
        );
        assert_eq!(page.matches("```").count() % 2, 0, "{id}");
        assert_eq!(
            numbers.is_empty(),
            q.algorithms.is_empty(),
            "{id}: figures without their algorithm's mark"
        );
        for n in numbers.iter().flatten() {
            assert!(quotes[0].contains(n), "{id}: numbers of {n}, not quoted");
        }
        // Each algorithm the code is has its page linked.
        for a in q.algorithms {
            assert!(
                page.contains(&format!("](../algorithms/{a}.md)")),
                "{id}: {a}"
            );
        }
    }
    assert_eq!(quoted, algorithms::registry::PUBLISHED_QUOTES.len());
}
