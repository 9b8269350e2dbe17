//! The data folder behind the lobby: [`FolderStore`] keeps what the lobby
//! tells it ([`LobbyStore`]), and [`restore_lobby`] builds the lobby again
//! from it when the server starts.

use super::records::{MatchRecord, MatchState, SeatRecord, TableRecord};
use super::restore::RestoredTable;
use super::{Store, StoreError};
use crate::online::{Occupant, Phase, TableId, TableSummary};
use crate::rules::Seat;
use crate::server::match_log::MatchLog;
use crate::server::presets::Preset;
use crate::server::token::TokenHash;
use crate::server::{Lobby, LobbyStore, MatchPlan, PlanSeat, RestoredMatch, SavedSeat, SavedTable};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A [`LobbyStore`] that keeps tables, seats and matches in a data folder.
/// What cannot be kept (a full disk, …) is said on standard error; the
/// lobby plays on.
#[derive(Debug)]
pub struct FolderStore {
    store: Store,
    presets: Vec<Preset>,
}

impl FolderStore {
    /// Keeps the lobby in `store`; `presets` are the server's (a match's
    /// bots are rebuilt from its table's preset).
    pub fn new(store: Store, presets: Vec<Preset>) -> Self {
        FolderStore { store, presets }
    }

    /// The data folder.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn said(&self, what: &str, result: Result<(), StoreError>) {
        if let Err(e) = result {
            eprintln!("liar serve: data folder: {what}: {e}");
        }
    }

    fn preset(&self, name: &str) -> Option<&Preset> {
        self.presets.iter().find(|p| p.name == name)
    }

    fn seat_left_now(&self, table: TableId, seat: Seat) -> Result<(), StoreError> {
        let Some((_, seats)) = self.store.table(table)? else {
            return Ok(());
        };
        let Some(mut row) = seats.iter().find(|s| s.seat == seat).cloned() else {
            return Ok(());
        };
        row.token_hash = None;
        let phase = self.store.last_match(table, false)?.map(|m| m.state);
        match phase {
            None | Some(MatchState::Waiting) => {
                row.occupant = Occupant::Open;
                row.name.clear();
                self.store.put_seat(table, &row)
            }
            Some(MatchState::Playing) => {
                row.left = true;
                self.store.put_seat(table, &row)
            }
            Some(MatchState::Finished) => self.store.put_seat(table, &row),
        }
    }

    fn match_started_now(&self, plan: &MatchPlan) -> Result<Box<dyn MatchLog>, StoreError> {
        let kept = KeptPlan::of(plan);
        let json = serde_json::to_value(&kept).map_err(|e| corrupt(&self.store, e))?;
        if self
            .preset(&plan.preset)
            .and_then(|p| kept.plan(plan.table, plan.seed, p))
            .as_ref()
            != Some(plan)
        {
            eprintln!(
                "liar serve: data folder: table {}: this match's bots cannot be rebuilt from \
                 its preset; it is recorded but will not go on after a restart",
                plan.table
            );
        }
        for (n, seat) in plan.seats.iter().enumerate() {
            if let PlanSeat::Bot(config) = seat {
                self.store.put_seat(
                    plan.table,
                    &SeatRecord {
                        seat: n,
                        name: config.name.clone(),
                        occupant: Occupant::Bot,
                        token_hash: None,
                        left: false,
                    },
                )?;
            }
        }
        let log = self.store.begin_match(plan.table, plan.seed, &json)?;
        Ok(Box::new(log))
    }
}

fn corrupt(store: &Store, e: serde_json::Error) -> StoreError {
    StoreError::Corrupt {
        path: store.dir().join(super::INDEX_FILE),
        what: e.to_string(),
    }
}

impl LobbyStore for FolderStore {
    fn table_created(&self, table: &TableSummary) {
        let result = serde_json::to_value(table)
            .map_err(|e| corrupt(&self.store, e))
            .and_then(|config| {
                let record = TableRecord {
                    id: table.id,
                    name: table.name.clone(),
                    preset: table.preset.clone(),
                    config,
                    host: table.host,
                };
                let seats: Vec<SeatRecord> = table
                    .seats
                    .iter()
                    .map(|s| SeatRecord {
                        seat: s.seat,
                        name: s.name.clone(),
                        occupant: s.occupant,
                        token_hash: None,
                        left: false,
                    })
                    .collect();
                self.store.put_table(&record, &seats)
            });
        self.said(&format!("table {}", table.id), result);
    }

    fn seat_taken(&self, table: TableId, seat: Seat, name: &str, token: &TokenHash) {
        let row = SeatRecord {
            seat,
            name: name.to_string(),
            occupant: Occupant::Person,
            token_hash: Some(hex(token)),
            left: false,
        };
        let result = self.store.put_seat(table, &row);
        self.said(&format!("table {table} seat {}", seat + 1), result);
    }

