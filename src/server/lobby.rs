//! The lobby: the server's tables, who sits where, and what each client
//! message does. Synchronous: the web layer hands it each parsed message
//! with the connection's [`Session`]; it answers through the connection's
//! [`Outbox`](super::outbox::Outbox) and tells the tables' other
//! connections what changed.

use super::legal;
use super::limits::check_name;
use super::lobby_store::LobbyStore;
use super::match_log::{JournalEntry, MatchLog};
use super::match_thread::{BotMaker, Ending, MatchContext, MatchPlan, PlanSeat, start_match};
use super::outbox::{ConnId, Outbox, Peer, encode};
use super::presets::Preset;
use super::table::{Outcome, SeatAnswer, Table, lock};
use super::token::{self, TokenHash};
use crate::config::{BotSource, SeatConfig};
use crate::online::{
    ClientMsg, ErrorCode, GoneReason, Move, OLDEST_PROTOCOL_VERSION, Occupant, PROTOCOL_VERSION,
    Phase, ServerMsg, TableId, TableSummary,
};
use crate::rules::Seat;
use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How a lobby runs its tables.
#[derive(Clone, Copy, Debug)]
pub struct LobbyOptions {
    /// A bot's pause before each decision at a table of people.
    pub bot_delay: Duration,
    /// Tables waiting or playing at once, at most.
    pub max_tables: usize,
    /// Tables waiting or playing at once that connections from one IP
    /// address made, at most.
    pub max_tables_per_ip: usize,
    /// How long a waiting table with nobody connected to a seat stays
    /// after its last change.
    pub table_idle: Duration,
}

impl Default for LobbyOptions {
    fn default() -> Self {
        LobbyOptions {
            bot_delay: Duration::ZERO,
            max_tables: super::limits::MAX_TABLES,
            max_tables_per_ip: super::limits::MAX_TABLES_PER_IP,
            table_idle: super::limits::TABLE_IDLE,
        }
    }
}

/// Finished tables (and their replays) kept in memory.
const RECENT_FINISHED: usize = super::limits::RECENT_FINISHED_TABLES;

/// A refusal: the code and what was wrong.
type Refusal = (ErrorCode, String);

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err((code, message.into()))
}

/// Where a connection is.
enum Place {
    Lobby,
    Seat(Arc<Table>, Seat),
    Spectator(Arc<Table>),
}

/// One connection as the lobby sees it.
pub struct Session {
    peer: Peer,
    place: Place,
    watching: bool,
    /// Where it comes from.
    ip: IpAddr,
    /// The protocol version agreed by `hello`; nothing else is answered before.
    protocol: Option<u32>,
}

impl Session {
    /// The connection's number.
    pub fn id(&self) -> ConnId {
        self.peer.id
    }

    /// Whether it has said `hello` in a version the server speaks.
    pub fn greeted(&self) -> bool {
        self.protocol.is_some()
    }

    /// Whether `msg` answers the question its seat is asked now. The
    /// server sets the pace of such answers, so they are not counted
    /// against the connection's rate (a person may answer at once, however
    /// fast the bots play); a second answer to the same question is.
    pub fn answers_the_question(&self, msg: &ClientMsg) -> bool {
        let (ClientMsg::Decide { turn, .. }, Place::Seat(table, seat)) = (msg, &self.place) else {
            return false;
        };
        let inner = table.lock();
        inner
            .question
            .as_ref()
            .is_some_and(|q| q.seat == *seat && q.turn == *turn && !q.answered)
    }
}

/// A connection watching the lobby, and the protocol it speaks.
struct Watcher {
    peer: Peer,
    protocol: u32,
}

/// A finished match, as `GET /api/matches` lists it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MatchRecord {
    /// The match's number (its table's).
    pub id: TableId,
    /// The table's name.
    pub table: String,
    /// The seats' names, by seat.
    pub seats: Vec<String>,
    /// Games won, by seat.
    pub wins: Vec<u32>,
    /// Whether it stopped early.
    pub aborted: bool,
    /// Where to download its replay.
    pub replay: String,
}

