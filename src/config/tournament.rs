//! A tournament config: bots, rules, schedule → [`TournamentConfig`].
//!
//! The tournament itself (scheduling, seat rotation, standings) is another
//! module's job; this one only reads and validates the file.

use super::error::{ConfigError, Expected, PathUse, Problem};
use super::raw::{Field, Key, Table, quoted_list, read_config, read_document};
use super::seats::{BotSource, count_error, read_seats};
use super::sections::{limits_key, penalty_key, rules_key, shared_sections};
use crate::engine::PenaltyPolicy;
use crate::rules::Rules;
use crate::setup::{BotLimits, BotParams, Length, SeatOrders};
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::de::DeValue;

/// A validated tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    /// The rules every table plays (`[rules]`).
    pub rules: Rules,
    /// The entrants (`[[bots]]`), at least `table_size` of them.
    pub bots: Vec<BotConfig>,
    /// Table-wide bot limits (`[limits]`); each entry carries its effective copy.
    pub limits: BotLimits,
    /// How long it runs (`[tournament] games` or `cycles`).
    pub length: Length,
    /// Which seat orders each group of bots plays (`seat_orders`).
    pub seat_orders: SeatOrders,
    /// Players at each table, within the rules' player range.
    pub table_size: usize,
    /// Master seed; `None`: the app draws one at random and reveals it at the end.
    pub seed: Option<u64>,
    /// Worker threads; `0` uses every core.
    pub jobs: usize,
    /// Replay each deal with the seats rotated, so luck evens out.
    pub duplicate_dice: bool,
    /// How bot failures are punished (`[penalty]`).
    pub penalty: PenaltyPolicy,
    /// Folder for replays, resolved against the config file's directory.
    pub replay_dir: Option<PathBuf>,
    /// Which games get a replay ([`ReplaySample::None`] without `replay_dir`).
    pub replay_sample: ReplaySample,
}

/// One entrant as the tournament file declares it (the results record it
/// as a [`crate::tournament::BotEntry`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BotConfig {
    /// Unique (ignoring case).
    pub name: String,
    /// Its script, bundled bot or native bot.
    pub source: BotSource,
    /// Effective limits: `[limits]` with `[bots.limits]` applied.
    pub limits: BotLimits,
    /// What a Lua bot reads as `liar.params` (`params = { ... }`).
    pub params: BotParams,
}

/// Which tournament games are written to `replay_dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaySample {
    /// Every game (`"all"`).
    All,
    /// Games in which some bot was penalised (`"penalties"`, the default).
    Penalties,
    /// Every n-th game (an integer n ≥ 1).
    Every(u64),
    /// No game (`"none"`).
    None,
}

/// Most worker threads `jobs` may ask for.
pub const MAX_JOBS: usize = 1024;

/// Reads and validates the tournament config at `path` (see [`parse_tournament`]).
pub fn load_tournament(path: &Path) -> Result<TournamentConfig, ConfigError> {
    let text = read_config(path)?;
    parse_tournament(&text, path)
}

/// Validates tournament config `text`; `origin` as for
/// [`parse_table`](super::parse_table).
///
/// ```
/// use liar::config::{parse_tournament, ReplaySample, Length};
/// use std::path::Path;
/// let text = r#"
///     [tournament]
///     games = 1000
///     table_size = 2
///     [rules]
///     min_players = 2
///     [[bots]]
///     name = "Rand"
///     type = "native"
///     policy = "native-random"
///     [[bots]]
///     name = "Honest"
///     type = "bot"
///     bundled = "honest"
/// "#;
/// let t = parse_tournament(text, Path::new("cup.toml")).unwrap();
/// assert_eq!(t.length, Length::Games(1000));
/// assert_eq!((t.table_size, t.bots.len()), (2, 2));
/// assert_eq!(t.replay_sample, ReplaySample::None);
/// ```
pub fn parse_tournament(text: &str, origin: &Path) -> Result<TournamentConfig, ConfigError> {
    let draft = TournamentConfig {
        rules: Rules::default(),
        bots: Vec::new(),
        limits: BotLimits::default(),
        length: Length::Games(1000),
        seat_orders: SeatOrders::default(),
        table_size: NOT_GIVEN,
        seed: None,
        jobs: 0,
        duplicate_dice: false,
        penalty: PenaltyPolicy::default(),
        replay_dir: None,
        replay_sample: ReplaySample::Penalties,
    };
    read_document(text, origin, TOP, draft, |root, mut t| {
        if t.bots.is_empty() {
            // No [[bots]] at all (an empty array was refused where it is).
            check_bot_count(root, None, 0, table_size(&t))?;
        }
        t.table_size = table_size(&t);
        if t.replay_dir.is_none() {
            t.replay_sample = ReplaySample::None;
        }
        Ok(t)
    })
}

/// `table_size` while reading, until the file gives one.
const NOT_GIVEN: usize = 0;

/// Players at each table: as given, else the rules' `min_players`.
fn table_size(t: &TournamentConfig) -> usize {
    match t.table_size {
        NOT_GIVEN => t.rules.min_players,
        n => n,
    }
}

