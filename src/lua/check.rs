//! `liar check-bot`: load a bot, play quick games against the bundled bots,
//! and tell its author what went wrong, how fast and how big it is, and
//! whether it plays the same way twice.

use super::api::is_log_cap_notice;
use super::bot::{BotLoadError, BotStats, LuaBot};
use super::isolated_bot::Bot;
use crate::engine::{
    Event, GameStart, MatchSetup, Observer, Penalty, PenaltyPolicy, PenaltyReason, Player,
    play_match,
};
use crate::rules::{Rules, Seat};
use crate::setup::Isolation;
use crate::setup::{BotLimits, BotParams};
use std::path::Path;
use std::sync::Arc;

/// How `check_bot` plays.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckOptions {
    /// Games in each of the three matches (the bot sits at seat 1, 2, 3).
    pub games: u32,
    /// The master seed of the first match (the others use the next seeds).
    pub seed: u64,
    /// The bot's limits.
    pub limits: BotLimits,
    /// The bot's `liar.params`.
    pub params: BotParams,
    /// Bundled bots to play against, two per match, taken in turn.
    pub opponents: Vec<String>,
    /// The table's rules.
    pub rules: Rules,
    /// Where the checked bot runs (its opponents, bundled bots, run in this
    /// process).
    pub isolation: Isolation,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            games: 20,
            seed: 1,
            limits: BotLimits::default(),
            params: BotParams::default(),
            opponents: ["honest", "statistician", "random", "bluffer"]
                .map(String::from)
                .to_vec(),
            rules: Rules::default(),
            isolation: Isolation::Thread,
        }
    }
}

/// One failure of the checked bot.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckPenalty {
    /// The match (1-3) and game it happened in.
    pub game: (u32, u32),
    /// Why it was penalised.
    pub reason: PenaltyReason,
    /// What happened (with `file:line` where Lua gives one).
    pub detail: String,
}

/// Why a checked bot could not play: its own load error, an opponent's, or
/// the engine's refusal of the match (the words are `LoadFailure::text`, in
/// `crate::i18n`).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum LoadFailure {
    /// The bot did not load.
    Bot(Arc<BotLoadError>),
    /// A bundled opponent did not load (a defect).
    Opponent {
        /// The opponent.
        name: String,
        /// Why.
        error: Arc<BotLoadError>,
    },
    /// The match could not be set up: the engine's words.
    Match(String),
}

impl PartialEq for LoadFailure {
    /// Two failures are equal when they read the same.
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

/// What `check_bot` found: data only; the `liar check-bot` command renders
/// it (its `Display` is in `app/check_report.rs`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CheckReport {
    /// The bot's file.
    pub chunk: String,
    /// The name the bot gives itself.
    pub name: Option<String>,
    /// Why the bot did not load, if it did not (nothing else is filled then).
    pub load_error: Option<LoadFailure>,
    /// Memory of the state right after loading, in bytes.
    pub memory_after_load: u64,
    /// Games played and won.
    pub games: u32,
    /// Games the bot won.
    pub wins: u32,
    /// Opponents met.
    pub opponents: Vec<String>,
    /// Failures by reason (in [`PenaltyReason::ALL`] order).
    pub penalty_counts: [u32; PenaltyReason::ALL.len()],
    /// The first failures, with details.
    pub penalties: Vec<CheckPenalty>,
    /// Speed and memory of the bot's calls.
    pub stats: BotStats,
    /// Whether replaying the first match with the same seed gave the same
    /// replay; `None` if it could not be checked.
    pub deterministic: Option<bool>,
    /// Where the two runs first differed.
    pub difference: Option<ReplayDifference>,
    /// Whether the last match, played after the others in the same state,
    /// gave the same replay as from a fresh copy of the bot (nothing
    /// outlived a match); `None` if it could not be checked, or the bot is
    /// not deterministic (then no difference would tell anything).
    pub fresh_start: Option<bool>,
    /// Where the last match first differed from its fresh run.
    pub carried_over: Option<ReplayDifference>,
    /// Things worth the author's attention that are not failures.
    pub warnings: Vec<CheckWarning>,
    /// The limits used.
    pub limits: BotLimits,
}

/// The first replay line where two runs of the same seed differ.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayDifference {
    /// The line number, from 1.
    pub line: usize,
    /// The first run's line (`None` past its end).
    pub first: Option<String>,
    /// The second run's line (`None` past its end).
    pub second: Option<String>,
}

