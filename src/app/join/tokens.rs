//! The seats `liar join` holds, kept in the user's data folder
//! (`$XDG_DATA_HOME/liar/tokens.json`, as [`super::super::recorded`] finds
//! its folder) so that running it again, after a crash or a closed
//! terminal, comes back to the same seat.
//!
//! Several people may share one computer account and sit at the same
//! table: each seat is saved with the name it was taken with, and one
//! person's seat never replaces another's. The file is a JSON object:
//! `{"host:port": {"TABLE": [{"seat": 0, "token": "…", "saved":
//! 1764540000, "name": "Ann"}, …]}}` (files written before names were
//! saved hold one seat object per table, without a name, and are still
//! read). Tokens are secrets: on Unix the file is readable by its owner
//! only.

use crate::online::TableId;
use crate::rules::Seat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// A seat held at a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat {
    /// The seat (0-based).
    pub seat: Seat,
    /// The token that proves it.
    pub token: String,
    /// When it was saved (seconds since 1970), to resume the newest.
    #[serde(default)]
    pub saved: u64,
    /// The name the seat was taken with (`None` in files written before
    /// names were saved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl SavedSeat {
    /// Whether the seat was taken with `name` (ignoring case).
    pub fn taken_by(&self, name: &str) -> bool {
        self.name
            .as_deref()
            .is_some_and(|n| n.to_lowercase() == name.to_lowercase())
    }
}

/// The seats saved at one table: a list, or one seat in the older files.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum AtTable {
    Seats(Vec<SavedSeat>),
    Older(SavedSeat),
}

impl AtTable {
    fn into_seats(self) -> Vec<SavedSeat> {
        match self {
            AtTable::Seats(seats) => seats,
            AtTable::Older(seat) => vec![seat],
        }
    }
}

type Servers = BTreeMap<String, BTreeMap<String, Vec<SavedSeat>>>;

/// The token file.
#[derive(Clone, Debug)]
pub struct Tokens {
    path: PathBuf,
}

impl Tokens {
    /// The file in the user's data folder, or `None` when the system names
    /// no data folder.
    pub fn in_data_folder() -> Option<Tokens> {
        crate::app::recorded::data_folder().map(|d| Tokens::at(&d))
    }

    /// The file `tokens.json` in `folder`.
    pub fn at(folder: &Path) -> Tokens {
        Tokens {
            path: folder.join("tokens.json"),
        }
    }

    /// The seats saved at `server`: at `table`, or at every table if
    /// `None`; the newest first.
    pub fn seats(&self, server: &str, table: Option<TableId>) -> Vec<(TableId, SavedSeat)> {
        let servers = self.read();
        let Some(tables) = servers.get(server) else {
            return Vec::new();
        };
        let mut found: Vec<(TableId, SavedSeat)> = tables
            .iter()
            .filter_map(|(id, seats)| Some((id.parse::<TableId>().ok()?, seats)))
            .filter(|(id, _)| table.is_none_or(|t| t == *id))
            .flat_map(|(id, seats)| seats.iter().map(move |s| (id, s.clone())))
            .collect();
        // Saved in the same second: the higher table number was made later.
        found.sort_by_key(|(id, s)| std::cmp::Reverse((s.saved, *id, s.seat)));
        found
    }

    /// Saves the seat `seat` held at `table` by `name`: it replaces what
    /// was saved for the same seat, or for the same name, at that table,
    /// and nothing else.
    pub fn save(
        &self,
        server: &str,
        table: TableId,
        seat: Seat,
        token: &str,
        name: &str,
    ) -> io::Result<()> {
        let mut servers = self.read();
        let saved = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let seats = servers
            .entry(server.to_string())
            .or_default()
            .entry(table.to_string())
            .or_default();
        seats.retain(|s| s.seat != seat && !s.taken_by(name));
        seats.push(SavedSeat {
            seat,
            token: token.to_string(),
            saved,
            name: Some(name.to_string()),
        });
        self.write(&servers)
    }

    /// Forgets the seat `seat` at `table` (the match is over, or the seat
    /// given up).
    pub fn remove(&self, server: &str, table: TableId, seat: Seat) -> io::Result<()> {
        let mut servers = self.read();
        let Some(tables) = servers.get_mut(server) else {
            return Ok(());
        };
        let key = table.to_string();
        let Some(seats) = tables.get_mut(&key) else {
            return Ok(());
        };
        let before = seats.len();
        seats.retain(|s| s.seat != seat);
        if seats.len() == before {
            return Ok(());
        }
        if seats.is_empty() {
            tables.remove(&key);
        }
        if tables.is_empty() {
            servers.remove(server);
        }
        self.write(&servers)
    }

    /// What the file holds; nothing when it is missing or unreadable (a
    /// damaged file loses its seats, not the game).
    fn read(&self) -> Servers {
        let read: Option<BTreeMap<String, BTreeMap<String, AtTable>>> = fs::read(&self.path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok());
        read.unwrap_or_default()
            .into_iter()
            .map(|(server, tables)| {
                let tables = tables
                    .into_iter()
                    .map(|(table, at)| (table, at.into_seats()))
                    .collect();
                (server, tables)
            })
            .collect()
    }