/// The top-level keys of a tournament file and how each is read. The
/// `[tournament]` section and the bots need the rules and limits, so they
/// are read after them.
const TOP: &[Key<TournamentConfig>] = &[
    Key::after_others("tournament", |t, f, c| {
        let section = t.table_value(f)?;
        section.read_keys(TOURNAMENT, c)?;
        check_table_size(&section, c)
    }),
    rules_key(),
    penalty_key(),
    limits_key(),
    Key::after_others("bots", |t, f, c| {
        let tables = t.tables_value(f)?;
        let read = read_seats(&tables, false, c.limits)?;
        check_bot_count(t, Some(&f.span()), read.len(), table_size(c))?;
        c.bots = read
            .into_iter()
            // read_seats refused humans: every entry has a bot.
            .filter_map(|s| {
                Some(BotConfig {
                    source: s.bot?,
                    name: s.name.into_inner(),
                    limits: s.limits,
                    params: s.params,
                })
            })
            .collect();
        Ok(())
    }),
];

/// The keys of `[tournament]` and how each is read.
const TOURNAMENT: &[Key<TournamentConfig>] = &[
    Key::new("games", |t, f, c| {
        c.length = Length::Games(t.integer_value(f, 1, i64::MAX)?.into_inner() as u64);
        Ok(())
    }),
    Key::new("cycles", |t, f, c| {
        let n = t.integer_value(f, 1, i64::MAX)?;
        if t.field("games").is_some() {
            return Err(t.bad_value(&n.span(), "cycles", Problem::GamesAndCycles));
        }
        c.length = Length::Cycles(n.into_inner() as u64);
        Ok(())
    }),
    Key::new("seat_orders", |t, f, c| {
        c.seat_orders = t.named_value(f)?;
        Ok(())
    }),
    Key::new("table_size", |t, f, c| {
        let n = t.integer_value(f, 2, crate::rules::MAX_SEATS as i64)?;
        c.table_size = n.into_inner() as usize;
        Ok(())
    }),
    Key::new("seed", |t, f, c| {
        c.seed = Some(t.integer_value(f, 0, i64::MAX)?.into_inner() as u64);
        Ok(())
    }),
    Key::new("jobs", |t, f, c| {
        c.jobs = t.integer_value(f, 0, MAX_JOBS as i64)?.into_inner() as usize;
        Ok(())
    }),
    Key::new("duplicate_dice", |t, f, c| {
        c.duplicate_dice = t.boolean_value(f)?;
        Ok(())
    }),
    Key::new("replay_dir", |t, f, c| {
        c.replay_dir = Some(t.path_value(f, PathUse::ReplayDir)?);
        Ok(())
    }),
    Key::new("replay_sample", |t, f, c| {
        if c.replay_dir.is_none() {
            return Err(t.bad_value(&f.span(), "replay_sample", Problem::SampleWithoutDir));
        }
        c.replay_sample = read_sample(t, f)?;
        Ok(())
    }),
];

/// A given `table_size` must fit the seat orders and the rules' player range.
fn check_table_size(section: &Table<'_, '_>, c: &TournamentConfig) -> Result<(), ConfigError> {
    let Some(f) = section.field("table_size") else {
        return Ok(());
    };
    let size = c.table_size;
    let rules = &c.rules;
    let max = SeatOrders::MAX_PERMUTATION_SEATS;
    let problem = if c.seat_orders == SeatOrders::Permutations && size > max {
        Problem::TooManyPermuted { size, max }
    } else if !(rules.min_players..=rules.max_players).contains(&size) {
        Problem::SizeOutsideRules {
            size,
            min: rules.min_players,
            max: rules.max_players,
        }
    } else {
        return Ok(());
    };
    Err(section.bad_value(&f.span(), "table_size", problem))
}

/// Refuses fewer bots than seats at a table; `span` is the bots array's.
fn check_bot_count(
    root: &Table<'_, '_>,
    span: Option<&Range<usize>>,
    bots: usize,
    size: usize,
) -> Result<(), ConfigError> {
    if bots >= size {
        return Ok(());
    }
    let problem = if bots == 0 {
        Problem::NoBots { size }
    } else {
        Problem::TooFewBots { bots, size }
    };
    Err(count_error(root, span, "bots", problem))
}

shared_sections!(TournamentConfig);

/// `"all"`, `"penalties"`, `"none"`, or an integer n ≥ 1 (every n-th game).
fn read_sample(t: &Table<'_, '_>, f: &Field<'_, '_>) -> Result<ReplaySample, ConfigError> {
    const WORDS: &[(&str, ReplaySample)] = &[
        ("all", ReplaySample::All),
        ("penalties", ReplaySample::Penalties),
        ("none", ReplaySample::None),
    ];
    match f.value.get_ref() {
        DeValue::Integer(_) => {
            let n = t.integer_value(f, 1, i64::MAX)?;
            Ok(ReplaySample::Every(n.into_inner() as u64))
        }
        DeValue::String(_) => Ok(t.choice_value(f, WORDS)?.into_inner()),
        _ => {
            let expected = Expected::Sample {
                allowed: quoted_list(WORDS),
                min: 1,
                max: i64::MAX,
            };
            Err(t.wrong_type(f, expected))
        }
    }
}
