//! The built-in default table and the longest name a seat may have.

use super::error::ConfigError;
use super::table::{TableConfig, parse_table};
use std::path::Path;

pub use crate::names::MAX_NAME_CHARS;

/// The text of `config/default.toml`, embedded so `liar play` works without
/// any file: one human against two bundled bots.
pub const DEFAULT_TABLE: &str = include_str!("../../config/default.toml");

/// The name messages and relative paths use for [`DEFAULT_TABLE`].
pub const DEFAULT_TABLE_NAME: &str = "default.toml (built in)";

/// The embedded default table, validated. It names only a human and bundled
/// bots, so it needs no file on disk and works wherever the binary runs.
///
/// ```
/// use liar::config::{default_table, SeatKind};
/// let table = default_table().unwrap();
/// assert_eq!(table.seats.len(), 3);
/// assert_eq!(table.seats[0].kind(), SeatKind::Human);
/// ```
pub fn default_table() -> Result<TableConfig, ConfigError> {
    parse_table(DEFAULT_TABLE, Path::new(DEFAULT_TABLE_NAME))
}
