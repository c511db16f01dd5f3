//! A position as a URL, an attribute, an option or the JS API writes it, read where the text comes in: its form and
//! the size of board it is written for. Whether the text is a position is judged only on the board it is played on
//! ([`Layout::on`]), since that depends on the board's rows, columns and k.

use super::quote::quote;
use crate::engine::{Board, Grid, Shape};
use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

/// The sides a board may have.
const SIDES: std::ops::RangeInclusive<usize> = 3..=15;

/// How many in a row win on a board of `rows` by `cols` when `k` is not given: the shorter side, at most five.
pub fn default_k(rows: usize, cols: usize) -> usize {
    rows.min(cols).min(5)
}

/// Whether there is a board of `rows` by `cols`: each from 3 to 15.
pub fn is_board(rows: usize, cols: usize) -> bool {
    SIDES.contains(&rows) && SIDES.contains(&cols)
}

/// How a position's text is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// No text at all: the empty board, whichever board it is.
    Empty,
    /// Nine characters without `/`: the 3x3 board's own form.
    Nine,
    /// Rows separated by `/`: how many, and how many characters the first has.
    Rows {
        /// The rows of the text.
        rows: usize,
        /// The characters of its first row.
        cols: usize,
    },
    /// Neither: a position of no board (the board it is read on says why).
    Other,
}

/// A position as written where it came in: the text as it came (quoted back as it came when it is not a position)
/// and its form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    written: String,
    form: Form,
}

impl Layout {
    /// The text, without the spaces around it that a link or an attribute may add.
    pub fn text(&self) -> &str {
        self.written.trim_ascii()
    }

    /// The text as it came.
    pub fn written(&self) -> &str {
        &self.written
    }

    /// How the text is laid out.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The rows and columns of the board the position is written for: its rows form's, or 3 and 3 for the 3x3
    /// board's nine characters.
    pub fn size(&self) -> Option<(usize, usize)> {
        match self.form {
            Form::Nine => Some((3, 3)),
            Form::Rows { rows, cols } => Some((rows, cols)),
            Form::Empty | Form::Other => None,
        }
    }

    /// The board a position in rows form plays on when no board is given (`position=..../.X../..O./....` is a 4x4
    /// game): its rows and columns, if there is such a board. The nine characters say nothing of a board: they
    /// are the 3x3 board's, which is the default anyway.
    pub fn implied_board(&self) -> Option<(usize, usize)> {
        match self.form {
            Form::Rows { rows, cols } if is_board(rows, cols) => Some((rows, cols)),
            _ => None,
        }
    }

    /// The position on a board of `shape`: the empty board for no text, else what the engine reads, or its
    /// sentence saying why the text is not a position there.
    ///
    /// Whether it fits depends on the board's rows and columns, and whether a game reaches it depends on k too (a
    /// board with two lines of three has two winners when three in a row win, and none when four do). The engine's
    /// parser judges it, in its own sentences: the size first, then each character, then whether a game reaches it.
    ///
    /// # Errors
    /// The sentence, when the text does not fit the board, holds something other than marks, or is a position no
    /// game reaches.
    pub fn on(&self, shape: Shape) -> Result<Grid, String> {
        match self.form {
            Form::Empty => Ok(Grid::empty(shape)),
            _ => parse_position(self.text(), shape),
        }
    }
}

impl From<&str> for Layout {
    fn from(written: &str) -> Layout {
        let text = written.trim_ascii();
        let form = if text.contains('/') {
            let mut rows = text.split('/');
            let cols = rows.next().map_or(0, |first| first.chars().count());
            Form::Rows {
                rows: rows.count() + 1,
                cols,
            }
        } else {
            match text.chars().count() {
                0 => Form::Empty,
                9 => Form::Nine,
                _ => Form::Other,
            }
        };
        Layout {
            written: written.to_owned(),
            form,
        }
    }
}

impl From<&Grid> for Layout {
    fn from(grid: &Grid) -> Layout {
        Layout::from(grid.to_string().as_str())
    }
}

impl FromStr for Layout {
    type Err = Infallible;

