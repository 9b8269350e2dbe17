//! The one error type of the config loader: its Display is the message the
//! user reads.

use super::location::Location;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// What kind of mistake a [`ConfigError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file could not be read (missing, unreadable, not UTF-8, too large).
    Read,
    /// The text is not valid TOML.
    Syntax,
    /// A key the schema does not know.
    UnknownKey,
    /// A required key is absent.
    MissingKey,
    /// A value of the wrong TOML type (a string where a number belongs...).
    WrongType,
    /// A value of the right type that is not allowed (out of range, unknown name...).
    BadValue,
    /// Two seats or bots share a name.
    DuplicateName,
    /// A bot script that does not exist or is not a file.
    BotFile,
    /// Too few or too many seats (or bots) for the rules.
    SeatCount,
}

/// A config file that cannot be used. The Display names the file, the line
/// and column (when the mistake has a place in the file), the key, and what
/// is allowed:
///
/// ```text
/// table.toml:7:13: rules.straights: "sometimes" is not allowed; expected one of: "below-full-house", "above-full-house", "none"
/// ```
///
/// ```
/// use liar::config::{parse_table, ErrorKind};
/// use std::path::Path;
/// let err = parse_table("[rules]\nchps = 3\n", Path::new("t.toml")).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::UnknownKey);
/// assert_eq!(err.key(), Some("rules.chps"));
/// assert_eq!(err.location().map(|l| l.line), Some(2));
/// assert!(err.to_string().starts_with("t.toml:2:1: rules.chps: unknown key"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    file: String,
    location: Option<Location>,
    key: Option<String>,
    kind: ErrorKind,
    message: String,
}

impl ConfigError {
    /// The file, as the caller named it.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Where in the file, if the mistake has a place.
    pub fn location(&self) -> Option<Location> {
        self.location
    }

    /// The key path (`rules.chips`, `seats[1].script`), if one applies.
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// The kind of mistake.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message without the file, place and key.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(at) = self.location {
            write!(f, ":{at}")?;
        }
        f.write_str(": ")?;
        if let Some(key) = &self.key {
            write!(f, "{key}")?;
            if let Some(note) = counted_from_one(key) {
                write!(f, " ({note})")?;
            }
            f.write_str(": ")?;
        }
        f.write_str(&self.message)
    }
}

/// People count seats and bots from 1, the file's arrays from 0: a key in
/// `seats[i]` or `bots[i]` is also named `seat i+1` or `bot i+1`.
///
/// ```
/// use std::path::Path;
/// let toml = "[[seats]]\nname = \"a\"\ntype = \"robot\"\n";
/// let err = liar::config::parse_table(toml, Path::new("t.toml")).unwrap_err();
/// assert!(err.to_string().contains("seats[0].type (seat 1): "), "{err}");
/// ```
fn counted_from_one(key: &str) -> Option<String> {
    let (word, rest) = if let Some(rest) = key.strip_prefix("seats[") {
        ("seat", rest)
    } else {
        ("bot", key.strip_prefix("bots[")?)
    };
    let index: usize = rest.split(']').next()?.parse().ok()?;
    Some(format!("{word} {}", index + 1))
}

impl std::error::Error for ConfigError {}

/// The file being read: its name for messages, its text for locations, and
/// its directory for relative paths.
pub(crate) struct Origin<'a> {
    file: String,
    text: &'a str,
    dir: PathBuf,
}

impl<'a> Origin<'a> {
    pub(crate) fn new(path: &Path, text: &'a str) -> Self {
        Origin {
            file: path.display().to_string(),
            text,
            dir: path.parent().map(Path::to_path_buf).unwrap_or_default(),
        }
    }

    /// The config text.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    /// The source text of `span`, if the span lies in the text.
    pub(crate) fn snippet(&self, span: &Range<usize>) -> Option<&'a str> {
        self.text.get(span.clone())
    }

    /// `relative` resolved against the config file's directory (absolute
    /// paths stay as they are).
    pub(crate) fn resolve(&self, relative: &str) -> PathBuf {
        self.dir.join(relative)
    }

    /// An error at `span` about `key` (empty: no key).
    pub(crate) fn at(
        &self,
        span: &Range<usize>,
        key: &str,
        kind: ErrorKind,
        message: impl Into<String>,
    ) -> ConfigError {
        let mut err = self.whole(key, kind, message);
        err.location = Some(Location::of_offset(self.text, span.start));
        err
    }

    /// An error with no place in the file.
    pub(crate) fn whole(
        &self,
        key: &str,
        kind: ErrorKind,
        message: impl Into<String>,
    ) -> ConfigError {
        ConfigError {
            file: self.file.clone(),
            location: None,
            key: (!key.is_empty()).then(|| key.to_string()),
            kind,
            message: message.into(),
        }
    }
}

/// A user-supplied string shown in a message: quoted, escaped (no control
/// characters reach the terminal) and cut to a readable length.
pub(crate) fn quote(s: &str) -> String {
    format!("{:?}", crate::text::shorten(s, 40))
}

/// A path shown in a message: whole, unquoted, control characters escaped.
pub(crate) fn show_path(path: &Path) -> String {
    path.display()
        .to_string()
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// An integer as a message shows it: `1000`, `3_600_000` (TOML accepts both).
pub(crate) fn group_digits(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    if digits.len() <= 4 {
        return n.to_string();
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('_');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_has_file_place_key_message() {
        let o = Origin::new(Path::new("dir/t.toml"), "a\nbb = 1");
        let e = o.at(&(2..4), "rules.bb", ErrorKind::UnknownKey, "unknown key");
        assert_eq!(e.to_string(), "dir/t.toml:2:1: rules.bb: unknown key");
        let e = o.whole("", ErrorKind::Read, "cannot read");
        assert_eq!(e.to_string(), "dir/t.toml: cannot read");
    }

    #[test]
    fn quote_escapes_and_shortens() {
        assert_eq!(quote("a\u{1b}[2J"), "\"a\\u{1b}[2J\"");
        assert_eq!(quote(&"x".repeat(50)), format!("\"{}…\"", "x".repeat(40)));
        assert_eq!(quote("Аня"), "\"Аня\"");
        assert_eq!(show_path(Path::new("a\u{7}b.lua")), "a\\u{7}b.lua");
    }

    #[test]
    fn big_numbers_get_underscores() {
        assert_eq!(group_digits(1000), "1000");
        assert_eq!(group_digits(65_536), "65_536");
        assert_eq!(group_digits(3_600_000), "3_600_000");
        assert_eq!(group_digits(i64::MIN), "-9_223_372_036_854_775_808");
    }
}
