//! Checks that a replay is a legal, self-consistent match: every invariant of
//! the format (`docs/replay-format.md`), replayed event by event.
//!
//! The checker keeps the table's state (turn order, chips, pot, dice, the
//! claim to beat, whose turn it is) and compares every line with what the
//! rules allow at that point. The first line that breaks an invariant is the
//! error; it names the field and the expected and actual values.

use super::reader::{ReplayError, ReplayErrorKind, ReplayReader};
use crate::engine::{
    Challenge, Claim, DiceStream, Event, GameEnd, GameStart, Penalty, PenaltyAction,
    REPLAY_VERSION, REPLAY_VERSIONS, RoundStart, seed_commitment,
};
use crate::rules::{
    Dice, Face, Hand, MAX_SEATS, NextRoundStarter, Ranking, Seat, SeatingRoll, SeatingRule,
    seating_throw,
};
use std::fmt::Debug;
use std::io::BufRead;

/// What a valid replay contains.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CheckSummary {
    /// Seats at the table.
    pub seats: usize,
    /// Games played to the end (`game_end` lines).
    pub games: u32,
    /// Rounds begun (`round_start` lines).
    pub rounds: u64,
    /// Claims made.
    pub claims: u64,
    /// Challenges made.
    pub challenges: u64,
    /// Penalties given.
    pub penalties: u64,
    /// Games won, by seat.
    pub wins: Vec<u32>,
    /// Whether the match stopped before all its games (`match_end.aborted`).
    pub aborted: bool,
    /// The format version (`match.version`).
    pub version: u32,
    /// The master seed: from the `match` line, or from `match_end` when
    /// the `match` line gave its commitment; `None` until it is known.
    pub seed: Option<u64>,
    /// Whether the `match` line gave a commitment instead of the seed (a
    /// seed drawn at random). In a valid complete replay, `match_end`
    /// revealed a seed that matches it.
    pub sealed: bool,
    /// Whether every die was checked against the seed's streams (version 2
    /// and a seed known; every die of a valid replay is then the seed's).
    pub dice_checked: bool,
}

/// Why a replay is not valid.
///
/// ```
/// use liar::replay::{CheckError, check_replay};
/// let err = check_replay(&b"{\"type\":\"accept\",\"seat\":0}\n"[..]).unwrap_err();
/// assert_eq!(err.line(), 1);
/// assert!(err.to_string().contains("the first line must be `match`"));
///
/// let err = check_replay(&b""[..]).unwrap_err();
/// assert!(err.is_incomplete());
/// ```
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A line is not a readable event (bad JSON, unknown type, missing field...).
    #[error(transparent)]
    Read(ReplayError),
    /// A line is an event the match could not have produced.
    #[error("line {line}: {message}")]
    Invalid {
        /// The 1-based line number.
        line: usize,
        /// What is wrong: the field, expected and actual values (boxed:
        /// errors stay small).
        message: Box<Invalid>,
    },
    /// Everything read is valid but the match did not finish: the file has
    /// no `match_end` (or its last line is cut off).
    #[error("incomplete replay — the match did not finish (line {line}: {reason})")]
    Incomplete {
        /// The first line that is missing or cut off.
        line: usize,
        /// What is missing.
        reason: Unfinished,
        /// What the valid part holds (`wins` counts the games finished).
        summary: Box<CheckSummary>,
    },
}

