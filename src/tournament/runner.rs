//! Plays a tournament's games on worker threads.

use super::factory::PlayerFactory;
use super::progress::Progress;
use super::record::{GameObserver, GameRecord};
use super::replays::ReplayDir;
use super::results::{Results, Timing};
use super::schedule::{Schedule, ScheduledGame};
use super::shard::{BadShard, Shard};
use super::spec::{SpecError, TournamentSpec};
use super::timed::{DecisionTimes, Timed};
use crate::engine::{MatchSetup, Observer, Player, SetupError, play_match};
use crate::replay::ReplayWriter;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Games a worker takes at a time: small enough to balance the load,
/// large enough that workers rarely meet at the counter.
const CHUNK: u64 = 4;

/// How to run a tournament (none of it changes the results).
#[derive(Clone, Default)]
pub struct RunOptions<'a> {
    /// Worker threads; 0 uses every core.
    pub jobs: usize,
    /// Play only this shard.
    pub shard: Option<Shard>,
    /// Set this (on Ctrl-C) to stop: games in progress are abandoned and the
    /// results cover the games played before the first one missing.
    pub stop: Option<Arc<AtomicBool>>,
    /// Write replays.
    pub replays: Option<ReplayDir>,
    /// Report progress.
    pub progress: Option<&'a dyn Progress>,
}

/// Why a run failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The spec cannot be played.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A bot's player could not be made.
    #[error("bot {name:?}: {message}")]
    Player {
        /// The bot's index.
        bot: usize,
        /// Its name.
        name: String,
        /// What went wrong.
        message: String,
    },
    /// The shard is not `K/N` with 1 ≤ K ≤ N.
    #[error(transparent)]
    Shard(#[from] BadShard),
    /// The engine refused a table.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A replay file could not be written.
    #[error("cannot write replay {}: {message}", path.display())]
    Replay {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The game asked for is not in the tournament.
    #[error("no game {game}: the tournament has {total} games (numbered from 0)")]
    NoSuchGame {
        /// The game asked for.
        game: u64,
        /// Games in the tournament.
        total: u64,
    },
    /// A worker thread panicked.
    #[error("a worker thread panicked")]
    Panicked,
}

/// Plays a tournament (or one shard of it) and returns its games.
///
/// Every game is a one-game match whose seating and seed come from the
/// [`Schedule`]; games are shared out to `jobs` worker threads a few at a
/// time, each worker making one player per bot (through `factory`) the first
/// time it needs it and reusing it. The games are returned in index order,
/// so the results do not depend on the number of threads.
///
/// When `stop` is set the workers abandon their games in progress and take
/// no new ones; the results then hold the games played up to the first one
/// not played (a prefix of the run's games, so an interrupted run's results
/// are reproducible too) and are marked `interrupted`.
///
/// ```
/// use liar::tournament::*;
/// let names = ["random", "honest", "random"];
/// let bots = names.iter().enumerate()
///     .map(|(i, n)| BotEntry { name: format!("{n}{i}"), ..BotEntry::native(n) }).collect();
/// let spec = TournamentSpec::new(bots, 3, Length::Cycles(4), 42);
/// let factory = NativeFactory::named(&names).unwrap();
/// let results = run(&spec, &factory, &RunOptions { jobs: 2, ..RunOptions::default() }).unwrap();
/// assert_eq!(results.games.len(), 12);
/// assert!(!results.interrupted);
/// ```
pub fn run<F: PlayerFactory>(
    spec: &TournamentSpec,
    factory: &F,
    options: &RunOptions<'_>,
) -> Result<Results, RunError> {
    let schedule = Schedule::new(spec)?;
    let shard = options.shard.unwrap_or(Shard::WHOLE);
    if !shard.is_valid() {
        return Err(RunError::Shard(BadShard(shard.to_string())));
    }
    let count = shard.len(schedule.len());
    let jobs = match options.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        j => j,
    }
    .min(usize::try_from(count.div_ceil(CHUNK)).unwrap_or(usize::MAX))
    .max(1);
    if let Some(p) = options.progress {
        p.start(count);
    }
    let shared = Shared {
        spec,
        schedule: &schedule,
        factory,
        shard,
        count,
        next: AtomicU64::new(0),
        stop: options.stop.as_ref(),
        failed: AtomicBool::new(false),
        error: Mutex::new(None),
        replays: options.replays.as_ref(),
        progress: options.progress,
    };
    let started = Instant::now();
    let outputs: Vec<Option<WorkerOutput>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs).map(|_| scope.spawn(|| shared.work())).collect();
        handles.into_iter().map(|h| h.join().ok()).collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(p) = options.progress {
        p.finish();
    }
    if let Some(e) = shared.error.lock().ok().and_then(|mut e| e.take()) {
        return Err(e);
    }
    let mut played: Vec<(u64, GameRecord)> = Vec::new();
    let mut times = vec![DecisionTimes::default(); spec.bots.len()];
    for out in outputs {
        let out = out.ok_or(RunError::Panicked)?;
        played.extend(out.games);
        for (sum, t) in times.iter_mut().zip(&out.times) {
            sum.add(t);
        }
    }
    played.sort_by_key(|(pos, _)| *pos);
    // Keep the gapless prefix: with a stop, the games after the first one
    // missing depend on thread timing.
    let prefix = played
        .iter()
        .enumerate()
        .take_while(|(i, (pos, _))| *i as u64 == *pos)
        .count();
    played.truncate(prefix);
    Ok(Results {
        tournament: spec.clone(),
        shard: options.shard,
        scheduled: count,
        interrupted: (played.len() as u64) < count,
        games: played.into_iter().map(|(_, g)| g).collect(),
        timing: Some(Timing::new(spec, times, Some(elapsed), Some(jobs))),
    })
}

