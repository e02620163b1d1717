//! The one table layout of every text output: columns as wide as their
//! widest cell (or a stated minimum), left- or right-aligned, separated by
//! a fixed gap, the last column never padded (no trailing spaces).
//! Colours are applied after padding, so that escapes never shift a
//! column.

use std::fmt::Write;

/// `text` in the terminal colour `code` (an SGR number) when `colour`.
pub(crate) fn paint(text: &str, code: u8, colour: bool) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// How a column's cells line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    /// Text: flush left.
    Left,
    /// Numbers: flush right.
    Right,
}

#[derive(Debug)]
struct Column {
    header: String,
    align: Align,
    min: usize,
    /// Set when this column keeps its own gap from the one before.
    gap: Option<&'static str>,
}

/// One cell: its text, and the terminal colour (an SGR number) it is
/// painted in when the table is drawn in colour.
#[derive(Debug)]
pub(crate) struct Cell {
    text: String,
    colour: Option<u8>,
}

impl Cell {
    /// `text` in the terminal colour `code`.
    pub(crate) fn painted(text: impl Into<String>, code: u8) -> Cell {
        Cell {
            text: text.into(),
            colour: Some(code),
        }
    }
}

impl<T: Into<String>> From<T> for Cell {
    fn from(text: T) -> Cell {
        Cell {
            text: text.into(),
            colour: None,
        }
    }
}

/// A table drawn as aligned text.
#[derive(Debug)]
pub(crate) struct Table {
    indent: &'static str,
    gap: &'static str,
    header: bool,
    columns: Vec<Column>,
    rows: Vec<Row>,
}

#[derive(Debug)]
enum Row {
    Cells(Vec<Cell>),
    /// A line of its own across the columns (after the indent).
    Line(String),
    /// A first cell in the first column, then free text across the rest.
    Span(String, String),
}

impl Table {
    /// A table whose lines start with `indent`, with `gap` between
    /// columns.
    pub(crate) fn new(indent: &'static str, gap: &'static str) -> Table {
        Table {
            indent,
            gap,
            header: true,
            columns: Vec::new(),
            rows: Vec::new(),
        }
    }

    /// A column headed `header`, at least `min` characters wide.
    pub(crate) fn column(mut self, header: impl Into<String>, align: Align, min: usize) -> Table {
        self.columns.push(Column {
            header: header.into(),
            align,
            min,
            gap: None,
        });
        self
    }

    /// The last column added keeps `gap` from the one before it, instead
    /// of the table's.
    pub(crate) fn after(mut self, gap: &'static str) -> Table {
        if let Some(c) = self.columns.last_mut() {
            c.gap = Some(gap);
        }
        self
    }

    /// No header line (the columns' headers are only for their width).
    pub(crate) fn without_header(mut self) -> Table {
        self.header = false;
        self
    }

    /// A row, one cell per column (missing cells are empty).
    pub(crate) fn row<I, C>(&mut self, cells: I)
    where
        I: IntoIterator<Item = C>,
        C: Into<Cell>,
    {
        self.rows
            .push(Row::Cells(cells.into_iter().map(Into::into).collect()));
    }

    /// A row whose first cell lines up with the first column and whose
    /// `rest` runs across the others (a test that was not run, and why).
    pub(crate) fn span(&mut self, first: impl Into<String>, rest: impl Into<String>) {
        self.rows.push(Row::Span(first.into(), rest.into()));
    }

    /// A line of its own between rows (`...` where rows are left out),
    /// taking no part in the columns' widths.
    pub(crate) fn line(&mut self, text: impl Into<String>) {
        self.rows.push(Row::Line(text.into()));
    }

    /// The table, one line per row (the header first), each ending in a
    /// newline; colours only when `colour`.
    pub(crate) fn render(&self, colour: bool) -> String {
        let width = |i: usize, c: &Column| {
            let cells = self.rows.iter().filter_map(|r| match r {
                Row::Cells(cells) => cells.get(i).map(|c| c.text.chars().count()),
                Row::Span(first, _) => (i == 0).then(|| first.chars().count()),
                Row::Line(_) => None,
            });
            cells
                .chain([
                    c.min,
                    if self.header {
                        c.header.chars().count()
                    } else {
                        0
                    },
                ])
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| width(i, c))
            .collect();
        let mut out = String::new();
        let line = |cells: &mut dyn Iterator<Item = (&str, Option<u8>)>| -> String {
            let mut text = String::from(self.indent);
            let cells: Vec<_> = cells.collect();
            let last = cells.len().saturating_sub(1);
            for (i, (cell, paint)) in cells.into_iter().enumerate() {
                if i > 0 {
                    text.push_str(self.columns[i].gap.unwrap_or(self.gap));
                }
                let pad = widths[i].saturating_sub(cell.chars().count());
                let padded = match (self.columns[i].align, i == last) {
                    (Align::Left, true) => cell.to_string(),
                    (Align::Left, false) => format!("{cell}{}", " ".repeat(pad)),
                    (Align::Right, _) => format!("{}{cell}", " ".repeat(pad)),
                };
                match paint {
                    Some(code) => text.push_str(&self::paint(&padded, code, colour)),
                    None => text.push_str(&padded),
                }
            }
            // An empty last cell leaves no gap behind.
            let mut text = text.trim_end().to_string();
            text.push('\n');
            text
        };
        if self.header {
            out.push_str(&line(
                &mut self.columns.iter().map(|c| (c.header.as_str(), None)),
            ));
        }
        for r in &self.rows {
            match r {
                Row::Cells(r) => out
                    .push_str(&line(&mut (0..self.columns.len()).map(|i| {
                        r.get(i).map_or(("", None), |c| (c.text.as_str(), c.colour))
                    }))),
                Row::Span(first, rest) => {
                    let pad = widths[0].saturating_sub(first.chars().count());
                    let _ = writeln!(
                        out,
                        "{}{first}{}{}{rest}",
                        self.indent,
                        " ".repeat(pad),
                        self.gap
                    );
                }
                Row::Line(text) => {
                    out.push_str(self.indent);
                    out.push_str(text);
                    out.push('\n');
                }
            }
        }
        out
    }
}

/// A card × position matrix: a header of positions, then one row per card
/// (`card 0`, `card 1`, …), each cell right-aligned in at least `width`
/// characters.
pub(crate) fn matrix(rows: impl Iterator<Item = Vec<String>>, n: usize, width: usize) -> String {
    let mut table = Table::new("", " ").column("", Align::Left, 8);
    for j in 0..n {
        table = table.column(j.to_string(), Align::Right, width);
    }
    for (card, row) in rows.enumerate() {
        table.row(std::iter::once(format!("  card{card:>2}")).chain(row));
    }
    table.render(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_take_their_widest_cell_and_the_last_is_not_padded() {
        let mut t = Table::new("  ", " ")
            .column("test", Align::Left, 6)
            .column("p", Align::Right, 0)
            .column("note", Align::Left, 0);
        t.row(["a-long-name", "0.5", "x"]);
        t.row(["b", "12.25", "yy"]);
        assert_eq!(
            t.render(false),
            "  test            p note\n  a-long-name   0.5 x\n  b           12.25 yy\n"
        );
    }

    #[test]
    fn colour_is_applied_after_padding() {
        let mut t = Table::new("", "  ")
            .column("v", Align::Left, 4)
            .column("w", Align::Left, 0);
        t.row([Cell::painted("ok", 32), "z".into()]);
        assert_eq!(t.render(true), "v     w\n\x1b[32mok  \x1b[0m  z\n");
        assert_eq!(t.render(false), "v     w\nok    z\n");
    }
}
