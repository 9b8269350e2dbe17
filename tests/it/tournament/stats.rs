//! Tournament statistics: Wilson intervals and Weng-Lin ratings against
//! hand-computed values, head-to-head counts, penalties, replay selection,
//! the output formats.

use liar::engine::{
    MatchInfo, NativePlayer, PenaltyReason, Player, PlayerError, Policy, PublicEvent,
};
use liar::rules::{Decision, SeatView};
use liar::tournament::*;

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() < eps
}

#[test]
fn wilson_intervals_match_hand_computed_values() {
    // (wins, games, low, high), worked out from
    // (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.959964.
    let cases = [
        (7, 10, 0.396_78, 0.892_21),
        (0, 10, 0.0, 0.277_53),
        (10, 10, 0.722_47, 1.0),
        (50, 100, 0.403_83, 0.596_17),
        (1, 3, 0.061_49, 0.792_34),
    ];
    for (w, n, low, high) in cases {
        let ci = wilson(w, n);
        assert!(close(ci.low, low, 1e-5), "{w}/{n}: low {}", ci.low);
        assert!(close(ci.high, high, 1e-5), "{w}/{n}: high {}", ci.high);
    }
    assert_eq!(
        wilson(0, 0),
        Interval {
            low: 0.0,
            high: 1.0
        }
    );
}

fn record(game: u64, bots: Vec<usize>, places: Vec<u32>) -> GameRecord {
    let winner = places.iter().position(|&p| p == 1);
    let n = bots.len();
    GameRecord {
        game,
        chips: (0..n)
            .map(|s| {
                if Some(s) == winner {
                    3 * (n as i64 - 1)
                } else {
                    -3
                }
            })
            .collect(),
        bots,
        winner,
        places,
        penalties: vec![],
        disqualified: vec![],
        rounds: 5,
        decisions: 10,
    }
}

#[test]
fn a_duel_moves_ratings_as_computed_by_hand() {
    // Both start at mu = 25, sigma = 25/3, beta = 25/6:
    // c² = 2β² + 2σ² = 173.611, p = 1/2,
    // mu ± σ²/c · (1 - p) = 25 ± 2.63523,
    // sigma · sqrt(1 - (σ/c)³ · p(1 - p)) = 8.06551.
    let r = ratings(2, &[record(0, vec![1, 0], vec![1, 2])]);
    assert!(close(r[1].mu, 27.635_23, 1e-4), "{:?}", r[1]);
    assert!(close(r[0].mu, 22.364_77, 1e-4), "{:?}", r[0]);
    for x in &r {
        assert!(close(x.sigma, 8.065_51, 1e-4), "{x:?}");
        assert!(close(x.ordinal, x.mu - 3.0 * x.sigma, 1e-12));
    }
}

#[test]
fn a_three_way_game_moves_ratings_as_computed_by_hand() {
    // Against each of two equal opponents: ±2.63523 per win or loss, and
    // sigma · sqrt(1 - 2 · (σ/c)³/4) = 7.78848.
    let r = ratings(3, &[record(0, vec![2, 0, 1], vec![2, 1, 3])]);
    assert!(close(r[0].mu, 30.270_46, 1e-4), "{:?}", r[0]);
    assert!(close(r[2].mu, 25.0, 1e-9), "{:?}", r[2]);
    assert!(close(r[1].mu, 19.729_54, 1e-4), "{:?}", r[1]);
    for x in &r {
        assert!(close(x.sigma, 7.788_48, 1e-4), "{x:?}");
    }
}

#[test]
fn ratings_untouched_by_no_games() {
    let r = ratings(2, &[]);
    assert!(close(r[0].mu, 25.0, 1e-12) && close(r[0].sigma, 25.0 / 3.0, 1e-12));
}

fn spec(names: &[&str], seats: usize, games: u64) -> TournamentSpec {
    let bots = names
        .iter()
        .enumerate()
        .map(|(i, n)| BotEntry {
            name: format!("{n}{i}"),
            ..BotEntry::native(n)
        })
        .collect();
    TournamentSpec::new(bots, seats, Length::Games(games), 11)
}

#[test]
fn standings_and_head_to_head_add_up() {
    let names = ["random", "honest", "random", "honest"];
    let s = spec(&names, 3, 240);
    let results = run(
        &s,
        &NativeFactory::named(&names).unwrap(),
        &RunOptions::default(),
    )
    .unwrap();
    let report = Report::new(&results);
    let wins: u64 = report.standings.iter().map(|r| r.wins).sum();
    assert_eq!(wins, 240);
    let chips: i64 = report.standings.iter().map(|r| r.chips).sum();
    assert_eq!(chips, 0);
    let h = &report.head_to_head;
    for a in 0..4 {
        assert_eq!(h.met[a][a], 0);
        for b in 0..4 {
            assert_eq!(h.met[a][b], h.met[b][a]);
            if a != b {
                // No ties in finished games.
                assert_eq!(h.ahead[a][b] + h.ahead[b][a], h.met[a][b]);
            }
        }
    }
    // Ranked by win rate; honest beats random.
    assert!(
        report
            .standings
            .windows(2)
            .all(|w| w[0].win_rate >= w[1].win_rate)
    );
    assert!(report.standings[0].name.starts_with("honest"));
    for row in &report.standings {
        let ci = row.win_rate_ci;
        assert!(ci.low <= row.win_rate && row.win_rate <= ci.high);
        assert!(row.mean_place >= 1.0 && row.mean_place <= 3.0);
    }
}

