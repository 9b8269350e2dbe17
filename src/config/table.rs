//! A table config: rules, seats, limits, match settings → [`TableConfig`].

use super::error::{ConfigError, PathUse, Problem};
use super::online::{ONLINE, OnlineSettings};
use super::raw::{Key, Table, read_config, read_document};
use super::seats::{BotSource, count_error, read_seats};
use super::sections::{limits_key, penalty_key, rules_key, shared_sections};
use crate::engine::PenaltyPolicy;
use crate::rules::{Lang, Rules};
use crate::setup::{BotLimits, BotParams, SeatKind};
use std::path::{Path, PathBuf};

/// A validated table: everything needed to start a match.
#[derive(Clone, Debug, PartialEq)]
pub struct TableConfig {
    /// The rule options (`[rules]`).
    pub rules: Rules,
    /// The seats in the order listed (`[[seats]]`); their count lies within
    /// `rules.min_players..=rules.max_players`.
    pub seats: Vec<SeatConfig>,
    /// Table-wide bot limits (`[limits]`); each seat carries its effective copy.
    pub limits: BotLimits,
    /// Games in the match (`[match] games`, default 1).
    pub games: u32,
    /// Master seed (`[match] seed`); `None`: the app draws one at random and
    /// reveals it at the end.
    pub seed: Option<u64>,
    /// Where to write the replay (`[match] replay`), resolved against the
    /// config file's directory.
    pub replay: Option<PathBuf>,
    /// Language of the terminal text (`lang`); `None`: the app decides.
    pub lang: Option<Lang>,
    /// How bot failures are punished (`[penalty]`).
    pub penalty: PenaltyPolicy,
    /// How `liar serve` runs the table (`[online]`).
    pub online: OnlineSettings,
}

impl TableConfig {
    /// The names of the seats people play, in seat order.
    pub fn human_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .filter(|s| s.bot.is_none())
            .map(|s| s.name.clone())
            .collect()
    }
}

/// One validated seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatConfig {
    /// Unique (ignoring case), 1 to [`MAX_NAME_CHARS`](super::MAX_NAME_CHARS)
    /// printable characters.
    pub name: String,
    /// The bot that plays it; `None`: a person at the terminal.
    pub bot: Option<BotSource>,
    /// The seat's effective limits: `[limits]` with `[seats.limits]` applied.
    /// Only Lua bots use them.
    pub limits: BotLimits,
    /// What a Lua bot reads as `liar.params` (`params = { ... }`).
    pub params: BotParams,
}

/// Reads and validates the table config at `path`. Relative paths inside it
/// (bot scripts, the replay) are resolved against the file's directory;
/// messages name the path as given.
///
/// ```no_run
/// let table = liar::config::load_table(std::path::Path::new("config/variant.toml"))?;
/// println!("{} seats, {} games", table.seats.len(), table.games);
/// # Ok::<(), liar::config::ConfigError>(())
/// ```
pub fn load_table(path: &Path) -> Result<TableConfig, ConfigError> {
    let text = read_config(path)?;
    parse_table(&text, path)
}

/// Validates config `text`. `origin` is the path messages name, and the file
/// whose directory relative paths are resolved against.
///
/// ```
/// use liar::config::{parse_table, BotSource, SeatKind};
/// use liar::engine::Policy;
/// use std::path::Path;
/// let text = r#"
///     [match]
///     games = 10
///     [rules]
///     min_players = 2
///     [[seats]]
///     name = "Anna"
///     type = "human"
///     [[seats]]
///     name = "Rand"
///     type = "native"
///     policy = "native-random"
/// "#;
/// let table = parse_table(text, Path::new("duel.toml")).unwrap();
/// assert_eq!(table.games, 10);
/// assert_eq!(table.seats[1].bot, Some(BotSource::Native(Policy::Random)));
/// assert_eq!(table.seats[0].kind(), SeatKind::Human);
/// ```
pub fn parse_table(text: &str, origin: &Path) -> Result<TableConfig, ConfigError> {
    let draft = TableConfig {
        rules: Rules::default(),
        seats: Vec::new(),
        limits: BotLimits::default(),
        games: 1,
        seed: None,
        replay: None,
        lang: None,
        penalty: PenaltyPolicy::default(),
        online: OnlineSettings::default(),
    };
    read_document(text, origin, TOP, draft, |root, table| {
        if table.seats.is_empty() {
            // No [[seats]] at all (an empty array was refused where it is).
            check_seat_count(root, None, &[], &table.rules)?;
        }
        Ok(table)
    })
}

impl TableConfig {
    /// The seat `name` as the table's `[online] bot` plays it (for a seat
    /// no person holds).
    pub fn filler(&self, name: String) -> SeatConfig {
        SeatConfig::bot(name, self.online.bot.clone(), self.limits)
    }
}

impl SeatConfig {
    /// A seat for `bot`, without parameters.
    pub fn bot(name: String, bot: BotSource, limits: BotLimits) -> SeatConfig {
        SeatConfig {
            name,
            bot: Some(bot),
            limits,
            params: BotParams::default(),
        }
    }

    /// Whether a person or a program plays the seat.
    pub fn kind(&self) -> SeatKind {
        match self.bot {
            Some(_) => SeatKind::Bot,
            None => SeatKind::Human,
        }
    }
}

