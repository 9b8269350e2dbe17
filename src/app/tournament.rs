//! `liar tournament`: run a tournament file, one game of it, or merge shards.

use super::interrupt::{interrupted, speak, stop_flag};
use super::output::ReplayFile;
use super::seats::isolation;
use super::seed::MasterSeed;
use super::{Context, Failure};
use crate::cli::{MergeArgs, OutputFormat as FormatArg, TournamentArgs, TournamentCommand};
use crate::config::{BotConfig, BotSource, ReplaySample, TournamentConfig, load_tournament};
use crate::engine::{NativePlayer, Player};
use crate::i18n::Lang;
use crate::lua::{Bot, bundled_source, code_hash};
use crate::setup::{BotLimits, Isolation};
use crate::tournament::{
    BotEntry, Length, OutputFormat, PlayerFactory, ReplayDir, ReplaySelection, Results, RunOptions,
    Shard, TimingOutput, TournamentSpec, merge, play_game, progress_bar, render, render_in,
    run as run_tournament,
};
use std::io::IsTerminal;
use std::path::Path;

/// `liar tournament`.
pub fn run(args: &TournamentArgs, ctx: &Context) -> Result<(), Failure> {
    let lang = ctx.lang(None);
    speak(lang);
    if let Some(TournamentCommand::Merge(merge_args)) = &args.merge {
        return merge_files(merge_args, lang);
    }
    let Some(file) = &args.file else {
        return Err(Failure::Argument("give a tournament file (TOML)".into()));
    };
    let config = load_tournament(file)?;
    let given = args.seed.or(config.seed);
    if given.is_none() && args.shard.is_some() {
        return Err(Failure::Argument(
            "--shard needs a seed (--seed, or seed in the file) shared by every shard; \
             keep it secret until the shards are done (see docs/tournaments.md)"
                .into(),
        ));
    }
    // Every argument is checked before anything is said or drawn.
    let shard = args
        .shard
        .as_deref()
        .map(|s| {
            s.parse::<Shard>().map_err(|source| Failure::Shard {
                text: s.to_string(),
                source,
            })
        })
        .transpose()?;
    let seed = MasterSeed::choose(given)?;
    let spec = spec_of(&config, seed.value, args.games)?;
    let factory = AppFactory::new(&config, args.isolation);
    if let Some(k) = args.only_game {
        let played = only_game(&spec, &factory, k, args.replay.as_deref());
        seed.reveal(lang);
        return played;
    }
    let replays = replay_dir(args, &config)?;
    // Install the Ctrl-C handler before saying anything, so a Ctrl-C right
    // after the first line still stops cleanly.
    let stop = stop_flag();
    seed.announce(ctx.quiet, lang);
    let bar = progress_bar();
    let show_progress = !args.no_progress && !ctx.quiet && std::io::stderr().is_terminal();
    let options = RunOptions {
        jobs: args.jobs.unwrap_or(config.jobs),
        shard,
        stop: Some(stop),
        replays,
        progress: show_progress.then_some(&bar as &dyn crate::tournament::Progress),
    };
    let results = run_tournament(&spec, &factory, &options)?;
    let output = args.output.as_deref();
    print_and_save(&results, args.format, args.timing, output, lang)?;
    // The results name the seed too; the last line says it for every format.
    seed.reveal(lang);
    if interrupted() {
        return Err(Failure::Interrupted {
            kept: args.replay_dir.is_some() || config.replay_dir.is_some(),
        });
    }
    Ok(())
}