/// Why a replay event could not have happened (English is the `Display`;
/// `Invalid::text` says it in Russian too).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// A field has the wrong value.
    #[error("`{field}`: expected {expected}, got {actual}")]
    Mismatch {
        /// The field.
        field: String,
        /// What it should be (as Rust's `Debug` shows it).
        expected: String,
        /// What it is.
        actual: String,
    },
    /// An event comes where another was due.
    #[error("unexpected `{event}`: expected {expected}")]
    Unexpected {
        /// The event's type.
        event: String,
        /// What was due (in English).
        expected: String,
    },
    /// Dice that the seed's stream does not throw.
    #[error(
        "`{field}`: the seed's dice stream {stream} throws {expected} here, not {actual}: these dice are not the seed's"
    )]
    NotSeedDice {
        /// The field.
        field: String,
        /// The dice stream.
        stream: u32,
        /// The faces the stream throws.
        expected: String,
        /// The faces in the replay.
        actual: String,
    },
    /// Found once the seed was revealed.
    #[error("{0} (checked when `match_end` revealed the seed)")]
    AtEnd(Box<Invalid>),
    /// A line after `match_end`.
    #[error("nothing may follow `match_end`")]
    AfterEnd,
    /// A second `match` line.
    #[error("a second `match` line")]
    SecondMatch,
    /// `match_end.seed`: missing; the `match` line gave a commitment, so the seed must be revealed here.
    #[error(
        "`match_end.seed`: missing; the `match` line gave a commitment, so the seed must be revealed here"
    )]
    SeedNotRevealed,
    /// `match_end.seed`: not expected; the `match` line gave the seed.
    #[error("`match_end.seed`: not expected; the `match` line gave the seed")]
    SeedTwice,
    /// `match.seed`: missing.
    #[error("`match.seed`: missing")]
    NoSeed,
    /// `match.commitment`: version 1 has no commitment, only `seed`.
    #[error("`match.commitment`: version 1 has no commitment, only `seed`")]
    CommitmentInV1,
    /// `match.seats[i].params` where a seat cannot have them.
    #[error("`match.seats[{seat}].params`: {}", .problem.text(crate::i18n::Lang::En))]
    BadParams {
        /// The seat, as shown.
        seat: String,
        /// What is wrong.
        problem: ParamsProblem,
    },
    /// `match.commitment`: give either `seed` or `commitment`, not both.
    #[error("`match.commitment`: give either `seed` or `commitment`, not both")]
    SeedAndCommitment,
    /// A `seating` line when rules.seating is "listed".
    #[error("unexpected `seating`: rules.seating is \"listed\"")]
    SeatingListed,
    /// `challenge`: no claim to challenge.
    #[error("`challenge`: no claim to challenge")]
    NothingToChallenge,
    /// `log.seat` is not a seat at the table.
    #[error("`log.seat`: {seat} is not a seat (the table has {n})")]
    NotASeat {
        /// As shown (in the English and the Russian alike).
        seat: String,
        /// As shown (in the English and the Russian alike).
        n: String,
    },
    /// The first line is not `match`.
    #[error("the first line must be `match`, got `{got}`")]
    FirstNotMatch {
        /// As shown (in the English and the Russian alike).
        got: String,
    },
    /// Too few or too many seats.
    #[error("`match.seats`: expected 2 to {max} seats, got {n}")]
    SeatCount {
        /// As shown (in the English and the Russian alike).
        max: String,
        /// As shown (in the English and the Russian alike).
        n: String,
    },
    /// `seating.order` is not a permutation of the seats.
    #[error("`seating.order`: expected a permutation of seats 0..{n}, got {order}")]
    NotAPermutation {
        /// As shown (in the English and the Russian alike).
        n: String,
        /// As shown (in the English and the Russian alike).
        order: String,
    },
    /// A re-thrown position is listed twice.
    #[error("`reroll.positions`: {p} is listed twice")]
    ListedTwice {
        /// As shown (in the English and the Russian alike).
        p: String,
    },
    /// A re-thrown position is not 0-4.
    #[error("`reroll.positions`: {p} is not a position 0-4")]
    NotAPosition {
        /// As shown (in the English and the Russian alike).
        p: String,
    },
    /// A claim nothing beats was accepted.
    #[error("`accept`: nothing beats {claim}, so seat {s} must challenge it")]
    MustChallenge {
        /// As shown (in the English and the Russian alike).
        claim: String,
        /// As shown (in the English and the Russian alike).
        s: String,
    },
    /// A claim does not beat the one before it.
    #[error("`claim.claim`: {hand} is not higher than the claim to beat, {to_beat} by seat {by}")]
    NotHigher {
        /// As shown (in the English and the Russian alike).
        hand: String,
        /// As shown (in the English and the Russian alike).
        to_beat: String,
        /// As shown (in the English and the Russian alike).
        by: String,
    },
    /// The revealed seed is not the one committed to.
    #[error(
        "`match_end.seed`: {seed} is not the seed committed to: its SHA-256 is {actual}, the `match` line gave {commitment}"
    )]
    NotCommitted {
        /// As shown (in the English and the Russian alike).
        seed: String,
        /// As shown (in the English and the Russian alike).
        actual: String,
        /// As shown (in the English and the Russian alike).
        commitment: String,
    },
    /// A replay version this engine does not read.
    #[error(
        "`match.version`: expected {from} to {to} (the versions this engine reads), got {version}"
    )]
    Version {
        /// As shown (in the English and the Russian alike).
        from: String,
        /// As shown (in the English and the Russian alike).
        to: String,
        /// As shown (in the English and the Russian alike).
        version: String,
    },
    /// `match.commitment` is not a SHA-256 in hex.
    #[error("`match.commitment`: expected 64 lowercase hex digits (a SHA-256), got {got}")]
    BadCommitment {
        /// As shown (in the English and the Russian alike).
        got: String,
    },
    /// The seating throw lacks a roll.
    #[error("`seating.rolls`: missing a throw of seat {seat} (after {after} rolls)")]
    MissingThrow {
        /// As shown (in the English and the Russian alike).
        seat: String,
        /// As shown (in the English and the Russian alike).
        after: String,
    },
    /// The seating throw has rolls too many.
    #[error("`seating.rolls`: {extra} more rolls than the throw needed ({all} in all)")]
    ExtraRolls {
        /// As shown (in the English and the Russian alike).
        extra: String,
        /// As shown (in the English and the Russian alike).
        all: String,
    },
    /// A penalty lacks its chips or pot.
    #[error("`penalty.chips` and `penalty.pot` are required when the action is {action}")]
    PenaltyChips {
        /// As shown (in the English and the Russian alike).
        action: String,
    },
    /// Chips appeared or vanished.
    #[error(
        "`{event}.chips` + `{event}.pot`: expected {total} chips in play ({dealt} players dealt in), got {in_play}"
    )]
    ChipsInPlay {
        /// As shown (in the English and the Russian alike).
        event: String,
        /// As shown (in the English and the Russian alike).
        total: String,
        /// As shown (in the English and the Russian alike).
        dealt: String,
        /// As shown (in the English and the Russian alike).
        in_play: String,
    },
    /// `challenge.claim_true` says the wrong verdict (the recorded one is
    /// `!truth`).
    #[error(
        "`challenge.claim_true`: expected {truth} (the dice show {real}, {} the claim {claim}), got {}",
        if *truth { "at least" } else { "below" },
        !truth
    )]
    ClaimTrue {
        /// Whether the claim was true.
        truth: bool,
        /// The hand the dice show.
        real: String,
        /// The claim.
        claim: String,
    },
    /// A die that was not re-thrown changed.
    #[error(
        "`reroll.dice`: expected {expected} at position {at}, which was not re-thrown (positions {positions}), got {got} (dice {before} before, {after} after)"
    )]
    NotRethrown {
        /// The face it had.
        expected: Face,
        /// Its position.
        at: usize,
        /// The positions re-thrown (`[0, 2]`).
        positions: String,
        /// The face recorded.
        got: Face,
        /// The dice before.
        before: String,
        /// The dice after.
        after: String,
    },
}

