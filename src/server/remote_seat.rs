//! A person's seat as the engine sees it: an `engine::Player` that asks
//! over the network and waits, with the turn timer as deadline; and the
//! pacing of the table's bots.

use super::match_log::{Answer, JournalEntry, MatchLog};
use super::stand_in::StandIn;
use super::table::{Question, SeatAnswer, Table, TurnNow, lock};
use crate::config::OnlineSettings;
use crate::engine::{
    MatchInfo, PenaltyReason, Player, PlayerError, PublicEvent, fallback_decision,
};
use crate::online::{Move, SeatSnapshot, ServerMsg};
use crate::rules::{Decision, DecisionKind, Seat, SeatView};
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the seats of one match share: its log, and the journal of answers
/// still to be played again (a restored match).
pub(crate) struct MatchShared {
    pub log: Mutex<Box<dyn MatchLog>>,
    pub journal: Mutex<VecDeque<JournalEntry>>,
}

impl MatchShared {
    /// Whether answers from the journal are still being played.
    fn replaying(&self) -> bool {
        !lock(&self.journal).is_empty()
    }

    /// The journal's next answer if it is for this question. A journal
    /// that does not fit the match (another seat, another number) is
    /// dropped: the match goes on live from here.
    fn next_entry(&self, seat: Seat, turn: u64) -> Option<JournalEntry> {
        let mut journal = lock(&self.journal);
        match journal.front() {
            Some(e) if e.seat == seat && e.turn == turn => journal.pop_front(),
            Some(_) => {
                journal.clear();
                None
            }
            None => None,
        }
    }

    /// Keeps an answer before it is applied.
    fn keep(&self, seat: Seat, turn: u64, answer: Answer) {
        lock(&self.log).answer(&JournalEntry { turn, seat, answer });
    }
}

/// Milliseconds in a duration, as the protocol counts them.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// A person's seat.
pub(crate) struct RemoteSeat {
    seat: Seat,
    table: Arc<Table>,
    input: Receiver<SeatAnswer>,
    shared: Arc<MatchShared>,
    /// The bot that answers when the person does not (the table's `[online] bot`).
    bot: StandIn,
    turn_limit: Duration,
    timeouts_before_bot: u32,
    bot_delay: Duration,
}

impl RemoteSeat {
    pub(crate) fn new(
        seat: Seat,
        table: Arc<Table>,
        input: Receiver<SeatAnswer>,
        shared: Arc<MatchShared>,
        bot: StandIn,
        online: &OnlineSettings,
        bot_delay: Duration,
    ) -> Self {
        RemoteSeat {
            seat,
            table,
            input,
            shared,
            bot,
            turn_limit: Duration::from_secs(u64::from(online.turn_seconds)),
            timeouts_before_bot: online.timeouts_before_bot,
            bot_delay,
        }
    }

    /// The bot's decision for this seat (the engine's safe one if the bot
    /// fails or there is none).
    fn bot_decision(&mut self, view: &SeatView<'_>) -> Decision {
        match self.bot.bot().map(|b| b.decide(view)) {
            Some(Ok(decision)) => decision,
            _ => fallback_decision(view),
        }
    }

    /// Plays an answer from the journal.
    fn replayed(
        &mut self,
        entry: JournalEntry,
        view: &SeatView<'_>,
    ) -> Result<Decision, PlayerError> {
        match entry.answer {
            Answer::Person { decision } => match decision.decision() {
                Some(d) => Ok(d),
                None => Err(self.timed_out()),
            },
            Answer::Timeout => Err(self.timed_out()),
            Answer::Bot { decision } => {
                // The bot decides again, so that its own state goes on as
                // it did; the journal's answer is the one played.
                let again = self.bot_decision(view);
                Ok(decision.decision().unwrap_or(again))
            }
        }
    }

    /// A bot answers for the person.
    fn bot_answers(&mut self, view: &SeatView<'_>, turn: u64, kind: DecisionKind) -> Decision {
        announce_bot_turn(&self.table, self.seat, kind);
        if !self.bot_delay.is_zero() {
            std::thread::sleep(self.bot_delay);
        }
        let decision = self.bot_decision(view);
        self.shared.keep(
            self.seat,
            turn,
            Answer::Bot {
                decision: Move::from(decision),
            },
        );
        decision
    }

    /// Counts a timeout; a bot takes over after too many. The failure the
    /// engine penalises.
    fn timed_out(&mut self) -> PlayerError {
        let mut inner = self.table.lock();
        inner.question = None;
        inner.turn = None;
        let limit = self.timeouts_before_bot;
        let mut changed = false;
        if let Some(slot) = inner.seats.get_mut(self.seat) {
            slot.timeouts += 1;
            if limit > 0 && slot.timeouts >= limit && !slot.bot_playing {
                slot.bot_playing = true;
                changed = true;
            }
        }
        if changed {
            self.table.send_states(&inner);
        }
        drop(inner);
        PlayerError::failed(
            PenaltyReason::Timeout,
            format!("no answer within {} s", self.turn_limit.as_secs()),
        )
    }

