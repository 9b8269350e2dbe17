//! The one error type of the config loader and the problems it reports;
//! their words, in English (the Display) and Russian, are in
//! `crate::i18n`.

use super::location::Location;
use crate::setup::ParamProblem;
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

/// What a config file gets wrong, with the data its message needs. Values
/// from the file are already quoted and escaped ([`quote`]); lists are
/// already joined. The words, in English and Russian, are
/// [`Problem::text`] (in `crate::i18n`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// The file cannot be opened or read.
    CannotRead {
        /// The system's reason.
        error: String,
    },
    /// The file is larger than a config may be (found before reading it).
    FileTooLarge {
        /// The largest config, in bytes.
        max: usize,
    },
    /// The given text is larger than a config may be.
    TextTooLarge {
        /// Its size in bytes.
        bytes: usize,
        /// The largest config, in bytes.
        max: usize,
    },
    /// The file is not UTF-8.
    NotUtf8,
    /// Not valid TOML: the toml crate's own words.
    Syntax {
        /// The parser's message.
        detail: String,
    },
    /// Not valid TOML: a key set twice.
    SetTwice {
        /// The key, quoted.
        key: String,
    },
    /// A key the section does not know.
    UnknownKey {
        /// The closest known key, if one is close.
        suggestion: Option<String>,
        /// The keys the section knows, joined.
        allowed: String,
    },
    /// A required key is absent.
    Missing(Needed),
    /// A value of the wrong TOML type.
    WrongType {
        /// What belongs there.
        expected: Expected,
        /// What is there.
        found: Found,
    },
    /// An integer outside its range.
    OutOfRange {
        /// The value as written.
        value: String,
        /// The range.
        expected: Expected,
    },
    /// An integer that is not one (a malformed literal).
    NotInteger {
        /// The value, quoted.
        value: String,
    },
    /// A string that is none of the allowed names.
    NotAllowed {
        /// The value, quoted.
        value: String,
        /// The closest allowed name, if one is close.
        suggestion: Option<String>,
        /// The allowed names, quoted and joined.
        allowed: String,
    },
    /// An empty or unusable path.
    BadPath(PathUse),
    /// `type = "builtin"`, renamed.
    BuiltinRenamed {
        /// The native bots' names, quoted and joined.
        policies: String,
    },
    /// A key that a seat of this type does not use.
    NotForSeatType {
        /// The seat type, quoted.
        seat_type: String,
        /// The keys it takes, joined.
        keys: String,
    },
    /// A bot seat with both `script` and `bundled`.
    ScriptAndBundled,
    /// A bot parameter (`params.NAME`) that cannot be one.
    BadParam(ParamProblem),
    /// An empty `script`.
    EmptyScript,
    /// A `script` that cannot be a path.
    UnusableScript {
        /// The value, quoted.
        value: String,
    },
    /// A bot file that is not a file (a folder...).
    BotNotAFile {
        /// The value, quoted.
        given: String,
        /// The path looked at.
        looked: String,
    },
    /// A bot file that does not exist.
    BotNotFound {
        /// The value, quoted.
        given: String,
        /// The path looked at.
        looked: String,
    },
    /// A bot file that cannot be read.
    BotUnreadable {
        /// The value, quoted.
        given: String,
        /// The system's reason.
        error: String,
        /// The path looked at.
        looked: String,
    },
    /// An empty seat name.
    EmptyName,
    /// A seat name with spaces around it.
    NameSpaces {
        /// The name, quoted.
        name: String,
    },
    /// A seat name with control characters.
    NameControl {
        /// The name, quoted.
        name: String,
    },
    /// A seat name with a character that is drawn as nothing.
    NameInvisible {
        /// The name, quoted.
        name: String,
        /// The character, as `U+200B`.
        point: String,
    },
    /// A seat name with combining marks over no letter, or stacked high.
    NameMarks {
        /// The name, quoted.
        name: String,
        /// The mark, as `U+0301`.
        point: String,
    },
    /// A seat name that is too long.
    NameTooLong {
        /// The name, quoted.
        name: String,
        /// Its length in characters.
        chars: usize,
        /// The longest allowed.
        max: usize,
    },
    /// Two seats or bots with one name.
    DuplicateName {
        /// The name, quoted.
        name: String,
        /// The key of the first one that has it (`seats[0]`).
        first: String,
    },
    /// `max_players` below `min_players`.
    MaxBelowMin {
        /// `max_players`.
        max: usize,
        /// `min_players`.
        min: usize,
    },
    /// `min_players` above the default `max_players`.
    MinAboveDefaultMax {
        /// `min_players`.
        min: usize,
        /// The default `max_players`.
        max: usize,
    },
    /// A table with no seats.
    NoSeats {
        /// `rules.min_players`.
        min: usize,
    },
    /// Fewer seats than the rules need.
    TooFewSeats {
        /// Seats given.
        seats: usize,
        /// `rules.min_players`.
        min: usize,
    },
    /// More seats than the rules allow.
    TooManySeats {
        /// Seats given.
        seats: usize,
        /// `rules.max_players`.
        max: usize,
    },
    /// Both `games` and `cycles`.
    GamesAndCycles,
    /// `replay_sample` without `replay_dir`.
    SampleWithoutDir,
    /// Too many seats for `seat_orders = "permutations"`.
    TooManyPermuted {
        /// `table_size`.
        size: usize,
        /// The most allowed.
        max: usize,
    },
    /// A `table_size` outside the rules' player range.
    SizeOutsideRules {
        /// `table_size`.
        size: usize,
        /// `rules.min_players`.
        min: usize,
        /// `rules.max_players`.
        max: usize,
    },
    /// A tournament with no bots.
    NoBots {
        /// `table_size`.
        size: usize,
    },
    /// Fewer bots than seats at a table.
    TooFewBots {
        /// Bots given.
        bots: usize,
        /// `table_size`.
        size: usize,
    },
}