/// A table as a store saved it, to build it again after a restart.
#[derive(Clone, Debug)]
pub struct SavedTable {
    /// Its number.
    pub id: TableId,
    /// Its name.
    pub name: String,
    /// The preset it was made from (a table whose preset is gone is not restored).
    pub preset: String,
    /// Where it was.
    pub phase: Phase,
    /// The host's seat.
    pub host: Option<Seat>,
    /// Its seats, by number.
    pub seats: Vec<SavedSeat>,
    /// A finished match's wins by seat and whether it stopped early.
    pub outcome: Option<(Vec<u32>, bool)>,
}

/// A seat as a store saved it.
#[derive(Clone, Debug)]
pub struct SavedSeat {
    /// Who sat there.
    pub occupant: Occupant,
    /// Their name (empty when open).
    pub name: String,
    /// The hash of a person's token.
    pub token: Option<TokenHash>,
    /// The person left during the match (a bot plays it).
    pub left: bool,
}

/// An unfinished match to carry on: its plan, a log that goes on writing,
/// and the answers given so far.
pub struct RestoredMatch {
    /// The plan it started with.
    pub plan: MatchPlan,
    /// Where its record goes from now on.
    pub log: Box<dyn MatchLog>,
    /// The people's answers so far, in order.
    pub journal: Vec<JournalEntry>,
}

/// The server's tables.
pub struct Lobby {
    presets: Vec<Arc<Preset>>,
    /// The lobby: tables waiting or playing.
    tables: Mutex<BTreeMap<TableId, Arc<Table>>>,
    /// The latest finished tables, oldest first: no longer listed, still
    /// there to `resume` or `spectate` (at most [`RECENT_FINISHED`]).
    finished: Mutex<VecDeque<Arc<Table>>>,
    next_table: AtomicU64,
    next_conn: AtomicU64,
    watchers: Mutex<Vec<Watcher>>,
    /// The lobby changed since protocol 1 watchers were last sent it
    /// whole (they are sent it at most every [`Lobby::tick`]).
    old_lobby_stale: AtomicBool,
    /// When [`Lobby::sweep`] last ran.
    swept: Mutex<Instant>,
    /// The latest replays, for a download right after `match_end` (at most
    /// [`RECENT_FINISHED`]; older ones come from the store).
    replays: Mutex<VecDeque<(TableId, Arc<Vec<u8>>)>>,
    store: Arc<dyn LobbyStore>,
    bots: BotMaker,
    options: LobbyOptions,
}

impl Lobby {
    /// A lobby offering `presets`, telling `store` what changes and making
    /// bots with `bots`.
    pub fn new(
        presets: Vec<Preset>,
        store: Arc<dyn LobbyStore>,
        bots: BotMaker,
        options: LobbyOptions,
    ) -> Arc<Lobby> {
        Arc::new(Lobby {
            presets: presets.into_iter().map(Arc::new).collect(),
            tables: Mutex::new(BTreeMap::new()),
            finished: Mutex::new(VecDeque::new()),
            next_table: AtomicU64::new(1),
            next_conn: AtomicU64::new(1),
            watchers: Mutex::new(Vec::new()),
            old_lobby_stale: AtomicBool::new(false),
            swept: Mutex::new(Instant::now()),
            replays: Mutex::new(VecDeque::new()),
            store,
            bots,
            options,
        })
    }

    /// The presets' names.
    pub fn preset_names(&self) -> Vec<String> {
        self.presets.iter().map(|p| p.name.clone()).collect()
    }

    /// A new connection from `ip`, in the lobby.
    pub fn connect(&self, outbox: Arc<dyn Outbox>, ip: IpAddr) -> Session {
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        Session {
            peer: Peer { id, outbox },
            place: Place::Lobby,
            watching: false,
            ip,
            protocol: None,
        }
    }

    /// A connection is gone: it leaves nothing behind (a person's seat
    /// stays theirs, to resume).
    pub fn disconnect(&self, session: Session) {
        let mut session = session;
        self.detach(&mut session);
        self.unwatch(session.peer.id);
    }

    /// The lobby's tables (waiting or playing), by number.
    pub fn tables(&self) -> Vec<TableSummary> {
        let tables: Vec<Arc<Table>> = lock(&self.tables).values().cloned().collect();
        tables.iter().map(|t| t.summary()).collect()
    }

