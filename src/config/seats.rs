//! Reading one `[[seats]]` (table) or `[[bots]]` (tournament) entry.

use super::defaults::MAX_NAME_CHARS;
use super::error::{ConfigError, Needed, Problem, quote, show_path};
use super::limits::read_limits;
use super::params::read_params;
use super::raw::{Table, quoted_list};
use crate::engine::Policy;
use crate::setup::{BUNDLED_BOTS, BotLimits, BotParams, Named};
use std::ops::Range;
use std::path::PathBuf;
use toml::Spanned;

/// Where a bot's decisions come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSource {
    /// A Lua script file (`type = "bot"`, `script = "..."`), resolved against
    /// the config file's directory; the loader checked it is a file.
    Script(PathBuf),
    /// A Lua bot shipped inside the binary (`type = "bot"`,
    /// `bundled = "honest"`), one of [`BUNDLED_BOTS`]. The app maps the name
    /// to the embedded source, so it works without any `bots/` folder.
    Bundled(String),
    /// A native bot, written in Rust (`type = "native"`,
    /// `policy = "native-random"`).
    Native(Policy),
}

/// The type of a seat as a file names it (`type = "..."`); a `"native"`
/// seat is a bot too.
#[derive(Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum SeatType {
    Human,
    Bot,
    Native,
}

impl Named for SeatType {}

/// Every key a seat may have, with the types of seat that take it.
const SEAT_KEYS: &[(&str, &[SeatType])] = &[
    ("name", &[SeatType::Human, SeatType::Bot, SeatType::Native]),
    ("type", &[SeatType::Human, SeatType::Bot, SeatType::Native]),
    ("script", &[SeatType::Bot]),
    ("bundled", &[SeatType::Bot]),
    ("policy", &[SeatType::Native]),
    ("limits", &[SeatType::Bot]),
    ("params", &[SeatType::Bot]),
];

impl SeatType {
    /// The keys a seat of this type takes (for messages and checks).
    fn keys(self) -> Vec<&'static str> {
        SEAT_KEYS
            .iter()
            .filter(|(_, types)| types.contains(&self))
            .map(|(key, _)| *key)
            .collect()
    }
}

/// A seat or bot entry as read, with the spans later checks point at.
pub(crate) struct ReadSeat {
    pub(crate) name: Spanned<String>,
    pub(crate) bot: Option<BotSource>,
    pub(crate) limits: BotLimits,
    pub(crate) params: BotParams,
}

/// Reads one entry. `humans` says whether `type = "human"` is allowed;
/// `base` is the table-wide `[limits]`.
fn read_seat(t: &Table<'_, '_>, humans: bool, base: BotLimits) -> Result<ReadSeat, ConfigError> {
    let keys: Vec<&str> = SEAT_KEYS.iter().map(|(key, _)| *key).collect();
    t.deny_unknown(&keys)?;
    let mut types = SeatType::choices();
    types.retain(|(_, ty)| humans || *ty != SeatType::Human);
    let listed = quoted_list(&types);
    if let Ok(Some(old)) = t.string("type")
        && old.get_ref() == "builtin"
    {
        return Err(t.bad_value(
            &old.span(),
            "type",
            Problem::BuiltinRenamed {
                policies: native_names().join(", "),
            },
        ));
    }
    let ty = t.choice("type", &types)?;
    let ty = t.require("type", ty, Needed::SeatType { allowed: listed })?;
    let ty = *ty.get_ref();
    for (key, span) in t.keys() {
        if !ty.keys().contains(&key) {
            return Err(t.bad_value(
                &span,
                key,
                Problem::NotForSeatType {
                    seat_type: format!("{:?}", ty.name()),
                    keys: ty.keys().join(", "),
                },
            ));
        }
    }
    let name = t.string("name")?;
    let name = t.require("name", name, Needed::SeatName)?;
    check_name(t, &name)?;

    let mut limits = base;
    let mut params = BotParams::default();
    let bot = match ty {
        SeatType::Human => None,
        SeatType::Native => {
            let policy = t.choice("policy", &Policy::BOT_NAMES)?;
            let policy = t.require(
                "policy",
                policy,
                Needed::Policy {
                    allowed: native_names().join(", "),
                },
            )?;
            Some(BotSource::Native(policy.into_inner()))
        }
        SeatType::Bot => {
            if let Some(l) = t.table("limits")? {
                limits = read_limits(&l, base)?;
            }
            if let Some(p) = t.table("params")? {
                params = read_params(&p)?;
            }
            Some(read_bot_source(t)?)
        }
    };
    Ok(ReadSeat {
        name,
        bot,
        limits,
        params,
    })
}

