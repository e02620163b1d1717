//! No import circle between a crate's modules: each top-level module of a
//! crate uses the others one way, so that a module can be read, tested and
//! moved knowing only what it imports (`folder`, the report's folder writer,
//! among them).
//!
//! An import is a path that names a module from the crate's root
//! (`crate::a::…`, `crate::{a, b}`) or from a parent (`super::a`, resolved
//! from the file's own module). A path inside an inline module (a file's
//! `mod tests { use super::… }`) is resolved as if it were the file's own:
//! that can add an edge that is not there, never hide one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The module path of a source file under `src/`: `lib.rs` is the root,
/// `a.rs` and `a/mod.rs` are `a`, `a/b.rs` is `a::b`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().expect("a file name");
    let stem = file.trim_end_matches(".rs");
    let crate_root = parts.is_empty() && matches!(stem, "lib" | "main");
    if stem != "mod" && !crate_root {
        parts.push(stem.to_string());
    }
    parts
}

/// The code of a file without its comments (each line cut at `//`, which
/// drops doc links; a `//` inside a string cuts it short, which can only
/// hide a path of that line's string, not invent one).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first names of the paths that follow `at` in `text`: `a` for `a::b`,
/// `a` and `b` for `{a::x, b}`.
fn heads(text: &str) -> Vec<String> {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        // The group up to its matching brace.
        let mut depth = 1;
        let mut end = group.len();
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        let mut depth = 0;
        let mut start = 0;
        let inner = &group[..end];
        for (i, c) in inner.char_indices().chain([(inner.len(), ',')]) {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.extend(heads(&inner[start..i]).into_iter().take(1));
                    start = i + 1;
                }
                _ => {}
            }
        }
        out
    } else {
        let name: String = text
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() { vec![] } else { vec![name] }
    }
}

/// The top-level modules `text`, the code of module `module`, imports.
fn imports(module: &[String], text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let bytes = text.as_bytes();
    let starts_word = |i: usize| {
        i == 0
            || !(bytes[i - 1].is_ascii_alphanumeric() || matches!(bytes[i - 1], b'_' | b'$' | b':'))
    };
    for (i, _) in text.match_indices("crate::") {
        if starts_word(i) {
            out.extend(heads(&text[i + "crate::".len()..]));
        }
    }
    for (i, _) in text.match_indices("super::") {
        if !starts_word(i) {
            continue; // the second `super::` of a chain
        }
        let mut rest = &text[i..];
        let mut up = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            up += 1;
            rest = r;
        }
        let base = &module[..module.len().saturating_sub(up)];
        match base.first() {
            // Still inside one top-level module: not an edge between two.
            Some(top) => {
                out.insert(top.clone());
            }
            None => out.extend(heads(rest)),
        }
    }
    out
}

/// The import circles among the top-level modules of the crate at `src`:
/// each strongly connected group of more than one module, with the files
/// that make its edges.
fn circles(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut tops = BTreeSet::new();
    let mut parsed = Vec::new();
    for f in &files {
        let module = module_of(f.strip_prefix(src).unwrap());
        if let Some(top) = module.first() {
            tops.insert(top.clone());
        }
        parsed.push((f, module, code(&std::fs::read_to_string(f).unwrap())));
    }
    // edges[a][b]: the files of `a` that import `b`.
    let mut edges: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for (f, module, text) in &parsed {
        let Some(from) = module.first() else { continue };
        for to in imports(module, text) {
            if to != *from && tops.contains(&to) {
                let name = f.strip_prefix(root()).unwrap_or(f).display().to_string();
                edges
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_default()
                    .push(name);
            }
        }
    }
    let reach = |start: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start.clone()];
        while let Some(m) = todo.pop() {
            for next in edges.get(&m).into_iter().flat_map(|e| e.keys()) {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> = tops.iter().map(|t| (t, reach(t))).collect();
    let mut groups = BTreeSet::new();
    for t in &tops {
        let group: BTreeSet<&String> = tops
            .iter()
            .filter(|u| reached[t].contains(*u) && reached[*u].contains(t))
            .collect();
        if group.len() > 1 {
            groups.insert(group);
        }
    }
    groups
        .into_iter()
        .map(|g| {
            let mut said = Vec::new();
            for a in &g {
                for (b, by) in edges.get(*a).into_iter().flatten() {
                    if g.contains(b) {
                        said.push(format!("{a} → {b} ({})", by.join(", ")));
                    }
                }
            }
            said.join("; ")
        })
        .collect()
}

/// The crates whose top-level modules import one way.
const ONE_WAY: [&str; 10] = [
    "algorithms",
    "check",
    "studies",
    "deck-lines",
    "engine",
    "live",
    "cli",
    "python",
    "node",
    "folder",
];

/// The crates whose modules still import in circles; the test names
/// each circle's edges and the files that make them, and fails once one
/// of these has none, so that it joins [`ONE_WAY`] and stays there.
const NOT_YET: [&str; 3] = ["stats", "judge", "report"];

#[test]
fn the_modules_of_each_one_way_crate_import_one_way() {
    let mut crates: Vec<String> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    crates.sort();
    for krate in &crates {
        assert!(
            ONE_WAY.contains(&krate.as_str()) != NOT_YET.contains(&krate.as_str()),
            "crates/{krate} is in neither list, or in both"
        );
    }
    for krate in NOT_YET {
        let found = circles(&root().join("crates").join(krate).join("src"));
        assert!(
            !found.is_empty(),
            "crates/{krate} imports one way now: move it to ONE_WAY"
        );
        eprintln!("crates/{krate}, still in circles:\n{}\n", found.join("\n"));
    }
    for krate in ONE_WAY {
        let src = root().join("crates").join(krate).join("src");
        let found = circles(&src);
        assert!(
            found.is_empty(),
            "import circles in crates/{krate}:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn a_circle_is_found_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir_all(src.join("b")).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    // a → b through a group, b → a through `super::super::` from b's
    // submodule, c → a alone: one circle, {a, b}.
    std::fs::write(
        src.join("a.rs"),
        "use crate::{b::{x, y}, std_like};\n// crate::c in a comment\n",
    )
    .unwrap();
    std::fs::write(src.join("b/mod.rs"), "mod inner;\n").unwrap();
    std::fs::write(
        src.join("b/inner.rs"),
        "use super::super::a::Thing;\nuse super::sibling;\n",
    )
    .unwrap();
    std::fs::write(src.join("c.rs"), "fn f() { crate::a::g() }\n").unwrap();
    let found = circles(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("a → b ("), "{found:?}");
    assert!(found[0].contains("; b → a ("), "{found:?}");
    // Cut the edge back and the circle is gone.
    std::fs::write(src.join("b/inner.rs"), "use super::sibling;\n").unwrap();
    assert!(circles(src).is_empty());
}
