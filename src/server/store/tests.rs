//! The data folder on its own: the index, the files of a match, restoring.

use super::*;
use crate::engine::{Event, MatchSetup, Observer, native_players, play_match};
use crate::online::{Move, Occupant, Phase};
use crate::replay::ReplayWriter;
use crate::rules::Rules;
use crate::server::match_log::{Answer, JournalEntry, MatchLog};
use std::io::Write;

fn table(id: TableId) -> TableRecord {
    TableRecord {
        id,
        name: format!("Table {id}"),
        preset: "default".into(),
        config: serde_json::json!({"games": 2, "turn_seconds": 60}),
        host: None,
    }
}

fn seats() -> Vec<SeatRecord> {
    vec![
        SeatRecord {
            seat: 0,
            name: String::new(),
            occupant: Occupant::Open,
            token_hash: None,
            left: false,
        },
        SeatRecord {
            seat: 1,
            name: "Stat".into(),
            occupant: Occupant::Bot,
            token_hash: None,
            left: false,
        },
    ]
}

fn anna() -> SeatRecord {
    SeatRecord {
        seat: 0,
        name: "Anna".into(),
        occupant: Occupant::Person,
        token_hash: Some("ab12".into()),
        left: false,
    }
}

fn plan() -> serde_json::Value {
    serde_json::json!({"seats": ["Anna", "Stat"]})
}

fn entry(turn: u64) -> JournalEntry {
    JournalEntry {
        turn,
        seat: 0,
        answer: Answer::Person {
            decision: Move::Accept,
        },
    }
}

/// Sends a match's events to a match log.
struct ToLog<'a>(&'a mut FileMatchLog);

impl Observer for ToLog<'_> {
    fn event(&mut self, event: &Event) {
        self.0.event(event);
    }
}

/// A whole match of native bots, as a replay writer writes it, and its stats.
fn bot_match(log: Option<&mut FileMatchLog>) -> (Vec<u8>, crate::engine::MatchStats) {
    let setup = MatchSetup::native(Rules::default(), 5, 2, &["random", "honest", "honest"]);
    let mut players = native_players(&setup).unwrap();
    match log {
        Some(log) => {
            let stats = play_match(&setup, &mut players, &mut ToLog(log)).unwrap();
            log.finished(&stats);
            (Vec::new(), stats)
        }
        None => {
            let mut writer = ReplayWriter::new(Vec::new());
            let stats = play_match(&setup, &mut players, &mut writer).unwrap();
            (writer.finish().unwrap(), stats)
        }
    }
}

#[test]
fn a_new_folder_gets_a_versioned_index_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert!(store.tables().unwrap().is_empty());
    drop(store);
    let db = rusqlite::Connection::open(dir.path().join(INDEX_FILE)).unwrap();
    let version: i64 = db
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    let mode: String = db
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!((version, mode.as_str()), (SCHEMA_VERSION, "wal"));
    // Opening again keeps what is there.
    Store::open(dir.path()).unwrap();
}

#[test]
fn an_index_from_a_newer_program_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    Store::open(dir.path()).unwrap();
    let db = rusqlite::Connection::open(dir.path().join(INDEX_FILE)).unwrap();
    db.execute_batch("PRAGMA user_version = 99").unwrap();
    drop(db);
    let error = Store::open(dir.path()).unwrap_err();
    assert!(
        matches!(error, StoreError::Schema { found: 99, .. }),
        "{error}"
    );
}

#[test]
fn tables_seats_and_hosts_come_back_after_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.put_table(&table(3), &seats()).unwrap();
    store.put_table(&table(4), &seats()).unwrap();
    store.put_seat(3, &anna()).unwrap();
    let left = SeatRecord {
        left: true,
        ..seats()[1].clone()
    };
    store.put_seat(3, &left).unwrap();
    store.set_host(3, Some(0)).unwrap();
    store.remove_table(4).unwrap();
    drop(store);

    let restored = Store::open(dir.path()).unwrap().restore().unwrap();
    assert_eq!(restored.tables.len(), 1);
    let t = &restored.tables[0];
    assert_eq!(
        t.table,
        TableRecord {
            host: Some(0),
            ..table(3)
        }
    );
    assert_eq!(t.seats, vec![anna(), left]);
    assert_eq!((t.phase, t.last_match.as_ref()), (Phase::Waiting, None));
    assert!(restored.unfinished.is_empty() && restored.finished.is_empty());
}

#[test]
fn a_finished_match_is_listed_with_its_replay_as_the_replay_writer_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.put_table(&table(1), &seats()).unwrap();
    let mut log = store.begin_match(1, u64::MAX - 3, &plan()).unwrap();
    let id = log.id();
    let (_, stats) = bot_match(Some(&mut log));
    assert!(log.error().is_none());
    drop(store);

    let store = Store::open(dir.path()).unwrap();
    let restored = store.restore().unwrap();
    assert!(restored.unfinished.is_empty());
    assert_eq!(restored.finished.len(), 1);
    let record = &restored.finished[0];
    assert_eq!(
        (record.id, record.table, record.seed, record.state),
        (id, 1, u64::MAX - 3, MatchState::Finished)
    );
    assert_eq!(record.replay, format!("matches/{id}/replay.jsonl"));
    assert_eq!(record.plan, plan());
    assert_eq!(
        record.result,
        Some(MatchResult {
            wins: stats.wins.clone(),
            aborted: false
        })
    );
    assert_eq!(restored.tables[0].phase, Phase::Finished);
    assert_eq!(
        store.read_replay(id).unwrap().unwrap(),
        bot_match(None).0,
        "the stored replay is what the replay writer writes"
    );
    assert_eq!(store.read_replay(id + 1).unwrap(), None);
}