    /// Any text is a layout: whether it is a position is said on its board ([`Layout::on`]).
    fn from_str(text: &str) -> Result<Layout, Infallible> {
        Ok(Layout::from(text))
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// `text` as a position on a board of `shape`, or the sentence that says why it is not one. The 3x3 board's
/// 9-character form is read as it always was, with the same sentences.
fn parse_position(text: &str, shape: Shape) -> Result<Grid, String> {
    if shape == Shape::CLASSIC && !text.contains('/') {
        return text
            .parse::<Board>()
            .map(Grid::from)
            .map_err(|error| error.message());
    }
    Grid::parse(text, shape).map_err(|error| error.to_string())
}

/// A position of any board in the notation (rows separated by `/`, or the 9 characters of the 3x3 board), on a
/// board of that many rows and columns with `k` in a row to win (`None`: the board's default, [`default_k`]).
///
/// # Errors
/// A sentence saying what is wrong with the text or with `k`.
pub fn grid_from_text(text: &str, k: Option<usize>) -> Result<Grid, String> {
    let layout = Layout::from(text);
    let Some((rows, cols)) = layout.size() else {
        return Err(format!(
            "a position is 9 characters such as \"X...O....\", or rows separated by / such as \"..../.X../..O./....\", not {}",
            quote(layout.text())
        ));
    };
    if !is_board(rows, cols) {
        return Err(format!(
            "a board has 3 to 15 rows and 3 to 15 columns, this position is {rows}x{cols} (rows x columns)"
        ));
    }
    let k = k.unwrap_or_else(|| default_k(rows, cols));
    let shape = Shape::new(rows, cols, k).map_err(|error| error.to_string())?;
    parse_position(layout.text(), shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_knows_its_form_and_its_board() {
        let layout = |text: &str| Layout::from(text);
        assert_eq!(layout(" ").form(), Form::Empty);
        assert_eq!(layout("x...O....").form(), Form::Nine);
        assert_eq!(layout("X...").form(), Form::Other);
        assert_eq!(
            layout(" ..../..../.... ").form(),
            Form::Rows { rows: 3, cols: 4 }
        );
        // Empty rows are rows of no column.
        assert_eq!(layout("///").form(), Form::Rows { rows: 4, cols: 0 });
        assert_eq!(layout("X...O....").size(), Some((3, 3)));
        assert_eq!(layout("X...O....").implied_board(), None);
        assert_eq!(layout("X../.O./...").implied_board(), Some((3, 3)));
        assert_eq!(layout(" ..../..../.... ").implied_board(), Some((3, 4)));
        assert_eq!(layout(&["..."; 16].join("/")).implied_board(), None);
        // Written as it came, shown without the spaces around it.
        let spaced = layout(" X...O.... ");
        assert_eq!(
            (spaced.written(), spaced.to_string().as_str()),
            (" X...O.... ", "X...O....")
        );
    }

    #[test]
    fn a_layout_is_judged_on_its_board() {
        let four = Shape::new(4, 4, 4).unwrap();
        let layout = Layout::from("..../.X../..O./....");
        assert_eq!(layout.on(four).unwrap().to_string(), "..../.X../..O./....");
        assert!(layout
            .on(Shape::CLASSIC)
            .unwrap_err()
            .contains("the board has 3 rows"));
        assert_eq!(Layout::from("").on(four), Ok(Grid::empty(four)));
        // Two lines of three are two winners where three win, and no winner where four do.
        let two_lines = Layout::from("XXX./OOO./X.../....");
        assert!(two_lines.on(Shape::new(4, 4, 3).unwrap()).is_err());
        assert!(two_lines.on(four).is_ok());
        let grid = layout.on(four).unwrap();
        assert_eq!(Layout::from(&grid), layout);
    }

    #[test]
    fn a_position_of_any_board_says_its_size() {
        let grid = grid_from_text(" ..../.X../..O./.... ", None).unwrap();
        assert_eq!(grid.shape(), Shape::new(4, 4, 4).unwrap());
        assert_eq!(grid.marks(), 2);
        let grid = grid_from_text("X...O....", None).unwrap();
        assert_eq!(grid.shape(), Shape::CLASSIC);
        let grid = grid_from_text("X..../...../.....", Some(3)).unwrap();
        assert_eq!(grid.shape(), Shape::new(3, 5, 3).unwrap());
        let wide = format!("{0}/{0}/{0}", ".".repeat(16));
        for (text, k, expected) in [
            ("X...", None, "a position is 9 characters"),
            ("", None, "a position is 9 characters"),
            (
                "../../..",
                None,
                "3 to 15 rows and 3 to 15 columns, this position is 3x2 (rows x columns)",
            ),
            (wide.as_str(), None, "is 3x16"),
            // Empty rows are rows of no column, not of a number without a noun.
            ("///", None, "this position is 4x0 (rows x columns)"),
            ("..../..../....", Some(9), "k"),
            ("..../..../..O.", None, "O"),
        ] {
            let error = grid_from_text(text, k).unwrap_err();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }
}