    /// The latest finished matches (at most [`RECENT_FINISHED`]), by number.
    pub fn matches(&self) -> Vec<MatchRecord> {
        let mut tables: Vec<Arc<Table>> = lock(&self.finished).iter().cloned().collect();
        tables.sort_by_key(|t| t.id);
        tables
            .iter()
            .filter_map(|t| {
                let inner = t.lock();
                let outcome = inner.outcome.as_ref()?;
                Some(MatchRecord {
                    id: t.id,
                    table: inner.name.clone(),
                    seats: inner.seats.iter().map(|s| s.name.clone()).collect(),
                    wins: outcome.wins.clone(),
                    aborted: outcome.aborted,
                    replay: super::match_thread::replay_path(t.id),
                })
            })
            .collect()
    }

    /// The replay of the finished match `id` (all dice), if there is one.
    pub fn replay(&self, id: TableId) -> Option<Arc<Vec<u8>>> {
        if let Some((_, bytes)) = lock(&self.replays).iter().find(|(t, _)| *t == id) {
            return Some(bytes.clone());
        }
        // A table in the lobby has no finished match yet.
        if lock(&self.tables).contains_key(&id) {
            return None;
        }
        self.store.replay(id).map(Arc::new)
    }

    /// Table `id`, in the lobby or finished lately.
    fn table(&self, id: TableId) -> Option<Arc<Table>> {
        if let Some(table) = lock(&self.tables).get(&id) {
            return Some(table.clone());
        }
        lock(&self.finished).iter().find(|t| t.id == id).cloned()
    }

    /// Moves a table whose match is over out of the lobby, among the
    /// latest finished ones (the oldest of those is forgotten: its result
    /// and replay stay in the store).
    fn retire(&self, table: &Arc<Table>) {
        let Some(table) = lock(&self.tables).remove(&table.id) else {
            return;
        };
        let id = table.id;
        keep_latest(&mut lock(&self.finished), table);
        self.lobby_gone(id, GoneReason::Finished);
    }

    /// Keeps `bytes` as the replay of table `id`, among the latest.
    fn keep_replay(&self, id: TableId, bytes: Vec<u8>) {
        keep_latest(&mut lock(&self.replays), (id, Arc::new(bytes)));
    }

    /// How often [`Lobby::sweep`] runs: often enough that a table expires
    /// within a quarter of its idle time after it is due.
    fn sweep_every(&self) -> Duration {
        (self.options.table_idle / 4).clamp(Duration::from_millis(100), Duration::from_secs(5))
    }

    /// What the lobby does with time: sends protocol 1 watchers the whole
    /// lobby if it changed (at most once per tick, however often it
    /// changed: one list for all of them), and drops expired tables when a
    /// sweep is due. Call it every [`TICK`](super::limits::LOBBY_TICK).
    pub fn tick(&self) {
        if self.old_lobby_stale.swap(false, Ordering::Relaxed) {
            let whole = encode(&ServerMsg::Tables {
                tables: self.tables(),
            });
            lock(&self.watchers).retain(|w| w.protocol >= 2 || w.peer.outbox.push(whole.clone()));
        }
        let due = {
            let mut swept = lock(&self.swept);
            let due = swept.elapsed() >= self.sweep_every();
            if due {
                *swept = Instant::now();
            }
            due
        };
        if due {
            self.sweep();
        }
    }

    /// Drops the waiting tables that nobody is connected to and that have
    /// not changed for [`LobbyOptions::table_idle`]; the connections
    /// watching them are told. Call it every little while.
    pub fn sweep(&self) {
        let idle = self.options.table_idle;
        let expired: Vec<Arc<Table>> = {
            let mut tables = lock(&self.tables);
            let ids: Vec<TableId> = tables
                .values()
                .filter(|t| {
                    let inner = t.lock();
                    inner.phase == Phase::Waiting
                        && inner.changed.elapsed() >= idle
                        && inner.seats.iter().all(|s| s.conns.is_empty())
                })
                .map(|t| t.id)
                .collect();
            ids.iter().filter_map(|id| tables.remove(id)).collect()
        };
        for table in expired {
            self.store.table_removed(table.id);
            let gone = ServerMsg::TableGone {
                table: table.id,
                reason: GoneReason::Expired,
            };
            let mut inner = table.lock();
            inner.broadcast(&gone);
            inner.spectators.clear();
            drop(inner);
            self.lobby_gone(table.id, GoneReason::Expired);
        }
    }

