//! The narrator: tells the people at the terminal everything public that
//! happens at the table, as it happens.

use super::console::SharedConsole;
use super::match_tally::MatchTally;
use super::render::{Line, Render, reader_seat};
use super::style::Style;
use crate::engine::{
    Accept, Challenge, Claim, Event, Observer, PublicEvent, REPLAY_VERSION, SeatInfo, SeatKind,
};
use crate::i18n::{Lang, Msg};
use crate::rules::{Rules, Seat};
use std::time::Duration;

/// How the narrator tells a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NarratorOptions {
    /// A pause after each action of a bot (claim, accept, re-throw,
    /// challenge), so people can follow; zero for none.
    pub delay: Duration,
    /// God's view: also show the hidden dice of every throw and re-throw and
    /// the bots' debug lines. Only for matches without humans (`liar
    /// watch`); it is switched off when any seat is human.
    pub god_view: bool,
}

/// An [`Observer`] that writes every public event to a console in words:
/// claims in the chosen language, accepts, re-throw counts, challenges with
/// the dice they reveal, who paid, eliminations, winners.
///
/// Only public facts are written ([`Event::public`]); the one exception is
/// the seating throw, which everyone sees at a real table. With
/// [`NarratorOptions::god_view`] (bots only) the hidden dice are shown too.
///
/// With people at the table, the one human of a table is told in the second
/// person ("You accept."); before each game after the first the narrator
/// waits for Enter (when input is a terminal and the delay is not zero);
/// and the match ends with a summary per player: games won, chips won and
/// lost, challenges won and lost, bluffs caught and bluffs that got through
/// (whether an accepted claim was a bluff is told only then).
///
/// ```
/// use liar::engine::*;
/// use liar::human::{Console, MemoryOutput, Narrator, NarratorOptions};
/// use liar::i18n::Lang;
/// use liar::rules::Rules;
/// let out = MemoryOutput::new();
/// let console = Console::new(std::io::empty(), out.clone(), false).shared();
/// let mut narrator = Narrator::new(console, Lang::En, NarratorOptions::default());
/// let setup = MatchSetup::native(Rules::default(), 3, 1, &["honest", "random", "honest"]);
/// let mut players = native_players(&setup).unwrap();
/// play_match(&setup, &mut players, &mut narrator).unwrap();
/// let text = out.text();
/// assert!(text.contains("Game 1"));
/// assert!(text.contains("Match over."));
/// ```
pub struct Narrator {
    console: SharedConsole,
    render: Render,
    options: NarratorOptions,
    kinds: Vec<SeatKind>,
    order: Vec<Seat>,
    tally: MatchTally,
}

impl Narrator {
    /// A narrator writing to `console` in `lang`. Names, seat kinds and rules
    /// are learned from the match's first event.
    pub fn new(console: SharedConsole, lang: Lang, options: NarratorOptions) -> Self {
        Narrator {
            console,
            render: Render::new(lang),
            options,
            kinds: Vec::new(),
            order: Vec::new(),
            tally: MatchTally::default(),
        }
    }

    /// Whether people play at this table.
    fn people(&self) -> bool {
        self.kinds.contains(&SeatKind::Human)
    }

    /// Between games: waits for Enter, when a person at a terminal plays
    /// and bots' moves are paced.
    fn pause_before(&self, game: u32) {
        if self.options.delay.is_zero() || !self.people() {
            return;
        }
        let mut console = self.console.borrow_mut();
        if !console.interactive() || console.stopped() {
            return;
        }
        console.blank();
        console.discard_typed_ahead();
        console.line(
            Style::Question,
            &Msg::PressEnterForGame { game }.text(self.lang()),
        );
        console.prompt("> ");
        if console.read_line().is_none() {
            console.blank();
            if console.stopped() {
                console.line(Style::Hint, &Msg::Interrupted.text(self.lang()));
            }
        }
    }

    /// Begins telling a match played elsewhere (a table served over the
    /// network): its players are written as [`Observer::event`] writes a
    /// replay's `match` line, but the seat told in the second person is
    /// `you` (the seat played at this terminal; `None` to watch). Then
    /// each event as [`Narrator::public_event`] and the end as
    /// [`Narrator::end_remote`].
    pub fn begin_remote(&mut self, rules: Rules, seats: Vec<SeatInfo>, you: Option<Seat>) {
        let header = Event::Match {
            version: REPLAY_VERSION,
            seed: None,
            commitment: None,
            rules,
            seats,
        };
        self.learn_table(&header);
        self.render.you = you;
        self.options.god_view = false;
        let lines = self.render.table_event(&header);
        self.write(&lines);
    }

    /// Tells one public event of a match played elsewhere in the words
    /// [`Observer::event`] tells the event it comes from (the seating throw
    /// is not public: only the turn order is told).
    pub fn public_event(&mut self, event: &PublicEvent) {
        if let PublicEvent::Seating { order } = event {
            self.order = order.clone();
        }
        let lines = self.public_lines(event);
        self.write(&lines);
    }

