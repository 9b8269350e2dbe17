//! `liar play` and `liar watch`: a table's match at this terminal, narrated.

use super::interrupt::{interrupted, speak, stop_flag};
use super::output::{LogEcho, ReplayFile, finish_replay};
use super::seats::table_seat;
use super::seed::MasterSeed;
use super::{Context, Failure, recorded};
use crate::cli::{PlayArgs, TableArgs, WatchArgs};
use crate::config::{
    BotSource, DEFAULT_TABLE_NAME, SeatConfig, TableConfig, default_table, load_table,
};
use crate::engine::{MatchSetup, SealedSeed, play_match};
use crate::human::{Console, Narrator, NarratorOptions, should_color};
use crate::i18n::{AppMsg, Lang};
use crate::setup::{Level, ParamValue, SeatKind};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// A bot's pause on a terminal unless --delay says otherwise.
const TERMINAL_DELAY_MS: u64 = 700;

/// The table file named, or the built-in one; and the name to quote in messages.
fn load(args: &TableArgs) -> Result<(TableConfig, String), Failure> {
    match &args.table {
        Some(path) => load_table(path)
            .map(|t| (t, path.display().to_string()))
            .map_err(Failure::from),
        None => default_table()
            .map(|t| (t, DEFAULT_TABLE_NAME.to_string()))
            .map_err(Failure::BuiltInTable),
    }
}

/// The built-in table with the bots of `level`.
pub(super) fn level_table(level: Level) -> Result<TableConfig, Failure> {
    let mut table = default_table().map_err(Failure::BuiltInTable)?;
    seat_level(&mut table, level);
    Ok(table)
}

/// The built-in table's bots replaced by the level's (its people stay).
fn seat_level(table: &mut TableConfig, level: Level) {
    table.seats.retain(|seat| seat.kind() == SeatKind::Human);
    for o in level.opponents() {
        let mut seat = SeatConfig::bot(
            o.name.to_string(),
            BotSource::Bundled(o.bot.to_string()),
            table.limits,
        );
        if let Some(slip) = o.slip {
            // A level's own value, within what parameters may hold.
            let _ = seat.params.insert("slip", ParamValue::Float(slip));
        }
        table.seats.push(seat);
    }
}

/// `liar play`.
pub fn play(args: &PlayArgs, ctx: &Context) -> Result<(), Failure> {
    let (mut table, origin) = load(&args.table)?;
    if let Some(level) = args.level {
        if args.table.table.is_some() {
            return Err(Failure::LevelWithTable { origin });
        }
        seat_level(&mut table, level);
    }
    let record = if args.no_replay {
        Record::Off
    } else {
        Record::Default
    };
    let people = People {
        quick_hand_over: args.quick_hand_over,
    };
    run(&args.table, ctx, table, &origin, false, record, people)
}

/// `liar watch`: bots only. Without a table file, the built-in table with
/// its human seat played by the bundled bluffer.
pub fn watch(args: &WatchArgs, ctx: &Context) -> Result<(), Failure> {
    let (mut table, origin) = load(&args.table)?;
    if args.table.table.is_none() {
        for seat in &mut table.seats {
            if seat.kind() == SeatKind::Human {
                seat.bot = Some(BotSource::Bundled("bluffer".into()));
                seat.name = "Bluffer".into();
            }
        }
    }
    let humans = table.human_names();
    if !humans.is_empty() {
        return Err(Failure::PeopleAtBotTable {
            origin,
            command: "watch",
            humans,
        });
    }
    run(
        &args.table,
        ctx,
        table,
        &origin,
        args.god,
        Record::Off,
        People::default(),
    )
}

/// Where the replay goes when neither `--replay` nor the table names a file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Record {
    /// Nowhere (`watch`, `play --no-replay`).
    Off,
    /// A new file in the user's data folder (`play`).
    Default,
}

