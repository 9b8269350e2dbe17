//! `liar rules`, `liar new-bot`, `liar check-bot`, `liar completions`.

use crate::support::{liar, stdout_of, temp_dir};

#[test]
fn rules_in_both_languages() {
    let en = stdout_of(liar().args(["rules", "--lang", "en"]));
    assert!(en.contains("full house"), "{en}");
    let ru = stdout_of(liar().args(["rules", "--lang", "ru"]));
    assert!(ru.contains("фул-хаус"), "{ru}");
    assert!(ru.contains("каре") && ru.contains("покер"), "{ru}");
}

#[test]
fn a_new_bot_passes_the_check_as_written() {
    let dir = temp_dir("new-bot");
    let file = dir.join("mybot.lua");
    stdout_of(liar().args(["new-bot", "My Bot", "--output"]).arg(&file));
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("api_version = 1")
    );
    // Not overwritten without --force.
    liar()
        .args(["new-bot", "x", "--output"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "exists; choose another name, --output FILE, or --force to overwrite",
        ));
    let report = stdout_of(liar().args(["check-bot", "--games", "5"]).arg(&file));
    assert!(report.contains("Result: PASS"), "{report}");
}

/// `liar new-bot mybot.lua` writes `mybot.lua` (not `mybot_lua.lua`), a
/// bot named `mybot`; a plain name gets `.lua` added.
#[test]
fn a_new_bot_named_as_a_file_is_written_to_that_file() {
    let dir = temp_dir("new-bot-file");
    liar()
        .current_dir(&dir)
        .args(["new-bot", "mybot.lua"])
        .assert()
        .success();
    let text = std::fs::read_to_string(dir.join("mybot.lua")).unwrap();
    assert!(text.contains("name = \"mybot\""), "{text}");
    assert!(!dir.join("mybot_lua.lua").exists());
    liar()
        .current_dir(&dir)
        .args(["new-bot", "other"])
        .assert()
        .success();
    assert!(dir.join("other.lua").exists());
}

/// The seed of check-bot's last line.
fn check_bot_seed(args: &[&str]) -> (u64, String) {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/bots/honest.lua");
    let report = stdout_of(
        liar()
            .args(["check-bot", "--games", "2"])
            .args(args)
            .arg(file),
    );
    let last = report.lines().last().unwrap().to_string();
    let seed = last
        .strip_prefix("seed ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seed on the last line: {report}"));
    (seed, last)
}

#[test]
fn check_bot_draws_its_seed_and_reports_it_at_the_end() {
    let (a, last) = check_bot_seed(&[]);
    assert!(last.contains("drawn at random"), "{last}");
    assert!(last.contains(&format!("--seed {a}")), "{last}");
    let (b, _) = check_bot_seed(&[]);
    assert_ne!(a, b, "two checks drew the same seed");
    let (given, last) = check_bot_seed(&["--seed", "5"]);
    assert_eq!(given, 5);
    assert!(last.contains("given"), "{last}");
}

#[test]
fn check_bot_reports_a_broken_bot_with_file_and_line() {
    let dir = temp_dir("check-broken");
    let file = dir.join("broken.lua");
    std::fs::write(
        &file,
        "return { api_version = 1,\n  challenge = function(v) return false end,\n  reroll = function(v) return {} end,\n  claim = function(v) local t = nil\n    return t.x end }\n",
    )
    .unwrap();
    let out = liar()
        .args(["check-bot", "--games", "3"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("broken.lua:5"), "{text}");
}

#[test]
fn completions_for_bash() {
    let out = stdout_of(liar().args(["completions", "bash"]));
    assert!(
        out.contains("liar") && out.contains("check-bot"),
        "{}",
        &out[..200.min(out.len())]
    );
}

#[test]
fn simulate_seats_lua_bots_and_native_policies() {
    let bots = concat!(env!("CARGO_MANIFEST_DIR"), "/bots/honest.lua");
    let out = stdout_of(liar().args([
        "simulate",
        "--games",
        "50",
        "--seed",
        "2",
        "--bot",
        bots,
        "--bot",
        "native-random",
        "--bot",
        "statistician",
    ]));
    assert!(out.contains("native-random#2"), "{out}");
    // No penalties for any seat.
    for line in out.lines().skip(2).take(3) {
        assert!(line.trim_end().ends_with('-'), "{line}");
    }
}