/// A required key that is absent: what it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Needed {
    /// A seat's `type`.
    SeatType {
        /// The types, quoted and joined.
        allowed: String,
    },
    /// A seat's `name`.
    SeatName,
    /// A native seat's `policy`.
    Policy {
        /// The native bots, quoted and joined.
        allowed: String,
    },
    /// A bot seat's `script` or `bundled`.
    BotSource {
        /// The bundled bots, joined.
        bundled: String,
    },
}

/// What a path key holds, for the message when it is empty or unusable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathUse {
    /// `[match] replay`: the replay file to write.
    ReplayFile,
    /// `replay_dir`: the folder replays go to.
    ReplayDir,
}

/// What type of value belongs at a key.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expected {
    /// An integer from `min` to `max`.
    Integer {
        /// The least.
        min: i64,
        /// The most.
        max: i64,
    },
    /// A string.
    String,
    /// True or false.
    Boolean,
    /// A bot parameter's value: a number, a string, or true or false.
    ParamValue,
    /// One of some names.
    OneOf {
        /// The names, quoted and joined.
        allowed: String,
    },
    /// A table `[path]`.
    Table {
        /// Its key path.
        path: String,
    },
    /// An array of tables `[[path]]`.
    Tables {
        /// Its key path.
        path: String,
    },
    /// A table, as an item of an array of tables.
    Item,
    /// One of some names, or every n-th game.
    Sample {
        /// The names, quoted and joined.
        allowed: String,
        /// The least n.
        min: i64,
        /// The most n.
        max: i64,
    },
}

/// What type of value a key holds, with the value for scalars.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Found {
    /// A string, quoted.
    String(String),
    /// An integer, as written.
    Integer(String),
    /// A float, as written.
    Float(String),
    /// A boolean.
    Boolean(bool),
    /// A date-time.
    Datetime,
    /// An array.
    Array,
    /// A table.
    Table,
}

