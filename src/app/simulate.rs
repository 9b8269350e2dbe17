//! `liar simulate`: a headless match between bots, with a summary.

use super::output::{LogEcho, ReplayFile, finish_replay};
use super::seats::{SeatedPlayer, isolation, spec_seat, table_seat};
use super::seed::MasterSeed;
use super::stdout::print;
use super::summary::summary;
use super::{Context, Failure};
use crate::cli::SimulateArgs;
use crate::config::{BotLimits, DEFAULT_TABLE_NAME};
use crate::config::{TableConfig, load_table};
use crate::engine::{MatchSetup, PenaltyPolicy, SealedSeed, play_match};
use crate::human::Console;
use crate::i18n::AppMsg;
use crate::i18n::Lang;
use crate::rules::{MAX_SEATS, Rules};
use crate::setup::{Isolation, SeatKind};
use std::time::Instant;

/// Games when neither the flag nor a table says.
const DEFAULT_GAMES: u32 = 100;

/// `liar simulate`.
pub fn run(args: &SimulateArgs, ctx: &Context) -> Result<(), Failure> {
    let table = match args.level {
        Some(level) => Some(super::table_match::level_table(level)?),
        None => args.table.as_deref().map(load_table).transpose()?,
    };
    let lang = ctx.lang(table.as_ref().and_then(|t| t.lang));
    super::interrupt::speak(lang);
    let seats = if args.level.is_some() {
        table.as_ref().map_or(0, |t| t.seats.len())
    } else if args.bots.is_empty() {
        table
            .as_ref()
            .map_or(usize::from(args.players), |t| t.seats.len())
    } else {
        args.bots.len()
    };
    if !(2..=MAX_SEATS).contains(&seats) {
        return Err(Failure::SeatCount(seats));
    }
    if let (Some(t), Some(path)) = (&table, &args.table) {
        let (min, max) = (t.rules.min_players, t.rules.max_players);
        if !(min..=max).contains(&seats) {
            return Err(Failure::TableSeatCount {
                origin: path.display().to_string(),
                seats,
                min,
                max,
            });
        }
    }
    let seated = seat_players(args, table.as_ref())?;
    let seed = MasterSeed::choose(args.seed.or(table.as_ref().and_then(|t| t.seed)))?;
    let (infos, mut players): (Vec<_>, Vec<_>) =
        seated.into_iter().map(|s| (s.info, s.player)).unzip();
    let setup = MatchSetup {
        // Without a table, the book's rules for exactly these seats.
        rules: table.as_ref().map_or(
            Rules {
                min_players: 2,
                max_players: seats.max(Rules::default().max_players),
                ..Rules::default()
            },
            |t| t.rules,
        ),
        seed: seed.value,
        games: args
            .games
            .or(table.as_ref().map(|t| t.games))
            .unwrap_or(DEFAULT_GAMES),
        seats: infos,
        penalty: table
            .as_ref()
            .map_or(PenaltyPolicy::default(), |t| t.penalty),
        stop: Some(super::interrupt::stop_flag()),
    };
    let replay_path = args
        .replay
        .as_deref()
        .or(table.as_ref().and_then(|t| t.replay.as_deref()));
    let observers = (ReplayFile::maybe(replay_path)?, LogEcho { on: ctx.verbose });
    // A drawn seed is sealed in the replay and said only by its commitment
    // until the summary.
    let mut observers = SealedSeed::new(observers, seed.drawn);
    if seed.drawn {
        seed.announce(ctx.quiet, lang);
    }
    let started = Instant::now();
    let stats = play_match(&setup, &mut players, &mut observers)?;
    let elapsed = started.elapsed();
    let replay = observers.into_inner().0;
    let kept = replay.is_some();
    finish_replay(replay, true, lang)?;
    let mut text = summary(&setup, &stats, seed.value, lang);
    if !ctx.quiet {
        let speed = AppMsg::Speed {
            games: stats.games,
            rounds: stats.rounds,
            decisions: stats.decisions,
            secs: elapsed.as_secs_f64(),
        };
        text.push_str(&speed.text(lang));
        text.push('\n');
    }
    print("results", &text)?;
    if stats.aborted && super::interrupt::interrupted() {
        return Err(Failure::Interrupted { kept });
    }
    Ok(())
}

/// The seats: one per --bot flag, else the table's (bots only), else
/// --players copies of --policy.
fn seat_players(
    args: &SimulateArgs,
    table: Option<&TableConfig>,
) -> Result<Vec<SeatedPlayer>, Failure> {
    let limits = table.map(|t| t.limits).unwrap_or_default();
    let flag = args.isolation;
    let iso = isolation(flag, &limits, Isolation::Thread);
    if let (Some(_), Some(table)) = (args.level, table) {
        return level_seats(args, table, &limits, iso);
    }
    if !args.bots.is_empty() {
        return args
            .bots
            .iter()
            .enumerate()
            .map(|(seat, spec)| spec_seat(seat, spec, &limits, iso))
            .collect();
    }
    if let (Some(table), Some(path)) = (table, &args.table) {
        let humans = table.human_names();
        if !humans.is_empty() {
            return Err(Failure::PeopleAtBotTable {
                origin: path.display().to_string(),
                command: "simulate",
                humans,
            });
        }
        let console = Console::new(std::io::empty(), std::io::sink(), false).shared();
        let origin = path.display().to_string();
        return table
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| table_seat(seat, s, &origin, &console, Lang::En, flag))
            .collect();
    }
    (0..args.players as usize)
        .map(|seat| spec_seat(seat, &args.policy, &limits, iso))
        .collect()
}

/// The seats of `simulate --level`: the one --bot where the built-in table
/// seats a person, the level's bots elsewhere.
fn level_seats(
    args: &SimulateArgs,
    table: &TableConfig,
    limits: &BotLimits,
    iso: Isolation,
) -> Result<Vec<SeatedPlayer>, Failure> {
    let [spec] = args.bots.as_slice() else {
        return Err(Failure::Argument(
            "--level takes one --bot: the bot in the person's seat".into(),
        ));
    };
    let console = Console::new(std::io::empty(), std::io::sink(), false).shared();
    table
        .seats
        .iter()
        .enumerate()
        .map(|(seat, s)| match s.kind() {
            SeatKind::Human => spec_seat(seat, spec, limits, iso),
            SeatKind::Bot => table_seat(
                seat,
                s,
                DEFAULT_TABLE_NAME,
                &console,
                Lang::En,
                args.isolation,
            ),
        })
        .collect()
}
