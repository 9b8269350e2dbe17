//! `index.sqlite`: the tables, their seats and the matches, in SQLite (WAL,
//! `synchronous = NORMAL`: a commit is not synced at once, and a crash can
//! lose at most the last changes of the lobby, never a journal's answer).

use super::error::StoreError;
use super::records::{MatchId, MatchRecord, MatchResult, MatchState, SeatRecord, TableRecord};
use crate::online::{Occupant, TableId};
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::path::{Path, PathBuf};

/// The schema version this program writes (`PRAGMA user_version`).
pub const SCHEMA_VERSION: i64 = 1;

const SCHEMA_1: &str = "
CREATE TABLE tables (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL,
    preset  TEXT NOT NULL,
    config  TEXT NOT NULL,
    host    INTEGER,
    created INTEGER NOT NULL
);
CREATE TABLE seats (
    table_id   INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    name       TEXT NOT NULL,
    occupant   TEXT NOT NULL CHECK (occupant IN ('open', 'person', 'bot')),
    token_hash TEXT,
    left_match INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE matches (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seed     INTEGER NOT NULL,
    state    TEXT NOT NULL CHECK (state IN ('waiting', 'playing', 'finished')),
    started  INTEGER,
    finished INTEGER,
    plan     TEXT NOT NULL,
    replay   TEXT NOT NULL,
    result   TEXT
);
CREATE INDEX matches_by_table ON matches(table_id);
";

/// The open index.
#[derive(Debug)]
pub struct Index {
    path: PathBuf,
    db: Connection,
}

impl Index {
    /// Opens the index at `path`, creating it (and its schema) if missing.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let db = Connection::open(path).map_err(|source| StoreError::Index {
            path: path.to_path_buf(),
            source,
        })?;
        let index = Index {
            path: path.to_path_buf(),
            db,
        };
        index.setup()?;
        Ok(index)
    }

    fn err(&self) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
        |source| StoreError::Index {
            path: self.path.clone(),
            source,
        }
    }

    fn corrupt(&self, what: String) -> StoreError {
        StoreError::Corrupt {
            path: self.path.clone(),
            what,
        }
    }

    fn setup(&self) -> Result<(), StoreError> {
        let db = &self.db;
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(self.err())?;
        let _mode: String = db
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(self.err())?;
        db.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
            .map_err(self.err())?;
        let version: i64 = db
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(self.err())?;
        match version {
            0 => db
                .execute_batch(&format!(
                    "BEGIN; {SCHEMA_1} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;"
                ))
                .map_err(self.err()),
            SCHEMA_VERSION => Ok(()),
            found => Err(StoreError::Schema {
                path: self.path.clone(),
                found,
                known: SCHEMA_VERSION,
            }),
        }
    }

    /// Records a new table (or replaces the one with its number), with its seats.
    pub fn put_table(
        &mut self,
        table: &TableRecord,
        seats: &[SeatRecord],
        now: u64,
    ) -> Result<(), StoreError> {
        let path = self.path.clone();
        let err = move |source| StoreError::Index {
            path: path.clone(),
            source,
        };
        let tx = self.db.transaction().map_err(&err)?;
        tx.execute(
            "INSERT INTO tables (id, name, preset, config, host, created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (id) DO UPDATE SET name = ?2, preset = ?3, config = ?4, host = ?5",
            params![
                sql_int(table.id),
                table.name,
                table.preset,
                table.config.to_string(),
                table.host.map(sql_int),
                sql_int(now),
            ],
        )
        .map_err(&err)?;
        tx.execute(
            "DELETE FROM seats WHERE table_id = ?1",
            params![sql_int(table.id)],
        )
        .map_err(&err)?;
        for seat in seats {
            put_seat(&tx, table.id, seat).map_err(&err)?;
        }
        tx.commit().map_err(&err)
    }

    /// Records a seat's new occupant.
    pub fn put_seat(&self, table: TableId, seat: &SeatRecord) -> Result<(), StoreError> {
        put_seat(&self.db, table, seat).map_err(self.err())
    }

    /// Records the table's host.
    pub fn set_host(&self, table: TableId, host: Option<usize>) -> Result<(), StoreError> {
        self.db
            .execute(
                "UPDATE tables SET host = ?2 WHERE id = ?1",
                params![sql_int(table), host.map(sql_int)],
            )
            .map(drop)
            .map_err(self.err())
    }

    /// Forgets a table, its seats and its matches.
    pub fn remove_table(&mut self, table: TableId) -> Result<(), StoreError> {
        let path = self.path.clone();
        let err = move |source| StoreError::Index {
            path: path.clone(),
            source,
        };
        let tx = self.db.transaction().map_err(&err)?;
        for sql in [
            "DELETE FROM matches WHERE table_id = ?1",
            "DELETE FROM seats WHERE table_id = ?1",
            "DELETE FROM tables WHERE id = ?1",
        ] {
            tx.execute(sql, params![sql_int(table)]).map_err(&err)?;
        }
        tx.commit().map_err(&err)
    }

    /// Every table with its seats, by number.
    pub fn tables(&self) -> Result<Vec<(TableRecord, Vec<SeatRecord>)>, StoreError> {
        self.tables_where("", [])
    }

    /// One table with its seats.
    pub fn table(&self, id: TableId) -> Result<Option<(TableRecord, Vec<SeatRecord>)>, StoreError> {
        Ok(self.tables_where("WHERE id = ?1", [sql_int(id)])?.pop())
    }

    fn tables_where<P: rusqlite::Params>(
        &self,
        filter: &str,
        args: P,
    ) -> Result<Vec<(TableRecord, Vec<SeatRecord>)>, StoreError> {
        let mut tables = Vec::new();
        let mut query = self
            .db
            .prepare(&format!(
                "SELECT id, name, preset, config, host FROM tables {filter} ORDER BY id"
            ))
            .map_err(self.err())?;
        let rows = query
            .query_map(args, |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<i64>>(4)?,
                ))
            })
            .map_err(self.err())?;
        for row in rows {
            let (id, name, preset, config, host) = row.map_err(self.err())?;
            let id = self.unsigned(id, "tables.id")?;
            let config = serde_json::from_str(&config)
                .map_err(|e| self.corrupt(format!("table {id}: config: {e}")))?;
            let host = host.map(|h| self.unsigned(h, "tables.host")).transpose()?;
            let table = TableRecord {
                id,
                name,
                preset,
                config,
                host: host.map(|h| h as usize),
            };
            let seats = self.seats(id)?;
            tables.push((table, seats));
        }
        Ok(tables)
    }

    fn seats(&self, table: TableId) -> Result<Vec<SeatRecord>, StoreError> {
        let mut query = self
            .db
            .prepare(
                "SELECT seat, name, occupant, token_hash, left_match FROM seats
                 WHERE table_id = ?1 ORDER BY seat",
            )
            .map_err(self.err())?;
        let rows = query
            .query_map(params![sql_int(table)], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, bool>(4)?,
                ))
            })
            .map_err(self.err())?;
        let mut seats = Vec::new();
        for row in rows {
            let (seat, name, occupant, token_hash, left) = row.map_err(self.err())?;
            let occupant = occupant_from_name(&occupant).ok_or_else(|| {
                self.corrupt(format!("table {table} seat {seat}: occupant {occupant:?}"))
            })?;
            seats.push(SeatRecord {
                seat: self.unsigned(seat, "seats.seat")? as usize,
                name,
                occupant,
                token_hash,
                left,
            });
        }
        Ok(seats)
    }

    /// Records a new match of `table`, playing from now, and returns its
    /// number; its replay file is named by `replay(id)`.
    pub fn begin_match(
        &mut self,
        table: TableId,
        seed: u64,
        plan: &serde_json::Value,
        now: u64,
        replay: impl Fn(MatchId) -> String,
    ) -> Result<MatchId, StoreError> {
        let path = self.path.clone();
        let err = move |source| StoreError::Index {
            path: path.clone(),
            source,
        };
        let tx = self.db.transaction().map_err(&err)?;
        tx.execute(
            "INSERT INTO matches (table_id, seed, state, started, plan, replay)
             VALUES (?1, ?2, 'playing', ?3, ?4, '')",
            params![sql_int(table), seed as i64, sql_int(now), plan.to_string()],
        )
        .map_err(&err)?;
        let id = tx.last_insert_rowid() as u64;
        tx.execute(
            "UPDATE matches SET replay = ?2 WHERE id = ?1",
            params![sql_int(id), replay(id)],
        )
        .map_err(&err)?;
        tx.commit().map_err(&err)?;
        Ok(id)
    }

    /// Records that a match is over.
    pub fn finish_match(
        &self,
        id: MatchId,
        result: &MatchResult,
        now: u64,
    ) -> Result<(), StoreError> {
        let result = serde_json::to_string(result).map_err(|e| self.corrupt(e.to_string()))?;
        self.db
            .execute(
                "UPDATE matches SET state = 'finished', finished = ?2, result = ?3 WHERE id = ?1",
                params![sql_int(id), sql_int(now), result],
            )
            .map(drop)
            .map_err(self.err())
    }

    /// One match.
    pub fn get_match(&self, id: MatchId) -> Result<Option<MatchRecord>, StoreError> {
        let row = self
            .db
            .query_row(
                &format!("{MATCH_COLUMNS} WHERE id = ?1"),
                params![sql_int(id)],
                raw_match,
            )
            .optional()
            .map_err(self.err())?;
        row.map(|raw| self.match_record(raw)).transpose()
    }

    /// The last match of `table` (the last finished one, with `finished`).
    pub fn last_match(
        &self,
        table: TableId,
        finished: bool,
    ) -> Result<Option<MatchRecord>, StoreError> {
        let state = if finished {
            "AND state = 'finished'"
        } else {
            ""
        };
        let row = self
            .db
            .query_row(
                &format!("{MATCH_COLUMNS} WHERE table_id = ?1 {state} ORDER BY id DESC LIMIT 1"),
                params![sql_int(table)],
                raw_match,
            )
            .optional()
            .map_err(self.err())?;
        row.map(|raw| self.match_record(raw)).transpose()
    }

    /// Every match, by number.
    pub fn matches(&self) -> Result<Vec<MatchRecord>, StoreError> {
        let mut query = self
            .db
            .prepare(&format!("{MATCH_COLUMNS} ORDER BY id"))
            .map_err(self.err())?;
        let rows = query.query_map([], raw_match).map_err(self.err())?;
        let mut matches = Vec::new();
        for row in rows {
            let raw = row.map_err(self.err())?;
            matches.push(self.match_record(raw)?);
        }
        Ok(matches)
    }

    fn match_record(&self, raw: RawMatch) -> Result<MatchRecord, StoreError> {
        let id = self.unsigned(raw.id, "matches.id")?;
        let state = MatchState::from_name(&raw.state)
            .ok_or_else(|| self.corrupt(format!("match {id}: state {:?}", raw.state)))?;
        let result = raw
            .result
            .map(|r| serde_json::from_str(&r))
            .transpose()
            .map_err(|e| self.corrupt(format!("match {id}: result: {e}")))?;
        let plan = serde_json::from_str(&raw.plan)
            .map_err(|e| self.corrupt(format!("match {id}: plan: {e}")))?;
        Ok(MatchRecord {
            id,
            table: self.unsigned(raw.table, "matches.table_id")?,
            seed: raw.seed as u64,
            state,
            started: raw
                .started
                .map(|t| self.unsigned(t, "matches.started"))
                .transpose()?,
            finished: raw
                .finished
                .map(|t| self.unsigned(t, "matches.finished"))
                .transpose()?,
            plan,
            replay: raw.replay,
            result,
        })
    }

    fn unsigned(&self, value: i64, column: &str) -> Result<u64, StoreError> {
        u64::try_from(value).map_err(|_| self.corrupt(format!("{column} is {value}")))
    }
}

