//! The seats `liar join` holds, kept in the user's data folder
//! (`$XDG_DATA_HOME/liar/tokens.json`, as [`super::super::recorded`] finds
//! its folder) so that running it again, after a crash or a closed
//! terminal, comes back to the same seat.
//!
//! The file is a JSON object: `{"host:port": {"TABLE": {"seat": 0,
//! "token": "…", "saved": 1764540000}}}`. Tokens are secrets: on Unix the
//! file is readable by its owner only.

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
}

type Servers = BTreeMap<String, BTreeMap<String, SavedSeat>>;

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

    /// The seat saved for `table` at `server`.
    pub fn get(&self, server: &str, table: TableId) -> Option<SavedSeat> {
        self.read().get(server)?.get(&table.to_string()).cloned()
    }

    /// The seat saved last at `server`, with its table.
    pub fn newest(&self, server: &str) -> Option<(TableId, SavedSeat)> {
        let servers = self.read();
        let tables = servers.get(server)?;
        tables
            .iter()
            .filter_map(|(table, seat)| Some((table.parse::<TableId>().ok()?, seat.clone())))
            .max_by_key(|(table, seat)| (seat.saved, *table))
    }

    /// Saves the seat held at `table`.
    pub fn save(&self, server: &str, table: TableId, seat: Seat, token: &str) -> io::Result<()> {
        let mut servers = self.read();
        let saved = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        servers.entry(server.to_string()).or_default().insert(
            table.to_string(),
            SavedSeat {
                seat,
                token: token.to_string(),
                saved,
            },
        );
        self.write(&servers)
    }

    /// Forgets the seat at `table` (the match is over, or the seat given up).
    pub fn remove(&self, server: &str, table: TableId) -> io::Result<()> {
        let mut servers = self.read();
        let Some(tables) = servers.get_mut(server) else {
            return Ok(());
        };
        if tables.remove(&table.to_string()).is_none() {
            return Ok(());
        }
        if tables.is_empty() {
            servers.remove(server);
        }
        self.write(&servers)
    }

    /// What the file holds; nothing when it is missing or unreadable (a
    /// damaged file loses its seats, not the game).
    fn read(&self) -> Servers {
        fs::read(&self.path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
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

    #[test]
    fn a_seat_saved_is_found_by_server_and_table() {
        let dir = scratch();
        let tokens = Tokens::at(&dir.path().join("liar"));
        assert_eq!(tokens.get("a:1", 3), None);
        tokens.save("a:1", 3, 2, "secret").unwrap();
        tokens.save("b:2", 3, 0, "other").unwrap();
        let seat = tokens.get("a:1", 3).unwrap();
        assert_eq!((seat.seat, seat.token.as_str()), (2, "secret"));
        assert_eq!(tokens.get("a:1", 4), None);
        assert_eq!(tokens.get("b:2", 3).unwrap().token, "other");
        // A second save for the same table replaces the first.
        tokens.save("a:1", 3, 1, "new").unwrap();
        assert_eq!(tokens.get("a:1", 3).unwrap().token, "new");
    }

    #[test]
    fn the_newest_seat_of_a_server_is_resumed() {
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        assert_eq!(tokens.newest("a:1"), None);
        tokens.save("a:1", 5, 0, "five").unwrap();
        tokens.save("a:1", 9, 1, "nine").unwrap();
        let (table, seat) = tokens.newest("a:1").unwrap();
        // Saved in the same second: the higher table number, made later.
        assert_eq!((table, seat.token.as_str()), (9, "nine"));
    }

    #[test]
    fn removing_forgets_one_seat_only() {
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        tokens.save("a:1", 1, 0, "one").unwrap();
        tokens.save("a:1", 2, 0, "two").unwrap();
        tokens.remove("a:1", 1).unwrap();
        tokens.remove("a:1", 7).unwrap();
        tokens.remove("nowhere:1", 1).unwrap();
        assert_eq!(tokens.get("a:1", 1), None);
        assert_eq!(tokens.get("a:1", 2).unwrap().token, "two");
    }

    #[test]
    fn a_damaged_file_holds_nothing_and_is_replaced() {
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        fs::write(dir.path().join("tokens.json"), "{not json").unwrap();
        assert_eq!(tokens.get("a:1", 1), None);
        tokens.save("a:1", 1, 0, "one").unwrap();
        assert_eq!(tokens.get("a:1", 1).unwrap().token, "one");
    }

    #[cfg(unix)]
    #[test]
    fn only_the_owner_may_read_the_tokens() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch();
        let tokens = Tokens::at(dir.path());
        tokens.save("a:1", 1, 0, "one").unwrap();
        let mode = fs::metadata(dir.path().join("tokens.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "{mode:o}");
    }
}
