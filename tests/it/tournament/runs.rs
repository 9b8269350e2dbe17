//! Tournament runs: reproducible with any number of threads, shards that
//! merge into the whole run, single games replayed alone, clean stops.

use liar::engine::{Event, Observer};
use liar::replay::ReplayWriter;
use liar::tournament::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

const POLICIES: [&str; 4] = ["random", "honest", "random", "honest"];

fn spec(bots: usize, seats: usize, length: Length, seed: u64) -> TournamentSpec {
    let entries = POLICIES[..bots]
        .iter()
        .enumerate()
        .map(|(i, p)| BotEntry {
            name: format!("{p}-{i}"),
            hash: Some(format!("{i:016x}")),
            ..BotEntry::native(p)
        })
        .collect();
    TournamentSpec::new(entries, seats, length, seed)
}

fn factory(bots: usize) -> NativeFactory {
    NativeFactory::named(&POLICIES[..bots]).unwrap()
}

fn json(results: &Results) -> String {
    render(results, OutputFormat::Json, TimingOutput::Omit)
}

fn with_jobs(jobs: usize) -> RunOptions<'static> {
    RunOptions {
        jobs,
        ..RunOptions::default()
    }
}

#[test]
fn one_and_two_threads_give_byte_identical_json() {
    for (bots, seats, duplicate) in [(3, 3, false), (4, 3, true), (4, 2, false)] {
        let mut s = spec(bots, seats, Length::Games(301), 12345);
        s.duplicate_dice = duplicate;
        let one = run(&s, &factory(bots), &with_jobs(1)).unwrap();
        let two = run(&s, &factory(bots), &with_jobs(2)).unwrap();
        assert_eq!(one.games.len(), 301);
        assert!(!one.interrupted);
        assert_eq!(json(&one), json(&two));
        // Any other thread count too.
        let five = run(&s, &factory(bots), &with_jobs(5)).unwrap();
        assert_eq!(json(&one), json(&five));
    }
}

#[test]
fn other_seeds_give_other_games() {
    let a = run(
        &spec(3, 3, Length::Games(50), 1),
        &factory(3),
        &with_jobs(1),
    )
    .unwrap();
    let b = run(
        &spec(3, 3, Length::Games(50), 2),
        &factory(3),
        &with_jobs(1),
    )
    .unwrap();
    assert_ne!(a.games, b.games);
}

#[test]
fn merged_shards_equal_the_whole_run() {
    let s = spec(4, 3, Length::Cycles(3), 77);
    let whole = run(&s, &factory(4), &with_jobs(2)).unwrap();
    let shards: Vec<(String, Results)> = (1..=3)
        .map(|k| {
            let options = RunOptions {
                jobs: 1,
                shard: Some(Shard { index: k, count: 3 }),
                ..RunOptions::default()
            };
            let results = run(&s, &factory(4), &options).unwrap();
            assert!(results.games.iter().all(|g| g.game % 3 == k - 1));
            // Through the file format, as `liar tournament merge` does.
            let text = render(&results, OutputFormat::Json, TimingOutput::Include);
            (
                format!("shard-{k}.json"),
                Results::from_json(&text).unwrap(),
            )
        })
        .collect();
    // Order of the files does not matter.
    let mut reversed = shards.clone();
    reversed.reverse();
    let merged = merge(reversed).unwrap();
    assert_eq!(json(&merged), json(&whole));
    assert!(merged.timing.is_some());
    // The merged table matches too (apart from timing).
    assert_eq!(
        render(&merged, OutputFormat::Table, TimingOutput::Omit),
        render(&whole, OutputFormat::Table, TimingOutput::Omit)
    );

    let missing = merge(shards[..2].to_vec()).unwrap_err();
    assert_eq!(missing, MergeError::Missing("3/3".into()));
    let mut twice = shards.clone();
    twice.push(shards[0].clone());
    assert!(matches!(merge(twice), Err(MergeError::Duplicate { .. })));
    let mut other = shards.clone();
    other[1].1.tournament.seed = 78;
    assert!(matches!(
        merge(other),
        Err(MergeError::OtherTournament { .. })
    ));
    let mut stray = shards.clone();
    stray[0].1.games[0].game = 1;
    assert!(matches!(merge(stray), Err(MergeError::StrayGame { .. })));
    assert_eq!(merge(Vec::new()), Err(MergeError::Empty));
}