    /// Does what `msg` asks for `session`; refusals go back as `error`.
    pub fn handle(self: &Arc<Self>, session: &mut Session, msg: ClientMsg) {
        let result = match msg {
            ClientMsg::Hello { protocol } => self.hello(session, protocol),
            ClientMsg::Ping => {
                session.peer.send(&ServerMsg::Pong);
                Ok(())
            }
            _ if !session.greeted() => refuse(
                ErrorCode::WrongState,
                "say hello first: {\"type\":\"hello\",\"protocol\":2}",
            ),
            ClientMsg::ListTables => {
                self.watch(session);
                session.peer.send(&ServerMsg::Tables {
                    tables: self.tables(),
                });
                Ok(())
            }
            ClientMsg::CreateTable { preset, name } => self.create(session, &preset, name),
            ClientMsg::TakeSeat { table, seat, name } => self.take_seat(session, table, seat, name),
            ClientMsg::Resume { table, token } => self.resume(session, table, &token),
            ClientMsg::Spectate { table } => self.spectate(session, table),
            ClientMsg::Leave => self.leave(session),
            ClientMsg::Start { fill_with_bots } => self.start(session, fill_with_bots),
            ClientMsg::Decide { turn, decision } => self.decide(session, turn, &decision),
        };
        if let Err((code, message)) = result {
            session.peer.send(&ServerMsg::Error { code, message });
        }
    }

    fn hello(&self, session: &mut Session, protocol: u32) -> Result<(), Refusal> {
        if !(OLDEST_PROTOCOL_VERSION..=PROTOCOL_VERSION).contains(&protocol) {
            return refuse(
                ErrorCode::Version,
                format!(
                    "this server speaks protocols {OLDEST_PROTOCOL_VERSION} to \
                     {PROTOCOL_VERSION}, not {protocol}"
                ),
            );
        }
        if session.protocol.is_some_and(|p| p != protocol) {
            return refuse(
                ErrorCode::WrongState,
                "this connection speaks another protocol version already",
            );
        }
        session.protocol = Some(protocol);
        session.peer.send(&ServerMsg::Welcome {
            protocol,
            server: format!("liar {}", env!("CARGO_PKG_VERSION")),
            presets: self.preset_names(),
        });
        Ok(())
    }

    fn watch(&self, session: &mut Session) {
        if !session.watching && matches!(session.place, Place::Lobby) {
            session.watching = true;
            lock(&self.watchers).push(Watcher {
                peer: session.peer.clone(),
                protocol: session.protocol.unwrap_or(PROTOCOL_VERSION),
            });
        }
    }

    fn unwatch(&self, id: ConnId) {
        lock(&self.watchers).retain(|w| w.peer.id != id);
    }

    /// Tells the connections watching the lobby that `table` changed (and
    /// notes the time: a waiting table expires counting from its last
    /// change).
    fn lobby_changed(&self, table: &Table) {
        table.lock().changed = Instant::now();
        // Nobody watching (the usual case once people sit), or a table no
        // longer in the lobby: nothing to build.
        if lock(&self.watchers).is_empty() || !lock(&self.tables).contains_key(&table.id) {
            return;
        }
        let summary = table.summary();
        self.tell_watchers(&ServerMsg::TableUpdate { table: summary });
    }

    /// Tells the connections watching the lobby that table `id` left it.
    fn lobby_gone(&self, table: TableId, reason: GoneReason) {
        self.tell_watchers(&ServerMsg::TableGone { table, reason });
    }

    /// Sends a change of the lobby to its watchers of protocol 2; those of
    /// protocol 1 get the whole list at the next [`Lobby::tick`].
    fn tell_watchers(&self, change: &ServerMsg) {
        let mut watchers = lock(&self.watchers);
        if watchers.iter().any(|w| w.protocol < 2) {
            self.old_lobby_stale.store(true, Ordering::Relaxed);
        }
        if watchers.iter().all(|w| w.protocol < 2) {
            return;
        }
        let change = encode(change);
        watchers.retain(|w| w.protocol < 2 || w.peer.outbox.push(change.clone()));
    }

    /// Takes the connection away from its table (not from its seat).
    fn detach(&self, session: &mut Session) {
        let id = session.peer.id;
        match std::mem::replace(&mut session.place, Place::Lobby) {
            Place::Lobby => {}
            Place::Spectator(table) => table.lock().drop_conn(id),
            Place::Seat(table, _) => {
                let mut inner = table.lock();
                inner.drop_conn(id);
                table.send_states(&inner);
                drop(inner);
                self.lobby_changed(&table);
            }
        }
    }