/// Why a seat's `params` cannot be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamsProblem {
    /// Versions 1 and 2 have no parameters.
    BeforeVersion3,
    /// Only a Lua bot (a seat with a `script`) takes parameters.
    NotALuaBot,
    /// A name or value a table file could not give.
    Invalid,
}

/// Why a replay that is valid as far as it goes is unfinished.
#[derive(Debug, thiserror::Error)]
pub enum Unfinished {
    /// Nothing in the file.
    #[error("the file is empty")]
    Empty,
    /// No `match_end` after this last line.
    #[error("no `match_end` after line {0}")]
    NoEnd(usize),
    /// The last line is cut off ([`ReplayErrorKind::Truncated`]).
    #[error("{0}")]
    Cut(ReplayErrorKind),
}

impl CheckError {
    /// The 1-based line the error is about.
    pub fn line(&self) -> usize {
        match self {
            CheckError::Read(e) => e.line,
            CheckError::Invalid { line, .. } | CheckError::Incomplete { line, .. } => *line,
        }
    }

    /// Whether the replay is only unfinished (valid as far as it goes).
    pub fn is_incomplete(&self) -> bool {
        matches!(self, CheckError::Incomplete { .. })
    }
}

/// Reads and checks a replay file.
///
/// ```
/// use liar::engine::*;
/// use liar::replay::{ReplayWriter, check_replay};
/// use liar::rules::Rules;
/// let setup = MatchSetup::native(Rules::default(), 3, 2, &["random", "honest", "honest"]);
/// let mut writer = ReplayWriter::new(Vec::new());
/// play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
/// let bytes = writer.finish().unwrap();
/// let summary = check_replay(&bytes[..]).unwrap();
/// assert_eq!(summary.games, 2);
/// assert_eq!(summary.wins.iter().sum::<u32>(), 2);
/// ```
pub fn check_replay(r: impl BufRead) -> Result<CheckSummary, CheckError> {
    let mut checker = Checker::new();
    for item in ReplayReader::new(r) {
        match item {
            Ok((line, event)) => checker.event(line, &event)?,
            Err(e) if checker.ended && !matches!(e.kind, ReplayErrorKind::Io(_)) => {
                return Err(checker.after_end(e.line));
            }
            Err(e) if e.is_truncated() => {
                return Err(CheckError::Incomplete {
                    line: e.line,
                    reason: Unfinished::Cut(e.kind),
                    summary: Box::new(checker.summary),
                });
            }
            Err(e) => return Err(CheckError::Read(e)),
        }
    }
    checker.finish()
}

/// Checks events already in memory; event `i` counts as line `i + 1`.
///
/// ```
/// use liar::engine::*;
/// use liar::replay::check_events;
/// use liar::rules::Rules;
/// let rules = Rules { chips: 1, ..Rules::default() };
/// let setup = MatchSetup::native(rules, 5, 1, &["honest", "honest"]);
/// let mut events: Vec<Event> = Vec::new();
/// struct Keep<'a>(&'a mut Vec<Event>);
/// impl Observer for Keep<'_> {
///     fn event(&mut self, e: &Event) { self.0.push(e.clone()) }
/// }
/// play_match(&setup, &mut native_players(&setup).unwrap(), &mut Keep(&mut events)).unwrap();
/// assert_eq!(check_events(&events).unwrap().games, 1);
/// events.pop(); // no match_end: incomplete
/// assert!(check_events(&events).unwrap_err().is_incomplete());
/// ```
pub fn check_events<'a>(
    events: impl IntoIterator<Item = &'a Event>,
) -> Result<CheckSummary, CheckError> {
    let mut checker = Checker::new();
    for (i, event) in events.into_iter().enumerate() {
        checker.event(i + 1, event)?;
    }
    checker.finish()
}

/// The streaming checker: feed it events in order, then call [`Checker::finish`].
///
/// ```
/// use liar::engine::{Accept, Event};
/// use liar::replay::Checker;
/// let mut checker = Checker::new();
/// let err = checker.event(1, &Event::Accept(Accept { seat: 0 })).unwrap_err();
/// assert_eq!(err.line(), 1);
/// ```
#[derive(Debug, Default)]
pub struct Checker {
    line: usize,
    ended: bool,
    table: Option<Table>,
    summary: CheckSummary,
    /// The commitment of the `match` line, until `match_end` reveals the seed.
    commitment: Option<String>,
    dice: DiceAudit,
}

