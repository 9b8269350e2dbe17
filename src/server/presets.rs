//! The tables a server offers: from the table files given on the command
//! line (the same files as `liar play`; their human seats are left open
//! for people), or built-in ones when none is given.

use crate::config::{ConfigError, DEFAULT_TABLE, TableConfig, parse_table};
use std::path::Path;

/// A table people can open.
#[derive(Clone, Debug)]
pub struct Preset {
    /// Its name in the lobby (`default`, or a file's stem).
    pub name: String,
    /// The table: rules, seats (human seats are open), `[online]`.
    pub table: TableConfig,
}

/// Three seats, all open for people; bots fill those nobody takes.
const THREE: &str = "[[seats]]\nname = \"Seat 1\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Seat 2\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Seat 3\"\ntype = \"human\"\n";

/// Four seats, all open for people.
const FOUR: &str = "[[seats]]\nname = \"Seat 1\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Seat 2\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Seat 3\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Seat 4\"\ntype = \"human\"\n";

/// The built-in presets: `default` (the built-in table of `liar play`: one
/// person against `honest` and `statistician`), `three` and `four` (every
/// seat open for people; the host fills the rest with the table's bot).
///
/// ```
/// let presets = liar::server::presets::builtin().unwrap();
/// let names: Vec<_> = presets.iter().map(|p| p.name.as_str()).collect();
/// assert_eq!(names, ["default", "three", "four"]);
/// ```
pub fn builtin() -> Result<Vec<Preset>, ConfigError> {
    [("default", DEFAULT_TABLE), ("three", THREE), ("four", FOUR)]
        .into_iter()
        .map(|(name, text)| {
            Ok(Preset {
                name: name.to_string(),
                table: parse_table(text, Path::new(&format!("{name}.toml (built in)")))?,
            })
        })
        .collect()
}

/// A preset from a table file already read: named after the file's stem
/// (`config/hot-seat.toml` → `hot-seat`), `-2`, `-3`… when taken.
pub fn from_file(path: &Path, table: TableConfig, taken: &[Preset]) -> Preset {
    let stem = path
        .file_stem()
        .map_or_else(|| "table".to_string(), |s| s.to_string_lossy().into_owned());
    let mut name = stem.clone();
    let mut n = 1;
    while taken.iter().any(|p| p.name == name) {
        n += 1;
        name = format!("{stem}-{n}");
    }
    Preset { name, table }
}
