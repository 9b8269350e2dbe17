//! Replays that do not depend on the run: `table.sort` on inputs that make
//! Lua's partitions unbalanced (where Lua's own sort reads the clock), and
//! the failure of a bot's last `observe`, penalised before `match_end`.
//! Through the real binary, in both isolations.

use crate::support::{liar, stdout_of, temp_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sortpen")
        .join(format!("{name}.lua"))
}

const MODES: [&str; 2] = ["thread", "process"];

/// `liar simulate` with the bot in seat 0 and two honest players: three
/// games, seed 1. Returns the replay's text.
fn simulate(bot: &str, isolation: &str, replay: &Path) -> String {
    let mut cmd = liar();
    cmd.timeout(Duration::from_secs(60))
        .arg("simulate")
        .arg("--bot")
        .arg(fixture(bot))
        .args(["--bot", "native-honest", "--bot", "native-honest"])
        .args([
            "--games",
            "3",
            "--seed",
            "1",
            "--isolation",
            isolation,
            "--replay",
        ])
        .arg(replay);
    stdout_of(&mut cmd);
    std::fs::read_to_string(replay).unwrap_or_else(|e| panic!("no replay: {e}"))
}

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn assert_valid(replay: &Path) {
    let out = stdout_of(liar().args(["replay", "--check"]).arg(replay));
    assert!(out.contains("valid replay"), "{out}");
}

#[test]
fn sorting_a_quicksort_killer_makes_the_same_calls_every_run_and_in_both_isolations() {
    let dir = temp_dir("sort-killer");
    let mut replays = Vec::new();
    for isolation in MODES {
        for run in ["a", "b"] {
            let path = dir.join(format!("{isolation}-{run}.jsonl"));
            let text = simulate("sort_killer", isolation, &path);
            assert_valid(&path);
            replays.push((format!("{isolation} {run}"), text));
        }
    }
    let events = lines(&replays[0].1);
    assert!(
        !events.iter().any(|e| e["type"] == "penalty"),
        "the bot is not penalised: {}",
        replays[0].1
    );
    let logs: Vec<&str> = events
        .iter()
        .filter(|e| e["type"] == "log" && e["seat"] == 0)
        .filter_map(|e| e["text"].as_str())
        .collect();
    assert!(!logs.is_empty(), "the bot logs its comparator's calls");
    // The adversary made the partitions unbalanced: far more calls than
    // the n log n of a balanced sort of 400 elements (about 4,000).
    for log in &logs {
        let calls: u64 = log
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("a count: {log}"));
        assert!(calls > 15_000, "{log}");
    }
    for (what, text) in &replays[1..] {
        assert!(
            *text == replays[0].1,
            "{what} differs from {}:\n{text}\n---\n{}",
            replays[0].0,
            replays[0].1
        );
    }
}

#[test]
fn a_runaway_in_the_last_observe_is_penalised_before_match_end() {
    let dir = temp_dir("last-observe");
    let mut replays = Vec::new();
    for isolation in MODES {
        let path = dir.join(format!("{isolation}.jsonl"));
        let text = simulate("runaway_last_observe", isolation, &path);
        assert_valid(&path);
        let events = lines(&text);
        let penalties: Vec<&Value> = events.iter().filter(|e| e["type"] == "penalty").collect();
        assert_eq!(penalties.len(), 1, "{isolation}: {text}");
        let p = penalties[0];
        assert_eq!(p["seat"], 0, "{isolation}: {p}");
        assert_eq!(p["reason"], "budget", "{isolation}: {p}");
        assert_eq!(p["action"], "recorded", "{isolation}: {p}");
        let detail = p["detail"].as_str().unwrap_or("");
        assert!(detail.starts_with("in observe: "), "{detail}");
        assert!(detail.contains("runaway_last_observe.lua:"), "{detail}");
        // After the last game's end, and only logs between it and match_end.
        let at = events
            .iter()
            .position(|e| e["type"] == "penalty")
            .unwrap_or(0);
        let last_game_end = events
            .iter()
            .rposition(|e| e["type"] == "game_end")
            .unwrap_or(usize::MAX);
        assert!(last_game_end < at, "{isolation}: {text}");
        assert_eq!(events[last_game_end]["game"], 3);
        assert!(
            events[at + 1..]
                .iter()
                .all(|e| e["type"] == "log" || e["type"] == "match_end"),
            "{isolation}: {text}"
        );
        assert_eq!(
            events.last().map(|e| e["type"].clone()),
            Some("match_end".into())
        );
        replays.push(text);
    }
    assert!(
        replays[0] == replays[1],
        "the isolations agree:\n{}\n---\n{}",
        replays[0],
        replays[1]
    );
}