    /// Asks the person and waits for the answer or the timer.
    fn ask(
        &mut self,
        view: &SeatView<'_>,
        turn: u64,
        kind: DecisionKind,
    ) -> Result<Decision, PlayerError> {
        // Answers to questions gone by are of no use any more.
        while self.input.try_recv().is_ok() {}
        let deadline = Instant::now() + self.turn_limit;
        let snapshot = SeatSnapshot::of(view);
        {
            let mut inner = self.table.lock();
            inner.question = Some(Question {
                seat: self.seat,
                turn,
                view: snapshot.clone(),
                deadline,
                answered: false,
            });
            inner.turn = Some(TurnNow {
                seat: self.seat,
                kind,
                deadline: Some(deadline),
            });
            let deadline_ms = millis(self.turn_limit);
            inner.broadcast(&ServerMsg::Turn {
                seat: self.seat,
                kind,
                deadline_ms,
            });
            inner.send_to_seat(
                self.seat,
                &ServerMsg::YourTurn {
                    turn,
                    view: snapshot,
                    deadline_ms,
                },
            );
        }
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let got = match self.input.recv_timeout(left) {
                Ok(got) => got,
                Err(RecvTimeoutError::Disconnected) => return Err(PlayerError::Quit),
                Err(RecvTimeoutError::Timeout) => {
                    let answered = self
                        .table
                        .lock()
                        .question
                        .as_ref()
                        .is_some_and(|q| q.turn == turn && q.answered);
                    if !answered {
                        self.shared.keep(self.seat, turn, Answer::Timeout);
                        return Err(self.timed_out());
                    }
                    // The answer came just now: it is in the channel.
                    match self.input.recv() {
                        Ok(got) => got,
                        Err(_) => return Err(PlayerError::Quit),
                    }
                }
            };
            match got {
                SeatAnswer::Answer { turn: t, decision } if t == turn => {
                    return Ok(self.answered(turn, decision));
                }
                SeatAnswer::Answer { .. } => {}
                SeatAnswer::Wake => {
                    let mut inner = self.table.lock();
                    let bot = inner.seats.get(self.seat).is_some_and(|s| s.bot_playing);
                    let answered = inner.question.as_ref().is_some_and(|q| q.answered);
                    if bot && !answered {
                        inner.question = None;
                        drop(inner);
                        return Ok(self.bot_answers(view, turn, kind));
                    }
                }
            }
        }
    }

    /// The person answered: kept, then played.
    fn answered(&mut self, turn: u64, decision: Decision) -> Decision {
        {
            let mut inner = self.table.lock();
            inner.question = None;
            inner.turn = None;
        }
        self.shared.keep(
            self.seat,
            turn,
            Answer::Person {
                decision: Move::from(decision),
            },
        );
        decision
    }
}

impl Player for RemoteSeat {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.bot.begin_match(info);
    }

    fn begin_game(&mut self, game: u32, seed: u64) {
        self.bot.begin_game(game, seed);
    }

    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let turn = {
            let mut inner = self.table.lock();
            let turn = inner.next_turn;
            inner.next_turn += 1;
            turn
        };
        if let Some(entry) = self.shared.next_entry(self.seat, turn) {
            return self.replayed(entry, view);
        }
        let kind = view.decision.unwrap_or(DecisionKind::Claim);
        let bot_playing = self
            .table
            .lock()
            .seats
            .get(self.seat)
            .is_some_and(|s| s.bot_playing);
        if bot_playing {
            return Ok(self.bot_answers(view, turn, kind));
        }
        self.ask(view, turn, kind)
    }

    fn wants_events(&self) -> bool {
        self.bot.wants_events()
    }

    fn observe(&mut self, event: &PublicEvent) {
        self.bot.observe(event);
    }

    fn take_logs(&mut self, out: &mut Vec<String>) {
        self.bot.take_logs(out);
    }
}

/// Tells the table that a bot (with no turn timer) is to decide for `seat`.
fn announce_bot_turn(table: &Table, seat: Seat, kind: DecisionKind) {
    let mut inner = table.lock();
    inner.turn = Some(TurnNow {
        seat,
        kind,
        deadline: None,
    });
    inner.broadcast(&ServerMsg::Turn {
        seat,
        kind,
        deadline_ms: 0,
    });
}

/// A bot at a table of people: says whose turn it is, and pauses a little
/// before deciding so people can follow (not while a journal is replayed).
pub(crate) struct Paced {
    inner: Box<dyn Player>,
    seat: Seat,
    table: Arc<Table>,
    shared: Arc<MatchShared>,
    delay: Duration,
}

impl Paced {
    pub(crate) fn new(
        inner: Box<dyn Player>,
        seat: Seat,
        table: Arc<Table>,
        shared: Arc<MatchShared>,
        delay: Duration,
    ) -> Self {
        Paced {
            inner,
            seat,
            table,
            shared,
            delay,
        }
    }
}

impl Player for Paced {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.inner.begin_match(info);
    }

    fn begin_game(&mut self, game: u32, seed: u64) {
        self.inner.begin_game(game, seed);
    }

    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        if !self.shared.replaying() {
            let kind = view.decision.unwrap_or(DecisionKind::Claim);
            announce_bot_turn(&self.table, self.seat, kind);
            if !self.delay.is_zero() {
                std::thread::sleep(self.delay);
            }
        }
        let decision = self.inner.decide(view);
        self.table.lock().turn = None;
        decision
    }

    fn wants_events(&self) -> bool {
        self.inner.wants_events()
    }

    fn observe(&mut self, event: &PublicEvent) {
        self.inner.observe(event);
    }

    fn take_logs(&mut self, out: &mut Vec<String>) {
        self.inner.take_logs(out);
    }
}
