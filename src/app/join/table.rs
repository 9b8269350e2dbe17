//! At the table: the waiting room (seats filling; the host starts), then
//! the match, narrated as `liar play` narrates it, with this seat's
//! questions asked by the same [`HumanPlayer`], and its end: the summary
//! and where to download the replay.

use super::fetch;
use super::link::Mode;
use super::session::{Answer, Session};
use crate::app::Failure;
use crate::engine::{Event, MatchInfo, Player, PlayerError, PublicEvent, SeatInfo, SeatKind};
use crate::human::{HumanPlayer, Narrator, NarratorOptions, Style};
use crate::i18n::JoinMsg;
use crate::online::{
    ClientMsg, ErrorCode, GoneReason, Move, Occupant, Phase, SeatSummary, ServerMsg, TableId,
    TableState, TableSummary, TurnQuestion,
};
use crate::rules::Seat;
use std::time::{Duration, Instant};

/// How the match is told: as it happens (the server paces the bots).
const OPTIONS: NarratorOptions = NarratorOptions {
    delay: Duration::ZERO,
    god_view: false,
};

/// Whether play goes on.
enum Flow {
    Go,
    /// The person left the seat, or input ended: the run ends.
    Stop,
}

/// A question standing for this seat.
#[derive(Clone)]
struct Open {
    question: TurnQuestion,
    /// Public events told when it came: a later one settles it.
    events: u64,
    /// When its timer runs out.
    deadline: Instant,
}

/// One table, from the waiting room to the end of its match.
struct Table<'s> {
    session: &'s mut Session,
    id: TableId,
    /// The seat played here; `None` to watch.
    you: Option<Seat>,
    /// The table as last told.
    summary: Option<TableSummary>,
    narrator: Narrator,
    player: Option<HumanPlayer>,
    /// Whether the match's players have been told.
    begun: bool,
    /// The index of the next public event to tell.
    next_event: u64,
    /// The last answer sent, by question number.
    answered: Option<(u64, Move)>,
    /// The question standing for this seat, until it is answered or the
    /// match moves on without the answer.
    open: Option<Open>,
    /// The last question asked, to ask again when the answer is refused.
    asked: Option<Open>,
    /// Whether the person was told the seat stays theirs.
    told_kept: bool,
    /// The seats last shown in the waiting room.
    shown_seats: Option<Vec<SeatSummary>>,
    /// The seats as the last state of the match gave them.
    seen_seats: Option<Vec<SeatSummary>>,
    /// The host chose to wait (asked again when the seats change).
    host_waits: bool,
    /// Others were told they wait for the host.
    told_waiting: bool,
    /// Told that a bot plays this seat.
    told_bot: bool,
}

/// Plays (or, with `you` `None`, watches) `table` to the end of its match.
pub fn play(session: &mut Session, id: TableId, you: Option<Seat>) -> Result<(), Failure> {
    let narrator = Narrator::new(session.console.clone(), session.lang, OPTIONS);
    let mut table = Table {
        session,
        id,
        you,
        summary: None,
        narrator,
        player: None,
        begun: false,
        next_event: 0,
        answered: None,
        open: None,
        asked: None,
        told_kept: false,
        shown_seats: None,
        seen_seats: None,
        host_waits: false,
        told_waiting: false,
        told_bot: false,
    };
    let result = table.run();
    if matches!(result, Err(Failure::LeftOnline)) && you.is_some() && !table.told_kept {
        table.session.say(Style::Hint, JoinMsg::SeatKept);
    }
    result
}

