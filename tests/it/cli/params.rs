//! Bot parameters (`params = { ... }` in a table or tournament file,
//! `--param` for `check-bot`): they reach the bot, in either isolation,
//! change how it plays, and are recorded where results and replays say
//! which bot played.

use crate::support::{liar, stdout_of, temp_dir};
use serde_json::Value;
use std::path::Path;

/// A bot that must be told whether to challenge every claim.
const MOOD: &str = r#"
local eager = liar.params.eager
if type(eager) ~= "boolean" then error("give params.eager, true or false", 0) end
local bot = { api_version = 1, name = "mood" }
function bot.challenge(view) return eager or liar.is_top(view.claim) end
function bot.reroll(view) return {} end
function bot.claim(view) return liar.lowest_above(view.claim) end
return bot
"#;

/// A tournament of two copies of the mood bot, one eager, and a native bot:
/// its results in `format`.
fn tournament(dir: &Path, isolation: &str, format: &str) -> String {
    std::fs::write(dir.join("mood.lua"), MOOD).unwrap();
    let file = dir.join("t.toml");
    std::fs::write(
        &file,
        "[tournament]\ngames = 6\ntable_size = 3\nseed = 4\n\
         [[bots]]\nname = \"calm\"\ntype = \"bot\"\nscript = \"mood.lua\"\nparams = { eager = false }\n\
         [[bots]]\nname = \"eager\"\ntype = \"bot\"\nscript = \"mood.lua\"\nparams = { eager = true }\n\
         [[bots]]\nname = \"honest\"\ntype = \"native\"\npolicy = \"native-honest\"\n",
    )
    .unwrap();
    let replays = dir.join(format!("replays-{isolation}"));
    stdout_of(
        liar()
            .arg("tournament")
            .arg(&file)
            .args(["--format", format, "--isolation", isolation])
            .args(["--replays", "all", "--replay-dir"])
            .arg(&replays),
    )
}

#[test]
fn params_change_play_and_are_recorded_in_results_and_replays() {
    let dir = temp_dir("params");
    let json = tournament(&dir, "process", "json");
    assert_eq!(
        json,
        tournament(&dir, "thread", "json"),
        "either isolation, same games"
    );
    let table = tournament(&dir, "thread", "table");
    assert!(
        table.contains("\ncalm played with eager = false\neager played with eager = true\n"),
        "{table}"
    );
    let results: Value = serde_json::from_str(&json).unwrap();
    let bots = &results["tournament"]["bots"];
    assert_eq!(bots[0]["params"], serde_json::json!({ "eager": false }));
    assert_eq!(bots[1]["params"], serde_json::json!({ "eager": true }));
    assert!(bots[2].get("params").is_none(), "a bot without params");
    for s in results["standings"].as_array().unwrap() {
        assert_eq!(s["disqualified"], 0, "{s}");
        assert!(
            s["penalties"].as_object().unwrap().values().all(|n| n == 0),
            "{s}"
        );
    }

    // Each replay names each seat's params; the eager seat challenges
    // every claim it answers, the calm one only the top hand.
    let mut challenges = std::collections::BTreeMap::<String, usize>::new();
    let mut replays: Vec<_> = std::fs::read_dir(dir.join("replays-process"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    replays.sort();
    assert_eq!(replays.len(), 6);
    for replay in &replays {
        let text = std::fs::read_to_string(replay).unwrap();
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let seats = lines[0]["seats"].as_array().unwrap();
        let name_of = |seat: &Value| {
            let n = seat.as_u64().unwrap() as usize;
            seats[n]["name"].as_str().unwrap().to_string()
        };
        for seat in seats {
            let params = seat.get("params");
            match seat["name"].as_str().unwrap() {
                "eager" => assert_eq!(params, Some(&serde_json::json!({ "eager": true }))),
                "calm" => assert_eq!(params, Some(&serde_json::json!({ "eager": false }))),
                _ => assert_eq!(params, None),
            }
        }
        for line in lines.iter().filter(|l| l["type"] == "challenge") {
            *challenges.entry(name_of(&line["seat"])).or_default() += 1;
        }
        stdout_of(liar().args(["replay", "--check"]).arg(replay));
    }
    let count = |name: &str| challenges.get(name).copied().unwrap_or(0);
    assert!(
        count("eager") > count("calm") + 3,
        "challenges by seat: {challenges:?}"
    );
}

#[test]
fn check_bot_takes_params_from_flags() {
    let dir = temp_dir("params-check");
    let bot = dir.join("mood.lua");
    std::fs::write(&bot, MOOD).unwrap();
    let check = |extra: &[&str]| {
        liar()
            .arg("check-bot")
            .arg(&bot)
            .args(["--games", "2", "--seed", "1", "--isolation", "thread"])
            .args(extra)
            .output()
            .unwrap()
    };
    let good = check(&["--param", "eager=true"]);
    assert!(
        good.status.success(),
        "{}",
        String::from_utf8_lossy(&good.stdout)
    );

    let missing = check(&[]);
    assert!(!missing.status.success());
    let text = String::from_utf8_lossy(&missing.stdout);
    assert!(text.contains("give params.eager"), "{text}");

    for (flag, says) in [
        ("2fast=1", "not a parameter name"),
        ("eager", "expected NAME=VALUE"),
        ("x=inf", "not a finite number"),
    ] {
        let out = check(&["--param", flag]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("--param {flag}: {says}")),
            "{flag}: {err}"
        );
    }
}

#[test]
fn a_bad_param_in_a_file_is_named_with_its_place() {
    let dir = temp_dir("params-bad");
    std::fs::write(dir.join("mood.lua"), MOOD).unwrap();
    let file = dir.join("t.toml");
    std::fs::write(
        &file,
        "[[seats]]\nname = \"me\"\ntype = \"human\"\n\
         [[seats]]\nname = \"bot\"\ntype = \"bot\"\nscript = \"mood.lua\"\n\
         params = { eager = [true] }\n[rules]\nmin_players = 2\n",
    )
    .unwrap();
    let out = liar()
        .args(["simulate", "--table"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("t.toml:8:20: seats[1].params.eager (seat 2)")
            && err.contains("a number, a string, or true or false"),
        "{err}"
    );
}