    /// Ends a match played elsewhere with its `match_end` line. With the
    /// match's whole replay (every die is known once it is over), the
    /// summary per player comes first, as at the end of `liar play`; then
    /// the results (the seed stays in the replay: its commitment was not
    /// told at the start).
    pub fn end_remote(&mut self, replay: Option<&[Event]>, wins: &[u32], aborted: bool) {
        let mut lines = Vec::new();
        let (mut wins, mut aborted) = (wins.to_vec(), aborted);
        if let Some(events) = replay
            && let Some(Event::MatchEnd {
                wins: told,
                aborted: stopped,
                ..
            }) = events.last()
        {
            self.tally = MatchTally::default();
            for event in events {
                self.tally.event(event);
            }
            if self.people() {
                lines = self.summary();
            }
            (wins, aborted) = (told.clone(), *stopped);
        }
        // The seed stays in the replay: its commitment was not told at the
        // start, so it would have nothing to be checked against here.
        let end = Event::MatchEnd {
            wins,
            aborted,
            seed: None,
        };
        lines.extend(self.render.table_event(&end));
        self.write(&lines);
    }

    /// Learns names, seat kinds and rules from a `match` line.
    fn learn_table(&mut self, header: &Event) {
        if let Event::Match { rules, seats, .. } = header {
            self.render.rules = *rules;
            self.render.names = seats.iter().map(|s| s.name.clone()).collect();
            self.kinds = seats.iter().map(|s| s.kind).collect();
            self.render.you = reader_seat(self.kinds.iter().copied());
            if self.people() {
                self.options.god_view = false;
            }
        }
    }

    /// The lines telling a public event.
    fn public_lines(&self, public: &PublicEvent) -> Vec<Line> {
        let mut lines = Vec::new();
        if let PublicEvent::GameStart(_) | PublicEvent::RoundStart(_) = public {
            lines.push((Style::Plain, String::new()));
        }
        lines.extend(self.render.event(public, &self.order));
        lines
    }

    /// The summary of the match, per player.
    fn summary(&self) -> Vec<Line> {
        let lang = self.lang();
        let mut lines = vec![
            (Style::Plain, String::new()),
            (Style::Heading, Msg::SummaryHeader.text(lang)),
        ];
        for (seat, t) in self.tally.seats().iter().enumerate() {
            let games = Msg::SummaryGames {
                name: &self.render.name(seat),
                games: t.games,
                taken: t.chips_taken,
                paid: t.chips_paid,
            };
            let play = Msg::SummaryPlay {
                won: t.challenges_won,
                lost: t.challenges_lost,
                caught: t.bluffs_caught,
                through: t.bluffs_through,
            };
            lines.push((Style::Plain, games.text(lang)));
            lines.push((Style::Plain, play.text(lang)));
        }
        lines.push((Style::Hint, Msg::SummaryNote.text(lang)));
        lines
    }

    fn lang(&self) -> Lang {
        self.render.lang
    }

    fn write(&self, lines: &[(Style, String)]) {
        let mut console = self.console.borrow_mut();
        for (style, text) in lines {
            console.line(*style, text);
        }
        console.flush();
    }

    fn is_bot(&self, seat: Seat) -> bool {
        self.kinds.get(seat).is_none_or(|k| *k == SeatKind::Bot)
    }

    /// Pauses after a bot's action.
    fn pause_after(&self, event: &Event) {
        if self.options.delay.is_zero() {
            return;
        }
        let actor = match event {
            Event::Claim(Claim { seat, .. })
            | Event::Accept(Accept { seat })
            | Event::Reroll { seat, .. }
            | Event::Challenge(Challenge { seat, .. }) => *seat,
            _ => return,
        };
        if self.is_bot(actor) {
            std::thread::sleep(self.options.delay);
        }
    }

    /// The lines God's view adds to an event.
    fn secrets(&self, event: &Event) -> Vec<(Style, String)> {
        let r = &self.render;
        match event {
            Event::RoundStart { dice, .. } => vec![(
                Style::Hint,
                Msg::SecretDice {
                    dice: &r.dice(dice),
                }
                .text(self.lang()),
            )],
            Event::Reroll {
                positions, dice, ..
            } => vec![r.secret_reroll(positions, dice)],
            Event::Log { seat, text } => vec![r.bot_log(*seat, text)],
            _ => Vec::new(),
        }
    }
}

impl Observer for Narrator {
    fn event(&mut self, event: &Event) {
        self.tally.event(event);
        match event {
            Event::Match { .. } => self.learn_table(event),
            Event::Seating { order, .. } => self.order = order.clone(),
            Event::GameStart(start) if start.game > 1 => self.pause_before(start.game),
            _ => {}
        }
        // The summary comes before "Match over." and the seed revealed,
        // which stays the last line.
        let mut lines = if matches!(event, Event::MatchEnd { .. }) && self.people() {
            self.summary()
        } else {
            Vec::new()
        };
        lines.extend(self.render.table_event(event));
        if let Some(public) = event.public() {
            lines.extend(self.public_lines(&public));
        }
        if self.options.god_view {
            lines.extend(self.secrets(event));
        }
        self.write(&lines);
        self.pause_after(event);
    }
}