/// Checks that the dice are the ones the master seed gives (version 2): the
/// seating throw is stream 0, game g's throws and re-throws are stream g,
/// face after face (`docs/replay-format.md`, "Seeds and random streams").
/// While the seed is sealed, the faces wait for `match_end` to reveal it.
#[derive(Debug, Default)]
struct DiceAudit {
    on: bool,
    seed: Option<u64>,
    /// The stream being read: (its number, the stream).
    stream: Option<(u64, DiceStream)>,
    /// Draws waiting for the seed, and their faces one after the other.
    waiting: Vec<Draw>,
    faces: Vec<Face>,
}

/// Faces thrown at one line, waiting for the seed.
#[derive(Clone, Copy, Debug)]
struct Draw {
    line: usize,
    stream: u32,
    count: usize,
    what: DrawKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DrawKind {
    Seating,
    Throw,
    Rethrow,
}

impl DrawKind {
    fn field(self) -> &'static str {
        match self {
            DrawKind::Seating => "seating.rolls",
            DrawKind::Throw => "round_start.dice",
            DrawKind::Rethrow => "reroll.dice",
        }
    }
}

fn letters(faces: &[Face]) -> String {
    faces.iter().map(|f| f.letter()).collect()
}

impl DiceAudit {
    /// Faces thrown at `line` from game `stream`'s dice (0: the seating throw).
    fn draw(&mut self, line: usize, stream: u32, what: DrawKind, faces: &[Face]) -> Check {
        if !self.on || faces.is_empty() {
            return Ok(());
        }
        match self.seed {
            Some(seed) => self.verify(seed, stream, what, faces),
            None => {
                self.waiting.push(Draw {
                    line,
                    stream,
                    count: faces.len(),
                    what,
                });
                self.faces.extend_from_slice(faces);
                Ok(())
            }
        }
    }

    fn verify(&mut self, seed: u64, stream: u32, what: DrawKind, faces: &[Face]) -> Check {
        let number = u64::from(stream);
        let dice = match &mut self.stream {
            Some((n, dice)) if *n == number => dice,
            slot => &mut slot.insert((number, DiceStream::new(seed, number))).1,
        };
        let expected: Vec<Face> = faces.iter().map(|_| dice.face()).collect();
        if expected == faces {
            return Ok(());
        }
        Err(Invalid::NotSeedDice {
            field: what.field().to_string(),
            stream,
            expected: letters(&expected),
            actual: letters(faces),
        })
    }

    /// The seed is known now: checks the draws that waited for it and
    /// returns the line of the first wrong one.
    fn reveal(&mut self, seed: u64) -> Result<(), (usize, Invalid)> {
        self.seed = Some(seed);
        let waiting = std::mem::take(&mut self.waiting);
        let faces = std::mem::take(&mut self.faces);
        let mut at = 0;
        for draw in waiting {
            let end = at + draw.count;
            self.verify(seed, draw.stream, draw.what, &faces[at..end])
                .map_err(|message| (draw.line, Invalid::AtEnd(Box::new(message))))?;
            at = end;
        }
        Ok(())
    }
}

/// The table, known from the `match` line on.
#[derive(Debug)]
struct Table {
    n: usize,
    chips: u32,
    ranking: Ranking,
    next_starter: NextRoundStarter,
    seating: SeatingRule,
    /// Turn order; `None` until the `seating` line when seating is thrown.
    order: Option<Vec<Seat>>,
    disqualified: Vec<bool>,
    last_game: u32,
    /// Position in `order` of the last game's first caller.
    first_pos: usize,
    game: Option<Game>,
    tally: Vec<u32>,
    /// A `recorded` penalty came: the match is over, only `match_end` (or
    /// more such penalties, or logs) may follow.
    closed: bool,
}

/// A game in progress.
#[derive(Debug)]
struct Game {
    number: u32,
    order: Vec<Seat>,
    ranking: Ranking,
    next_starter: NextRoundStarter,
    chips: Vec<u32>,
    pot: u32,
    /// Chips in play: the rules' chips × players dealt in.
    total: u64,
    dealt: usize,
    round: u32,
    dice: Dice,
    /// The claim to beat and who made it.
    last_claim: Option<(Seat, Hand)>,
    /// A seat that reached 0 chips and whose `eliminated` line is owed.
    eliminate: Option<Seat>,
    next: Next,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    RoundStart(Seat),
    Claim(Seat),
    Respond(Seat),
    Reroll(Seat),
    GameEnd(Seat),
}

type Check = Result<(), Invalid>;

/// `Err` naming `field` unless `actual == expected`.
fn same<T: PartialEq + Debug>(field: &str, expected: T, actual: T) -> Check {
    if actual == expected {
        Ok(())
    } else {
        Err(Invalid::Mismatch {
            field: field.to_string(),
            expected: format!("{expected:?}"),
            actual: format!("{actual:?}"),
        })
    }
}

fn unexpected(event: &Event, expected: String) -> Invalid {
    Invalid::Unexpected {
        event: event.type_name().to_string(),
        expected,
    }
}

impl Checker {
    /// A checker waiting for the `match` line.
    pub fn new() -> Self {
        Checker::default()
    }

    /// Checks the next event, read from line `line`. After an error the
    /// checker's state is unspecified: stop feeding it.
    pub fn event(&mut self, line: usize, event: &Event) -> Result<(), CheckError> {
        self.line = line;
        if self.ended {
            return Err(self.after_end(line));
        }
        let invalid = |message| CheckError::Invalid {
            line,
            message: Box::new(message),
        };
        self.apply(event).map_err(invalid)?;
        self.audit(line, event).map_err(invalid)?;
        if let (
            Event::MatchEnd {
                seed: Some(seed), ..
            },
            true,
        ) = (event, self.summary.sealed)
        {
            self.dice
                .reveal(*seed)
                .map_err(|(line, message)| CheckError::Invalid {
                    line,
                    message: Box::new(message),
                })?;
            self.summary.dice_checked = true;
        }
        Ok(())
    }