    /// Writes the file whole: a temporary file renamed over it.
    fn write(&self, servers: &Servers) -> io::Result<()> {
        if let Some(folder) = self.path.parent() {
            fs::create_dir_all(folder)?;
        }
        let text = serde_json::to_string_pretty(servers).map_err(io::Error::other)?;
        let temporary = self.path.with_extension("json.new");
        write_private(&temporary, text.as_bytes())?;
        fs::rename(&temporary, &self.path)
    }
}

/// Writes a file only its owner may read (on Unix).
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    fn tokens_of(seats: &[(TableId, SavedSeat)]) -> Vec<&str> {
        seats.iter().map(|(_, s)| s.token.as_str()).collect()
    }

    #[test]
    fn a_seat_saved_is_found_by_server_and_table() {
        let dir = scratch();
        let tokens = Tokens::at(&dir.path().join("liar"));
        assert!(tokens.seats("a:1", Some(3)).is_empty());
        tokens.save("a:1", 3, 2, "secret", "Ann").unwrap();
        tokens.save("b:2", 3, 0, "other", "Ann").unwrap();
        let seats = tokens.seats("a:1", Some(3));
        assert_eq!(tokens_of(&seats), ["secret"]);
        assert_eq!(seats[0].1.seat, 2);
        assert!(seats[0].1.taken_by("ann"));
        assert!(tokens.seats("a:1", Some(4)).is_empty());
        assert_eq!(tokens_of(&tokens.seats("b:2", None)), ["other"]);
        // The same person saving again at the table replaces the first.
        tokens.save("a:1", 3, 1, "new", "ANN").unwrap();
        assert_eq!(tokens_of(&tokens.seats("a:1", Some(3))), ["new"]);
    }

    #[test]
    fn two_people_keep_their_own_seats_at_one_table() {
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        tokens.save("a:1", 4, 0, "ann", "Ann").unwrap();
        tokens.save("a:1", 4, 1, "bob", "Bob").unwrap();
        let seats = tokens.seats("a:1", Some(4));
        assert_eq!(seats.len(), 2, "{seats:?}");
        let of = |name: &str| {
            seats
                .iter()
                .find(|(_, s)| s.taken_by(name))
                .map(|(_, s)| (s.seat, s.token.clone()))
        };
        assert_eq!(of("ann"), Some((0, "ann".to_string())));
        assert_eq!(of("bob"), Some((1, "bob".to_string())));
        // Bob gives his seat up: Ann's stays.
        tokens.remove("a:1", 4, 1).unwrap();
        assert_eq!(tokens_of(&tokens.seats("a:1", Some(4))), ["ann"]);
    }

    #[test]
    fn the_newest_seat_of_a_server_comes_first() {
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        assert!(tokens.seats("a:1", None).is_empty());
        tokens.save("a:1", 5, 0, "five", "Ann").unwrap();
        tokens.save("a:1", 9, 1, "nine", "Ann").unwrap();
        // Saved in the same second: the higher table number, made later.
        assert_eq!(tokens_of(&tokens.seats("a:1", None)), ["nine", "five"]);
    }

    #[test]
    fn removing_forgets_one_seat_only() {
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        tokens.save("a:1", 1, 0, "one", "Ann").unwrap();
        tokens.save("a:1", 2, 0, "two", "Ann").unwrap();
        tokens.remove("a:1", 1, 0).unwrap();
        tokens.remove("a:1", 7, 0).unwrap();
        tokens.remove("nowhere:1", 1, 0).unwrap();
        assert!(tokens.seats("a:1", Some(1)).is_empty());
        assert_eq!(tokens_of(&tokens.seats("a:1", Some(2))), ["two"]);
    }

    #[test]
    fn a_file_of_the_older_kind_is_read_without_names() {
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        fs::write(
            dir.path().join("tokens.json"),
            r#"{"a:1": {"3": {"seat": 1, "token": "old", "saved": 7}}}"#,
        )
        .unwrap();
        let seats = tokens.seats("a:1", Some(3));
        assert_eq!(tokens_of(&seats), ["old"]);
        assert_eq!(seats[0].1.name, None);
        assert!(!seats[0].1.taken_by("Ann"));
        tokens.save("a:1", 3, 2, "new", "Bob").unwrap();
        assert_eq!(tokens.seats("a:1", Some(3)).len(), 2);
    }

    #[test]
    fn a_damaged_file_holds_nothing_and_is_replaced() {
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        fs::write(dir.path().join("tokens.json"), "{not json").unwrap();
        assert!(tokens.seats("a:1", None).is_empty());
        tokens.save("a:1", 1, 0, "one", "Ann").unwrap();
        assert_eq!(tokens_of(&tokens.seats("a:1", Some(1))), ["one"]);
    }

    #[cfg(unix)]
    #[test]
    fn only_the_owner_may_read_the_tokens() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        tokens.save("a:1", 1, 0, "one", "Ann").unwrap();
        let mode = fs::metadata(dir.path().join("tokens.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "{mode:o}");
    }
}