const MATCH_COLUMNS: &str =
    "SELECT id, table_id, seed, state, started, finished, plan, replay, result FROM matches";

struct RawMatch {
    id: i64,
    table: i64,
    seed: i64,
    state: String,
    started: Option<i64>,
    finished: Option<i64>,
    plan: String,
    replay: String,
    result: Option<String>,
}

fn raw_match(r: &Row<'_>) -> rusqlite::Result<RawMatch> {
    Ok(RawMatch {
        id: r.get(0)?,
        table: r.get(1)?,
        seed: r.get(2)?,
        state: r.get(3)?,
        started: r.get(4)?,
        finished: r.get(5)?,
        plan: r.get(6)?,
        replay: r.get(7)?,
        result: r.get(8)?,
    })
}

fn put_seat(db: &Connection, table: TableId, seat: &SeatRecord) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO seats (table_id, seat, name, occupant, token_hash, left_match)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (table_id, seat)
         DO UPDATE SET name = ?3, occupant = ?4, token_hash = ?5, left_match = ?6",
        params![
            sql_int(table),
            sql_int(seat.seat),
            seat.name,
            occupant_name(seat.occupant),
            seat.token_hash,
            seat.left,
        ],
    )
    .map(drop)
}

/// A number as SQLite stores it (numbers here stay far below 2^63).
fn sql_int(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

fn occupant_name(occupant: Occupant) -> &'static str {
    match occupant {
        Occupant::Open => "open",
        Occupant::Person => "person",
        Occupant::Bot => "bot",
    }
}

fn occupant_from_name(name: &str) -> Option<Occupant> {
    [Occupant::Open, Occupant::Person, Occupant::Bot]
        .into_iter()
        .find(|o| occupant_name(*o) == name)
}