/// Honest, but fails its first decision in games whose seed is a multiple of 5.
struct Flaky {
    inner: NativePlayer,
    fail_next: bool,
}

impl Player for Flaky {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.inner.begin_match(info)
    }
    fn begin_game(&mut self, game: u32, seed: u64) {
        self.fail_next = seed.is_multiple_of(5);
        self.inner.begin_game(game, seed)
    }
    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        if std::mem::take(&mut self.fail_next) {
            return Err(PlayerError::failed(
                PenaltyReason::Error,
                "flaky.lua:1: boom",
            ));
        }
        self.inner.decide(view)
    }
    fn observe(&mut self, _event: &PublicEvent) {}
}

struct FlakyFactory;

impl PlayerFactory for FlakyFactory {
    type Player = Flaky;
    fn make(&self, _bot: usize) -> Result<Flaky, String> {
        Ok(Flaky {
            inner: NativePlayer::new(Policy::Honest),
            fail_next: false,
        })
    }
}

fn replay_files(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn penalties_are_counted_and_select_replays() {
    let s = spec(&["honest", "honest", "honest"], 3, 60);
    let base = crate::support::temp_dir("tournament-stats");
    let pen_dir = base.join("penalties");
    let every_dir = base.join("every");
    std::fs::create_dir_all(&pen_dir).unwrap();
    std::fs::create_dir_all(&every_dir).unwrap();

    let options = |dir: &std::path::Path, selection| RunOptions {
        jobs: 2,
        replays: Some(ReplayDir::new(dir, selection)),
        ..RunOptions::default()
    };
    let results = run(
        &s,
        &FlakyFactory,
        &options(&pen_dir, ReplaySelection::Penalties),
    )
    .unwrap();
    let with_penalties: Vec<String> = results
        .games
        .iter()
        .filter(|g| g.penalty_total() > 0)
        .map(|g| format!("game-{:06}.jsonl", g.game))
        .collect();
    assert!(!with_penalties.is_empty());
    assert!(with_penalties.len() < 60);
    assert_eq!(replay_files(&pen_dir), with_penalties);
    let text = std::fs::read_to_string(pen_dir.join(&with_penalties[0])).unwrap();
    assert!(text.contains("\"type\":\"penalty\""));
    assert!(text.contains("flaky.lua:1: boom"));

    run(
        &s,
        &FlakyFactory,
        &options(&every_dir, ReplaySelection::Every(25)),
    )
    .unwrap();
    assert_eq!(
        replay_files(&every_dir),
        [
            "game-000000.jsonl",
            "game-000025.jsonl",
            "game-000050.jsonl"
        ]
    );

    let report = Report::new(&results);
    let errors: u64 = report.standings.iter().map(|r| r.penalties.error).sum();
    let counted: u64 = results
        .games
        .iter()
        .map(|g| u64::from(g.penalty_total()))
        .sum();
    assert_eq!(errors, counted);
    assert!(report.standings.iter().all(|r| r.penalties.timeout == 0));
    let table = render(&results, OutputFormat::Table, TimingOutput::Omit);
    let header = table.lines().find(|l| l.starts_with('#')).unwrap();
    assert!(header.contains("error"), "{table}");
}

#[test]
fn csv_quotes_awkward_names_and_table_aligns() {
    let mut s = spec(&["random", "honest"], 2, 10);
    s.bots[0].name = "Smith, \"the\" bot".into();
    s.bots[1].hash = Some("f".repeat(64));
    let results = run(
        &s,
        &NativeFactory::named(&["random", "honest"]).unwrap(),
        &RunOptions::default(),
    )
    .unwrap();
    let csv = render(&results, OutputFormat::Csv, TimingOutput::Include);
    assert!(csv.contains(",\"Smith, \"\"the\"\" bot\","), "{csv}");
    assert!(csv.contains(&"f".repeat(64)));
    let header = csv.lines().next().unwrap();
    assert!(header.ends_with(",mean_decision_us,max_decision_us"));
    let columns = header.split(',').count();
    let honest = csv.lines().find(|l| l.contains(",honest1,")).unwrap();
    assert_eq!(honest.split(',').count(), columns);
    let table = render(&results, OutputFormat::Table, TimingOutput::Omit);
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].starts_with("Tournament: 2 bots, 2 seats a table, seed 11")
            && lines[1].starts_with("10 of 10 games"),
        "{table}"
    );
    // The header and the rows line up on the games column.
    let header = lines.iter().position(|l| l.starts_with('#')).unwrap();
    let at = lines[header].find("games").unwrap() + "games".len();
    assert!(
        lines[header + 1][..at].ends_with(|c: char| c.is_ascii_digit()),
        "{table}"
    );
    assert!(!table.contains("mean ms"));
    // Everything fits an 80-column terminal, with the decision times too.
    let timed = render(&results, OutputFormat::Table, TimingOutput::Include);
    assert!(timed.contains("mean ms"), "{timed}");
    for line in timed.lines() {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line}",
            line.chars().count()
        );
    }
}