    fn host_changed(&self, table: TableId, host: Option<Seat>) {
        let result = self.store.set_host(table, host);
        self.said(&format!("table {table} host"), result);
    }

    fn seat_left(&self, table: TableId, seat: Seat) {
        let result = self.seat_left_now(table, seat);
        self.said(&format!("table {table} seat {}", seat + 1), result);
    }

    fn table_removed(&self, table: TableId) {
        let result = self.store.remove_table(table);
        self.said(&format!("table {table}"), result);
    }

    fn match_started(&self, plan: &MatchPlan) -> Box<dyn MatchLog> {
        match self.match_started_now(plan) {
            Ok(log) => log,
            Err(e) => {
                eprintln!(
                    "liar serve: data folder: table {}: the match is not kept: {e}",
                    plan.table
                );
                Box::new(crate::server::NoLog)
            }
        }
    }

    fn replay(&self, table: TableId) -> Option<Vec<u8>> {
        let last = self.store.last_match(table, true);
        match last.and_then(|m| m.map_or(Ok(None), |m| self.store.read_replay(m.id))) {
            Ok(replay) => replay,
            Err(e) => {
                eprintln!("liar serve: data folder: {e}");
                None
            }
        }
    }
}

/// A match plan as the index keeps it: the people's names, and which
/// seats bots played (a bot's settings come from the table's preset).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct KeptPlan {
    preset: String,
    sealed: bool,
    seats: Vec<KeptSeat>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum KeptSeat {
    Person(String),
    Bot(String),
}

impl KeptPlan {
    fn of(plan: &MatchPlan) -> Self {
        KeptPlan {
            preset: plan.preset.clone(),
            sealed: plan.sealed,
            seats: plan
                .seats
                .iter()
                .map(|s| match s {
                    PlanSeat::Person { name } => KeptSeat::Person(name.clone()),
                    PlanSeat::Bot(config) => KeptSeat::Bot(config.name.clone()),
                })
                .collect(),
        }
    }

    /// The plan again, as the lobby makes it: a bot plays the preset's
    /// seat when the preset seats a bot there, else the table's filling bot.
    fn plan(&self, table: TableId, seed: u64, preset: &Preset) -> Option<MatchPlan> {
        if self.preset != preset.name {
            return None;
        }
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(n, s)| match s {
                KeptSeat::Person(name) => PlanSeat::Person { name: name.clone() },
                KeptSeat::Bot(name) => PlanSeat::Bot(match preset.table.seats.get(n) {
                    Some(c) if c.bot.is_some() => c.clone(),
                    _ => preset.table.filler(name.clone()),
                }),
            })
            .collect();
        Some(MatchPlan {
            table,
            preset: self.preset.clone(),
            seed,
            sealed: self.sealed,
            seats,
        })
    }
}

/// What [`restore_lobby`] did, for the server's log.
#[derive(Debug, Default)]
pub struct RestoreReport {
    /// Tables listed again.
    pub tables: usize,
    /// Matches that go on from their journals.
    pub resumed: usize,
    /// Finished matches listed with their replays.
    pub finished: usize,
    /// Lines for the log: cut journal lines, tables or matches that could
    /// not be restored and why.
    pub notes: Vec<String>,
}

impl RestoreReport {
    /// How much came back, in a line for the server's log.
    ///
    /// ```
    /// let report = liar::server::store::RestoreReport { tables: 1, resumed: 1, finished: 2, notes: vec![] };
    /// assert_eq!(
    ///     report.summary(),
    ///     "liar serve: restored 1 table: 1 match goes on, 2 finished"
    /// );
    /// ```
    pub fn summary(&self) -> String {
        use crate::i18n::{Lang, Noun, count};
        let n = |k: usize| u64::try_from(k).unwrap_or(u64::MAX);
        let tables = count(n(self.tables), Noun::Table, Lang::En);
        let going = count(n(self.resumed), Noun::Match, Lang::En);
        let verb = if self.resumed == 1 { "goes" } else { "go" };
        format!(
            "liar serve: restored {tables}: {going} {verb} on, {} finished",
            self.finished
        )
    }
}

