//! Each match on its own thread: `engine::play_match` with a
//! [`RemoteSeat`] for every person and the table's bots for the rest. Every
//! event goes to the match's [`MatchLog`] first, then to the table's
//! connections (public part only); the replay is kept in memory for the
//! download after the match.

use super::match_log::{JournalEntry, MatchLog};
use super::remote_seat::{MatchShared, Paced, RemoteSeat};
use super::stand_in::StandIn;
use super::table::{Outcome, SeatAnswer, Table, lock};
use crate::config::{OnlineSettings, SeatConfig};
use crate::engine::{Event, MatchSetup, Observer, Player, SealedSeed, SeatInfo, play_match};
use crate::online::{Occupant, Phase, ServerMsg, TableId};
use crate::replay::ReplayWriter;
use crate::rules::Seat;
use std::collections::VecDeque;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Makes the player of a bot seat (in the match's thread, where it plays):
/// its replay description and the player, or why it cannot be made.
pub type BotMaker =
    Arc<dyn Fn(Seat, &SeatConfig) -> Result<(SeatInfo, Box<dyn Player>), String> + Send + Sync>;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum PlanSeat {
    /// A person over the network, by this name.
    Person {
        /// The name.
        name: String,
    },
    /// A bot, as a table file describes it.
    Bot(SeatConfig),
}

/// What a match is: enough, with the table's preset, to play it again
/// from its first die (a store keeps it to restore the match).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchPlan {
    /// The table.
    pub table: TableId,
    /// The preset the table was made from.
    pub preset: String,
    /// The master seed.
    pub seed: u64,
    /// Whether the seed was drawn (kept secret until the end: the replay's
    /// first line carries its commitment).
    pub sealed: bool,
    /// The seats, by number.
    pub seats: Vec<PlanSeat>,
}

impl MatchPlan {
    /// The seats people play.
    pub fn people(&self) -> Vec<Seat> {
        (0..self.seats.len())
            .filter(|&s| matches!(self.seats[s], PlanSeat::Person { .. }))
            .collect()
    }
}

/// Told when a match is over: first its replay, then that its table knows.
pub(crate) type OnEnd = Arc<dyn Fn(&Arc<Table>, Ending) + Send + Sync>;

/// The steps of a match's end.
pub(crate) enum Ending {
    /// The replay (every die), to offer for download.
    Replay(Vec<u8>),
    /// The table and its connections were told.
    Told,
}

/// What a match needs besides its plan.
#[derive(Clone)]
pub(crate) struct MatchContext {
    pub bots: BotMaker,
    /// A bot's pause before each decision, so people can follow.
    pub bot_delay: Duration,
    /// Told the replay, then that the table knows, when the match is over.
    pub on_end: OnEnd,
}

/// A running match.
pub struct MatchHandle {
    thread: JoinHandle<()>,
}

impl MatchHandle {
    /// Waits for the match to end.
    pub fn join(self) {
        // A match thread that panicked has nothing more to give.
        let _ = self.thread.join();
    }
}

/// Starts the match of `table` on a thread of its own. The answers in
/// `journal` are played first, in order, without asking anyone (a match
/// restored after a restart); `log` is told every new answer and every
/// event (all of them, from the first: a restored log starts its replay
/// afresh) before the match goes on, but not the journal's answers, which
/// it keeps already.
pub(crate) fn start_match(
    table: Arc<Table>,
    plan: MatchPlan,
    log: Box<dyn MatchLog>,
    journal: Vec<JournalEntry>,
    ctx: MatchContext,
) -> std::io::Result<MatchHandle> {
    let shared = Arc::new(MatchShared {
        log: Mutex::new(log),
        journal: Mutex::new(VecDeque::from(journal)),
    });
    let mut inputs = Vec::new();
    {
        let mut inner = table.lock();
        for seat in plan.people() {
            let (tx, rx) = mpsc::channel::<SeatAnswer>();
            if let Some(slot) = inner.seats.get_mut(seat) {
                slot.input = Some(tx);
            }
            inputs.push((seat, rx));
        }
    }
    let thread = std::thread::Builder::new()
        .name(format!("match-{}", plan.table))
        .spawn(move || run(table, plan, shared, inputs, ctx))?;
    Ok(MatchHandle { thread })
}

