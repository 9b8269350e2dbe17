//! `liar play` and `liar watch`: a table's match at this terminal, narrated.

use super::interrupt::{interrupted, stop_flag};
use super::output::{LogEcho, ReplayFile, finish_replay};
use super::seats::table_seat;
use super::seed::MasterSeed;
use super::{Context, Failure, lang};
use crate::cli::{TableArgs, WatchArgs};
use crate::config::{BotSource, DEFAULT_TABLE_NAME, TableConfig, default_table, load_table};
use crate::engine::{MatchSetup, SealedSeed, play_match};
use crate::human::{Console, Narrator, NarratorOptions, should_color};
use crate::setup::SeatKind;
use std::io::IsTerminal;
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

/// `liar play`.
pub fn play(args: &TableArgs, ctx: &Context) -> Result<(), Failure> {
    let (table, origin) = load(args)?;
    run(args, ctx, table, &origin, false)
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
    run(&args.table, ctx, table, &origin, args.god)
}

fn run(
    args: &TableArgs,
    ctx: &Context,
    table: TableConfig,
    origin: &str,
    god_view: bool,
) -> Result<(), Failure> {
    let lang = lang::resolve(ctx.lang, table.lang);
    let stop = stop_flag();
    let console = Console::stdio(should_color())
        .with_stop(stop.clone())
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
    let seed = MasterSeed::choose(args.seed.or(table.seed))?;
    let setup = MatchSetup {
        rules: table.rules,
        seed: seed.value,
        games: args.games.unwrap_or(table.games).max(1),
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
    let replay = ReplayFile::maybe(args.replay.as_deref().or(table.replay.as_deref()))?;
    console.borrow_mut().set_recording(replay.is_some());
    // A drawn seed is sealed: the narrator shows its commitment at the start
    // and the seed at the end, and so does the replay.
    if !seed.drawn {
        seed.announce(ctx.quiet);
    }
    let observers = ((narrator, LogEcho { on: ctx.verbose }), replay);
    let mut observers = SealedSeed::new(observers, seed.drawn);
    let stats = play_match(&setup, &mut players, &mut observers)?;
    let ((_, _), replay) = observers.into_inner();
    finish_replay(replay, ctx.quiet)?;
    if stats.aborted && interrupted() {
        return Err(Failure::Interrupted);
    }
    Ok(())
}