/// The replay file to write, if any, and whether it is the default one in
/// the data folder. A default one that cannot be made is said on standard
/// error, and the match goes on without it.
fn replay_path(
    args: &TableArgs,
    table: &TableConfig,
    record: Record,
    seed: Option<u64>,
    lang: Lang,
) -> Option<(PathBuf, bool)> {
    if let Some(path) = args.replay.as_ref().or(table.replay.as_ref()) {
        return Some((path.clone(), false));
    }
    if record == Record::Off {
        return None;
    }
    match recorded::new_path(seed, lang) {
        Ok(path) => Some((path, true)),
        Err(why) => {
            super::stdout::note(&format!("liar: {why}"));
            None
        }
    }
}

/// Opens the replay file. A file the user named must open; the default
/// one may fail (said on standard error): the match is played anyway.
fn open_replay(target: Option<(PathBuf, bool)>, lang: Lang) -> Result<Option<ReplayFile>, Failure> {
    let Some((path, default)) = target else {
        return Ok(None);
    };
    match ReplayFile::create(&path) {
        Ok(file) => Ok(Some(file)),
        Err(Failure::File { path, source, .. }) if default => {
            let shown = path.display().to_string();
            let reason = source.to_string();
            let msg = AppMsg::ReplayUnavailable {
                path: &shown,
                reason: &reason,
            };
            super::stdout::note(&format!("liar: {}", msg.text(lang)));
            Ok(None)
        }
        Err(other) => Err(other),
    }
}

/// How the people at the terminal are asked.
#[derive(Clone, Copy, Debug, Default)]
struct People {
    /// See [`Console::with_quick_hand_over`].
    quick_hand_over: bool,
}

fn run(
    args: &TableArgs,
    ctx: &Context,
    table: TableConfig,
    origin: &str,
    god_view: bool,
    record: Record,
    people: People,
) -> Result<(), Failure> {
    let lang = ctx.lang(table.lang);
    speak(lang);
    let chosen = args.seed.or(table.seed);
    let target = replay_path(args, &table, record, chosen, lang);
    let stop = stop_flag();
    let console = Console::stdio(should_color())
        .with_stop(stop.clone())
        .with_quick_hand_over(people.quick_hand_over)
        .shared();
    let flag = args.isolation;
    let seated = table
        .seats
        .iter()
        .enumerate()
        .map(|(seat, config)| table_seat(seat, config, origin, &console, lang, flag))
        .collect::<Result<Vec<_>, _>>()?;
    let (infos, mut players): (Vec<_>, Vec<_>) =
        seated.into_iter().map(|s| (s.info, s.player)).unzip();
    let seed = MasterSeed::choose(chosen)?;
    let setup = MatchSetup {
        rules: table.rules,
        seed: seed.value,
        games: args.games.unwrap_or(table.games),
        seats: infos,
        penalty: table.penalty,
        stop: Some(stop),
    };
    let delay = args.delay.unwrap_or(if std::io::stdout().is_terminal() {
        TERMINAL_DELAY_MS
    } else {
        0
    });
    let narrator = Narrator::new(
        console.clone(),
        lang,
        NarratorOptions {
            delay: Duration::from_millis(delay),
            god_view,
        },
    );
    let replay = open_replay(target, lang)?;
    console.borrow_mut().set_recording(replay.is_some());
    // A drawn seed is sealed: the narrator shows its commitment at the start
    // and the seed at the end, and so does the replay.
    if !seed.drawn {
        seed.announce(ctx.quiet, lang);
    }
    let kept = replay.is_some();
    let observers = ((narrator, LogEcho { on: ctx.verbose }), replay);
    let mut observers = SealedSeed::new(observers, seed.drawn);
    let stats = play_match(&setup, &mut players, &mut observers)?;
    let ((_, _), replay) = observers.into_inner();
    finish_replay(replay, ctx.quiet, lang)?;
    if stats.aborted && interrupted() {
        return Err(Failure::Interrupted { kept });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_is_the_easy_level() {
        let table = default_table().unwrap();
        let mut easy = table.clone();
        seat_level(&mut easy, Level::Easy);
        assert_eq!(table.seats, easy.seats);
    }
}
