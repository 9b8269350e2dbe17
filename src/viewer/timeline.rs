//! A replay read into steps: each event with the table just after it.
//!
//! Lines are checked as they are read ([`crate::replay::Checker`]); the
//! timeline keeps every step up to the last good line and says where and
//! why the file broke, so a cut or unfinished replay can still be viewed.

use super::step::{Step, Turn};
use crate::engine::{Claim, Event, GameStart, PenaltyAction, SeatInfo, reroll_count};
use crate::replay::{CheckError, Checker, ReplayReader};
use crate::rules::{ClaimOnTable, DecisionKind, RoundAction, Rules, Seat};
use std::io::BufRead;

/// How the replay ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// With `match_end`: every game was played.
    Finished,
    /// With `match_end` marked `aborted`: the match was stopped early.
    Stopped,
    /// Valid as far as it goes, but without `match_end` (a cut file, or a
    /// match still being written).
    Incomplete {
        /// The last line read.
        line: usize,
    },
    /// A line is unreadable or breaks the format; the steps stop before it.
    Broken {
        /// The bad line.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// The replay could not be viewed at all: its first line is not a readable
/// `match` line (or the file is empty).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct LoadError {
    /// The bad line.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Where a game and its rounds start among the steps.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameMarks {
    number: u32,
    start: usize,
    rounds: Vec<usize>,
}

/// A whole replay as steps, one per event (`log` lines are attached to the
/// step before them).
///
/// ```
/// use liar::engine::*;
/// use liar::replay::ReplayWriter;
/// use liar::rules::Rules;
/// use liar::viewer::{Ending, Timeline};
/// let setup = MatchSetup::native(Rules::default(), 7, 2, &["honest", "random", "honest"]);
/// let mut writer = ReplayWriter::new(Vec::new());
/// play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
/// let bytes = writer.finish().unwrap();
///
/// let timeline = Timeline::read(&bytes[..]).unwrap();
/// assert_eq!(timeline.ending, Ending::Finished);
/// assert_eq!(timeline.games(), 2);
/// let start = timeline.game_start(2).unwrap();
/// assert_eq!(timeline.steps[start].game, 2);
///
/// // A file cut in the middle of a line: everything before it is kept.
/// let cut = &bytes[..bytes.len() - 10];
/// let partial = Timeline::read(cut).unwrap();
/// assert!(matches!(partial.ending, Ending::Incomplete { .. }));
/// assert_eq!(partial.steps.len(), timeline.steps.len() - 1);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// The master seed: from the `match` line, or from `match_end` when the
    /// `match` line gave only its commitment; `None` until then.
    pub seed: Option<u64>,
    /// The SHA-256 commitment to a seed drawn at random (version 2), if the
    /// `match` line gave one instead of the seed.
    pub commitment: Option<String>,
    /// The table's rules.
    pub rules: Rules,
    /// The seats (`seats[i]` is seat `i`).
    pub seats: Vec<SeatInfo>,
    /// The turn order, first caller first (seat order until a `seating` line).
    pub order: Vec<Seat>,
    /// Every step, in order; the first is the `match` line.
    pub steps: Vec<Step>,
    /// How the replay ends.
    pub ending: Ending,
    games: Vec<GameMarks>,
}

impl Timeline {
    /// Reads a replay, keeping every step up to the first bad line.
    pub fn read(r: impl BufRead) -> Result<Timeline, LoadError> {
        let mut builder = Builder::default();
        for item in ReplayReader::new(r) {
            let stop = match item {
                Ok((line, event)) => builder.push(line, event),
                // A last line cut off: the writer stopped, the file is unfinished.
                Err(e) if e.is_truncated() => return builder.finish(None),
                Err(e) => Err((e.line, e.kind.to_string())),
            };
            if let Err((line, reason)) = stop {
                return builder.finish(Some(Ending::Broken { line, reason }));
            }
        }
        builder.finish(None)
    }