/// Something worth a bot author's attention that is not a failure; the
/// figures are the report's [`BotStats`] and [`BotLimits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckWarning {
    /// The bot wrote more than its log limit of lines in a game.
    LogLimit,
    /// One call used more than half its instruction budget.
    NearBudget,
    /// The match bank fell below a quarter of what a match starts with.
    LowBank,
    /// The slowest call took more than a quarter of the wall-clock limit.
    Slow,
    /// The state grew past half its memory limit.
    LargeState,
    /// The same seed gave different play.
    Nondeterministic,
    /// A match played differently after other matches in the same state
    /// than from a fresh state.
    CarriesOver,
}

impl CheckReport {
    /// Failures of all kinds.
    pub fn penalty_total(&self) -> u32 {
        self.penalty_counts.iter().sum()
    }

    /// Whether the bot loaded and played without a single penalty.
    pub fn passed(&self) -> bool {
        self.load_error.is_none() && self.penalty_total() == 0
    }
}

/// Failures kept with their details.
const KEEP_PENALTIES: usize = 10;

/// Checks the bot in the file at `path` (see [`check_source`]).
pub fn check_bot(path: &Path, options: &CheckOptions) -> CheckReport {
    let chunk = path.display().to_string();
    match std::fs::read(path) {
        Ok(code) => check_source(&chunk, &code, options),
        Err(e) => CheckReport {
            chunk: chunk.clone(),
            load_error: Some(LoadFailure::Bot(Arc::new(BotLoadError::Read {
                path: chunk.clone(),
                source: e,
            }))),
            limits: options.limits,
            ..CheckReport::default()
        },
    }
}

/// Loads the bot, plays three matches of `options.games` games with it at
/// each seat in turn against bundled bots, all in the same state, then
/// plays the first match again with a fresh copy and compares the two
/// replays (is the bot deterministic?), and the last match with another
/// fresh copy (does anything outlive a match?).
///
/// ```
/// use liar::lua::{CheckOptions, check_source};
/// let code = liar::lua::bundled_source("honest").unwrap();
/// let report = check_source("honest.lua", code.as_bytes(), &CheckOptions { games: 3, ..Default::default() });
/// assert!(report.passed(), "{report:?}");
/// assert_eq!(report.deterministic, Some(true));
/// ```
pub fn check_source(chunk: &str, code: &[u8], options: &CheckOptions) -> CheckReport {
    let mut report = CheckReport {
        chunk: chunk.to_string(),
        limits: options.limits,
        ..CheckReport::default()
    };
    let mut bot = match Bot::from_source(
        chunk,
        code,
        &options.params,
        &options.limits,
        options.isolation,
    ) {
        Ok(b) => b,
        Err(e) => {
            report.load_error = Some(LoadFailure::Bot(Arc::new(e)));
            return report;
        }
    };
    report.name = bot.name().map(String::from);
    report.memory_after_load = bot.memory_used();
    let opponents: Vec<String> = if options.opponents.is_empty() {
        CheckOptions::default().opponents
    } else {
        options.opponents.clone()
    };
    // The two opponents of the match where the bot sits at `seat`.
    let names_at = |seat: usize| {
        [
            &opponents[(2 * seat) % opponents.len()],
            &opponents[(2 * seat + 1) % opponents.len()],
        ]
    };
    let mut replays = Vec::new();
    for m in 0..MATCHES {
        let seat = m as usize;
        let names = names_at(seat);
        match play_one(&mut bot, seat, &names, m, options, &mut report) {
            Ok(lines) => replays.push(lines),
            Err(e) => {
                report.load_error = Some(e);
                return report;
            }
        }
        for n in names {
            if !report.opponents.contains(n) {
                report.opponents.push(n.clone());
            }
        }
    }
    report.stats = bot.stats();

    // A match again from a fresh copy of the bot: its replay, compared with
    // the one played in the checked state.
    let fresh_run = |m: u32| {
        let mut fresh = Bot::from_source(
            chunk,
            code,
            &options.params,
            &options.limits,
            options.isolation,
        )
        .ok()?;
        let mut scratch = CheckReport::default();
        let seat = m as usize;
        let again = play_one(&mut fresh, seat, &names_at(seat), m, options, &mut scratch).ok()?;
        Some(first_difference(&replays[seat], &again))
    };
    // The first match was played from a fresh state too: any difference is
    // the bot's own.
    if let Some(diff) = fresh_run(0) {
        report.deterministic = Some(diff.is_none());
        report.difference = diff;
    }
    // The last one came after the others.
    if report.deterministic == Some(true)
        && let Some(diff) = fresh_run(MATCHES - 1)
    {
        report.fresh_start = Some(diff.is_none());
        report.carried_over = diff;
    }
    add_warnings(&mut report);
    report
}

/// Matches `check_bot` plays in one state (the bot at each seat in turn).
const MATCHES: u32 = 3;