/// The engine's tournament from the file's, with the command line's overrides.
fn spec_of(
    config: &TournamentConfig,
    seed: u64,
    games: Option<u64>,
) -> Result<TournamentSpec, Failure> {
    let bots = config
        .bots
        .iter()
        .map(|bot| {
            let (hash, script, native) = match &bot.source {
                BotSource::Script(path) => {
                    let code = std::fs::read(path).map_err(|source| Failure::BotFile {
                        name: bot.name.clone(),
                        path: path.clone(),
                        source,
                    })?;
                    (
                        Some(code_hash(&code)),
                        Some(path.display().to_string()),
                        None,
                    )
                }
                BotSource::Bundled(name) => (
                    bundled_source(name).map(|code| code_hash(code.as_bytes())),
                    Some(format!("bundled:{name}")),
                    None,
                ),
                BotSource::Native(policy) => (None, None, Some(policy.name().to_string())),
            };
            Ok(BotEntry {
                name: bot.name.clone(),
                hash,
                script,
                native,
                // Where a bot runs does not change results: not recorded.
                limits: Some(BotLimits {
                    isolation: None,
                    ..bot.limits
                }),
                params: bot.params.clone(),
            })
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let length = games.map_or(config.length, Length::Games);
    let mut spec = TournamentSpec::new(bots, config.table_size, length, seed);
    spec.seat_orders = config.seat_orders;
    spec.duplicate_dice = config.duplicate_dice;
    spec.rules = config.rules;
    spec.penalty = config.penalty;
    spec.validate()?;
    Ok(spec)
}

/// Where replays go: the flag's folder and selection, else the file's.
fn replay_dir(
    args: &TournamentArgs,
    config: &TournamentConfig,
) -> Result<Option<ReplayDir>, Failure> {
    let selection = match args.replays.as_deref() {
        Some(text) => Some(parse_selection(text)?),
        None => match config.replay_sample {
            ReplaySample::All => Some(ReplaySelection::All),
            ReplaySample::Penalties => Some(ReplaySelection::Penalties),
            ReplaySample::Every(n) => Some(ReplaySelection::Every(n)),
            ReplaySample::None => None,
        },
    };
    let dir = args
        .replay_dir
        .clone()
        .or_else(|| config.replay_dir.clone());
    match (dir, selection) {
        (None, Some(_)) if args.replays.is_some() => {
            Err(Failure::Argument("--replays needs --replay-dir DIR".into()))
        }
        (None, _) => Ok(None),
        (Some(dir), selection) => {
            std::fs::create_dir_all(&dir).map_err(|source| Failure::File {
                action: "create replay folder",
                path: dir.clone(),
                source,
            })?;
            Ok(Some(ReplayDir::new(
                dir,
                selection.unwrap_or(ReplaySelection::All),
            )))
        }
    }
}

fn parse_selection(text: &str) -> Result<ReplaySelection, Failure> {
    match text {
        "all" => Ok(ReplaySelection::All),
        "penalties" => Ok(ReplaySelection::Penalties),
        _ => text
            .strip_prefix("every-")
            .and_then(|n| n.parse::<u64>().ok())
            .filter(|&n| n > 0)
            .map(ReplaySelection::Every)
            .ok_or_else(|| {
                Failure::Argument(format!(
                    "--replays {text:?}: expected all, penalties or every-N (N ≥ 1)"
                ))
            }),
    }
}

fn only_game(
    spec: &TournamentSpec,
    factory: &AppFactory,
    k: u64,
    replay: Option<&Path>,
) -> Result<(), Failure> {
    if k == 0 {
        return Err(Failure::Argument("--only-game counts from 1".into()));
    }
    let record = match replay {
        Some(path) => {
            let mut replay = ReplayFile::create(path)?;
            let record = play_game(spec, factory, k - 1, &mut replay);
            replay.finish()?;
            record
        }
        None => play_game(spec, factory, k - 1, &mut crate::engine::NoObserver),
    }?;
    let json =
        serde_json::to_string(&record).map_err(|source| Failure::ShowGame { game: k, source })?;
    super::stdout::print("game record", &format!("{json}\n"))
}

fn merge_files(args: &MergeArgs, lang: Lang) -> Result<(), Failure> {
    let files = args
        .files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).map_err(|source| Failure::ResultsFile {
                path: path.clone(),
                source,
            })?;
            let results = Results::from_json(&text).map_err(|source| Failure::BadResults {
                path: path.clone(),
                source,
            })?;
            Ok((path.display().to_string(), results))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let merged = merge(files)?;
    print_and_save(&merged, args.format, false, args.output.as_deref(), lang)
}

fn print_and_save(
    results: &Results,
    format: FormatArg,
    timing: bool,
    output: Option<&Path>,
    lang: Lang,
) -> Result<(), Failure> {
    let (format, timing) = match format {
        FormatArg::Table => (OutputFormat::Table, TimingOutput::Include),
        FormatArg::Json => (OutputFormat::Json, timing_output(timing)),
        FormatArg::Csv => (OutputFormat::Csv, timing_output(timing)),
    };
    super::stdout::print("results", &render_in(results, format, timing, lang))?;
    if let Some(path) = output {
        let json = render(results, OutputFormat::Json, TimingOutput::Omit);
        std::fs::write(path, json).map_err(|source| Failure::File {
            action: "write",
            path: path.to_path_buf(),
            source,
        })?;
    }
    Ok(())
}

fn timing_output(on: bool) -> TimingOutput {
    if on {
        TimingOutput::Include
    } else {
        TimingOutput::Omit
    }
}

/// Makes each worker's players from the tournament file's bots.
struct AppFactory {
    /// Each bot as the file gives it, with where it runs.
    bots: Vec<(BotConfig, Isolation)>,
}

impl AppFactory {
    /// `flag` is the `--isolation` flag; Lua bots run in processes of their
    /// own unless the flag or the file says otherwise.
    fn new(config: &TournamentConfig, flag: Option<Isolation>) -> Self {
        AppFactory {
            bots: config
                .bots
                .iter()
                .map(|b| (b.clone(), isolation(flag, &b.limits, Isolation::Process)))
                .collect(),
        }
    }
}

impl PlayerFactory for AppFactory {
    type Player = Box<dyn Player>;

    fn make(&self, bot: usize) -> Result<Self::Player, String> {
        let Some((config, iso)) = self.bots.get(bot) else {
            return Err(format!("no bot number {bot}"));
        };
        let (params, limits) = (&config.params, &config.limits);
        let loaded = match &config.source {
            BotSource::Native(policy) => return Ok(Box::new(NativePlayer::new(*policy))),
            BotSource::Script(path) => Bot::load(path, params, limits, *iso),
            BotSource::Bundled(b) => Bot::bundled(b, params, limits, *iso),
        };
        Ok(Box::new(
            loaded.map_err(|e| format!("{}: {e}", config.name))?,
        ))
    }
}
