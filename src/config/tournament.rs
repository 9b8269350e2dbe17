//! A tournament config: bots, rules, schedule → [`TournamentConfig`].
//!
//! The tournament itself (scheduling, seat rotation, standings) is another
//! module's job; this one only reads and validates the file.

use super::error::{ConfigError, ErrorKind, Origin};
use super::limits::{BotLimits, read_limits};
use super::raw::{Field, Table, integer_range, parse_document};
use super::seats::{BotSource, ReadSeat, check_unique_names, count_error, read_seat};
use super::sections::{read_penalty, read_rules};
use super::table::read_config;
use crate::engine::PenaltyPolicy;
use crate::rules::Rules;
use std::path::{Path, PathBuf};
use toml::de::DeValue;

/// A validated tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentConfig {
    /// The rules every table plays (`[rules]`).
    pub rules: Rules,
    /// The entrants (`[[bots]]`), at least `table_size` of them.
    pub bots: Vec<BotEntry>,
    /// Table-wide bot limits (`[limits]`); each entry carries its effective copy.
    pub limits: BotLimits,
    /// How long it runs (`[tournament] games` or `cycles`).
    pub length: TournamentLength,
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

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotEntry {
    /// Unique (ignoring case).
    pub name: String,
    /// Its script, bundled bot or built-in policy.
    pub source: BotSource,
    /// Effective limits: `[limits]` with `[bots.limits]` applied.
    pub limits: BotLimits,
}

/// How long a tournament runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentLength {
    /// This many games (`games = n`; the default is 1000 games).
    Games(u64),
    /// This many whole cycles of the schedule, every group of bots in every
    /// seat order (`cycles = n`).
    Cycles(u64),
}

/// Which seat orders each group of bots plays in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SeatOrders {
    /// The `table_size` rotations of one order (`"rotations"`, the default).
    #[default]
    Rotations,
    /// Every permutation (`"permutations"`): also balances neighbours; at
    /// most [`MAX_PERMUTATION_SEATS`] seats.
    Permutations,
}

/// Largest table for `seat_orders = "permutations"` (8! games per group).
pub const MAX_PERMUTATION_SEATS: usize = 8;

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