    /// After the `state` of a finished table, its `match_end`, so that a
    /// connection that comes to it afterwards (or after a restart, to a
    /// match that could not go on) learns how it ended.
    fn tell_the_end(table: &Table, inner: &super::table::TableInner, peer: &Peer) {
        if inner.phase != Phase::Finished {
            return;
        }
        if let Some(outcome) = &inner.outcome {
            peer.send(&ServerMsg::MatchEnd {
                wins: outcome.wins.clone(),
                aborted: outcome.aborted,
                replay: super::match_thread::replay_path(table.id),
            });
        }
    }

    fn sit_down_check(session: &Session) -> Result<(), Refusal> {
        match session.place {
            Place::Seat(..) => refuse(ErrorCode::WrongState, "you have a seat: leave it first"),
            _ => Ok(()),
        }
    }

    fn create(
        &self,
        session: &mut Session,
        preset: &str,
        name: Option<String>,
    ) -> Result<(), Refusal> {
        Self::sit_down_check(session)?;
        let Some(preset) = self.presets.iter().find(|p| p.name == preset).cloned() else {
            return refuse(ErrorCode::UnknownPreset, format!("no preset {preset:?}"));
        };
        let name = name.unwrap_or_else(|| preset.name.clone());
        check_name(&name).map_err(|m| (ErrorCode::BadName, m))?;
        let table = {
            let mut tables = lock(&self.tables);
            if tables.len() >= self.options.max_tables {
                return refuse(
                    ErrorCode::TooManyTables,
                    "this server has as many tables as it may",
                );
            }
            let yours = tables
                .values()
                .filter(|t| t.creator == Some(session.ip))
                .count();
            if yours >= self.options.max_tables_per_ip {
                return refuse(
                    ErrorCode::TooManyTables,
                    format!(
                        "your address has {yours} tables waiting or playing already, as many as \
                         it may; play at one of them, or wait until one is over"
                    ),
                );
            }
            let id = self.next_table.fetch_add(1, Ordering::Relaxed);
            let table = Arc::new(Table::new(id, preset, name, Some(session.ip)));
            tables.insert(id, table.clone());
            table
        };
        self.store.table_created(&table.summary());
        self.spectate_table(session, table.clone());
        self.lobby_changed(&table);
        Ok(())
    }

    fn spectate(&self, session: &mut Session, id: TableId) -> Result<(), Refusal> {
        Self::sit_down_check(session)?;
        let table = self
            .table(id)
            .ok_or((ErrorCode::UnknownTable, format!("no table {id}")))?;
        self.spectate_table(session, table);
        Ok(())
    }

    fn spectate_table(&self, session: &mut Session, table: Arc<Table>) {
        self.detach(session);
        self.unwatch(session.peer.id);
        session.watching = false;
        let mut inner = table.lock();
        inner.spectators.push(session.peer.clone());
        session
            .peer
            .send(&ServerMsg::State(Box::new(table.state_for(&inner, None))));
        Self::tell_the_end(&table, &inner, &session.peer);
        drop(inner);
        session.place = Place::Spectator(table);
    }

