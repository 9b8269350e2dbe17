//! Plays a match: the seating throw, then games of rounds, asking each player
//! for decisions with only its own view, applying penalties, and telling
//! observers everything that happens.

use super::events::{Event, Observer, PenaltyAction, PenaltyReason, REPLAY_VERSION, SeatInfo};
use super::payloads::{
    Accept, Challenge, Claim, Eliminated, GameEnd, GameStart, Penalty, RoundStart,
};
use super::penalty::{PenaltyPolicy, fallback_decision};
use super::player::{MatchInfo, Player, PlayerError};
use super::rng::{DiceStream, PlayerSeeds};
use crate::rules::{
    Applied, Face, GameState, MAX_SEATS, Pending, RoundEnd, Rules, Seat, SeatingRule, seating_throw,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Everything needed to play a match, apart from the players.
#[derive(Clone, Debug)]
pub struct MatchSetup {
    /// The rules of the table.
    pub rules: Rules,
    /// The master seed: the same seed and deterministic players give the same match.
    pub seed: u64,
    /// How many games to play.
    pub games: u32,
    /// The seats, in table order (`seats[i].seat == i`).
    pub seats: Vec<SeatInfo>,
    /// What failures cost.
    pub penalty: PenaltyPolicy,
    /// Set this flag (from another thread, e.g. on Ctrl-C) to stop the match
    /// at the next round; what was played is kept.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Why a match could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Too few or too many seats.
    #[error("a match needs 2 to {MAX_SEATS} seats, got {0}")]
    SeatCount(usize),
    /// Players and seats differ in number.
    #[error("{players} players for {seats} seats")]
    PlayerCount {
        /// Players given.
        players: usize,
        /// Seats listed.
        seats: usize,
    },
}

/// The results of a match.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct MatchStats {
    /// Games played to the end.
    pub games: u32,
    /// Games won, by seat.
    pub wins: Vec<u32>,
    /// Chips won minus chips lost over all games, by seat.
    pub chips_won: Vec<i64>,
    /// Failures by seat, counted by reason (in [`PenaltyReason::ALL`] order).
    pub penalties: Vec<[u32; PenaltyReason::ALL.len()]>,
    /// Whether each seat was disqualified.
    pub disqualified: Vec<bool>,
    /// Rounds played.
    pub rounds: u64,
    /// Decisions asked of players.
    pub decisions: u64,
    /// Whether the match stopped early (a player quit or the stop flag was set).
    pub aborted: bool,
}

impl MatchStats {
    /// Failures of `seat`, all reasons together.
    pub fn penalty_total(&self, seat: Seat) -> u32 {
        self.penalties.get(seat).map_or(0, |p| p.iter().sum())
    }
}

/// Plays a whole match and returns its results. Events go to `observer` as
/// they happen (a replay writer flushes them as it goes).
///
/// ```
/// use liar::engine::*;
/// use liar::rules::Rules;
/// let setup = MatchSetup::native(Rules::default(), 7, 10, &["random", "honest", "honest"]);
/// let mut players = native_players(&setup).unwrap();
/// let stats = play_match(&setup, &mut players, &mut NoObserver).unwrap();
/// assert_eq!(stats.wins.iter().sum::<u32>(), 10);
/// ```
pub fn play_match<P: Player>(
    setup: &MatchSetup,
    players: &mut [P],
    observer: &mut impl Observer,
) -> Result<MatchStats, SetupError> {
    let n = setup.seats.len();
    if !(2..=MAX_SEATS).contains(&n) {
        return Err(SetupError::SeatCount(n));
    }
    if players.len() != n {
        return Err(SetupError::PlayerCount {
            players: players.len(),
            seats: n,
        });
    }
    let mut table = Table {
        setup,
        players,
        observer,
        public: false,
        stats: MatchStats {
            wins: vec![0; n],
            chips_won: vec![0; n],
            penalties: vec![[0; PenaltyReason::ALL.len()]; n],
            disqualified: vec![false; n],
            ..MatchStats::default()
        },
        logs: Vec::new(),
    };
    table.public = table.players.iter().any(|p| p.wants_events());
    table.run();
    Ok(table.stats)
}