impl Table<'_> {
    fn run(&mut self) -> Result<(), Failure> {
        loop {
            let flow = match self.session.next()? {
                ServerMsg::State(state) => self.state(*state)?,
                ServerMsg::Event { index, event } => {
                    self.event(index, &event);
                    Flow::Go
                }
                ServerMsg::Turn {
                    seat, deadline_ms, ..
                } => {
                    self.their_turn(seat, deadline_ms);
                    Flow::Go
                }
                ServerMsg::YourTurn {
                    turn,
                    view,
                    deadline_ms,
                } => {
                    self.offer(TurnQuestion {
                        turn,
                        view,
                        deadline_ms,
                    });
                    Flow::Go
                }
                ServerMsg::MatchEnd {
                    wins,
                    aborted,
                    replay,
                } => {
                    self.end(&wins, aborted, &replay);
                    return Ok(());
                }
                ServerMsg::Error { code, message } => self.refused(code, &message)?,
                ServerMsg::TableGone {
                    table,
                    reason: GoneReason::Expired,
                } if table == self.id => {
                    self.session.say(Style::Hint, JoinMsg::TableExpired);
                    return Ok(());
                }
                ServerMsg::Welcome { .. }
                | ServerMsg::Tables { .. }
                | ServerMsg::TableUpdate { .. }
                | ServerMsg::TableGone { .. }
                | ServerMsg::Seated { .. }
                | ServerMsg::Pong => Flow::Go,
            };
            if let Flow::Stop = flow {
                return Ok(());
            }
            // The question standing is asked (again, after news that did
            // not settle it) once everything that came before is told.
            if let Flow::Stop = self.ask()? {
                return Ok(());
            }
        }
    }

    /// The whole view: the waiting room, or the match caught up with.
    fn state(&mut self, state: TableState) -> Result<Flow, Failure> {
        if state.table.id != self.id {
            return Ok(Flow::Go);
        }
        if !self.begun {
            self.session.adopt_lang(state.table.lang);
        }
        self.summary = Some(state.table.clone());
        if state.table.phase == Phase::Waiting {
            self.session.link.set_mode(Mode::Waiting);
            return self.waiting_room();
        }
        self.session.link.set_mode(Mode::Playing);
        if state.table.phase == Phase::Finished && !self.begun {
            return Ok(self.finished(&state));
        }
        self.note_bot();
        self.note_seats();
        if !self.begun {
            self.begin();
            // Coming in late: the turn order, then the current game only.
            let from = state
                .events
                .iter()
                .rposition(|e| matches!(e, PublicEvent::GameStart(_)))
                .unwrap_or(0);
            for (i, event) in state.events.iter().enumerate() {
                if i >= from || matches!(event, PublicEvent::Seating { .. }) {
                    self.event(i as u64, event);
                }
            }
            self.next_event = state.events.len() as u64;
        } else {
            for (i, event) in state.events.iter().enumerate() {
                self.event(i as u64, event);
            }
        }
        if self.you.is_some() {
            match state.your_turn {
                Some(question) => self.offer(question),
                None => self.open = None,
            }
        }
        Ok(Flow::Go)
    }

    /// Shows the seats as they fill; asks the host whether to start.
    fn waiting_room(&mut self) -> Result<Flow, Failure> {
        let Some(table) = self.summary.clone() else {
            return Ok(Flow::Go);
        };
        if self.shown_seats.as_ref() != Some(&table.seats) {
            let name = &table.name;
            self.session.say(
                Style::Heading,
                JoinMsg::WaitingRoom {
                    table: table.id,
                    name,
                },
            );
            let line = self.session.seats_line(&table.seats, self.you);
            self.session.console.borrow_mut().line(Style::Plain, &line);
            self.shown_seats = Some(table.seats.clone());
            self.host_waits = false;
        }
        if self.you.is_none() || table.host != self.you {
            if !self.told_waiting {
                self.session.say(Style::Hint, JoinMsg::WaitingForHost);
                self.told_waiting = true;
            }
            return Ok(Flow::Go);
        }
        if self.host_waits {
            return Ok(Flow::Go);
        }
        let open = table
            .seats
            .iter()
            .filter(|s| s.occupant == Occupant::Open)
            .count();
        let question = JoinMsg::AskStart { open }.text(self.session.lang);
        loop {
            match self.session.ask(&question)? {
                Answer::Line(text) => match start_answer(&text) {
                    Some(true) => {
                        self.session.link.send(ClientMsg::Start {
                            fill_with_bots: true,
                        });
                        self.host_waits = true;
                        return Ok(Flow::Go);
                    }
                    Some(false) => {
                        self.session.say(Style::Hint, JoinMsg::WaitingForPeople);
                        self.host_waits = true;
                        return Ok(Flow::Go);
                    }
                    None => self.session.say(Style::Error, JoinMsg::NotStart),
                },
                Answer::Withdrawn => return Ok(Flow::Go),
                Answer::Ended => {
                    self.host_waits = true;
                    return Ok(Flow::Go);
                }
            }
        }
    }

    /// Says once that a bot plays this seat now.
    fn note_bot(&mut self) {
        let bot = self
            .summary
            .as_ref()
            .zip(self.you)
            .and_then(|(t, you)| t.seats.get(you))
            .is_some_and(|s| s.bot_playing);
        if bot && !self.told_bot {
            self.session.say(Style::Hint, JoinMsg::BotPlaysYou);
        }
        self.told_bot = bot;
    }

    /// Says what changed at the other people's seats since the last state
    /// of the match: gone for now, back, a bot standing in.
    fn note_seats(&mut self) {
        let Some(now) = self.summary.as_ref().map(|t| t.seats.clone()) else {
            return;
        };
        let Some(before) = self.seen_seats.replace(now.clone()) else {
            return;
        };
        for (was, is) in before.iter().zip(&now) {
            if Some(is.seat) == self.you || is.occupant != Occupant::Person {
                continue;
            }
            let name = is.name.as_str();
            let news = if was.connected && !is.connected {
                Some(JoinMsg::PersonAway { name })
            } else if !was.connected && is.connected {
                Some(JoinMsg::PersonBack { name })
            } else {
                None
            };
            let bot = (!was.bot_playing && is.bot_playing).then_some(JoinMsg::BotPlaysFor { name });
            for msg in news.into_iter().chain(bot) {
                self.session.say(Style::Hint, msg);
            }
        }
    }

    /// Tells the narrator (and this seat's player) who plays.
    fn begin(&mut self) {
        self.begun = true;
        // In the table's language, if it was learned since.
        self.narrator = Narrator::new(self.session.console.clone(), self.session.lang, OPTIONS);
        let Some(table) = &self.summary else {
            return;
        };
        let seats: Vec<SeatInfo> = table
            .seats
            .iter()
            .map(|s| SeatInfo {
                kind: match s.occupant {
                    Occupant::Person => SeatKind::Human,
                    Occupant::Bot | Occupant::Open => SeatKind::Bot,
                },
                ..SeatInfo::human(s.seat, s.name.clone())
            })
            .collect();
        self.narrator
            .begin_remote(table.rules, seats.clone(), self.you);
        if let Some(you) = self.you {
            let name = seats.get(you).map_or("", |s| s.name.as_str());
            let mut player =
                HumanPlayer::new(name, self.session.console.clone(), self.session.lang).online();
            player.begin_match(&MatchInfo {
                seat: you,
                seats: &seats,
                rules: &table.rules,
                games: table.games,
                // A person draws no random numbers.
                seed: 0,
            });
            self.player = Some(player);
        }
    }

    /// Tells a public event, once.
    fn event(&mut self, index: u64, event: &PublicEvent) {
        if index < self.next_event {
            return;
        }
        if !self.begun {
            self.begin();
        }
        self.next_event = index.saturating_add(1);
        if let Some(open) = &self.open
            && index >= open.events
        {
            // The match went on without the answer: its time ran out.
            if Instant::now() >= open.deadline {
                self.session.say(Style::Hint, JoinMsg::TimeUp);
            }
            self.open = None;
        }
        self.session.link.set_mode(Mode::Playing);
        self.narrator.public_event(event);
        if let Some(player) = &mut self.player {
            player.observe(event);
        }
    }

    /// Another person's turn, with their time.
    fn their_turn(&mut self, seat: Seat, deadline_ms: u64) {
        if Some(seat) == self.you {
            return;
        }
        let person = self
            .summary
            .as_ref()
            .and_then(|t| t.seats.get(seat))
            .filter(|s| s.occupant == Occupant::Person && !s.bot_playing);
        if let Some(person) = person {
            let name = person.name.clone();
            let seconds = deadline_ms.div_ceil(1000);
            self.session.say(
                Style::Hint,
                JoinMsg::TheirTurn {
                    name: &name,
                    seconds,
                },
            );
        }
    }

    /// A question for this seat: it stands until answered (an answer
    /// already sent for it is sent again: it may have been lost with a
    /// connection; the server ignores a second one).
    fn offer(&mut self, question: TurnQuestion) {
        if self.player.is_none() {
            return;
        }
        self.session.link.set_mode(Mode::Playing);
        if let Some((turn, decision)) = &self.answered
            && *turn == question.turn
        {
            self.session.link.send(ClientMsg::Decide {
                turn: *turn,
                decision: decision.clone(),
            });
            self.open = None;
            return;
        }
        let deadline = Instant::now() + Duration::from_millis(question.deadline_ms);
        self.open = Some(Open {
            question,
            events: self.next_event,
            deadline,
        });
    }

    /// Asks the standing question as `liar play` asks it, unless news
    /// waits to be told first.
    fn ask(&mut self) -> Result<Flow, Failure> {
        let Some(open) = self.open.clone() else {
            return Ok(Flow::Go);
        };
        if !self.begun {
            self.begin();
        }
        let Some(player) = &mut self.player else {
            return Ok(Flow::Go);
        };
        self.asked = Some(open.clone());
        let question = open.question;
        player.set_deadline(Some(open.deadline));
        let decided = loop {
            if !self.session.may_ask() {
                return Ok(Flow::Go);
            }
            match player.decide(&question.view.view()) {
                // Withdrawn by a flag raised for news handled already.
                Err(PlayerError::Failed { .. }) if !self.session.news_waiting() => continue,
                decided => break decided,
            }
        };
        match decided {
            Ok(decision) => {
                let decision = Move::from(decision);
                self.session.link.send(ClientMsg::Decide {
                    turn: question.turn,
                    decision: decision.clone(),
                });
                self.answered = Some((question.turn, decision));
                self.open = None;
                Ok(Flow::Go)
            }
            Err(PlayerError::Quit) if player.chose_to_leave() => {
                self.session.link.send(ClientMsg::Leave);
                self.session.forget_seat(self.id);
                Ok(Flow::Stop)
            }
            Err(PlayerError::Quit) => {
                // The player said the seat stays.
                self.told_kept = true;
                if self.session.console.borrow().stopped() {
                    return Err(Failure::LeftOnline);
                }
                Ok(Flow::Stop)
            }
            // Withdrawn: the news is told, and the question asked again
            // if it still stands.
            Err(PlayerError::Failed { .. } | PlayerError::Spent { .. }) => Ok(Flow::Go),
        }
    }

    /// A refusal: an illegal answer is asked again; the rest are said.
    fn refused(&mut self, code: ErrorCode, message: &str) -> Result<Flow, Failure> {
        self.session
            .say(Style::Error, JoinMsg::ServerError { code, message });
        match code {
            ErrorCode::Illegal => {
                self.answered = None;
                self.open = self.asked.clone();
                Ok(Flow::Go)
            }
            // Coming back after a drop, the seat (or the table) is gone:
            // the server lost it.
            ErrorCode::BadToken | ErrorCode::UnknownTable => {
                self.session.forget_seat(self.id);
                Err(Failure::Online(
                    JoinMsg::TokenDropped { table: self.id }.text(self.session.lang),
                ))
            }
            ErrorCode::NotYourTurn => {
                self.session.say(Style::Hint, JoinMsg::TooLate);
                Ok(Flow::Go)
            }
            ErrorCode::NotHost | ErrorCode::WrongState
                if self.summary.as_ref().map(|t| t.phase) == Some(Phase::Waiting) =>
            {
                self.host_waits = true;
                Ok(Flow::Go)
            }
            _ => Ok(Flow::Go),
        }
    }

    /// A table whose match ended while this client was away: its last
    /// game and the results (the replay's address came with the end).
    fn finished(&mut self, state: &TableState) -> Flow {
        self.begin();
        let from = state
            .events
            .iter()
            .rposition(|e| matches!(e, PublicEvent::GameStart(_)))
            .unwrap_or(0);
        let mut wins = vec![0; state.table.seats.len()];
        for (i, event) in state.events.iter().enumerate() {
            if let PublicEvent::GameEnd(end) = event
                && let Some(w) = wins.get_mut(end.winner)
            {
                *w += 1;
            }
            if i >= from || matches!(event, PublicEvent::Seating { .. }) {
                self.event(i as u64, event);
            }
        }
        let played = wins.iter().sum::<u32>();
        self.narrator
            .end_remote(None, &wins, played < state.table.games);
        if self.you.is_some() {
            self.session.forget_seat(self.id);
        }
        Flow::Stop
    }

    /// The end: the summary (counted from the replay, every die known now)
    /// and where to download the replay.
    fn end(&mut self, wins: &[u32], aborted: bool, replay: &str) {
        self.session.link.set_mode(Mode::Lobby);
        self.session.link.set_comeback(None);
        if !self.begun {
            self.begin();
        }
        let url = self.session.address.http_url(replay);
        let events = fetch::get(&url)
            .and_then(|bytes| crate::replay::read_replay(&bytes[..]).map_err(|e| e.to_string()));
        let full: Option<&[Event]> = events.as_ref().ok().map(Vec::as_slice);
        self.narrator.end_remote(full, wins, aborted);
        if let Err(reason) = &events {
            self.session
                .say(Style::Hint, JoinMsg::ReplayUnfetched { reason });
        }
        self.session
            .say(Style::Hint, JoinMsg::ReplayAt { url: &url });
        if self.you.is_some() {
            self.session.forget_seat(self.id);
        }
    }
}

/// Start (`s`, `start`, `y`, `начать`, `да`) or wait (`w`, `wait`,
/// `n`, `ж`, `ждать`, `нет`).
fn start_answer(text: &str) -> Option<bool> {
    let text = text.trim().to_lowercase();
    match text.as_str() {
        "s" | "start" | "y" | "yes" | "начать" | "д" | "да" | "с" | "старт" => {
            Some(true)
        }
        "w" | "wait" | "n" | "no" | "ж" | "ждать" | "нет" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_starts_or_waits_in_either_language() {
        assert_eq!(start_answer(" S "), Some(true));
        assert_eq!(start_answer("начать"), Some(true));
        assert_eq!(start_answer("w"), Some(false));
        assert_eq!(start_answer("Ждать"), Some(false));
        assert_eq!(start_answer("maybe"), None);
    }
}