/// Plays game `index` of the tournament alone, with new players, telling
/// `observer` everything (give it a [`ReplayWriter`] for `--only-game K
/// --replay FILE`). Its record equals that game's record in a full run.
///
/// ```
/// use liar::tournament::*;
/// use liar::engine::NoObserver;
/// let spec = TournamentSpec::new(
///     vec![BotEntry::native("random"), BotEntry::native("honest")], 2, Length::Games(8), 5);
/// let factory = NativeFactory::named(&["random", "honest"]).unwrap();
/// let full = run(&spec, &factory, &RunOptions::default()).unwrap();
/// let alone = play_game(&spec, &factory, 6, &mut NoObserver).unwrap();
/// assert_eq!(alone, full.games[6]);
/// ```
pub fn play_game<F: PlayerFactory>(
    spec: &TournamentSpec,
    factory: &F,
    index: u64,
    observer: &mut impl Observer,
) -> Result<GameRecord, RunError> {
    let schedule = Schedule::new(spec)?;
    if index >= schedule.len() {
        return Err(RunError::NoSuchGame {
            game: index,
            total: schedule.len(),
        });
    }
    let game = schedule.game(index);
    let mut players = game
        .bots
        .iter()
        .map(|&bot| make(spec, factory, bot))
        .collect::<Result<Vec<_>, _>>()?;
    let mut setup = empty_setup(spec, None);
    let mut watcher = GameObserver {
        watch: spec.table_size > 2,
        eliminated: Vec::new(),
        replay: None,
    };
    let stats = play_one(
        spec,
        &game,
        &mut setup,
        &mut players,
        &mut (&mut watcher, observer),
    )?;
    Ok(GameRecord::new(
        index,
        game.bots,
        &stats,
        &watcher.eliminated,
    ))
}

fn make<F: PlayerFactory>(
    spec: &TournamentSpec,
    factory: &F,
    bot: usize,
) -> Result<F::Player, RunError> {
    factory.make(bot).map_err(|message| RunError::Player {
        bot,
        name: spec
            .bots
            .get(bot)
            .map_or_else(String::new, |b| b.name.clone()),
        message,
    })
}

fn empty_setup(spec: &TournamentSpec, stop: Option<&Arc<AtomicBool>>) -> MatchSetup {
    MatchSetup {
        rules: spec.rules,
        seed: 0,
        games: 1,
        seats: Vec::with_capacity(spec.table_size),
        penalty: spec.penalty,
        stop: stop.cloned(),
    }
}

/// Plays one scheduled game as a one-game match.
fn play_one<P: Player>(
    spec: &TournamentSpec,
    game: &ScheduledGame,
    setup: &mut MatchSetup,
    players: &mut [P],
    observer: &mut impl Observer,
) -> Result<crate::engine::MatchStats, SetupError> {
    setup.seed = game.seed;
    setup.seats.clear();
    setup.seats.extend(
        game.bots
            .iter()
            .enumerate()
            .filter_map(|(seat, &b)| spec.bots.get(b).map(|bot| bot.seat_info(seat))),
    );
    play_match(setup, players, observer)
}