#[test]
fn an_unfinished_match_comes_back_with_its_journal_and_a_fresh_replay() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.put_table(&table(1), &seats()).unwrap();
    let mut log = store.begin_match(1, 42, &plan()).unwrap();
    let id = log.id();
    for turn in 0..3 {
        log.answer(&entry(turn));
    }
    bot_match(Some(&mut log)); // events only: the match is "killed" below
    drop(log);
    // Killed before the end: the index still says playing.
    let db = rusqlite::Connection::open(dir.path().join(INDEX_FILE)).unwrap();
    db.execute("UPDATE matches SET state = 'playing', result = NULL", [])
        .unwrap();
    drop(db);
    drop(store);

    let store = Store::open(dir.path()).unwrap();
    let mut restored = store.restore().unwrap();
    assert!(restored.notes.is_empty(), "{:?}", restored.notes);
    assert_eq!(restored.tables[0].phase, Phase::Playing);
    let mut unfinished = restored.unfinished.pop().unwrap();
    assert_eq!((unfinished.record.id, unfinished.record.seed), (id, 42));
    assert_eq!(unfinished.journal, vec![entry(0), entry(1), entry(2)]);
    // The replay starts again from its first line.
    assert_eq!(store.read_replay(id).unwrap().unwrap(), b"");

    // Playing forward hands the journaled answers again: kept once.
    for turn in 0..5 {
        unfinished.log.answer(&entry(turn));
    }
    drop(unfinished);
    let journal = read_journal(&dir.path().join(match_folder(id)).join(JOURNAL_FILE)).unwrap();
    assert_eq!(journal.entries, (0..5).map(entry).collect::<Vec<_>>());
}

#[test]
fn a_cut_last_journal_line_is_dropped_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.put_table(&table(1), &seats()).unwrap();
    let mut log = store.begin_match(1, 42, &plan()).unwrap();
    let id = log.id();
    assert!(
        !dir.path().join(match_folder(id)).exists(),
        "files are made at the first answer or event"
    );
    log.answer(&entry(0));
    drop(log);
    let path = dir.path().join(match_folder(id)).join(JOURNAL_FILE);
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    file.write_all(br#"{"turn":1,"se"#).unwrap();
    drop(file);

    let mut restored = store.restore().unwrap();
    assert_eq!(restored.notes.len(), 1);
    assert!(
        restored.notes[0].contains("journal.jsonl"),
        "{:?}",
        restored.notes
    );
    let mut unfinished = restored.unfinished.pop().unwrap();
    assert_eq!(unfinished.journal, vec![entry(0)]);
    unfinished.log.answer(&entry(1));
    assert_eq!(
        read_journal(&path).unwrap().entries,
        vec![entry(0), entry(1)]
    );
}

#[test]
fn a_bad_journal_line_leaves_the_match_broken_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.put_table(&table(1), &seats()).unwrap();
    let good = store.begin_match(1, 1, &plan()).unwrap();
    let bad = store.begin_match(1, 2, &plan()).unwrap();
    let bad_id = bad.id();
    drop((good, bad));
    let path = dir.path().join(match_folder(bad_id)).join(JOURNAL_FILE);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        "{\"turn\":0,\"seat\":0,\"answer\":{\"by\":\"timeout\"}}\n[]\n",
    )
    .unwrap();

    let restored = store.restore().unwrap();
    assert_eq!(restored.unfinished.len(), 1);
    assert_eq!(restored.broken.len(), 1);
    let (record, error) = &restored.broken[0];
    assert_eq!(record.id, bad_id);
    let text = error.to_string();
    assert!(
        text.contains(&format!("{}:2: not a journal entry", path.display())),
        "{text}"
    );
}

#[test]
fn a_replay_name_leaving_the_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.put_table(&table(1), &seats()).unwrap();
    let id = store.begin_match(1, 1, &plan()).unwrap().id();
    assert!(store.replay_file(id).unwrap().is_some());
    let db = rusqlite::Connection::open(dir.path().join(INDEX_FILE)).unwrap();
    db.execute("UPDATE matches SET replay = '../../etc/passwd'", [])
        .unwrap();
    let error = store.replay_file(id).unwrap_err();
    assert!(matches!(error, StoreError::Corrupt { .. }), "{error}");
}

#[test]
fn match_numbers_are_not_reused() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.put_table(&table(1), &seats()).unwrap();
    store.put_table(&table(2), &seats()).unwrap();
    let first = store.begin_match(1, 1, &plan()).unwrap().id();
    store.remove_table(1).unwrap();
    let second = store.begin_match(2, 1, &plan()).unwrap().id();
    assert!(second > first);
}

#[test]
fn the_last_match_of_a_table_and_its_last_finished_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.put_table(&table(1), &seats()).unwrap();
    store.put_table(&table(2), &seats()).unwrap();
    assert_eq!(store.last_match(1, false).unwrap(), None);
    let mut first = store.begin_match(1, 1, &plan()).unwrap();
    bot_match(Some(&mut first));
    let second = store.begin_match(1, 2, &plan()).unwrap();
    store.begin_match(2, 3, &plan()).unwrap();
    let last = store.last_match(1, false).unwrap().unwrap();
    assert_eq!((last.id, last.state), (second.id(), MatchState::Playing));
    let done = store.last_match(1, true).unwrap().unwrap();
    assert_eq!((done.id, done.state), (first.id(), MatchState::Finished));
    assert_eq!(store.table(2).unwrap().unwrap().0, table(2));
    assert_eq!(store.table(3).unwrap(), None);
}