    /// Builds a timeline from events in memory; event `i` counts as line `i + 1`.
    ///
    /// ```
    /// use liar::engine::{Accept, Event};
    /// use liar::viewer::Timeline;
    /// let err = Timeline::from_events(&[Event::Accept(Accept { seat: 0 })]).unwrap_err();
    /// assert_eq!(err.line, 1);
    /// ```
    pub fn from_events<'a>(
        events: impl IntoIterator<Item = &'a Event>,
    ) -> Result<Timeline, LoadError> {
        let mut builder = Builder::default();
        for (i, event) in events.into_iter().enumerate() {
            if let Err((line, reason)) = builder.push(i + 1, event.clone()) {
                return builder.finish(Some(Ending::Broken { line, reason }));
            }
        }
        builder.finish(None)
    }

    /// A seat's name (`#N` for a seat the table does not list).
    pub fn name(&self, seat: Seat) -> String {
        self.seats
            .get(seat)
            .map_or_else(|| format!("#{seat}"), |s| s.name.clone())
    }

    /// How many games the replay begins.
    pub fn games(&self) -> u32 {
        self.games.last().map_or(0, |g| g.number)
    }

    /// The step of game `game`'s `game_start`.
    pub fn game_start(&self, game: u32) -> Option<usize> {
        self.marks(game).map(|g| g.start)
    }

    /// How many rounds game `game` begins in the replay.
    pub fn rounds(&self, game: u32) -> u32 {
        self.marks(game)
            .map_or(0, |g| u32::try_from(g.rounds.len()).unwrap_or(u32::MAX))
    }

    /// The step of round `round`'s `round_start` in game `game`.
    pub fn round_start(&self, game: u32, round: u32) -> Option<usize> {
        let i = usize::try_from(round.checked_sub(1)?).ok()?;
        self.marks(game)?.rounds.get(i).copied()
    }

    fn marks(&self, game: u32) -> Option<&GameMarks> {
        self.games.iter().find(|g| g.number == game)
    }
}

/// A line that stops the timeline: its number and why.
type Stop = (usize, String);

/// Turns checked events into steps.
#[derive(Default)]
struct Builder {
    checker: Checker,
    timeline: Option<Timeline>,
    /// The state after the last step.
    state: Option<Step>,
    /// Dice thrown again before the next claim of the round.
    last_reroll: Option<u8>,
    last_line: usize,
}

impl Builder {
    fn push(&mut self, line: usize, event: Event) -> Result<(), Stop> {
        self.checker
            .event(line, &event)
            .map_err(|e| (line, check_reason(e)))?;
        self.last_line = line;
        let Some(timeline) = self.timeline.as_mut() else {
            return self.start(line, event);
        };
        let Some(state) = self.state.as_mut() else {
            return Err((line, "no `match` line before it".into()));
        };
        match &event {
            Event::Log { seat, text } => {
                if let Some(step) = timeline.steps.last_mut() {
                    step.logs.push((*seat, text.clone()));
                }
                return Ok(());
            }
            Event::Seating { order, .. } => timeline.order = order.clone(),
            Event::MatchEnd { aborted, seed, .. } => {
                if seed.is_some() {
                    timeline.seed = *seed;
                }
                timeline.ending = if *aborted {
                    Ending::Stopped
                } else {
                    Ending::Finished
                };
            }
            _ => {}
        }
        state.line = line;
        state.logs.clear();
        advance(state, &event, &timeline.order, &mut self.last_reroll);
        state.event = event;
        let index = timeline.steps.len();
        match state.event {
            Event::GameStart(GameStart { game, .. }) => timeline.games.push(GameMarks {
                number: game,
                start: index,
                rounds: Vec::new(),
            }),
            Event::RoundStart { .. } => {
                if let Some(marks) = timeline.games.last_mut() {
                    marks.rounds.push(index);
                }
            }
            _ => {}
        }
        timeline.steps.push(state.clone());
        Ok(())
    }

    /// The `match` line (the checker has made sure it is one).
    fn start(&mut self, line: usize, event: Event) -> Result<(), Stop> {
        let Event::Match {
            seed,
            ref commitment,
            rules,
            ref seats,
            ..
        } = event
        else {
            return Err((line, "the first line must be `match`".into()));
        };
        let n = seats.len();
        let step = Step {
            line,
            event: event.clone(),
            logs: Vec::new(),
            game: 0,
            round: 0,
            chips: vec![0; n],
            pot: 0,
            turn: None,
            to_beat: None,
            history: Vec::new(),
            dice: None,
            holder: None,
        };
        self.timeline = Some(Timeline {
            seed,
            commitment: commitment.clone(),
            rules,
            seats: seats.clone(),
            order: (0..n).collect(),
            steps: vec![step.clone()],
            ending: Ending::Incomplete { line },
            games: Vec::new(),
        });
        self.state = Some(step);
        Ok(())
    }