    /// Checks the dice of a valid line against the seed (version 2).
    fn audit(&mut self, line: usize, event: &Event) -> Check {
        let game = self.table.as_ref().map_or(0, |t| t.last_game);
        match event {
            Event::Seating { rolls, .. } => {
                let faces: Vec<Face> = rolls.iter().map(|r| r.face).collect();
                self.dice.draw(line, 0, DrawKind::Seating, &faces)
            }
            Event::RoundStart { start, dice } => {
                self.dice.draw(line, start.game, DrawKind::Throw, &dice.0)
            }
            Event::Reroll {
                positions, dice, ..
            } => {
                // The new faces go to the positions in position order.
                let mut sorted = positions.clone();
                sorted.sort_unstable();
                let faces: Vec<Face> = sorted.iter().map(|&p| dice.0[p]).collect();
                self.dice.draw(line, game, DrawKind::Rethrow, &faces)
            }
            _ => Ok(()),
        }
    }

    /// Ends the check: the summary, or [`CheckError::Incomplete`] without `match_end`.
    pub fn finish(self) -> Result<CheckSummary, CheckError> {
        if self.ended {
            return Ok(self.summary);
        }
        let reason = match self.line {
            0 => Unfinished::Empty,
            n => Unfinished::NoEnd(n),
        };
        Err(CheckError::Incomplete {
            line: self.line + 1,
            reason,
            summary: Box::new(self.summary),
        })
    }

    fn after_end(&self, line: usize) -> CheckError {
        CheckError::Invalid {
            line,
            message: Box::new(Invalid::AfterEnd),
        }
    }

    fn apply(&mut self, event: &Event) -> Check {
        let Some(table) = self.table.as_mut() else {
            return self.start(event);
        };
        let s = &mut self.summary;
        match event {
            Event::Match { .. } => Err(Invalid::SecondMatch),
            Event::Log { seat, .. } if *seat >= table.n => Err(Invalid::NotASeat {
                seat: seat.to_string(),
                n: table.n.to_string(),
            }),
            Event::Log { .. } => Ok(()),
            Event::Penalty(penalty)
                if penalty.action == PenaltyAction::Recorded && table.game.is_none() =>
            {
                if s.version < 4 || table.last_game == 0 {
                    return Err(unexpected(event, table.between_games()));
                }
                if penalty.seat >= table.n {
                    return Err(Invalid::NotASeat {
                        seat: penalty.seat.to_string(),
                        n: table.n.to_string(),
                    });
                }
                // No chip moves once the match is over.
                same("penalty.chips", None, penalty.chips.as_ref())?;
                same("penalty.pot", None, penalty.pot)?;
                table.closed = true;
                s.penalties += 1;
                Ok(())
            }
            Event::Seating { .. } | Event::GameStart(_) if table.closed => {
                Err(unexpected(event, "`penalty` or `match_end`".into()))
            }
            Event::Seating { rolls, order } => table.seating(event, rolls, order),
            Event::GameStart(start) => table.game_start(event, start),
            Event::MatchEnd {
                wins,
                aborted,
                seed,
            } => {
                table.match_end(event, wins, *aborted)?;
                if s.version >= 2 {
                    match (&self.commitment, seed) {
                        (Some(commitment), Some(seed)) => {
                            let actual = seed_commitment(*seed);
                            if actual != *commitment {
                                return Err(Invalid::NotCommitted {
                                    seed: seed.to_string(),
                                    actual: actual.to_string(),
                                    commitment: commitment.to_string(),
                                });
                            }
                            s.seed = Some(*seed);
                        }
                        (Some(_), None) => {
                            return Err(Invalid::SeedNotRevealed);
                        }
                        (None, Some(_)) => {
                            return Err(Invalid::SeedTwice);
                        }
                        (None, None) => {}
                    }
                }
                s.wins = wins.clone();
                s.aborted = *aborted;
                self.ended = true;
                Ok(())
            }
            _ => {
                let Some(game) = table.game.as_mut() else {
                    return Err(unexpected(event, table.between_games()));
                };
                game.apply(event, s)?;
                match event {
                    Event::Penalty(Penalty {
                        seat,
                        action: PenaltyAction::Disqualified,
                        ..
                    }) => table.disqualified[*seat] = true,
                    Event::GameEnd(GameEnd { winner, .. }) => {
                        table.tally[*winner] += 1;
                        s.wins[*winner] += 1;
                        s.games += 1;
                        table.game = None;
                    }
                    _ => {}
                }
                Ok(())
            }
        }
    }

