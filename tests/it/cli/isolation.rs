//! `--isolation process`: bots in child processes play exactly as in the
//! engine's own process, and a process that overruns, dies or is refused
//! costs its seat a penalty, never the match.

use crate::support::{liar, stdout_of, temp_dir};
use std::path::Path;

/// A bot that observes every event and logs from `observe`, its decisions
/// and its top-level code: the hardest case for keeping replays identical.
const CHATTY: &str = r#"
print("loaded")
local seen = 0
local bot = { api_version = 1, name = "chatty" }
function bot.observe(e)
  seen = seen + 1
  if e.type == "claim" or e.type == "game_end" then
    liar.log("saw " .. e.type .. " #" .. seen)
  end
end
function bot.challenge(v)
  print("challenge?", v.claim, seen)
  return liar.random(3) == 1
end
function bot.reroll(v) return {} end
function bot.claim(v)
  return liar.lowest_above(v.claim)
end
return bot
"#;

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn simulate(bots: &[&str], isolation: &str, replay: &Path, extra: &[&str]) -> String {
    let mut cmd = liar();
    cmd.args([
        "simulate",
        "--games",
        "12",
        "--seed",
        "41",
        "--isolation",
        isolation,
    ]);
    for b in bots {
        cmd.args(["--bot", b]);
    }
    cmd.args(extra).arg("--replay").arg(replay);
    stdout_of(&mut cmd)
}

fn lines_of(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn both_isolations_write_the_same_replay() {
    let dir = temp_dir("iso-same");
    let chatty = write(&dir, "chatty.lua", CHATTY);
    let bots = [chatty.as_str(), "statistician", "bluffer"];
    let thread = dir.join("thread.jsonl");
    let process = dir.join("process.jsonl");
    simulate(&bots, "thread", &thread, &[]);
    simulate(&bots, "process", &process, &[]);
    let a = std::fs::read(&thread).unwrap();
    let b = std::fs::read(&process).unwrap();
    assert!(!a.is_empty());
    assert!(
        a == b,
        "the replays differ between thread and process isolation"
    );
    // The replay holds the observer's lines, written in observe.
    let logs: Vec<String> = lines_of(&thread)
        .iter()
        .filter(|l| l["type"] == "log" && l["seat"] == 0)
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect();
    assert!(logs.iter().any(|l| l == "loaded"), "{logs:?}");
    assert!(
        logs.iter().any(|l| l.starts_with("saw claim #")),
        "{logs:?}"
    );
    assert!(
        logs.iter().any(|l| l.starts_with("saw game_end #")),
        "{logs:?}"
    );
    assert!(logs.iter().any(|l| l.starts_with("challenge?")), "{logs:?}");
}

/// The `liar bot-host` children of process `parent`.
fn bot_hosts(parent: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // pid (comm) state ppid ...
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if ppid == Some(parent) && String::from_utf8_lossy(&cmdline).contains("bot-host") {
            found.push(pid);
        }
    }
    found
}