struct Shared<'a, F> {
    spec: &'a TournamentSpec,
    schedule: &'a Schedule,
    factory: &'a F,
    shard: Shard,
    /// Games in the shard.
    count: u64,
    /// The next position (within the shard) to hand out.
    next: AtomicU64,
    stop: Option<&'a Arc<AtomicBool>>,
    /// Set on the first error; workers then stop.
    failed: AtomicBool,
    error: Mutex<Option<RunError>>,
    replays: Option<&'a ReplayDir>,
    progress: Option<&'a dyn Progress>,
}

struct WorkerOutput {
    /// (position in the shard, record).
    games: Vec<(u64, GameRecord)>,
    /// Decision times by bot.
    times: Vec<DecisionTimes>,
}

impl<F: PlayerFactory> Shared<'_, F> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    fn halted(&self) -> bool {
        self.stopped() || self.failed.load(Ordering::Relaxed)
    }

    fn fail(&self, error: RunError) {
        if let Ok(mut slot) = self.error.lock()
            && slot.is_none()
        {
            *slot = Some(error);
        }
        self.failed.store(true, Ordering::Relaxed);
    }

    /// A worker: takes games until none are left or the run halts.
    fn work(&self) -> WorkerOutput {
        /// Halts the other workers if this one panics (a player's bug).
        struct PanicGuard<'a>(&'a AtomicBool);
        impl Drop for PanicGuard<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.store(true, Ordering::Relaxed);
                }
            }
        }
        let _guard = PanicGuard(&self.failed);
        let spec = self.spec;
        let mut cache: Vec<Option<Timed<F::Player>>> = (0..spec.bots.len()).map(|_| None).collect();
        let mut out = WorkerOutput {
            games: Vec::new(),
            times: vec![DecisionTimes::default(); spec.bots.len()],
        };
        let mut seated: Vec<Timed<F::Player>> = Vec::with_capacity(spec.table_size);
        let mut setup = empty_setup(spec, self.stop);
        'run: while !self.halted() {
            let start = self.next.fetch_add(CHUNK, Ordering::Relaxed);
            if start >= self.count {
                break;
            }
            for pos in start..(start + CHUNK).min(self.count) {
                if self.halted() {
                    break 'run;
                }
                let game = self.schedule.game(self.shard.game_at(pos));
                match self.play(&game, &mut cache, &mut seated, &mut setup) {
                    Ok(Some(record)) => {
                        out.games.push((pos, record));
                        if let Some(p) = self.progress {
                            p.advance(1);
                        }
                    }
                    Ok(None) => break 'run,
                    Err(e) => {
                        self.fail(e);
                        break 'run;
                    }
                }
            }
        }
        for (t, p) in out.times.iter_mut().zip(&cache) {
            if let Some(p) = p {
                *t = *p.times();
            }
        }
        out
    }

    /// Plays one game with the worker's players; `None` if a stop cut it short.
    fn play(
        &self,
        game: &ScheduledGame,
        cache: &mut [Option<Timed<F::Player>>],
        seated: &mut Vec<Timed<F::Player>>,
        setup: &mut MatchSetup,
    ) -> Result<Option<GameRecord>, RunError> {
        seated.clear();
        for &bot in &game.bots {
            let player = match cache.get_mut(bot).and_then(Option::take) {
                Some(p) => p,
                None => Timed::new(make(self.spec, self.factory, bot)?),
            };
            seated.push(player);
        }
        let mut observer = GameObserver {
            watch: self.spec.table_size > 2,
            eliminated: Vec::new(),
            replay: self
                .replays
                .filter(|r| r.records(game.index))
                .map(|_| ReplayWriter::new(Vec::new())),
        };
        let stats = play_one(self.spec, game, setup, seated, &mut observer);
        for (player, &bot) in seated.drain(..).zip(&game.bots) {
            if let Some(slot) = cache.get_mut(bot) {
                *slot = Some(player);
            }
        }
        let stats = stats?;
        if stats.aborted && self.stopped() {
            return Ok(None);
        }
        let record = GameRecord::new(game.index, game.bots.clone(), &stats, &observer.eliminated);
        if let (Some(dir), Some(writer)) = (self.replays, observer.replay)
            && dir.keeps(&record)
        {
            let path = dir.path(game.index);
            let fail = |e: std::io::Error| RunError::Replay {
                path: path.clone(),
                message: e.to_string(),
            };
            let bytes = writer.finish().map_err(fail)?;
            std::fs::write(&path, bytes).map_err(fail)?;
        }
        Ok(Some(record))
    }
}