/// Where two replays first differ, if they do.
fn first_difference(first: &[String], second: &[String]) -> Option<ReplayDifference> {
    let i = first
        .iter()
        .zip(second)
        .position(|(a, b)| a != b)
        .or_else(|| (first.len() != second.len()).then(|| first.len().min(second.len())))?;
    Some(ReplayDifference {
        line: i + 1,
        first: first.get(i).cloned(),
        second: second.get(i).cloned(),
    })
}

/// Records the checked seat's failures and the replay lines.
struct Recorder {
    seat: Seat,
    round: u32,
    game: u32,
    lines: Vec<String>,
    penalties: Vec<CheckPenalty>,
    counts: [u32; PenaltyReason::ALL.len()],
    capped_log: bool,
}

impl Observer for Recorder {
    fn event(&mut self, event: &Event) {
        match event {
            Event::GameStart(GameStart { game, .. }) => self.game = *game,
            Event::Penalty(Penalty {
                seat,
                reason,
                detail,
                ..
            }) if *seat == self.seat => {
                self.counts[reason.index()] += 1;
                if self.penalties.len() < KEEP_PENALTIES {
                    self.penalties.push(CheckPenalty {
                        game: (self.round, self.game),
                        reason: *reason,
                        detail: detail.clone(),
                    });
                }
            }
            Event::Log { seat, text } if *seat == self.seat && is_log_cap_notice(text) => {
                self.capped_log = true;
            }
            _ => {}
        }
        self.lines
            .push(serde_json::to_string(event).unwrap_or_default());
    }
}

fn play_one(
    bot: &mut Bot,
    seat: Seat,
    opponents: &[&String; 2],
    round: u32,
    options: &CheckOptions,
    report: &mut CheckReport,
) -> Result<Vec<String>, LoadFailure> {
    let mut others = Vec::new();
    for name in opponents {
        others.push(LuaBot::bundled(name, &BotLimits::default()).map_err(|e| {
            LoadFailure::Opponent {
                name: name.to_string(),
                error: Arc::new(e),
            }
        })?);
    }
    let mut infos = Vec::new();
    let checked_info = bot.seat_info(seat);
    let mut order = others.iter_mut();
    let mut players: Vec<&mut dyn Player> = Vec::new();
    let mut checked = Some(bot);
    for s in 0..3 {
        if s == seat {
            infos.push(checked_info.clone());
            if let Some(b) = checked.take() {
                players.push(b);
            }
        } else if let Some(o) = order.next() {
            infos.push(o.seat_info(s));
            players.push(o);
        }
    }
    let setup = MatchSetup {
        rules: options.rules,
        seed: options.seed.wrapping_add(u64::from(round)),
        games: options.games,
        seats: infos,
        penalty: PenaltyPolicy {
            disqualify_after: None,
            ..PenaltyPolicy::default()
        },
        stop: None,
    };
    let mut recorder = Recorder {
        seat,
        round: round + 1,
        game: 0,
        lines: Vec::new(),
        penalties: Vec::new(),
        counts: [0; PenaltyReason::ALL.len()],
        capped_log: false,
    };
    let stats = play_match(&setup, &mut players, &mut recorder)
        .map_err(|e| LoadFailure::Match(e.to_string()))?;
    report.games += stats.games;
    report.wins += stats.wins.get(seat).copied().unwrap_or(0);
    for (total, n) in report.penalty_counts.iter_mut().zip(recorder.counts) {
        *total += n;
    }
    let room = KEEP_PENALTIES.saturating_sub(report.penalties.len());
    report
        .penalties
        .extend(recorder.penalties.into_iter().take(room));
    if recorder.capped_log && !report.warnings.contains(&CheckWarning::LogLimit) {
        report.warnings.push(CheckWarning::LogLimit);
    }
    Ok(recorder.lines)
}

fn add_warnings(report: &mut CheckReport) {
    let limits = report.limits;
    let s = &report.stats;
    let crossed = [
        (
            // (A call that ran out of its budget is a penalty, not close.)
            s.most_instructions > limits.instructions / 2
                && report.penalty_counts[PenaltyReason::Budget.index()] == 0,
            CheckWarning::NearBudget,
        ),
        (
            s.lowest_bank
                .is_some_and(|b| b < limits.bank_instructions / 4),
            CheckWarning::LowBank,
        ),
        (
            s.slowest.as_millis() as u64 > limits.wall_ms / 4,
            CheckWarning::Slow,
        ),
        (
            s.memory_peak > limits.memory_bytes() / 2,
            CheckWarning::LargeState,
        ),
        (
            report.deterministic == Some(false),
            CheckWarning::Nondeterministic,
        ),
        (report.fresh_start == Some(false), CheckWarning::CarriesOver),
    ];
    for (yes, warning) in crossed {
        if yes {
            report.warnings.push(warning);
        }
    }
}
