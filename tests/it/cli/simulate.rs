//! `liar simulate`.

use crate::support::{hex64, liar, sha256_of_seed, stdout_of, temp_dir};

#[test]
fn a_seeded_simulation_writes_the_same_replay_twice() {
    let dir = temp_dir("simulate-twice");
    let run = |name: &str| {
        let path = dir.join(name);
        let out = stdout_of(
            liar()
                .args([
                    "simulate",
                    "--players",
                    "4",
                    "--games",
                    "300",
                    "--seed",
                    "7",
                    "--replay",
                ])
                .arg(&path),
        );
        (out, std::fs::read(&path).unwrap())
    };
    let (out_a, replay_a) = run("a.jsonl");
    let (out_b, replay_b) = run("b.jsonl");
    assert_eq!(replay_a, replay_b, "same seed, same replay");
    assert!(out_a.starts_with("seed 7\n"), "{out_a}");
    // The summary table is identical; only the timing line may differ.
    let table = |s: &str| s.lines().take(6).collect::<Vec<_>>().join("\n");
    assert_eq!(table(&out_a), table(&out_b));
    let text = String::from_utf8(replay_a).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.contains(r#""type":"game_end""#))
            .count(),
        300
    );
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with(r#"{"type":"match_end","wins":["#)
    );
}

#[test]
fn the_summary_counts_every_game() {
    let out = stdout_of(liar().args([
        "simulate",
        "--bot",
        "native-honest",
        "--bot",
        "native-random",
        "--bot",
        "native-honest",
        "--games",
        "200",
        "--seed",
        "3",
    ]));
    let wins: u32 = out
        .lines()
        .skip(2)
        .take(3)
        .map(|l| l.split_whitespace().nth(2).unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(wins, 200, "{out}");
    assert!(
        out.contains("native-honest#1") && out.contains("native-random#2"),
        "{out}"
    );
}

#[test]
fn without_a_seed_one_is_picked_and_printed() {
    let out = stdout_of(liar().args(["simulate", "--games", "5", "--quiet"]));
    let seed = out.lines().next().unwrap().strip_prefix("seed ").unwrap();
    assert!(seed.parse::<u64>().is_ok(), "{out}");
}

#[test]
fn a_drawn_seed_is_sealed_until_the_summary() {
    let dir = temp_dir("simulate-sealed");
    let path = dir.join("r.jsonl");
    let out = liar()
        .args(["simulate", "--games", "20", "--replay"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    // Before the match: only the commitment.
    let first = stderr.lines().next().unwrap();
    assert!(first.starts_with("seed sealed: sha256 "), "{stderr}");
    let commitment = hex64(first).unwrap();
    // After it: the seed, whose SHA-256 is the commitment.
    let seed: u64 = stdout
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("seed "))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(sha256_of_seed(seed), commitment);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.lines().next().unwrap().contains(commitment), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .ends_with(&format!(",\"seed\":{seed}}}")),
        "{text}"
    );
    let check = stdout_of(liar().args(["replay", "--check"]).arg(&path));
    assert!(
        check.contains(&format!("seed {seed}: drawn at random")),
        "{check}"
    );
}

#[test]
fn usage_errors_exit_with_2() {
    liar()
        .args(["simulate", "--players", "1"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "invalid value '1' for '--players <PLAYERS>': 1 is not in 2..=16",
        ));
    liar()
        .args(["simulate", "--bot", "nobody", "--bot", "random"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("nobody"));
    liar()
        .args(["simulate", "--games", "many"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "invalid value 'many' for '--games <GAMES>'",
        ));
    liar()
        .args(["frobnicate"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "unrecognized subcommand 'frobnicate'",
        ));
}

#[test]
fn an_unwritable_replay_is_a_runtime_error() {
    let dir = temp_dir("simulate-unwritable");
    liar()
        .args(["simulate", "--games", "1", "--seed", "1", "--replay"])
        .arg(dir.join("no/such/dir/r.jsonl"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains("cannot create replay file"));
}

#[test]
fn the_replay_of_a_simulation_passes_the_checker() {
    let dir = temp_dir("simulate-check");
    let path = dir.join("r.jsonl");
    stdout_of(
        liar()
            .args([
                "simulate",
                "--players",
                "4",
                "--games",
                "200",
                "--seed",
                "7",
                "--replay",
            ])
            .arg(&path),
    );
    let out = stdout_of(liar().args(["replay", "--check"]).arg(&path));
    assert!(out.contains("valid replay: 4 seats, 200 games"), "{out}");

    // A corrupted copy is refused with the line that broke.
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text.replacen(r#""claim_true":true"#, r#""claim_true":false"#, 1);
    let line = text
        .lines()
        .position(|l| l.contains(r#""claim_true":true"#))
        .unwrap()
        + 1;
    std::fs::write(dir.join("broken.jsonl"), broken).unwrap();
    liar()
        .args(["replay", "--check"])
        .arg(dir.join("broken.jsonl"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains(format!("line {line}:")));

    // A truncated copy is reported as incomplete.
    let cut = &text[..text.len() / 2];
    std::fs::write(dir.join("cut.jsonl"), cut).unwrap();
    liar()
        .args(["replay", "--check"])
        .arg(dir.join("cut.jsonl"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains("incomplete replay"));
}
