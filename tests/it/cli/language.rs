//! `--lang ru` reaches every command's output a person reads, and seats
//! are counted from 1 wherever people read them.

use crate::support::{liar, stdout_of, temp_dir};
use predicates::prelude::PredicateBooleanExt;

#[test]
fn russian_reaches_simulate_check_and_errors() {
    let out = stdout_of(liar().args(["--lang", "ru", "simulate", "--games", "3", "--seed", "9"]));
    assert!(out.starts_with("сид 9\n"), "{out}");
    assert!(out.contains("победы") && out.contains("партий: 3"), "{out}");
    assert!(!out.contains("seed") && !out.contains("games"), "{out}");
    liar()
        .args([
            "--lang", "ru", "simulate", "--bot", "nobody", "--bot", "random",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("(место 1): это не файл Lua"));
}

#[test]
fn russian_reaches_check_bot_and_replay_check() {
    let out = stdout_of(liar().current_dir(env!("CARGO_MANIFEST_DIR")).args([
        "--lang",
        "ru",
        "check-bot",
        "bots/random.lua",
        "--games",
        "1",
        "--seed",
        "1",
        "--isolation",
        "thread",
    ]));
    assert!(out.starts_with("Проверка bots/random.lua"), "{out}");
    assert!(out.contains("Итог: ПРОЙДЕНО"), "{out}");
    assert!(
        out.ends_with("сид 1 (задан; --seed 1 повторит эту проверку)\n"),
        "{out}"
    );
    let dir = temp_dir("ru-check");
    let replay = dir.join("r.jsonl");
    liar()
        .args(["simulate", "--games", "2", "--seed", "4", "--replay"])
        .arg(&replay)
        .assert()
        .success();
    let out = stdout_of(
        liar()
            .args(["--lang", "ru", "replay", "--check"])
            .arg(&replay),
    );
    assert!(out.contains(": запись верна: мест 3, партий 2"), "{out}");
    assert!(
        out.contains("сид 4: каждый кубик выпал по этому сиду"),
        "{out}"
    );
}

#[test]
fn russian_reaches_tournament_results() {
    let out = stdout_of(liar().current_dir(env!("CARGO_MANIFEST_DIR")).args([
        "--lang",
        "ru",
        "tournament",
        "config/tournament.toml",
        "--games",
        "6",
        "--seed",
        "1",
        "--isolation",
        "thread",
        "--jobs",
        "1",
    ]));
    assert!(
        out.starts_with("Турнир: ботов 4, мест за столом 3, сид 1"),
        "{out}"
    );
    assert!(
        out.contains("победы") && out.contains("Друг против друга"),
        "{out}"
    );
    assert!(
        !out.contains("Tournament") && !out.contains("Head to head"),
        "{out}"
    );
}

#[test]
fn seats_count_from_one_in_results_and_messages() {
    let out = stdout_of(liar().args([
        "simulate",
        "--games",
        "2",
        "--seed",
        "9",
        "--bot",
        "native-random",
        "--bot",
        "native-honest",
    ]));
    let rows: Vec<&str> = out.lines().skip(2).take(2).collect();
    assert!(
        rows[0].trim_start().starts_with("1  native-random#1"),
        "{out}"
    );
    assert!(
        rows[1].trim_start().starts_with("2  native-honest#2"),
        "{out}"
    );
    liar()
        .args(["simulate", "--bot", "random", "--bot", "nobody"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--bot \"nobody\" (seat 2)"));
    // -v logs: the second seat (the file's seat 1) is "seat 2".
    let out = liar()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["-v", "simulate", "--games", "1", "--seed", "1"])
        .args([
            "--bot",
            "native-random",
            "--bot",
            "tests/fixtures/docs/recorder.lua",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("[seat 2] event:"), "{err}");
    assert!(!err.contains("[seat 1]"), "{err}");
}

#[test]
fn russian_reaches_a_broken_table_s_details() {
    let table = "tests/fixtures/config/broken/unknown_rules_key.toml";
    let out = liar()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--lang", "ru", "play", table])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "{table}:3:1: rules.chps: неизвестный ключ (может быть, \"chips\"?); допустимые: dice, chips"
        )),
        "{err}"
    );
    assert!(!err.contains("unknown key"), "{err}");
    let bad_seat = "tests/fixtures/config/broken/missing_name.toml";
    liar()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--lang", "ru", "watch", bad_seat])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(format!(
            "{bad_seat}:16:1: seats[3].name (место 4): не задан; у каждого места должно быть имя"
        )));
}