/// The top-level keys of a table file and how each is read.
const TOP: &[Key<TableConfig>] = &[
    Key::new("lang", |t, f, c| {
        c.lang = Some(t.named_value(f)?);
        Ok(())
    }),
    Key::new("match", |t, f, c| t.table_value(f)?.read_keys(MATCH, c)),
    rules_key(),
    penalty_key(),
    limits_key(),
    Key::new("seats", |t, f, c| {
        let tables = t.tables_value(f)?;
        let read = read_seats(&tables, true, c.limits)?;
        check_seat_count(t, Some(&f.span()), &tables, &c.rules)?;
        c.seats = read
            .into_iter()
            .map(|s| SeatConfig {
                name: s.name.into_inner(),
                bot: s.bot,
                limits: s.limits,
                params: s.params,
            })
            .collect();
        Ok(())
    }),
    Key::new("online", |t, f, c| {
        t.table_value(f)?.read_keys(ONLINE, &mut c.online)
    }),
];

/// The keys of `[match]` and how each is read.
const MATCH: &[Key<TableConfig>] = &[
    Key::new("games", |t, f, c| {
        c.games = t.integer_value(f, 1, i64::from(u32::MAX))?.into_inner() as u32;
        Ok(())
    }),
    // TOML integers are signed 64-bit, so seeds stop at i64::MAX.
    Key::new("seed", |t, f, c| {
        c.seed = Some(t.integer_value(f, 0, i64::MAX)?.into_inner() as u64);
        Ok(())
    }),
    Key::new("replay", |t, f, c| {
        c.replay = Some(t.path_value(f, PathUse::ReplayFile)?);
        Ok(())
    }),
];

shared_sections!(TableConfig);

fn check_seat_count(
    root: &Table<'_, '_>,
    span: Option<&std::ops::Range<usize>>,
    tables: &[Table<'_, '_>],
    rules: &Rules,
) -> Result<(), ConfigError> {
    let n = tables.len();
    if n == 0 {
        return Err(count_error(
            root,
            span,
            "seats",
            Problem::NoSeats {
                min: rules.min_players,
            },
        ));
    }
    if n < rules.min_players {
        return Err(count_error(
            root,
            span,
            "seats",
            Problem::TooFewSeats {
                seats: n,
                min: rules.min_players,
            },
        ));
    }
    if n > rules.max_players {
        // Point at the first seat too many.
        let extra = tables.get(rules.max_players).map(Table::span);
        return Err(count_error(
            root,
            extra.as_ref().or(span),
            "seats",
            Problem::TooManySeats {
                seats: n,
                max: rules.max_players,
            },
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::BotSource;

    const SEATS: &str = "[[seats]]\nname = \"A\"\ntype = \"human\"\n\
        [[seats]]\nname = \"B\"\ntype = \"native\"\npolicy = \"native-random\"\n\
        [[seats]]\nname = \"C\"\ntype = \"bot\"\nbundled = \"honest\"\n";

    fn parse(text: &str) -> Result<TableConfig, ConfigError> {
        parse_table(text, Path::new("dir/t.toml"))
    }

    #[test]
    fn only_seats_are_required() {
        let t = parse(SEATS).unwrap();
        assert_eq!(t.rules, Rules::default());
        assert_eq!(t.penalty, PenaltyPolicy::default());
        assert_eq!(
            (t.games, t.seed, t.lang, t.replay.as_ref()),
            (1, None, None, None)
        );
        assert_eq!(t.seats[2].bot, Some(BotSource::Bundled("honest".into())));
        assert!(t.seats.iter().all(|s| s.limits == BotLimits::default()));
    }

    #[test]
    fn crlf_and_byte_order_mark_are_fine() {
        let text = format!("\u{feff}{}", SEATS.replace('\n', "\r\n"));
        assert_eq!(parse(&text).unwrap().seats.len(), 3);
        let err = parse("[rules]\r\nchps = 1\r\n").unwrap_err();
        assert_eq!(err.location().map(|l| (l.line, l.column)), Some((2, 1)));
    }

    #[test]
    fn paths_resolve_against_the_config_directory() {
        let t = parse(&format!("[match]\nreplay = \"out/r.jsonl\"\n{SEATS}")).unwrap();
        assert_eq!(t.replay, Some(PathBuf::from("dir/out/r.jsonl")));
    }

    #[test]
    fn seat_limits_override_table_limits_key_by_key() {
        let text = "[limits]\nwall_ms = 50\nmemory_mb = 4\n\
            [[seats]]\nname = \"A\"\ntype = \"bot\"\nbundled = \"random\"\n\
            [seats.limits]\nmemory_mb = 8\n\
            [[seats]]\nname = \"B\"\ntype = \"bot\"\nbundled = \"random\"\n\
            [rules]\nmin_players = 2\n";
        let t = parse(text).unwrap();
        assert_eq!(
            (t.seats[0].limits.wall_ms, t.seats[0].limits.memory_mb),
            (50, 8)
        );
        assert_eq!(
            (t.seats[1].limits.wall_ms, t.seats[1].limits.memory_mb),
            (50, 4)
        );
    }

    #[test]
    fn the_first_mistake_in_file_order_is_reported() {
        let err = parse("[rules]\nzzz = 1\naaa = 2\n").unwrap_err();
        assert_eq!(err.key(), Some("rules.zzz"));
    }

    #[test]
    fn odd_keys_are_quoted_and_escaped() {
        let err = parse("\"a\\u001b.b\" = 1\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "dir/t.toml:1:1: \"a\\u{1b}.b\": unknown key; expected one of: lang, match, rules, penalty, limits, seats, online"
        );
    }
}