    /// The first line: `match`.
    fn start(&mut self, event: &Event) -> Check {
        let Event::Match {
            version,
            seed,
            commitment,
            rules,
            seats,
        } = event
        else {
            return Err(Invalid::FirstNotMatch {
                got: event.type_name().to_string(),
            });
        };
        if !REPLAY_VERSIONS.contains(version) {
            return Err(Invalid::Version {
                from: REPLAY_VERSIONS.start().to_string(),
                to: REPLAY_VERSION.to_string(),
                version: version.to_string(),
            });
        }
        match (seed, commitment, *version) {
            (Some(_), None, _) => {}
            (None, None, _) => return Err(Invalid::NoSeed),
            (_, Some(_), 1) => {
                return Err(Invalid::CommitmentInV1);
            }
            (Some(_), Some(_), _) => {
                return Err(Invalid::SeedAndCommitment);
            }
            (None, Some(c), _) => {
                let hex = c.len() == 64
                    && c.bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
                if !hex {
                    return Err(Invalid::BadCommitment {
                        got: format!("{c:?}"),
                    });
                }
            }
        }
        let n = seats.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(Invalid::SeatCount {
                max: MAX_SEATS.to_string(),
                n: n.to_string(),
            });
        }
        for (i, info) in seats.iter().enumerate() {
            same(&format!("match.seats[{i}].seat"), i, info.seat)?;
            let problem = if info.params.is_empty() {
                None
            } else if *version < 3 {
                Some(ParamsProblem::BeforeVersion3)
            } else if info.script.is_none() {
                Some(ParamsProblem::NotALuaBot)
            } else if !info.params.is_valid() {
                Some(ParamsProblem::Invalid)
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(Invalid::BadParams {
                    seat: i.to_string(),
                    problem,
                });
            }
        }
        self.table = Some(Table {
            n,
            chips: rules.chips.max(1),
            ranking: rules.ranking(),
            next_starter: rules.next_round_starter,
            seating: rules.seating,
            order: (rules.seating == SeatingRule::Listed).then(|| (0..n).collect()),
            disqualified: vec![false; n],
            last_game: 0,
            first_pos: 0,
            game: None,
            tally: vec![0; n],
            closed: false,
        });
        self.summary.seats = n;
        self.summary.wins = vec![0; n];
        self.summary.version = *version;
        self.summary.seed = *seed;
        self.summary.sealed = commitment.is_some();
        self.summary.dice_checked = *version >= 2 && seed.is_some();
        self.commitment = commitment.clone();
        self.dice = DiceAudit {
            on: *version >= 2,
            seed: *seed,
            ..DiceAudit::default()
        };
        Ok(())
    }
}

impl Table {
    /// What the next line should be, in words.
    fn expected(&self) -> String {
        match &self.game {
            Some(game) => game.expected(),
            None => self.between_games(),
        }
    }

    fn between_games(&self) -> String {
        if self.order.is_none() {
            "`seating` (rules.seating is \"throw\")".into()
        } else {
            format!("`game_start` of game {} or `match_end`", self.last_game + 1)
        }
    }

    fn seating(&mut self, event: &Event, rolls: &[SeatingRoll], order: &[Seat]) -> Check {
        if self.seating == SeatingRule::Listed {
            return Err(Invalid::SeatingListed);
        }
        if self.order.is_some() {
            return Err(unexpected(event, self.expected()));
        }
        let n = self.n;
        let mut seen = vec![false; n];
        let permutation = order.len() == n
            && order
                .iter()
                .all(|&s| s < n && !std::mem::replace(&mut seen[s], true));
        if !permutation {
            return Err(Invalid::NotAPermutation {
                n: n.to_string(),
                order: format!("{order:?}"),
            });
        }
        // Play the throw again with the recorded dice: every roll must be the
        // one the rules ask for next, and the order must come out the same.
        let seats: Vec<Seat> = (0..n).collect();
        let mut next = rolls.iter().enumerate();
        let mut problem: Option<Invalid> = None;
        let (_, expected) = seating_throw(&seats, |seat| match next.next() {
            Some((i, roll)) => {
                if roll.seat != seat && problem.is_none() {
                    problem = Some(Invalid::Mismatch {
                        field: format!("seating.rolls[{i}].seat"),
                        expected: seat.to_string(),
                        actual: roll.seat.to_string(),
                    });
                }
                roll.face
            }
            None => {
                if problem.is_none() {
                    problem = Some(Invalid::MissingThrow {
                        seat: seat.to_string(),
                        after: rolls.len().to_string(),
                    });
                }
                Face::Nine
            }
        });
        if let Some(problem) = problem {
            return Err(problem);
        }
        let extra = next.count();
        if extra > 0 {
            return Err(Invalid::ExtraRolls {
                extra: extra.to_string(),
                all: rolls.len().to_string(),
            });
        }
        same("seating.order", expected, order.to_vec())?;
        self.order = Some(order.to_vec());
        Ok(())
    }

    fn game_start(&mut self, event: &Event, start: &GameStart) -> Check {
        let GameStart {
            game: number,
            first,
            ref chips,
        } = *start;
        let order = match (&self.order, &self.game) {
            (Some(order), None) => order.clone(),
            (_, Some(game)) => return Err(unexpected(event, game.expected())),
            (None, None) => return Err(unexpected(event, self.between_games())),
        };
        same("game_start.game", self.last_game + 1, number)?;
        let n = self.n;
        let mut pos = if self.last_game == 0 {
            0
        } else {
            (self.first_pos + 1) % n
        };
        // The first caller moves left each game, skipping disqualified seats.
        for _ in 0..n {
            if !self.disqualified[order[pos]] {
                break;
            }
            pos = (pos + 1) % n;
        }
        same("game_start.first", order[pos], first)?;
        let expected: Vec<u32> = self
            .disqualified
            .iter()
            .map(|&d| if d { 0 } else { self.chips })
            .collect();
        same("game_start.chips", &expected, chips)?;
        let dealt = expected.iter().filter(|&&c| c > 0).count();
        self.last_game = number;
        self.first_pos = pos;
        self.game = Some(Game {
            number,
            order,
            ranking: self.ranking,
            next_starter: self.next_starter,
            total: u64::from(self.chips) * dealt as u64,
            dealt,
            chips: expected,
            pot: 0,
            round: 0,
            dice: Dice([Face::Nine; 5]),
            last_claim: None,
            eliminate: None,
            // A game with one player dealt in is won at once.
            next: if dealt > 1 {
                Next::RoundStart(first)
            } else {
                Next::GameEnd(first)
            },
        });
        Ok(())
    }