    fn take_seat(
        &self,
        session: &mut Session,
        id: TableId,
        seat: Option<Seat>,
        name: String,
    ) -> Result<(), Refusal> {
        Self::sit_down_check(session)?;
        check_name(&name).map_err(|m| (ErrorCode::BadName, m))?;
        let table = self
            .table(id)
            .ok_or((ErrorCode::UnknownTable, format!("no table {id}")))?;
        let mut inner = table.lock();
        if inner.phase != Phase::Waiting {
            return refuse(ErrorCode::WrongState, "the match has started");
        }
        let seat = match seat {
            Some(s) => match inner.seats.get(s) {
                Some(slot) if slot.occupant == Occupant::Open => s,
                Some(_) => return refuse(ErrorCode::SeatTaken, format!("seat {} is taken", s + 1)),
                None => {
                    return refuse(
                        ErrorCode::SeatTaken,
                        format!("there is no seat {}", s.saturating_add(1)),
                    );
                }
            },
            None => inner
                .seats
                .iter()
                .position(|s| s.occupant == Occupant::Open)
                .ok_or((ErrorCode::SeatTaken, "no seat is open".to_string()))?,
        };
        if inner
            .seats
            .iter()
            .any(|s| s.occupant != Occupant::Open && crate::names::same_name(&s.name, &name))
        {
            return refuse(
                ErrorCode::BadName,
                format!("someone at this table has a name that looks like {name:?}"),
            );
        }
        let (secret, hash) = token::new_token().map_err(|e| (ErrorCode::WrongState, e))?;
        // Leave the spectators (or the lobby) for the seat.
        inner.drop_conn(session.peer.id);
        let slot = &mut inner.seats[seat];
        slot.occupant = Occupant::Person;
        slot.name = name.clone();
        slot.token = Some(hash);
        slot.conns = vec![session.peer.clone()];
        self.store.seat_taken(table.id, seat, &name, &hash);
        if inner.host.is_none() {
            inner.host = Some(seat);
            self.store.host_changed(table.id, inner.host);
        }
        session.peer.send(&ServerMsg::Seated {
            table: table.id,
            seat,
            token: secret,
        });
        table.send_states(&inner);
        drop(inner);
        // No longer a spectator of another table.
        if let Place::Spectator(old) = &session.place
            && old.id != table.id
        {
            old.lock().drop_conn(session.peer.id);
        }
        self.unwatch(session.peer.id);
        session.watching = false;
        self.lobby_changed(&table);
        session.place = Place::Seat(table, seat);
        Ok(())
    }

    fn resume(&self, session: &mut Session, id: TableId, secret: &str) -> Result<(), Refusal> {
        let bad = || (ErrorCode::BadToken, "no seat has this token".to_string());
        let table = self.table(id).ok_or_else(bad)?;
        let seat = {
            let inner = table.lock();
            let mut found = None;
            // Every seat is compared, so the time says nothing of which matched.
            for (seat, slot) in inner.seats.iter().enumerate() {
                if slot
                    .token
                    .as_ref()
                    .is_some_and(|h| token::matches(h, secret))
                {
                    found = Some(seat);
                }
            }
            found.ok_or_else(bad)?
        };
        self.detach(session);
        self.unwatch(session.peer.id);
        session.watching = false;
        let mut inner = table.lock();
        let slot = &mut inner.seats[seat];
        slot.conns.push(session.peer.clone());
        if slot.bot_playing && !slot.left {
            slot.bot_playing = false;
            slot.timeouts = 0;
        }
        if inner.phase == Phase::Finished {
            // Only the one who came back hears of it: the state, then the end.
            session.peer.send(&ServerMsg::State(Box::new(
                table.state_for(&inner, Some(seat)),
            )));
            Self::tell_the_end(&table, &inner, &session.peer);
        } else {
            table.send_states(&inner);
        }
        drop(inner);
        self.lobby_changed(&table);
        session.place = Place::Seat(table, seat);
        Ok(())
    }

    fn leave(&self, session: &mut Session) -> Result<(), Refusal> {
        let id = session.peer.id;
        match std::mem::replace(&mut session.place, Place::Lobby) {
            Place::Lobby => {}
            Place::Spectator(table) => table.lock().drop_conn(id),
            Place::Seat(table, seat) => {
                let mut inner = table.lock();
                let phase = inner.phase;
                let slot = &mut inner.seats[seat];
                let others = std::mem::take(&mut slot.conns);
                slot.token = None;
                match phase {
                    Phase::Waiting => {
                        slot.occupant = Occupant::Open;
                        slot.name.clear();
                        if inner.host == Some(seat) {
                            // The first person seated now hosts.
                            inner.host = inner
                                .seats
                                .iter()
                                .position(|s| s.occupant == Occupant::Person);
                            self.store.host_changed(table.id, inner.host);
                        }
                    }
                    Phase::Playing => {
                        slot.left = true;
                        slot.bot_playing = true;
                        // A question waiting for the person goes to the bot now.
                        if let Some(input) = &slot.input {
                            let _ = input.send(SeatAnswer::Wake);
                        }
                    }
                    Phase::Finished => {}
                }
                self.store.seat_left(table.id, seat);
                table.send_states(&inner);
                drop(inner);
                self.lobby_changed(&table);
                // The seat's other connections are back in the lobby too.
                let tables = encode(&ServerMsg::Tables {
                    tables: self.tables(),
                });
                for peer in others.iter().filter(|p| p.id != id) {
                    peer.outbox.push(tables.clone());
                }
            }
        }
        self.watch(session);
        session.peer.send(&ServerMsg::Tables {
            tables: self.tables(),
        });
        Ok(())
    }

