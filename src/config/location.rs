//! Byte offsets in a config file → 1-based line and column.

use std::fmt;

/// A position in a config file, 1-based, as editors show it. The column
/// counts characters (Unicode scalar values), not bytes.
///
/// ```
/// use liar::config::Location;
/// let text = "a = 1\n[rules]\nchps = 3\n";
/// let at = Location::of_offset(text, text.find("chps").unwrap());
/// assert_eq!((at.line, at.column), (3, 1));
/// assert_eq!(at.to_string(), "3:1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` in `text`. Offsets past the end, or
    /// inside a multi-byte character, are moved back to the nearest character
    /// start, so any offset gives an answer.
    pub fn of_offset(text: &str, offset: usize) -> Location {
        let mut offset = offset.min(text.len());
        while offset > 0 && !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = text.get(..offset).unwrap_or("");
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
        let column = before.get(line_start..).unwrap_or("").chars().count() + 1;
        Location { line, column }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::Location;

    fn at(text: &str, offset: usize) -> (usize, usize) {
        let l = Location::of_offset(text, offset);
        (l.line, l.column)
    }

    #[test]
    fn lines_and_columns_are_one_based() {
        assert_eq!(at("", 0), (1, 1));
        assert_eq!(at("abc", 0), (1, 1));
        assert_eq!(at("abc", 2), (1, 3));
        assert_eq!(at("ab\ncd", 3), (2, 1));
        assert_eq!(at("ab\r\ncd", 5), (2, 2));
    }

    #[test]
    fn columns_count_characters() {
        let text = "name = \"Аня\" x";
        assert_eq!(at(text, text.find('x').unwrap()), (1, 14));
    }

    #[test]
    fn odd_offsets_never_panic() {
        let text = "я\nё";
        assert_eq!(at(text, 1), (1, 1)); // inside 'я'
        assert_eq!(at(text, 999), (2, 2));
    }
}