/// Builds the lobby again from the data folder: every table, with its
/// seats and their token hashes, and every unfinished match played forward
/// from its journal. Call it once, before the server takes connections.
pub fn restore_lobby(
    lobby: &Arc<Lobby>,
    folder: &FolderStore,
) -> Result<RestoreReport, StoreError> {
    let mut restored = folder.store.restore()?;
    let mut report = RestoreReport {
        finished: restored.finished.len(),
        notes: std::mem::take(&mut restored.notes),
        ..RestoreReport::default()
    };
    for (record, error) in &restored.broken {
        report.notes.push(format!(
            "table {}: match {} cannot go on: {error}",
            record.table, record.id
        ));
    }
    let mut unfinished = restored.unfinished;
    for table in restored.tables {
        let running = unfinished
            .iter()
            .position(|u| Some(u.record.id) == table.last_match.as_ref().map(|m| m.id))
            .map(|i| unfinished.swap_remove(i));
        let id = table.table.id;
        let mut saved = saved_table(&table);
        let running = match running {
            Some(u) => match folder
                .preset(&table.table.preset)
                .and_then(|p| kept_plan(&u.record)?.plan(id, u.record.seed, p))
            {
                Some(plan) => Some(RestoredMatch {
                    plan,
                    log: Box::new(u.log),
                    journal: u.journal,
                }),
                None => {
                    report.notes.push(format!(
                        "table {id}: match {} cannot go on: its plan does not fit the preset {:?}",
                        u.record.id, table.table.preset
                    ));
                    None
                }
            },
            None => None,
        };
        if running.is_none() && saved.phase == Phase::Playing {
            // Nothing plays it on: list it as over.
            saved.phase = Phase::Finished;
            saved.outcome = Some((vec![0; saved.seats.len()], true));
        }
        let resumed = running.is_some();
        match lobby.restore_table(saved, running) {
            Ok(_) => {
                report.tables += 1;
                report.resumed += usize::from(resumed);
            }
            Err(e) => report.notes.push(e),
        }
    }
    Ok(report)
}

fn kept_plan(record: &MatchRecord) -> Option<KeptPlan> {
    serde_json::from_value(record.plan.clone()).ok()
}

fn saved_table(table: &RestoredTable) -> SavedTable {
    SavedTable {
        id: table.table.id,
        name: table.table.name.clone(),
        preset: table.table.preset.clone(),
        phase: table.phase,
        host: table.table.host,
        seats: table
            .seats
            .iter()
            .map(|s| SavedSeat {
                occupant: s.occupant,
                name: s.name.clone(),
                token: s.token_hash.as_deref().and_then(unhex),
                left: s.left,
            })
            .collect(),
        outcome: table
            .last_match
            .as_ref()
            .and_then(|m| m.result.as_ref())
            .map(|r| (r.wins.clone(), r.aborted)),
    }
}

/// A token hash as the index keeps it: 64 hex digits.
fn hex(hash: &TokenHash) -> String {
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<TokenHash> {
    let mut hash = [0u8; 32];
    if text.len() != 64 {
        return None;
    }
    for (i, byte) in hash.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(hash)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::presets::builtin;

    #[test]
    fn token_hashes_go_to_hex_and_back() {
        let hash: TokenHash = std::array::from_fn(|i| (i * 37) as u8);
        let text = hex(&hash);
        assert_eq!(text.len(), 64);
        assert_eq!(unhex(&text), Some(hash));
        assert_eq!(unhex(&text[2..]), None);
        assert_eq!(unhex(&format!("zz{}", &text[2..])), None);
    }

    fn round_trip(preset: &Preset, seats: Vec<PlanSeat>) {
        let plan = MatchPlan {
            table: 9,
            preset: preset.name.clone(),
            seed: 77,
            sealed: true,
            seats,
        };
        let kept = KeptPlan::of(&plan);
        let json = serde_json::to_value(&kept).unwrap();
        let back: KeptPlan = serde_json::from_value(json).unwrap();
        assert_eq!(back.plan(9, 77, preset), Some(plan));
    }

    #[test]
    fn a_plan_is_rebuilt_with_the_presets_bots() {
        let presets = builtin().unwrap();
        let default = &presets[0];
        let mut seats = vec![PlanSeat::Person { name: "Ann".into() }];
        seats.extend(default.table.seats[1..].iter().cloned().map(PlanSeat::Bot));
        round_trip(default, seats);
    }

    #[test]
    fn a_plan_is_rebuilt_with_the_tables_filling_bot() {
        let presets = builtin().unwrap();
        let three = &presets[1];
        let filler = three.table.filler("Expert 3".into());
        let seats = vec![
            PlanSeat::Person { name: "Ann".into() },
            PlanSeat::Person { name: "Bob".into() },
            PlanSeat::Bot(filler),
        ];
        round_trip(three, seats);
    }

    #[test]
    fn a_plan_of_another_preset_is_not_rebuilt() {
        let presets = builtin().unwrap();
        let plan = KeptPlan {
            preset: "three".into(),
            sealed: false,
            seats: vec![],
        };
        assert_eq!(plan.plan(1, 1, &presets[0]), None);
    }
}