    fn start(self: &Arc<Self>, session: &mut Session, fill: bool) -> Result<(), Refusal> {
        let Place::Seat(table, seat) = &session.place else {
            return refuse(
                ErrorCode::NotHost,
                "only the host (the first person seated) starts the match",
            );
        };
        let (table, seat) = (table.clone(), *seat);
        let plan = {
            let mut inner = table.lock();
            if inner.host != Some(seat) {
                return refuse(
                    ErrorCode::NotHost,
                    "only the host (the first person seated) starts the match",
                );
            }
            if inner.phase != Phase::Waiting {
                return refuse(ErrorCode::WrongState, "the match has started already");
            }
            if !fill && inner.seats.iter().any(|s| s.occupant == Occupant::Open) {
                return refuse(
                    ErrorCode::WrongState,
                    "seats are still open: fill them with bots, or wait",
                );
            }
            let preset = &table.preset.table;
            let (seed, sealed) = match preset.seed {
                Some(seed) => (seed, false),
                None => {
                    let mut bytes = [0u8; 8];
                    getrandom::fill(&mut bytes)
                        .map_err(|e| (ErrorCode::WrongState, e.to_string()))?;
                    (u64::from_le_bytes(bytes) >> 1, true)
                }
            };
            let mut seats = Vec::new();
            for (n, slot) in inner.seats.iter_mut().enumerate() {
                let config = preset.seats.get(n);
                seats.push(match slot.occupant {
                    Occupant::Person => PlanSeat::Person {
                        name: slot.name.clone(),
                    },
                    Occupant::Bot => match config {
                        Some(c) if c.bot.is_some() => PlanSeat::Bot(c.clone()),
                        _ => PlanSeat::Bot(self.filler(&table, n, &slot.name)),
                    },
                    Occupant::Open => {
                        slot.occupant = Occupant::Bot;
                        slot.name = filler_name(&preset.online.bot, n);
                        PlanSeat::Bot(self.filler(&table, n, &slot.name))
                    }
                });
            }
            inner.phase = Phase::Playing;
            MatchPlan {
                table: table.id,
                preset: table.preset.name.clone(),
                seed,
                sealed,
                seats,
            }
        };
        let log = self.store.match_started(&plan);
        self.run_match(table.clone(), plan, log, Vec::new());
        table.send_states(&table.lock());
        self.lobby_changed(&table);
        Ok(())
    }

    /// The table's bot for seat `n`, named `name`.
    fn filler(&self, table: &Table, _n: Seat, name: &str) -> SeatConfig {
        table.preset.table.filler(name.to_string())
    }

    fn run_match(
        self: &Arc<Self>,
        table: Arc<Table>,
        plan: MatchPlan,
        log: Box<dyn MatchLog>,
        journal: Vec<JournalEntry>,
    ) {
        let weak = Arc::downgrade(self);
        let ctx = MatchContext {
            bots: self.bots.clone(),
            bot_delay: self.options.bot_delay,
            on_end: Arc::new(move |table: &Arc<Table>, ending: Ending| {
                if let Some(lobby) = weak.upgrade() {
                    match ending {
                        Ending::Replay(bytes) => lobby.keep_replay(table.id, bytes),
                        Ending::Told => lobby.retire(table),
                    }
                }
            }),
        };
        if let Err(e) = start_match(table.clone(), plan, log, journal, ctx) {
            let mut inner = table.lock();
            inner.phase = Phase::Finished;
            inner.outcome = Some(Outcome {
                wins: vec![0; inner.seats.len()],
                aborted: true,
            });
            inner.broadcast(&ServerMsg::Error {
                code: ErrorCode::WrongState,
                message: format!("the match could not start: {e}"),
            });
            drop(inner);
            self.retire(&table);
        }
    }