fn run(
    table: Arc<Table>,
    plan: MatchPlan,
    shared: Arc<MatchShared>,
    mut inputs: Vec<(Seat, mpsc::Receiver<SeatAnswer>)>,
    ctx: MatchContext,
) {
    let preset = table.preset.clone();
    let online: &OnlineSettings = &preset.table.online;
    let mut infos = Vec::new();
    let mut players: Vec<Box<dyn Player>> = Vec::new();
    for (seat, who) in plan.seats.iter().enumerate() {
        match who {
            PlanSeat::Person { name } => {
                let takeover = preset.table.filler(name.clone());
                let make = ctx.bots.clone();
                let bot =
                    StandIn::later(Box::new(move || make(seat, &takeover).ok().map(|(_, p)| p)));
                let Some(pos) = inputs.iter().position(|(s, _)| *s == seat) else {
                    continue;
                };
                let (_, input) = inputs.swap_remove(pos);
                infos.push(SeatInfo::human(seat, name.clone()));
                players.push(Box::new(RemoteSeat::new(
                    seat,
                    table.clone(),
                    input,
                    shared.clone(),
                    bot,
                    online,
                    ctx.bot_delay,
                )));
            }
            PlanSeat::Bot(config) => match (ctx.bots)(seat, config) {
                Ok((info, player)) => {
                    infos.push(info);
                    players.push(Box::new(Paced::new(
                        player,
                        seat,
                        table.clone(),
                        shared.clone(),
                        ctx.bot_delay,
                    )));
                }
                Err(why) => {
                    eprintln!("liar serve: table {}: seat {}: {why}", plan.table, seat + 1);
                    abandon(&table);
                    (ctx.on_end)(&table, Ending::Told);
                    return;
                }
            },
        }
    }
    let setup = MatchSetup {
        rules: preset.table.rules,
        seed: plan.seed,
        games: preset.table.games,
        seats: infos,
        penalty: preset.table.penalty,
        stop: None,
    };
    let observers = (
        (ReplayWriter::new(Vec::new()), LogEvents(shared.clone())),
        Publisher(table.clone()),
    );
    let mut observers = SealedSeed::new(observers, plan.sealed);
    let Ok(stats) = play_match(&setup, &mut players, &mut observers) else {
        return;
    };
    let ((replay, _), _) = observers.into_inner();
    let bytes = replay.finish().unwrap_or_default();
    // The replay is offered before anyone hears of the end, so that a
    // download right after `match_end` finds it.
    (ctx.on_end)(&table, Ending::Replay(bytes));
    lock(&shared.log).finished(&stats);
    {
        let mut inner = table.lock();
        inner.phase = Phase::Finished;
        inner.question = None;
        inner.turn = None;
        inner.outcome = Some(Outcome {
            wins: stats.wins.clone(),
            aborted: stats.aborted,
        });
        for slot in &mut inner.seats {
            slot.input = None;
            if slot.occupant == Occupant::Person {
                slot.bot_playing = false;
            }
        }
        inner.broadcast(&ServerMsg::MatchEnd {
            wins: stats.wins.clone(),
            aborted: stats.aborted,
            replay: replay_path(table.id),
        });
    }
    (ctx.on_end)(&table, Ending::Told);
}

/// Ends a match that could not start (a bot that would not load).
fn abandon(table: &Table) {
    let mut inner = table.lock();
    inner.phase = Phase::Finished;
    let wins = vec![0; inner.seats.len()];
    inner.outcome = Some(Outcome {
        wins: wins.clone(),
        aborted: true,
    });
    for slot in &mut inner.seats {
        slot.input = None;
    }
    inner.broadcast(&ServerMsg::Error {
        code: crate::online::ErrorCode::WrongState,
        message: "a bot of this table could not be loaded: the match cannot be played".into(),
    });
}

/// Where the replay of the match of `table` is downloaded.
pub fn replay_path(table: TableId) -> String {
    format!("/api/matches/{table}/replay.jsonl")
}

/// Hands every event to the match's log.
struct LogEvents(Arc<MatchShared>);

impl Observer for LogEvents {
    fn event(&mut self, event: &Event) {
        lock(&self.0.log).event(event);
    }
}

/// Tells the table's connections the public part of every event.
struct Publisher(Arc<Table>);

impl Observer for Publisher {
    fn event(&mut self, event: &Event) {
        let Some(public) = event.public() else {
            return;
        };
        let mut inner = self.0.lock();
        let index = inner.events.len() as u64;
        inner.events.push(public.clone());
        inner.broadcast(&ServerMsg::Event {
            index,
            event: public,
        });
    }
}