/// Runs a long process-isolated match, does `signal` to one bot's process
/// once it is found, and returns the replay's penalties of that seat.
fn disturb_a_bot_process(name: &str, signal: &str) -> Vec<serde_json::Value> {
    let dir = temp_dir(name);
    let table = write(
        &dir,
        "t.toml",
        "[rules]\nmin_players = 2\n[limits]\nwall_ms = 300\n[penalty]\ndisqualify_after = 0\n\
         [[seats]]\nname = \"s\"\ntype = \"bot\"\nbundled = \"statistician\"\n\
         [[seats]]\nname = \"h\"\ntype = \"native\"\npolicy = \"native-honest\"\n",
    );
    let replay = dir.join("r.jsonl");
    let started = std::time::Instant::now();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("liar"))
        .args([
            "simulate", "--table", &table, "--games", "20000", "--seed", "3",
        ])
        .args(["--isolation", "process", "--replay"])
        .arg(&replay)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Find the bot's process once the match is under way (bounded: the
    // match lasts seconds).
    let mut host = None;
    for _ in 0..100_000 {
        let started = std::fs::metadata(&replay).is_ok_and(|m| m.len() > 0);
        if let Some(&pid) = bot_hosts(child.id()).first().filter(|_| started) {
            host = Some(pid);
            break;
        }
        std::thread::yield_now();
    }
    let host = host.expect("the bot's process was never seen");
    let killed = std::process::Command::new("kill")
        .args([signal, &host.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(started.elapsed() < std::time::Duration::from_secs(120));
    stdout_of(liar().args(["replay", "--check"]).arg(&replay));
    lines_of(&replay)
        .into_iter()
        .filter(|l| l["type"] == "penalty" && l["seat"] == 0)
        .collect()
}

#[test]
fn a_bot_process_that_stops_answering_is_killed_and_restarted() {
    let penalties = disturb_a_bot_process("iso-stop", "-STOP");
    assert_eq!(penalties.len(), 1, "{penalties:?}");
    assert_eq!(penalties[0]["reason"], "timeout");
    let detail = penalties[0]["detail"].as_str().unwrap();
    assert!(detail.contains("process was killed"), "{detail}");
    assert!(detail.contains("new process"), "{detail}");
}

#[test]
fn a_bot_process_killed_from_outside_costs_one_penalty() {
    let penalties = disturb_a_bot_process("iso-kill", "-KILL");
    assert_eq!(penalties.len(), 1, "{penalties:?}");
    assert_eq!(penalties[0]["reason"], "error");
    let detail = penalties[0]["detail"].as_str().unwrap();
    assert!(detail.contains("signal 9"), "{detail}");
}

#[test]
fn a_bot_process_that_fails_to_load_is_refused_with_its_reason() {
    let dir = temp_dir("iso-refuse");
    let broken = write(&dir, "broken.lua", "local x = nil\nreturn x.y\n");
    let out = liar()
        .args([
            "simulate",
            "--bot",
            &broken,
            "--bot",
            "honest",
            "--isolation",
            "process",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("broken.lua:2"), "{err}");
}

#[test]
fn check_bot_runs_the_bot_in_a_process_by_default() {
    let dir = temp_dir("iso-check");
    let chatty = write(&dir, "chatty.lua", CHATTY);
    let out = stdout_of(liar().args(["check-bot", &chatty, "--games", "3", "--seed", "9"]));
    assert!(out.contains("PASS"), "{out}");
    assert!(out.contains("deterministic: yes"), "{out}");
    let thread = stdout_of(liar().args([
        "check-bot",
        &chatty,
        "--games",
        "3",
        "--seed",
        "9",
        "--isolation",
        "thread",
    ]));
    // The same games either way (only timings may differ).
    let played = |s: &str| {
        s.lines()
            .find(|l| l.trim_start().starts_with("played:"))
            .map(str::to_string)
    };
    assert_eq!(played(&out), played(&thread));
    assert!(played(&out).is_some());
}

#[test]
fn a_reused_bot_process_sees_each_match_s_own_history() {
    // A tournament's workers reuse each bot for game after game, each a
    // match of its own that starts at game 1, round 1: the history sent to
    // a bot's process must start afresh with every match. This bot's
    // decisions depend on the whole history it is shown.
    let dir = temp_dir("iso-history");
    let bot = write(
        &dir,
        "hist.lua",
        r#"
local bot = { api_version = 1, name = "hist" }
local function h(view)
  local s = 0
  for i, a in ipairs(view.history) do
    s = s + i * (a.seat + 1) * 31 + (a.count or 0)
    if a.claim then for c in a.claim:gmatch(".") do s = s + c:byte() end end
  end
  return s
end
function bot.challenge(view) return h(view) % 2 == 0 or liar.is_top(view.claim) end
function bot.reroll(view) return {} end
function bot.claim(view) return liar.lowest_above(view.claim) end
return bot
"#,
    );
    let file = write(
        &dir,
        "t.toml",
        &format!(
            "[tournament]\ngames = 150\ntable_size = 3\njobs = 1\n[rules]\nchips = 1\n\
             min_players = 2\n[[bots]]\nname = \"A\"\ntype = \"bot\"\nscript = {bot:?}\n\
             [[bots]]\nname = \"B\"\ntype = \"bot\"\nscript = {bot:?}\n\
             [[bots]]\nname = \"R\"\ntype = \"native\"\npolicy = \"native-random\"\n"
        ),
    );
    let run = |isolation: &str| {
        stdout_of(liar().args([
            "tournament",
            &file,
            "--seed",
            "5",
            "--format",
            "json",
            "--no-progress",
            "--isolation",
            isolation,
        ]))
    };
    let thread = run("thread");
    assert!(thread.contains("\"games\""), "{thread}");
    assert_eq!(thread, run("process"));
}