    fn decide(&self, session: &mut Session, turn: u64, decision: &Move) -> Result<(), Refusal> {
        let Place::Seat(table, seat) = &session.place else {
            return refuse(ErrorCode::NotYourTurn, "you have no seat");
        };
        let seat = *seat;
        let mut inner = table.lock();
        let mut back = false;
        if let Some(slot) = inner.seats.get_mut(seat)
            && slot.bot_playing
            && !slot.left
        {
            // The person is back: the next question is theirs again.
            slot.bot_playing = false;
            slot.timeouts = 0;
            back = true;
        }
        let result = (|| {
            let Some(question) = inner.question.as_mut() else {
                return refuse(ErrorCode::NotYourTurn, "no question is waiting for you");
            };
            if question.seat != seat || question.turn != turn || question.answered {
                return refuse(
                    ErrorCode::NotYourTurn,
                    format!("question {turn} is not waiting for you"),
                );
            }
            let Some(decision) = decision.decision() else {
                return refuse(
                    ErrorCode::Illegal,
                    "positions are 0 to 4, each at most once",
                );
            };
            legal::check(&question.view.view(), decision).map_err(|m| (ErrorCode::Illegal, m))?;
            question.answered = true;
            Ok(SeatAnswer::Answer { turn, decision })
        })();
        let answer = match result {
            Ok(answer) => answer,
            Err(refusal) => {
                if back {
                    table.send_states(&inner);
                }
                return Err(refusal);
            }
        };
        if let Some(input) = inner.seats.get(seat).and_then(|s| s.input.as_ref()) {
            let _ = input.send(answer);
        }
        if back {
            table.send_states(&inner);
        }
        Ok(())
    }

    /// Builds again a table a store saved (see [`LobbyStore`]); with
    /// `running`, its match goes on from its journal. Table numbers given
    /// later follow the highest restored.
    pub fn restore_table(
        self: &Arc<Self>,
        saved: SavedTable,
        running: Option<RestoredMatch>,
    ) -> Result<TableId, String> {
        let Some(preset) = self
            .presets
            .iter()
            .find(|p| p.name == saved.preset)
            .cloned()
        else {
            return Err(format!(
                "table {}: no preset {:?} on this server",
                saved.id, saved.preset
            ));
        };
        if saved.seats.len() != preset.table.seats.len() {
            return Err(format!(
                "table {}: the preset {:?} has changed its seats",
                saved.id, saved.preset
            ));
        }
        let table = Arc::new(Table::new(saved.id, preset, saved.name, None));
        {
            let mut inner = table.lock();
            inner.phase = saved.phase;
            inner.host = saved.host;
            for (slot, s) in inner.seats.iter_mut().zip(saved.seats) {
                slot.occupant = s.occupant;
                slot.name = s.name;
                slot.token = s.token;
                slot.left = s.left;
                slot.bot_playing = s.left;
            }
            inner.outcome = saved
                .outcome
                .map(|(wins, aborted)| Outcome { wins, aborted });
            if running.is_some() {
                inner.phase = Phase::Playing;
            }
        }
        let finished = table.lock().phase == Phase::Finished;
        if finished {
            // Restored in order of number: the newest are kept.
            keep_latest(&mut lock(&self.finished), table.clone());
        } else {
            lock(&self.tables).insert(saved.id, table.clone());
        }
        self.next_table
            .fetch_max(saved.id.saturating_add(1), Ordering::Relaxed);
        if let Some(m) = running {
            self.run_match(table, m.plan, m.log, m.journal);
        }
        Ok(saved.id)
    }
}

/// Puts `item` at the end of `latest`, forgetting the oldest beyond
/// [`RECENT_FINISHED`].
fn keep_latest<T>(latest: &mut VecDeque<T>, item: T) {
    latest.push_back(item);
    while latest.len() > RECENT_FINISHED {
        latest.pop_front();
    }
}

/// The name of a bot filling seat `n`: the bot's name, capitalised, and
/// the seat counted from 1 (`Expert 3`).
fn filler_name(bot: &BotSource, n: Seat) -> String {
    let base = match bot {
        BotSource::Bundled(name) => name.clone(),
        BotSource::Native(policy) => policy.bot_name().to_string(),
        BotSource::Script(path) => path
            .file_stem()
            .map_or_else(|| "bot".to_string(), |s| s.to_string_lossy().into_owned()),
    };
    let mut chars = base.chars();
    let capital: String = chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>())
        .unwrap_or_default();
    format!("{capital}{} {}", chars.as_str(), n + 1)
}