#[test]
fn a_whole_run_merges_with_itself_alone() {
    let s = spec(3, 2, Length::Games(20), 5);
    let whole = run(&s, &factory(3), &with_jobs(1)).unwrap();
    let merged = merge(vec![("all.json".into(), whole.clone())]).unwrap();
    assert_eq!(json(&merged), json(&whole));
}

#[test]
fn results_files_are_checked_when_read() {
    assert!(matches!(
        Results::from_json("{\"format\": \"x\"}"),
        Err(ReadError::Json(_))
    ));
    let s = spec(2, 2, Length::Games(2), 5);
    let text = json(&run(&s, &factory(2), &with_jobs(1)).unwrap());
    let newer = text.replacen("\"version\": 1", "\"version\": 99", 1);
    assert!(matches!(
        Results::from_json(&newer),
        Err(ReadError::Version { version: 99, .. })
    ));
}

/// Collects events (for comparing replays).
#[derive(Default)]
struct Events(Vec<Event>);
impl Observer for Events {
    fn event(&mut self, event: &Event) {
        self.0.push(event.clone());
    }
}

#[test]
fn a_single_game_replays_alone_exactly() {
    let s = spec(4, 3, Length::Games(40), 99);
    let dir = crate::support::temp_dir("tournament-only");
    let options = RunOptions {
        jobs: 2,
        replays: Some(ReplayDir::new(&dir, ReplaySelection::All)),
        ..RunOptions::default()
    };
    let full = run(&s, &factory(4), &options).unwrap();
    for k in [0u64, 17, 39] {
        let mut writer = ReplayWriter::new(Vec::new());
        let alone = play_game(&s, &factory(4), k, &mut writer).unwrap();
        assert_eq!(alone, full.games[k as usize], "game {k}");
        let replay = writer.finish().unwrap();
        let written = std::fs::read(dir.join(format!("game-{k:06}.jsonl"))).unwrap();
        assert_eq!(replay, written, "replay of game {k}");
    }
    let mut events = Events::default();
    assert!(matches!(
        play_game(&s, &factory(4), 40, &mut events),
        Err(RunError::NoSuchGame {
            game: 40,
            total: 40
        })
    ));
}

/// Sets the stop flag once `after` games are done (as Ctrl-C would).
struct StopAfter {
    after: u64,
    done: AtomicU64,
    stop: Arc<AtomicBool>,
}

