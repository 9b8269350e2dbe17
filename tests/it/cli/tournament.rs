//! `liar tournament` and `liar tournament merge`.

use crate::support::{hex64, liar, sha256_of_seed, stdout_of, temp_dir};
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::Stdio;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tournament/natives.toml")
}

fn json_with_jobs(jobs: &str) -> String {
    stdout_of(
        liar()
            .arg("tournament")
            .arg(fixture())
            .args(["--format", "json", "--jobs", jobs]),
    )
}

#[test]
fn the_json_is_byte_identical_with_one_and_two_threads() {
    let one = json_with_jobs("1");
    assert_eq!(one, json_with_jobs("2"));
    assert!(one.contains("\"games\""), "{}", &one[..300.min(one.len())]);
}

#[test]
fn shards_merge_into_the_whole_run() {
    let dir = temp_dir("tournament-shards");
    let whole = json_with_jobs("2");
    let mut files = Vec::new();
    for k in 1..=3 {
        let file = dir.join(format!("shard-{k}.json"));
        stdout_of(
            liar()
                .arg("tournament")
                .arg(fixture())
                .args(["--format", "json", "--shard", &format!("{k}/3"), "--output"])
                .arg(&file),
        );
        files.push(file);
    }
    let merged = stdout_of(
        liar()
            .args(["tournament", "merge", "--format", "json"])
            .args(&files),
    );
    assert_eq!(merged, whole);
    // A missing shard is refused.
    liar()
        .args(["tournament", "merge"])
        .args(&files[..2])
        .assert()
        .code(2)
        .stderr("liar: shards missing: 3/3\n");
}

#[test]
fn one_game_replays_alone() {
    let dir = temp_dir("tournament-one-game");
    let replay = dir.join("g.jsonl");
    let out = stdout_of(
        liar()
            .arg("tournament")
            .arg(fixture())
            .args(["--only-game", "17", "--replay"])
            .arg(&replay),
    );
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let whole: serde_json::Value = serde_json::from_str(&json_with_jobs("2")).unwrap();
    let games = whole["games"].as_array().unwrap();
    assert_eq!(
        &games[16], &record,
        "game 17 alone equals game 17 of the whole run"
    );
    stdout_of(liar().args(["replay", "--check"]).arg(&replay));
}

#[test]
fn ctrl_c_keeps_the_results_so_far() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("liar"))
        .arg("tournament")
        .arg(fixture())
        .args(["--games", "100000000", "--format", "json", "--jobs", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first line on stderr comes once the Ctrl-C handler is in place.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert!(first.starts_with("seed"), "{first}");
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let code = child.wait().unwrap().code();
    assert_eq!(code, Some(130));
    let results: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        results["interrupted"],
        serde_json::Value::Bool(true),
        "{}",
        &out[..300.min(out.len())]
    );
}

#[test]
fn bad_arguments_are_usage_errors() {
    liar()
        .arg("tournament")
        .arg(fixture())
        .args(["--shard", "4/3"])
        .assert()
        .code(2)
        // Checked before the seed is announced.
        .stdout("")
        .stderr(predicates::str::contains(
            "--shard 4/3: bad shard \"4/3\": expected K/N with 1 <= K <= N",
        ));
    liar()
        .arg("tournament")
        .arg(fixture())
        .args(["--replays", "some"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--replays \"some\": expected all, penalties or every-N (N ≥ 1)",
        ));
    liar()
        .args(["tournament", "no-such-file.toml"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "no-such-file.toml: cannot read: ",
        ));
}

/// The fixture's tournament without its seed, shorter.
fn unseeded(dir: &std::path::Path) -> PathBuf {
    let text = std::fs::read_to_string(fixture()).unwrap();
    assert!(text.contains("seed = 5\n"), "{text}");
    let text = text
        .replace("seed = 5\n", "")
        .replace("games = 600", "games = 60");
    let path = dir.join("unseeded.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn without_a_seed_one_is_drawn_sealed_and_given_with_the_results() {
    let dir = temp_dir("tournament-unseeded");
    let file = unseeded(&dir);
    let run = |format: &str| {
        let out = liar()
            .arg("tournament")
            .arg(&file)
            .args(["--format", format, "--jobs", "1"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (json, stderr) = run("json");
    let first = stderr.lines().next().unwrap();
    assert!(first.starts_with("seed sealed: sha256 "), "{stderr}");
    let commitment = hex64(first).unwrap();
    // The last line reveals the seed, and so do the results.
    let last = stderr.lines().last().unwrap();
    let seed: u64 = last
        .strip_prefix("seed ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(last.contains(commitment), "{last}");
    assert_eq!(sha256_of_seed(seed), commitment);
    // Only the last line says it.
    assert_eq!(stderr.matches(&seed.to_string()).count(), 1, "{stderr}");
    let results: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(results["tournament"]["seed"].as_u64(), Some(seed));
    // A second run draws another seed; the table names it in its heading.
    let (table, _) = run("table");
    let heading = table.lines().next().unwrap();
    assert!(heading.contains(", seed "), "{heading}");
    assert!(!heading.contains(&format!("seed {seed},")), "{heading}");
}

#[test]
fn shards_need_a_seed() {
    let dir = temp_dir("tournament-shard-unseeded");
    liar()
        .arg("tournament")
        .arg(unseeded(&dir))
        .args(["--shard", "1/2"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--shard needs a seed"));
}