    /// The timeline, ended by `stop` or by the end of the file.
    fn finish(self, stop: Option<Ending>) -> Result<Timeline, LoadError> {
        let Some(mut timeline) = self.timeline else {
            return Err(match stop {
                Some(Ending::Broken { line, reason }) => LoadError { line, reason },
                _ => LoadError {
                    line: 1,
                    reason: "the file is empty".into(),
                },
            });
        };
        match stop {
            Some(ending) => timeline.ending = ending,
            None if matches!(timeline.ending, Ending::Incomplete { .. }) => {
                timeline.ending = Ending::Incomplete {
                    line: self.last_line,
                };
            }
            None => {}
        }
        Ok(timeline)
    }
}

/// What the checker says is wrong, without the line number (kept apart).
fn check_reason(e: CheckError) -> String {
    match e {
        CheckError::Invalid { message, .. } => message.to_string(),
        CheckError::Read(e) => e.kind.to_string(),
        other => other.to_string(),
    }
}

/// The next seat after `seat` in `order` that still has chips.
fn next_in_game(order: &[Seat], chips: &[u32], seat: Seat) -> Option<Seat> {
    let at = order.iter().position(|&s| s == seat)?;
    (1..order.len())
        .map(|k| order[(at + k) % order.len()])
        .find(|&s| chips.get(s).is_some_and(|&c| c > 0))
}

/// Ends the round in `state`: no dice, no claim, nobody to decide.
fn end_round(state: &mut Step) {
    state.dice = None;
    state.holder = None;
    state.to_beat = None;
    state.turn = None;
}

/// Moves `state` past `event` (already checked).
fn advance(state: &mut Step, event: &Event, order: &[Seat], last_reroll: &mut Option<u8>) {
    let turn = |seat: Seat, decision: DecisionKind| Some(Turn { seat, decision });
    match event {
        Event::GameStart(start) => {
            state.game = start.game;
            state.round = 0;
            state.chips = start.chips.clone();
            state.pot = 0;
            state.history.clear();
            end_round(state);
        }
        Event::RoundStart { start, dice } => {
            state.round = start.round;
            state.history.clear();
            state.dice = Some(*dice);
            state.holder = Some(start.starter);
            state.to_beat = None;
            state.turn = turn(start.starter, DecisionKind::Claim);
            *last_reroll = None;
        }
        Event::Claim(claim) => {
            let Claim { seat, claim: hand } = *claim;
            state.history.push(RoundAction::from(*claim));
            state.to_beat = Some(ClaimOnTable {
                seat,
                claim: hand,
                rerolled: last_reroll.take(),
            });
            state.holder = Some(seat);
            state.turn = next_in_game(order, &state.chips, seat)
                .and_then(|next| turn(next, DecisionKind::Respond));
        }
        Event::Accept(accept) => {
            state.history.push(RoundAction::from(*accept));
            state.holder = Some(accept.seat);
            state.turn = turn(accept.seat, DecisionKind::Reroll);
        }
        Event::Reroll {
            seat,
            positions,
            dice,
        } => {
            let count = reroll_count(positions);
            state
                .history
                .push(RoundAction::Reroll { seat: *seat, count });
            state.dice = Some(*dice);
            state.holder = Some(*seat);
            state.turn = turn(*seat, DecisionKind::Claim);
            *last_reroll = Some(count);
        }
        Event::Challenge(challenge) => {
            state.chips = challenge.chips.clone();
            state.pot = challenge.pot;
            end_round(state);
        }
        Event::Penalty(penalty) => {
            if let Some(chips) = &penalty.chips {
                state.chips = chips.clone();
            }
            if let Some(pot) = penalty.pot {
                state.pot = pot;
            }
            if !matches!(
                penalty.action,
                PenaltyAction::Fallback | PenaltyAction::Recorded
            ) {
                end_round(state);
            }
        }
        Event::Eliminated { .. } => {
            state.history.clear();
            end_round(state);
        }
        Event::GameEnd(end) => {
            if let Some(c) = state.chips.get_mut(end.winner) {
                *c = c.saturating_add(end.pot);
            }
            state.pot = 0;
            state.history.clear();
            end_round(state);
        }
        Event::MatchEnd { .. } => {
            state.history.clear();
            end_round(state);
        }
        Event::Match { .. } | Event::Seating { .. } | Event::Log { .. } => {}
    }
}
