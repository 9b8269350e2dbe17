//! The folder where `liar play` keeps a replay of every match (the user's
//! data folder: `$XDG_DATA_HOME/liar/replays` on Linux, by the
//! `directories` crate), the names of the files in it, and the list of
//! recorded games that `liar replay` shows without a file.

use crate::i18n::{AppMsg, Lang};
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// How many recorded games `liar replay` lists.
pub const LISTED: usize = 20;

/// The user's data folder for `liar` (`~/.local/share/liar`, or under
/// `$XDG_DATA_HOME`), or `None` when the system names none (no home
/// directory). Recorded games, `liar join`'s seats and the server's data
/// live in it.
pub fn data_folder() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "liar").map(|d| d.data_dir().to_path_buf())
}

/// The folder of recorded games, or `None` when the system names no data
/// folder (no home directory).
pub fn folder() -> Option<PathBuf> {
    data_folder().map(|d| d.join("replays"))
}

/// Creates the folder and names a new file in it after the time (UTC)
/// and, when someone chose it, the seed (a drawn seed stays secret):
/// `2026-11-30_19-04-05.jsonl`, `2026-11-30_19-04-05-seed42.jsonl`. A name
/// already taken gets `-2`, `-3`, …. Says why not, in `lang`, when the
/// folder cannot be made.
pub fn new_path(seed: Option<u64>, lang: Lang) -> Result<PathBuf, String> {
    let dir = folder().ok_or_else(|| AppMsg::NoDataFolder.text(lang))?;
    fs::create_dir_all(&dir).map_err(|e| unavailable(&dir, &e, lang))?;
    let stem = format!(
        "{}{}",
        timestamp(SystemTime::now(), '_', '-'),
        seed.map_or(String::new(), |s| format!("-seed{s}"))
    );
    (1..=1000u32)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.jsonl")),
            _ => dir.join(format!("{stem}-{n}.jsonl")),
        })
        .find(|path| !path.exists())
        .ok_or_else(|| {
            let error = std::io::Error::from(std::io::ErrorKind::AlreadyExists);
            unavailable(&dir, &error, lang)
        })
}

fn unavailable(path: &Path, error: &std::io::Error, lang: Lang) -> String {
    AppMsg::ReplayUnavailable {
        path: &path.display().to_string(),
        reason: &error.to_string(),
    }
    .text(lang)
}

/// `YYYY-MM-DD{sep}HH{colon}MM{colon}SS` in UTC.
fn timestamp(time: SystemTime, sep: char, colon: char) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(i64::try_from(days).unwrap_or(0));
    format!(
        "{y:04}-{m:02}-{d:02}{sep}{:02}{colon}{:02}{colon}{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard
/// Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        u32::try_from(m).unwrap_or(1),
        u32::try_from(d).unwrap_or(1),
    )
}

/// One recorded game, as listed.
struct Entry {
    path: PathBuf,
    modified: SystemTime,
    players: Vec<String>,
    games: usize,
}

/// What a replay says of itself: the seats' names and the games finished.
fn describe(path: &Path) -> (Vec<String>, usize) {
    let Ok(file) = File::open(path) else {
        return (Vec::new(), 0);
    };
    let mut players = Vec::new();
    let mut games = 0;
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let Ok(line) = line else { break };
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&line) else {
            break;
        };
        if i == 0
            && let Some(seats) = value["seats"].as_array()
        {
            players = seats
                .iter()
                .filter_map(|s| s["name"].as_str().map(str::to_string))
                .collect();
        }
        if value["type"] == "game_end" {
            games += 1;
        }
    }
    (players, games)
}

/// `file` as `liar replay` opens it: as given if it exists, else, for a
/// bare file name as the list shows it, that file in the recorded folder.
pub fn resolve(file: &Path) -> PathBuf {
    let bare = file.parent().is_none_or(|p| p.as_os_str().is_empty());
    if file.exists() || !bare {
        return file.to_path_buf();
    }
    match folder().map(|dir| dir.join(file)) {
        Some(recorded) if recorded.is_file() => recorded,
        _ => file.to_path_buf(),
    }
}

/// The list `liar replay` prints without a file: the newest [`LISTED`]
/// replays in `dir`, newest first, with their date (UTC), players, games
/// finished and file name (the folder is named above them, and `liar
/// replay NAME` finds the file there), and how to open one. Each entry
/// takes two lines, to fit 80 columns.
pub fn listing(dir: &Path, lang: Lang) -> String {
    let shown = dir.display().to_string();
    let mut entries: Vec<Entry> = fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl") && p.is_file())
                .map(|path| Entry {
                    modified: fs::metadata(&path)
                        .and_then(|m| m.modified())
                        .unwrap_or(UNIX_EPOCH),
                    players: Vec::new(),
                    games: 0,
                    path,
                })
                .collect()
        })
        .unwrap_or_default();
    if entries.is_empty() {
        return format!("{}\n", AppMsg::NoRecordedGames { dir: &shown }.text(lang));
    }
    entries.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.path.cmp(&a.path)));
    entries.truncate(LISTED);
    let mut out = format!("{}\n", AppMsg::RecordedGames { dir: &shown }.text(lang));
    for entry in &mut entries {
        (entry.players, entry.games) = describe(&entry.path);
        let name = entry.path.file_name().unwrap_or_default().to_string_lossy();
        let _ = writeln!(
            out,
            "  {}  {}\n    {}, {}",
            timestamp(entry.modified, ' ', ':'),
            name,
            crate::text::shorten(&entry.players.join(", "), 60),
            AppMsg::GamesCount { games: entry.games }.text(lang),
        );
    }
    let _ = writeln!(out, "{}", AppMsg::OpenRecorded.text(lang));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_utc_dates() {
        let at = |s| UNIX_EPOCH + Duration::from_secs(s);
        assert_eq!(timestamp(at(0), '_', '-'), "1970-01-01_00-00-00");
        assert_eq!(timestamp(at(951_782_400), ' ', ':'), "2000-02-29 00:00:00");
        assert_eq!(
            timestamp(at(1_796_050_245), ' ', ':'),
            "2026-11-30 14:50:45"
        );
    }
}
