//! A bot's parameters: named values a table file gives one bot seat
//! (`params = { slack = 0.04 }`), which the bot reads as `liar.params`.
//! One script can so play several ways in one tournament, and the replay
//! says which way each seat played.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// One parameter's value: what a table file can write and Lua can hold.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ParamValue {
    /// `true` or `false`.
    Bool(bool),
    /// A whole number (a Lua integer).
    Int(i64),
    /// A finite number with a fraction (a Lua float).
    Float(f64),
    /// A string.
    Text(String),
}

impl ParamValue {
    /// The value a command-line flag's text stands for: `true` or `false`,
    /// else a whole number, else a number, else the text itself.
    ///
    /// ```
    /// use liar::setup::ParamValue;
    /// assert_eq!(ParamValue::from_flag("0.04"), ParamValue::Float(0.04));
    /// assert_eq!(ParamValue::from_flag("3"), ParamValue::Int(3));
    /// assert_eq!(ParamValue::from_flag("bold"), ParamValue::Text("bold".into()));
    /// ```
    pub fn from_flag(text: &str) -> ParamValue {
        if let Ok(b) = text.parse::<bool>() {
            ParamValue::Bool(b)
        } else if let Ok(n) = text.parse::<i64>() {
            ParamValue::Int(n)
        } else if let Ok(x) = text.parse::<f64>() {
            ParamValue::Float(x)
        } else {
            ParamValue::Text(text.to_string())
        }
    }
}

/// A bot's parameters, by name, in name order (so a replay lists them the
/// same way every time). Empty for a bot the file gives none.
///
/// ```
/// use liar::setup::{BotParams, ParamValue};
/// let mut params = BotParams::default();
/// assert!(params.insert("slack", ParamValue::Float(0.04)).is_ok());
/// assert!(params.insert("2fast", ParamValue::Bool(true)).is_err());
/// assert_eq!(params.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BotParams(BTreeMap<String, ParamValue>);

/// Why a parameter was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamProblem {
    /// The name is not a Lua identifier of at most
    /// [`BotParams::MAX_NAME_CHARS`] characters.
    BadName,
    /// A seat already has [`BotParams::MAX_PARAMS`] parameters.
    TooMany,
    /// A string longer than [`BotParams::MAX_TEXT_BYTES`] bytes.
    TextTooLong,
    /// A number that is infinite or not a number.
    NotFinite,
}

impl BotParams {
    // The limits keep the `match` line of a full table (16 seats, each
    // with the most and the longest parameters, escaped as JSON) within
    // one replay line (`crate::replay::MAX_LINE_BYTES`).

    /// The most parameters one seat may have.
    pub const MAX_PARAMS: usize = 32;
    /// The longest parameter name, in characters.
    pub const MAX_NAME_CHARS: usize = 64;
    /// The longest string value, in bytes.
    pub const MAX_TEXT_BYTES: usize = 256;

    /// Adds a parameter, or says why it cannot be one. A name given twice
    /// keeps the last value.
    pub fn insert(&mut self, name: &str, value: ParamValue) -> Result<(), ParamProblem> {
        Self::check(name, &value)?;
        if self.0.len() >= Self::MAX_PARAMS && !self.0.contains_key(name) {
            return Err(ParamProblem::TooMany);
        }
        self.0.insert(name.to_string(), value);
        Ok(())
    }

    /// What is wrong with one entry, if anything (the count aside).
    fn check(name: &str, value: &ParamValue) -> Result<(), ParamProblem> {
        if !Self::is_name(name) {
            return Err(ParamProblem::BadName);
        }
        match value {
            ParamValue::Float(x) if !x.is_finite() => Err(ParamProblem::NotFinite),
            ParamValue::Text(s) if s.len() > Self::MAX_TEXT_BYTES => Err(ParamProblem::TextTooLong),
            _ => Ok(()),
        }
    }

    /// Whether `name` can name a parameter: a Lua identifier (letters,
    /// digits and `_`, not starting with a digit), at most
    /// [`BotParams::MAX_NAME_CHARS`] long.
    pub fn is_name(name: &str) -> bool {
        let mut chars = name.chars();
        let Some(first) = chars.next() else {
            return false;
        };
        (first.is_ascii_alphabetic() || first == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
            && name.len() <= Self::MAX_NAME_CHARS
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The parameters, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &ParamValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Whether every entry obeys [`BotParams::insert`]'s rules (for
    /// parameters read from a replay or a message rather than built).
    pub fn is_valid(&self) -> bool {
        self.0.len() <= Self::MAX_PARAMS
            && self
                .iter()
                .all(|(name, value)| Self::check(name, value).is_ok())
    }
}

/// `name = value, ...` in name order, values as a table file writes them.
///
/// ```
/// use liar::setup::{BotParams, ParamValue};
/// let mut params = BotParams::default();
/// params.insert("slack", ParamValue::Float(0.04)).unwrap();
/// params.insert("style", ParamValue::Text("sly".into())).unwrap();
/// assert_eq!(params.to_string(), r#"slack = 0.04, style = "sly""#);
/// ```
impl fmt::Display for BotParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in self.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            match value {
                ParamValue::Bool(b) => write!(f, "{sep}{name} = {b}")?,
                ParamValue::Int(n) => write!(f, "{sep}{name} = {n}")?,
                ParamValue::Float(x) => write!(f, "{sep}{name} = {x:?}")?,
                ParamValue::Text(s) => write!(f, "{sep}{name} = {s:?}")?,
            }
        }
        Ok(())
    }
}