    fn match_end(&self, event: &Event, wins: &[u32], aborted: bool) -> Check {
        if self.order.is_none() {
            return Err(unexpected(event, self.between_games()));
        }
        if let Some(game) = &self.game {
            // An aborted match may stop mid-game, but not inside the lines
            // the engine writes together at the end of a round.
            let owes_end = game.eliminate.is_some() || matches!(game.next, Next::GameEnd(_));
            if !aborted || owes_end {
                return Err(unexpected(event, game.expected()));
            }
        }
        same("match_end.wins", self.tally.clone(), wins.to_vec())
    }
}

impl Game {
    /// What the next line should be, in words.
    fn expected(&self) -> String {
        if let Some(seat) = self.eliminate {
            return format!("`eliminated` of seat {seat} (it has no chips left)");
        }
        match self.next {
            Next::RoundStart(s) => format!("`round_start` of round {} by seat {s}", self.round + 1),
            Next::Claim(s) => format!("a `claim` by seat {s}"),
            Next::Respond(s) => format!("an `accept` or `challenge` by seat {s}"),
            Next::Reroll(s) => format!("a `reroll` by seat {s}"),
            Next::GameEnd(w) => format!("`game_end` of game {} won by seat {w}", self.number),
        }
    }

    fn apply(&mut self, event: &Event, summary: &mut CheckSummary) -> Check {
        if let Some(owed) = self.eliminate {
            let Event::Eliminated(gone) = event else {
                return Err(unexpected(event, self.expected()));
            };
            self.eliminate = None;
            return same("eliminated.seat", owed, gone.seat);
        }
        match (event, self.next) {
            (Event::RoundStart { start, dice }, Next::RoundStart(s)) => {
                self.round_start(start, *dice, s)?;
                summary.rounds += 1;
                Ok(())
            }
            (Event::Claim(claim), Next::Claim(s)) => {
                self.claim(claim, s)?;
                summary.claims += 1;
                Ok(())
            }
            (Event::Accept(accept), Next::Respond(s)) => {
                same("accept.seat", s, accept.seat)?;
                if let Some((_, claim)) = self.last_claim
                    && self.ranking.is_top(claim)
                {
                    return Err(Invalid::MustChallenge {
                        claim: claim.to_string(),
                        s: s.to_string(),
                    });
                }
                self.next = Next::Reroll(s);
                Ok(())
            }
            (
                Event::Reroll {
                    seat,
                    positions,
                    dice,
                },
                Next::Reroll(s),
            ) => {
                same("reroll.seat", s, *seat)?;
                self.reroll(positions, *dice)?;
                self.next = Next::Claim(s);
                Ok(())
            }
            (Event::Challenge(challenge), Next::Respond(s)) => {
                self.challenge(challenge, s)?;
                summary.challenges += 1;
                Ok(())
            }
            (Event::Penalty(penalty), Next::Claim(s) | Next::Respond(s) | Next::Reroll(s)) => {
                summary.penalties += 1;
                self.penalty(penalty, s)
            }
            (Event::GameEnd(end), Next::GameEnd(w)) => {
                same("game_end.game", self.number, end.game)?;
                same("game_end.winner", w, end.winner)?;
                same("game_end.pot", self.pot, end.pot)
            }
            _ => Err(unexpected(event, self.expected())),
        }
    }

    /// A `round_start` owed by seat `s`.
    fn round_start(&mut self, start: &RoundStart, dice: Dice, s: Seat) -> Check {
        same("round_start.game", self.number, start.game)?;
        same("round_start.round", self.round + 1, start.round)?;
        same("round_start.starter", s, start.starter)?;
        self.round += 1;
        self.dice = dice;
        self.last_claim = None;
        self.next = Next::Claim(s);
        Ok(())
    }

    /// A `claim` owed by seat `s`.
    fn claim(&mut self, claim: &Claim, s: Seat) -> Check {
        same("claim.seat", s, claim.seat)?;
        let hand = claim.claim;
        if let Some((by, to_beat)) = self.last_claim
            && !self.ranking.beats(hand, to_beat)
        {
            return Err(Invalid::NotHigher {
                hand: hand.to_string(),
                to_beat: to_beat.to_string(),
                by: by.to_string(),
            });
        }
        self.last_claim = Some((s, hand));
        self.next = Next::Respond(self.next_in_game(s));
        Ok(())
    }