impl Problem {
    /// The kind of mistake.
    pub fn kind(&self) -> ErrorKind {
        use Problem as P;
        match self {
            P::CannotRead { .. } | P::FileTooLarge { .. } | P::TextTooLarge { .. } | P::NotUtf8 => {
                ErrorKind::Read
            }
            P::Syntax { .. } | P::SetTwice { .. } => ErrorKind::Syntax,
            P::UnknownKey { .. } | P::NotForSeatType { .. } => ErrorKind::UnknownKey,
            P::Missing(_) | P::SampleWithoutDir => ErrorKind::MissingKey,
            P::WrongType { .. } => ErrorKind::WrongType,
            P::BotNotAFile { .. } | P::BotNotFound { .. } | P::BotUnreadable { .. } => {
                ErrorKind::BotFile
            }
            P::DuplicateName { .. } => ErrorKind::DuplicateName,
            P::NoSeats { .. }
            | P::TooFewSeats { .. }
            | P::TooManySeats { .. }
            | P::NoBots { .. }
            | P::TooFewBots { .. } => ErrorKind::SeatCount,
            P::OutOfRange { .. }
            | P::NotInteger { .. }
            | P::NotAllowed { .. }
            | P::BadPath(_)
            | P::BuiltinRenamed { .. }
            | P::ScriptAndBundled
            | P::BadParam(_)
            | P::EmptyScript
            | P::UnusableScript { .. }
            | P::EmptyName
            | P::NameSpaces { .. }
            | P::NameControl { .. }
            | P::NameInvisible { .. }
            | P::NameMarks { .. }
            | P::NameTooLong { .. }
            | P::MaxBelowMin { .. }
            | P::MinAboveDefaultMax { .. }
            | P::GamesAndCycles
            | P::TooManyPermuted { .. }
            | P::SizeOutsideRules { .. } => ErrorKind::BadValue,
        }
    }
}

/// A config file that cannot be used. The Display (in `crate::i18n`, with
/// its Russian twin [`ConfigError::text`]) names the file, the line and
/// column (when the mistake has a place in the file), the key, and what is
/// allowed:
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
    /// Boxed: errors travel in `Result`s, which stay small.
    problem: Box<Problem>,
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
        self.problem.kind()
    }

    /// What is wrong, with its data.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The seat or bot a key names, counted from 1 as people count: a key
    /// in `seats[i]` or `bots[i]` is also seat or bot `i+1`.
    ///
    /// ```
    /// use liar::config::SeatOrBot;
    /// use std::path::Path;
    /// let toml = "[[seats]]\nname = \"a\"\ntype = \"robot\"\n";
    /// let err = liar::config::parse_table(toml, Path::new("t.toml")).unwrap_err();
    /// assert_eq!(err.counted_from_one(), Some(SeatOrBot::Seat(1)));
    /// assert!(err.to_string().contains("seats[0].type (seat 1): "), "{err}");
    /// ```
    pub fn counted_from_one(&self) -> Option<SeatOrBot> {
        let key = self.key.as_deref()?;
        let (seat, rest) = if let Some(rest) = key.strip_prefix("seats[") {
            (true, rest)
        } else {
            (false, key.strip_prefix("bots[")?)
        };
        let index: usize = rest.split(']').next()?.parse().ok()?;
        Some(if seat {
            SeatOrBot::Seat(index + 1)
        } else {
            SeatOrBot::Bot(index + 1)
        })
    }
}

/// A seat or a tournament bot, counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatOrBot {
    /// `seats[n-1]`.
    Seat(usize),
    /// `bots[n-1]`.
    Bot(usize),
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
    pub(crate) fn at(&self, span: &Range<usize>, key: &str, problem: Problem) -> ConfigError {
        let mut err = self.whole(key, problem);
        err.location = Some(Location::of_offset(self.text, span.start));
        err
    }

    /// An error with no place in the file.
    pub(crate) fn whole(&self, key: &str, problem: Problem) -> ConfigError {
        ConfigError {
            file: self.file.clone(),
            location: None,
            key: (!key.is_empty()).then(|| key.to_string()),
            problem: Box::new(problem),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_has_file_place_key_message() {
        let o = Origin::new(Path::new("dir/t.toml"), "a\nbb = 1");
        let unknown = Problem::UnknownKey {
            suggestion: None,
            allowed: "aa".into(),
        };
        let e = o.at(&(2..4), "rules.bb", unknown);
        assert_eq!(
            e.to_string(),
            "dir/t.toml:2:1: rules.bb: unknown key; expected one of: aa"
        );
        let e = o.whole("", Problem::NotUtf8);
        assert_eq!(
            e.to_string(),
            "dir/t.toml: not UTF-8 text; save the file as UTF-8"
        );
    }

    #[test]
    fn quote_escapes_and_shortens() {
        assert_eq!(quote("a\u{1b}[2J"), "\"a\\u{1b}[2J\"");
        assert_eq!(quote(&"x".repeat(50)), format!("\"{}…\"", "x".repeat(40)));
        assert_eq!(quote("Аня"), "\"Аня\"");
        assert_eq!(show_path(Path::new("a\u{7}b.lua")), "a\\u{7}b.lua");
    }
}