/// The names of the native bots, as files give them.
fn native_names() -> Vec<&'static str> {
    Policy::BOT_NAMES.iter().map(|(n, _)| *n).collect()
}

/// `script = "file.lua"` or `bundled = "name"`, exactly one.
fn read_bot_source(t: &Table<'_, '_>) -> Result<BotSource, ConfigError> {
    let script = t.string("script")?;
    let bundled_options: Vec<(&str, &str)> = BUNDLED_BOTS.iter().map(|n| (*n, *n)).collect();
    let bundled = t.choice("bundled", &bundled_options)?;
    match (script, bundled) {
        (Some(_), Some(b)) => Err(t.bad_value(&b.span(), "bundled", Problem::ScriptAndBundled)),
        (None, None) => Err(t.error(
            "script",
            Problem::Missing(Needed::BotSource {
                bundled: BUNDLED_BOTS.join(", "),
            }),
        )),
        (None, Some(b)) => Ok(BotSource::Bundled(b.into_inner().to_string())),
        (Some(s), None) => check_script(t, &s).map(BotSource::Script),
    }
}

/// The script path, resolved against the config's directory, if it is a file.
fn check_script(t: &Table<'_, '_>, script: &Spanned<String>) -> Result<PathBuf, ConfigError> {
    let span = script.span();
    let given = script.get_ref();
    let fail = |problem: Problem| Err(t.bad_value(&span, "script", problem));
    if given.trim().is_empty() {
        return fail(Problem::EmptyScript);
    }
    if given.contains('\0') {
        return fail(Problem::UnusableScript {
            value: quote(given),
        });
    }
    let path = t.origin().resolve(given);
    let looked = show_path(&path);
    let given = quote(given);
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_file() => Ok(path),
        Ok(_) => fail(Problem::BotNotAFile { given, looked }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            fail(Problem::BotNotFound { given, looked })
        }
        Err(e) => fail(Problem::BotUnreadable {
            given,
            error: e.to_string(),
            looked,
        }),
    }
}

/// Names are shown in tables and logs: printable, trimmed, short
/// ([`crate::names`]).
fn check_name(t: &Table<'_, '_>, name: &Spanned<String>) -> Result<(), ConfigError> {
    use crate::names::{NameProblem as N, code_point, name_problem};
    let n = name.get_ref();
    let problem = name_problem(n).map(|p| match p {
        N::Empty => Problem::EmptyName,
        N::Spaces => Problem::NameSpaces { name: quote(n) },
        N::Control(_) => Problem::NameControl { name: quote(n) },
        N::Invisible(c) => Problem::NameInvisible {
            name: quote(n),
            point: code_point(c),
        },
        N::Marks(c) => Problem::NameMarks {
            name: quote(n),
            point: code_point(c),
        },
        N::TooLong(chars) => Problem::NameTooLong {
            name: quote(n),
            chars,
            max: MAX_NAME_CHARS,
        },
    });
    match problem {
        Some(problem) => Err(t.bad_value(&name.span(), "name", problem)),
        None => Ok(()),
    }
}

/// Reads every entry of a `[[seats]]` or `[[bots]]` array (see
/// [`read_seat`]), then refuses the first name used twice (names that look
/// alike are one: [`crate::names::name_keys`]).
pub(crate) fn read_seats(
    tables: &[Table<'_, '_>],
    humans: bool,
    base: BotLimits,
) -> Result<Vec<ReadSeat>, ConfigError> {
    let read: Vec<ReadSeat> = tables
        .iter()
        .map(|t| read_seat(t, humans, base))
        .collect::<Result<_, _>>()?;
    let mut seen: Vec<([String; 3], &str)> = Vec::with_capacity(read.len());
    for (t, seat) in tables.iter().zip(&read) {
        let name = &seat.name;
        let keys = crate::names::name_keys(name.get_ref());
        if let Some((_, first)) = seen
            .iter()
            .find(|(k, _)| crate::names::keys_clash(k, &keys))
        {
            return Err(t.bad_value(
                &name.span(),
                "name",
                Problem::DuplicateName {
                    name: quote(name.get_ref()),
                    first: first.to_string(),
                },
            ));
        }
        seen.push((keys, t.path()));
    }
    Ok(read)
}

/// A "wrong number of seats" error pointing at `span` (the seats array).
pub(crate) fn count_error(
    root: &Table<'_, '_>,
    span: Option<&Range<usize>>,
    key: &str,
    problem: Problem,
) -> ConfigError {
    match span {
        Some(span) => root.bad_value(span, key, problem),
        None => root.error(key, problem),
    }
}