    /// A `challenge` by seat `s`, who owed an answer to the claim to beat.
    fn challenge(&mut self, c: &Challenge, s: Seat) -> Check {
        same("challenge.seat", s, c.seat)?;
        let Some((by, to_beat)) = self.last_claim else {
            return Err(Invalid::NothingToChallenge);
        };
        same("challenge.claimer", by, c.claimer)?;
        same("challenge.claim", to_beat.to_string(), c.claim.to_string())?;
        same("challenge.dice", self.dice.to_string(), c.dice.to_string())?;
        let real = c.dice.hand();
        let truth = !self.ranking.beats(c.claim, real);
        if c.claim_true != truth {
            return Err(Invalid::ClaimTrue {
                truth,
                real: real.to_string(),
                claim: c.claim.to_string(),
            });
        }
        let payer = if truth { s } else { by };
        same("challenge.loser", payer, c.loser)?;
        self.pay("challenge", payer, 1, &c.chips, c.pot)?;
        self.end_round(payer, s);
        Ok(())
    }

    fn reroll(&mut self, positions: &[usize], dice: Dice) -> Check {
        let mut thrown = [false; 5];
        for &p in positions {
            match thrown.get_mut(p) {
                Some(t) if !*t => *t = true,
                Some(_) => return Err(Invalid::ListedTwice { p: p.to_string() }),
                None => {
                    return Err(Invalid::NotAPosition { p: p.to_string() });
                }
            }
        }
        for p in (0..5).filter(|&p| !thrown[p]) {
            if dice.0[p] != self.dice.0[p] {
                return Err(Invalid::NotRethrown {
                    expected: self.dice.0[p],
                    at: p,
                    positions: format!("{positions:?}"),
                    got: dice.0[p],
                    before: self.dice.to_string(),
                    after: dice.to_string(),
                });
            }
        }
        self.dice = dice;
        Ok(())
    }

    /// A `penalty` of seat `seat`, who owed a decision.
    fn penalty(&mut self, penalty: &Penalty, seat: Seat) -> Check {
        same("penalty.seat", seat, penalty.seat)?;
        let Penalty {
            action,
            ref chips,
            pot,
            ..
        } = *penalty;
        let taken = match action {
            PenaltyAction::Fallback => {
                // No chip is taken; if the line states chips, they are unchanged.
                if let Some(chips) = chips {
                    same("penalty.chips", &self.chips, chips)?;
                }
                if let Some(pot) = pot {
                    same("penalty.pot", self.pot, pot)?;
                }
                return Ok(());
            }
            PenaltyAction::Forfeit => 1,
            PenaltyAction::Disqualified => self.chips[seat],
            // Only once the match is over, never where a decision is owed.
            PenaltyAction::Recorded => {
                return Err(Invalid::Unexpected {
                    event: "penalty (recorded)".into(),
                    expected: self.expected(),
                });
            }
        };
        let (Some(chips), Some(pot)) = (chips, pot) else {
            return Err(Invalid::PenaltyChips {
                action: format!("{action:?}"),
            });
        };
        self.pay("penalty", seat, taken, chips, pot)?;
        if action == PenaltyAction::Forfeit {
            self.end_round(seat, seat);
        } else {
            // Disqualified: the round is abandoned; the next seat starts.
            self.eliminate = Some(seat);
            self.last_claim = None;
            self.next = match self.sole_survivor() {
                Some(w) => Next::GameEnd(w),
                None => Next::RoundStart(self.next_in_game(seat)),
            };
        }
        Ok(())
    }

    /// `payer` puts `amount` chips into the pot; the line must say so.
    fn pay(&mut self, event: &str, payer: Seat, amount: u32, chips: &[u32], pot: u32) -> Check {
        let in_play = chips.iter().map(|&c| u64::from(c)).sum::<u64>() + u64::from(pot);
        if in_play != self.total {
            return Err(Invalid::ChipsInPlay {
                event: event.to_string(),
                total: self.total.to_string(),
                dealt: self.dealt.to_string(),
                in_play: in_play.to_string(),
            });
        }
        let mut after = self.chips.clone();
        after[payer] = after[payer].saturating_sub(amount);
        same(&format!("{event}.chips"), after.clone(), chips.to_vec())?;
        same(
            &format!("{event}.pot"),
            self.pot.saturating_add(amount),
            pot,
        )?;
        self.chips = after;
        self.pot = pot;
        Ok(())
    }

    /// After a challenge or forfeit: eliminations, the winner or the next starter.
    fn end_round(&mut self, loser: Seat, challenger: Seat) {
        if self.chips[loser] == 0 {
            self.eliminate = Some(loser);
        }
        self.last_claim = None;
        self.next = match self.sole_survivor() {
            Some(w) => Next::GameEnd(w),
            None => Next::RoundStart(match self.next_starter {
                NextRoundStarter::Challenger => self.stay_or_next(challenger),
                NextRoundStarter::Loser => self.stay_or_next(loser),
                NextRoundStarter::LeftOfChallenger => self.next_in_game(challenger),
            }),
        };
    }

    fn sole_survivor(&self) -> Option<Seat> {
        let mut alive = self.order.iter().copied().filter(|&s| self.chips[s] > 0);
        match (alive.next(), alive.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    fn stay_or_next(&self, seat: Seat) -> Seat {
        if self.chips[seat] > 0 {
            seat
        } else {
            self.next_in_game(seat)
        }
    }

    /// The next seat to the left of `seat` (in turn order) that has chips.
    fn next_in_game(&self, seat: Seat) -> Seat {
        let n = self.order.len();
        let pos = self.order.iter().position(|&s| s == seat).unwrap_or(0);
        (1..=n)
            .map(|k| self.order[(pos + k) % n])
            .find(|&s| self.chips[s] > 0)
            .unwrap_or(seat)
    }
}