impl Progress for StopAfter {
    fn advance(&self, games: u64) {
        if self.done.fetch_add(games, Ordering::SeqCst) + games >= self.after {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

#[test]
fn a_stop_keeps_a_clean_prefix_of_the_games() {
    let s = spec(4, 3, Length::Games(400), 3);
    let full = run(&s, &factory(4), &with_jobs(1)).unwrap();
    for jobs in [1, 2] {
        let stop = Arc::new(AtomicBool::new(false));
        let progress = StopAfter {
            after: 50,
            done: AtomicU64::new(0),
            stop: stop.clone(),
        };
        let options = RunOptions {
            jobs,
            stop: Some(stop),
            progress: Some(&progress),
            ..RunOptions::default()
        };
        let partial = run(&s, &factory(4), &options).unwrap();
        assert!(partial.interrupted);
        let n = partial.games.len();
        // One thread stops right after game 50; with two, the games after a
        // gap (a game abandoned, or a chunk still in progress) are dropped.
        if jobs == 1 {
            assert_eq!(n, 50);
        }
        assert!(n <= 60, "{n} games");
        assert_eq!(partial.games[..], full.games[..n]);
        let text = json(&partial);
        assert!(text.contains("\"interrupted\": true"));
        assert!(text.contains(&format!("\"games_played\": {n}")));
        let report = Report::new(&partial);
        let games: u64 = report.standings.iter().map(|r| r.games).sum();
        assert_eq!(games, 3 * n as u64);
    }
}

#[test]
fn a_stop_before_the_start_plays_nothing() {
    let s = spec(3, 3, Length::Games(10), 3);
    let options = RunOptions {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..RunOptions::default()
    };
    let results = run(&s, &factory(3), &options).unwrap();
    assert!(results.games.is_empty());
    assert!(results.interrupted);
    assert!(render(&results, OutputFormat::Table, TimingOutput::Omit).contains("0 of 10 games"));
}

#[test]
fn a_bot_that_cannot_be_made_fails_the_run() {
    let s = spec(3, 3, Length::Games(10), 3);
    let short = NativeFactory::named(&["random", "honest"]).unwrap();
    let err = run(&s, &short, &with_jobs(2)).unwrap_err();
    assert!(matches!(err, RunError::Player { bot: 2, .. }), "{err}");
    assert!(err.to_string().contains("random-2"));
}

#[test]
fn timing_counts_every_decision() {
    let s = spec(3, 3, Length::Games(30), 8);
    let results = run(&s, &factory(3), &with_jobs(2)).unwrap();
    let timing = results.timing.as_ref().unwrap();
    let timed: u64 = timing.bots.iter().map(|b| b.times.decisions).sum();
    let asked: u64 = results.games.iter().map(|g| g.decisions).sum();
    assert_eq!(timed, asked);
    assert_eq!(timing.jobs, Some(2));
    assert!(results.games_per_sec().unwrap() > 0.0);
    let text = render(&results, OutputFormat::Json, TimingOutput::Include);
    assert!(text.contains("\"timing\""));
    assert!(!json(&results).contains("\"timing\""));
}

#[test]
fn shards_split_the_games_exactly() {
    for total in [0u64, 1, 2, 9, 10, 11] {
        for count in 1..=4u64 {
            let mut seen = Vec::new();
            for index in 1..=count {
                let shard = Shard { index, count };
                let len = shard.len(total);
                for pos in 0..len {
                    let game = shard.game_at(pos);
                    assert!(game < total && shard.contains(game));
                    seen.push(game);
                }
            }
            seen.sort();
            assert_eq!(
                seen,
                (0..total).collect::<Vec<_>>(),
                "{total} games, {count} shards"
            );
        }
    }
    assert_eq!("3/3".parse::<Shard>(), Ok(Shard { index: 3, count: 3 }));
    for bad in ["4/3", "0/1", "1/0", "1", "a/b", "1/2/3"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
    let options = RunOptions {
        shard: Some(Shard { index: 0, count: 2 }),
        ..RunOptions::default()
    };
    let s = spec(2, 2, Length::Games(4), 1);
    assert!(matches!(
        run(&s, &factory(2), &options),
        Err(RunError::Shard(_))
    ));
}

/// Panics in its tenth game.
struct Panicky(u32);

impl liar::engine::Player for Panicky {
    fn begin_match(&mut self, _info: &liar::engine::MatchInfo<'_>) {
        self.0 += 1;
        assert!(self.0 < 10, "boom");
    }
    fn decide(
        &mut self,
        view: &liar::rules::SeatView<'_>,
    ) -> Result<liar::rules::Decision, liar::engine::PlayerError> {
        liar::engine::NativePlayer::new(liar::engine::Policy::Honest).decide(view)
    }
}

struct PanickyFactory;

impl PlayerFactory for PanickyFactory {
    type Player = Panicky;
    fn make(&self, _bot: usize) -> Result<Panicky, String> {
        Ok(Panicky(0))
    }
}

#[test]
fn a_panicking_player_fails_the_run() {
    let s = spec(2, 2, Length::Games(10_000), 1);
    let err = run(&s, &PanickyFactory, &with_jobs(2)).unwrap_err();
    assert!(matches!(err, RunError::Panicked), "{err}");
}