const TOP_KEYS: &[&str] = &["tournament", "rules", "penalty", "limits", "bots"];
const TOURNAMENT_KEYS: &[&str] = &[
    "games",
    "cycles",
    "seat_orders",
    "table_size",
    "seed",
    "jobs",
    "duplicate_dice",
    "replay_dir",
    "replay_sample",
];

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
/// use liar::config::{parse_tournament, ReplaySample, TournamentLength};
/// use std::path::Path;
/// let text = r#"
///     [tournament]
///     games = 1000
///     table_size = 2
///     [rules]
///     min_players = 2
///     [[bots]]
///     name = "Rand"
///     type = "builtin"
///     policy = "random"
///     [[bots]]
///     name = "Honest"
///     type = "bot"
///     bundled = "honest"
/// "#;
/// let t = parse_tournament(text, Path::new("cup.toml")).unwrap();
/// assert_eq!(t.length, TournamentLength::Games(1000));
/// assert_eq!((t.table_size, t.bots.len()), (2, 2));
/// assert_eq!(t.replay_sample, ReplaySample::None);
/// ```
pub fn parse_tournament(text: &str, origin: &Path) -> Result<TournamentConfig, ConfigError> {
    let o = Origin::new(origin, text);
    let doc = parse_document(&o)?;
    let root = Table::root(&o, &doc);
    root.deny_unknown(TOP_KEYS)?;

    let rules = read_rules(&root)?;
    let penalty = read_penalty(&root)?;
    let limits = match root.table("limits")? {
        Some(t) => read_limits(&t, BotLimits::default())?,
        None => BotLimits::default(),
    };

    let mut length = TournamentLength::Games(1000);
    let mut seat_orders = SeatOrders::default();
    let mut table_size = None;
    let mut seed = None;
    let mut jobs = 0;
    let mut duplicate_dice = false;
    let mut replay_dir = None;
    let mut replay_sample = None;
    let section = root.table("tournament")?;
    if let Some(t) = &section {
        t.deny_unknown(TOURNAMENT_KEYS)?;
        let games = t.integer("games", 1, i64::MAX)?;
        let cycles = t.integer("cycles", 1, i64::MAX)?;
        length = match (games, cycles) {
            (Some(_), Some(c)) => {
                return Err(t.bad_value(
                    &c.span(),
                    "cycles",
                    ErrorKind::BadValue,
                    "give either games or cycles, not both",
                ));
            }
            (Some(g), None) => TournamentLength::Games(g.into_inner() as u64),
            (None, Some(c)) => TournamentLength::Cycles(c.into_inner() as u64),
            (None, None) => length,
        };
        const ORDERS: &[(&str, SeatOrders)] = &[
            ("rotations", SeatOrders::Rotations),
            ("permutations", SeatOrders::Permutations),
        ];
        if let Some(o) = t.choice("seat_orders", ORDERS)? {
            seat_orders = o.into_inner();
        }
        table_size = t.integer("table_size", 2, crate::rules::MAX_SEATS as i64)?;
        if let Some(n) = t.integer("seed", 0, i64::MAX)? {
            seed = Some(n.into_inner() as u64);
        }
        if let Some(n) = t.integer("jobs", 0, MAX_JOBS as i64)? {
            jobs = n.into_inner() as usize;
        }
        if let Some(b) = t.boolean("duplicate_dice")? {
            duplicate_dice = b;
        }
        if let Some(dir) = t.string("replay_dir")? {
            if dir.get_ref().trim().is_empty() || dir.get_ref().contains('\0') {
                return Err(t.bad_value(
                    &dir.span(),
                    "replay_dir",
                    ErrorKind::BadValue,
                    "expected the folder to write replays to, e.g. \"replays/\"",
                ));
            }
            replay_dir = Some(o.resolve(dir.get_ref()));
        }
        if let Some(f) = t.field("replay_sample") {
            if replay_dir.is_none() {
                return Err(t.bad_value(
                    &f.span(),
                    "replay_sample",
                    ErrorKind::MissingKey,
                    "needs replay_dir, the folder the replays go to",
                ));
            }
            replay_sample = Some(read_sample(t, &f)?);
        }
    }
    let replay_sample = match (&replay_dir, replay_sample) {
        (None, _) => ReplaySample::None,
        (Some(_), Some(s)) => s,
        (Some(_), None) => ReplaySample::Penalties,
    };

    // table_size must fit the rules' player range (the default, min_players, does).
    let size = table_size
        .as_ref()
        .map_or(rules.min_players, |n| *n.get_ref() as usize);
    if let (Some(n), Some(t)) = (&table_size, &section) {
        if seat_orders == SeatOrders::Permutations && size > MAX_PERMUTATION_SEATS {
            return Err(t.bad_value(
                &n.span(),
                "table_size",
                ErrorKind::BadValue,
                format!(
                    "{size} seats with seat_orders = \"permutations\"; at most {MAX_PERMUTATION_SEATS} are allowed ({size}! orders per group)"
                ),
            ));
        }
        if !(rules.min_players..=rules.max_players).contains(&size) {
            return Err(t.bad_value(
                &n.span(),
                "table_size",
                ErrorKind::BadValue,
                format!(
                    "{size} is outside the rules' player range, {} to {} (rules.min_players, rules.max_players)",
                    rules.min_players, rules.max_players
                ),
            ));
        }
    }

    let (span, tables) = match root.tables("bots")? {
        Some((span, tables)) => (Some(span), tables),
        None => (None, Vec::new()),
    };
    let read: Vec<ReadSeat> = tables
        .iter()
        .map(|t| read_seat(t, false, limits))
        .collect::<Result<_, _>>()?;
    let named: Vec<_> = tables
        .iter()
        .zip(&read)
        .map(|(t, s)| (t, &s.name))
        .collect();
    check_unique_names(&named)?;
    if read.len() < size {
        let message = if read.is_empty() {
            format!("no bots; add at least {size} [[bots]] tables (tournament.table_size)")
        } else {
            format!(
                "{} bots, but tables of {size} need at least {size} (tournament.table_size)",
                read.len()
            )
        };
        return Err(count_error(&root, span.as_ref(), "bots", message));
    }

    let bots = read
        .into_iter()
        .filter_map(|s| match s.kind {
            super::SeatKind::Bot(source) => Some(BotEntry {
                name: s.name.into_inner(),
                source,
                limits: s.limits,
            }),
            // read_seat refused humans above.
            super::SeatKind::Human => None,
        })
        .collect();
    Ok(TournamentConfig {
        rules,
        bots,
        limits,
        length,
        seat_orders,
        table_size: size,
        seed,
        jobs,
        duplicate_dice,
        penalty,
        replay_dir,
        replay_sample,
    })
}

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
        _ => Err(t.wrong_type(
            f,
            &format!(
                "\"all\", \"penalties\", \"none\" or {} (every n-th game)",
                integer_range(1, i64::MAX)
            ),
        )),
    }
}