struct Table<'a, P, O> {
    setup: &'a MatchSetup,
    players: &'a mut [P],
    observer: &'a mut O,
    /// Whether any player wants public events.
    public: bool,
    stats: MatchStats,
    logs: Vec<String>,
}

/// How a game ended.
enum GameOutcome {
    Finished,
    Aborted,
}

impl<P: Player, O: Observer> Table<'_, P, O> {
    fn active(&self) -> bool {
        self.public || self.observer.active()
    }

    fn emit(&mut self, event: Event) {
        let public = if self.public { event.public() } else { None };
        if let Some(public) = &public {
            for p in self.players.iter_mut().filter(|p| p.wants_events()) {
                p.observe(public);
            }
        }
        let game_over = matches!(event, Event::GameEnd(_));
        self.observer.event(&event);
        // Lines a bot wrote while observing go out with its next decision,
        // or at the end of the game: collecting them after every event
        // would cost a round trip per event to a bot in its own process.
        if game_over {
            self.flush_observers();
        }
    }

    /// Writes out the pending log lines of every player that observes.
    fn flush_observers(&mut self) {
        for seat in 0..self.players.len() {
            if self.players[seat].wants_events() {
                self.flush_logs(seat);
            }
        }
    }

    fn stopped(&self) -> bool {
        self.setup
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    fn run(&mut self) {
        let setup = self.setup;
        let n = setup.seats.len();
        for (seat, p) in self.players.iter_mut().enumerate() {
            p.begin_match(&MatchInfo {
                seat,
                seats: &setup.seats,
                rules: &setup.rules,
                games: setup.games,
                seed: super::player_seed(setup.seed, 0, seat),
            });
        }
        if self.observer.active() {
            self.observer.event(&Event::Match {
                version: REPLAY_VERSION,
                seed: Some(setup.seed),
                commitment: None,
                rules: setup.rules,
                seats: setup.seats.clone(),
            });
        }
        let seats: Vec<Seat> = (0..n).collect();
        let order = match setup.rules.seating {
            SeatingRule::Listed => seats,
            SeatingRule::Throw => {
                let mut dice = DiceStream::for_seating(setup.seed);
                let (rolls, order) = seating_throw(&seats, |_| dice.face());
                if self.active() {
                    self.emit(Event::Seating {
                        rolls,
                        order: order.clone(),
                    });
                }
                order
            }
        };
        let mut first_pos = 0;
        for game in 1..=setup.games {
            if game > 1 {
                first_pos = (first_pos + 1) % n;
            }
            // The first caller moves one seat to the left each game, skipping
            // anyone disqualified.
            while self.stats.disqualified[order[first_pos]]
                && self.stats.disqualified.iter().any(|d| !d)
            {
                first_pos = (first_pos + 1) % n;
            }
            let playing: Vec<Seat> = order
                .iter()
                .copied()
                .filter(|&s| !self.stats.disqualified[s])
                .collect();
            if let GameOutcome::Aborted = self.play_game(game, &playing, order[first_pos]) {
                self.stats.aborted = true;
                break;
            }
        }
        self.flush_observers();
        self.record_last_failures();
        if self.observer.active() {
            self.observer.event(&Event::MatchEnd {
                wins: self.stats.wins.clone(),
                aborted: self.stats.aborted,
                seed: None,
            });
        }
    }

    fn play_game(&mut self, game: u32, playing: &[Seat], first: Seat) -> GameOutcome {
        let setup = self.setup;
        let n = setup.seats.len();
        let mut state = GameState::with_table_size(setup.rules, playing, n, first, game);
        let start_chips: Vec<u32> = state.chips().to_vec();
        let mut dice = DiceStream::for_game(setup.seed, game);
        let seeds = PlayerSeeds::new(setup.seed, game);
        for &seat in playing {
            self.players[seat].begin_game(game, seeds.seat(seat));
        }
        if self.active() {
            self.emit(Event::GameStart(GameStart {
                game,
                first,
                chips: start_chips.clone(),
            }));
            // Everyone else disqualified: the game is over before it starts.
            if let Pending::Over { winner } = state.pending() {
                self.emit(Event::GameEnd(GameEnd {
                    game,
                    winner,
                    pot: 0,
                }));
            }
        }
        loop {
            match state.pending() {
                Pending::Throw { .. } => {
                    if self.stopped() {
                        return GameOutcome::Aborted;
                    }
                    let thrown = dice.dice();
                    let Ok(starter) = state.throw(thrown) else {
                        continue;
                    };
                    self.stats.rounds += 1;
                    if self.active() {
                        self.emit(Event::RoundStart {
                            start: RoundStart {
                                game,
                                round: state.round(),
                                starter,
                            },
                            dice: thrown,
                        });
                    }
                }
                Pending::Reroll { seat, positions } => {
                    let mut faces = [Face::Nine; 5];
                    let count = positions.count() as usize;
                    for f in faces.iter_mut().take(count) {
                        *f = dice.face();
                    }
                    if let Ok(after) = state.deal_reroll(&faces[..count])
                        && self.active()
                    {
                        self.emit(Event::Reroll {
                            seat,
                            positions: positions.iter().collect(),
                            dice: after,
                        });
                    }
                }
                Pending::Decide { seat, .. } => {
                    if let Err(PlayerError::Quit) = self.ask(&mut state, seat) {
                        return GameOutcome::Aborted;
                    }
                }
                Pending::Over { winner } => {
                    self.stats.games += 1;
                    self.stats.wins[winner] += 1;
                    for (s, won) in self.stats.chips_won.iter_mut().enumerate() {
                        *won += i64::from(state.chips()[s]) - i64::from(start_chips[s]);
                    }
                    return GameOutcome::Finished;
                }
            }
        }
    }

    /// Asks `seat` for its decision and applies it, or penalises a failure.
    fn ask(&mut self, state: &mut GameState, seat: Seat) -> Result<(), PlayerError> {
        self.stats.decisions += 1;
        let answer = self.players[seat].decide(&state.view(seat));
        self.flush_logs(seat);
        let (reason, detail, spent) = match answer {
            Ok(decision) => match state.apply(seat, decision) {
                Ok(applied) => {
                    self.report(state, seat, decision, applied);
                    return Ok(());
                }
                Err(illegal) => (PenaltyReason::Illegal, illegal.to_string(), false),
            },
            Err(PlayerError::Failed { reason, detail }) => (reason, detail, false),
            Err(PlayerError::Spent { reason, detail }) => (reason, detail, true),
            Err(PlayerError::Quit) => return Err(PlayerError::Quit),
        };
        self.penalise(state, seat, reason, detail, spent);
        Ok(())
    }

    fn flush_logs(&mut self, seat: Seat) {
        self.players[seat].take_logs(&mut self.logs);
        if self.logs.is_empty() {
            return;
        }
        if self.observer.active() {
            for text in self.logs.drain(..) {
                self.observer.event(&Event::Log { seat, text });
            }
        } else {
            self.logs.clear();
        }
    }

    fn report(
        &mut self,
        state: &GameState,
        seat: Seat,
        decision: crate::rules::Decision,
        applied: Applied,
    ) {
        if !self.active() {
            return;
        }
        match applied {
            Applied::Claimed => {
                if let crate::rules::Decision::Claim(claim) = decision {
                    self.emit(Event::Claim(Claim { seat, claim }));
                }
            }
            Applied::Accepted => self.emit(Event::Accept(Accept { seat })),
            Applied::RerollChosen => {}
            Applied::Challenged(show) => {
                let chips = self.chips_after_paying(state, &show.end);
                self.emit(Event::Challenge(Challenge {
                    seat,
                    claimer: show.claimer,
                    claim: show.claim,
                    dice: show.dice,
                    claim_true: show.claim_true,
                    loser: show.end.loser,
                    chips,
                    pot: show.end.pot,
                }));
                self.report_end(state, &show.end);
            }
        }
    }

    /// Chips by seat just after the loser paid (before a winner takes the pot).
    fn chips_after_paying(&self, state: &GameState, end: &RoundEnd) -> Vec<u32> {
        let mut chips = state.chips().to_vec();
        if let Some(w) = end.winner {
            chips[w] -= end.pot;
        }
        chips
    }

    fn report_end(&mut self, state: &GameState, end: &RoundEnd) {
        if end.eliminated {
            self.emit(Event::Eliminated(Eliminated { seat: end.loser }));
        }
        if let Some(winner) = end.winner {
            self.emit(Event::GameEnd(GameEnd {
                game: state.game(),
                winner,
                pot: end.pot,
            }));
        }
    }

    fn penalise(
        &mut self,
        state: &mut GameState,
        seat: Seat,
        reason: PenaltyReason,
        detail: String,
        spent: bool,
    ) {
        let counts = &mut self.stats.penalties[seat];
        counts[reason.index()] += 1;
        let failures: u32 = counts.iter().sum();
        let policy = self.setup.penalty;
        let disqualified = spent
            || policy
                .disqualify_after
                .is_some_and(|limit| failures >= limit);
        let mut penalty = Penalty {
            seat,
            reason,
            detail,
            action: if disqualified {
                PenaltyAction::Disqualified
            } else {
                policy.mode.action()
            },
            chips: None,
            pot: None,
        };
        let end = match penalty.action {
            PenaltyAction::Disqualified => {
                self.stats.disqualified[seat] = true;
                state.remove(seat)
            }
            PenaltyAction::Forfeit => state.forfeit(seat).ok(),
            // Never chosen here (see `record_last_failures`).
            PenaltyAction::Recorded => None,
            PenaltyAction::Fallback => {
                self.emit_penalty(penalty);
                let decision = fallback_decision(&state.view(seat));
                if let Ok(applied) = state.apply(seat, decision) {
                    self.report(state, seat, decision, applied);
                }
                return;
            }
        };
        // A chip was taken: the penalty says who holds what, then the
        // round (perhaps the game) ends.
        if let Some(end) = end {
            penalty.chips = Some(self.chips_after_paying(state, &end));
            penalty.pot = Some(end.pot);
            self.emit_penalty(penalty);
            self.report_end(state, &end);
        }
    }

    /// Penalises what players still owe once the match is over (a failed
    /// `observe` of the last events), before `match_end`. An aborted match
    /// owes nothing: it ended before its last game did.
    fn record_last_failures(&mut self) {
        for seat in 0..self.players.len() {
            let owed = self.players[seat].end_match();
            let (Some(PlayerError::Failed { reason, detail })
            | Some(PlayerError::Spent { reason, detail })) = owed
            else {
                continue;
            };
            if self.stats.aborted {
                continue;
            }
            self.stats.penalties[seat][reason.index()] += 1;
            // Straight to the observer: players observe nothing more once
            // the match is over.
            if self.observer.active() {
                self.observer.event(&Event::Penalty(Penalty {
                    seat,
                    reason,
                    detail,
                    action: PenaltyAction::Recorded,
                    chips: None,
                    pot: None,
                }));
            }
            self.flush_logs(seat);
        }
    }

    fn emit_penalty(&mut self, penalty: Penalty) {
        if self.active() {
            self.emit(Event::Penalty(penalty));
        }
    }
}