#[test]
fn russian_reaches_a_bot_that_does_not_load() {
    let dir = temp_dir("ru-bad-bot");
    let no_api = dir.join("no_api.lua");
    std::fs::write(
        &no_api,
        "return { challenge = function() return false end }\n",
    )
    .unwrap();
    let broken = dir.join("broken.lua");
    std::fs::write(
        &broken,
        "return {\n  api_version = 1,\n  claim = function(\n",
    )
    .unwrap();
    let args = |bot: &std::path::Path| {
        let mut cmd = liar();
        cmd.args(["--lang", "ru", "simulate", "--isolation", "thread", "--bot"])
            .arg(bot)
            .args(["--bot", "random"]);
        cmd
    };
    args(&no_api)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("(место 1): "))
        .stderr(predicates::str::contains(
            "no_api.lua: в таблице бота нет api_version; добавьте в неё `api_version = 1`",
        ));
    // Lua's own words about the syntax stay, framed in Russian.
    args(&broken)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "broken.lua: бот не загрузился (error): ",
        ))
        .stderr(predicates::str::contains("broken.lua:4: "));
    // In a thread, and in the bot's own process (which words its refusal).
    for isolation in ["thread", "process"] {
        let out = liar()
            .args(["--lang", "ru", "check-bot", "--isolation", isolation])
            .arg(&no_api)
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            report.contains("в таблице бота нет api_version"),
            "{report}"
        );
        assert!(!report.contains("has no api_version"), "{report}");
    }
}

#[test]
fn russian_reaches_a_truncated_replay_s_details() {
    let dir = temp_dir("ru-cut-replay");
    let (replay, text) = one_game_replay(&dir);
    let cut = text.len() - 10;
    std::fs::write(&replay, &text[..cut]).unwrap();
    let out = liar()
        .args(["--lang", "ru", "replay", "--check"])
        .arg(&replay)
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "запись не закончена, матч не доигран: запись не закончена — матч не доигран (строка "
        ),
        "{err}"
    );
    assert!(
        err.contains("файл обрезан: последняя строка без перевода строки и не закончена ("),
        "{err}"
    );
    assert!(
        !err.contains("truncated") && !err.contains("incomplete"),
        "{err}"
    );
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    liar()
        .args(["--lang", "ru", "replay", "--check"])
        .arg(&empty)
        .assert()
        .failure()
        .stderr(predicates::str::contains("(строка 1: файл пуст)"));
}

#[test]
fn russian_reaches_bad_shards_and_merges() {
    let fixture = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tournament/natives.toml");
    liar()
        .args(["--lang", "ru", "tournament"])
        .arg(&fixture)
        .args(["--shard", "4/3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--shard 4/3: неверная часть \"4/3\": нужно K/N, где 1 <= K <= N, например 2/8",
        ));
    let dir = temp_dir("ru-merge");
    let shard = dir.join("shard-1.json");
    stdout_of(
        liar()
            .arg("tournament")
            .arg(&fixture)
            .args(["--format", "json", "--shard", "1/2", "--output"])
            .arg(&shard),
    );
    liar()
        .args(["--lang", "ru", "tournament", "merge"])
        .arg(&shard)
        .assert()
        .code(2)
        .stderr("liar: не хватает частей: 2/2\n");
    let not_results = dir.join("not.json");
    std::fs::write(&not_results, "[]").unwrap();
    liar()
        .args(["--lang", "ru", "tournament", "merge"])
        .arg(&not_results)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "not.json: это не файл результатов турнира: ",
        ));
}

#[test]
fn russian_reaches_why_a_tampered_replay_event_could_not_have_happened() {
    let dir = temp_dir("ru-tampered-replay");
    let (replay, text) = one_game_replay(&dir);
    // Change the last die of the first throw.
    let at = text.find("\"type\":\"round_start\"").unwrap();
    let dice = at + text[at..].find("\"dice\":\"").unwrap() + "\"dice\":\"".len();
    let last = dice + 4;
    let face = if &text[last..=last] == "A" { "9" } else { "A" };
    let tampered = format!("{}{face}{}", &text[..last], &text[last + 1..]);
    std::fs::write(&replay, tampered).unwrap();
    let out = liar()
        .args(["--lang", "ru", "replay", "--check"])
        .arg(&replay)
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("строка 4: `round_start.dice`: поток костей 1 этого сида выбрасывает здесь "),
        "{err}"
    );
    assert!(err.contains(": эти кости не от сида"), "{err}");
    assert!(
        !err.contains("these dice") && !err.contains("throws"),
        "{err}"
    );
}

#[test]
fn russian_reaches_a_limit_a_bot_overruns_while_loading() {
    let dir = temp_dir("ru-loop-bot");
    let looping = dir.join("looping.lua");
    std::fs::write(&looping, "while true do end\n").unwrap();
    for isolation in ["thread", "process"] {
        liar()
            .args([
                "--lang",
                "ru",
                "simulate",
                "--isolation",
                isolation,
                "--bot",
            ])
            .arg(&looping)
            .args(["--bot", "random"])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(
                "бот не загрузился (budget): истратил бюджет в ",
            ))
            .stderr(
                predicates::str::contains("(в ").and(predicates::str::contains("looping.lua:1)")),
            );
    }
}

/// Writes the replay of one simulated game (seed 4) into `dir`; returns its
/// path and text.
fn one_game_replay(dir: &std::path::Path) -> (std::path::PathBuf, String) {
    let replay = dir.join("r.jsonl");
    liar()
        .args(["simulate", "--games", "1", "--seed", "4", "--replay"])
        .arg(&replay)
        .assert()
        .success();
    let text = std::fs::read_to_string(&replay).unwrap();
    (replay, text)
}
