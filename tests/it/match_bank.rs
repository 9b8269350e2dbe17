//! The match bank: a bot that spends more than a share of its per-call
//! limits on every call runs its bank dry and is out of the match, with a
//! penalty, the same way in both isolations; the view shows the bank.

use crate::isolation_parity::{assert_same_replay, simulate, table, write};
use std::time::{Duration, Instant};

/// Every decision burns about two million instructions and logs what its
/// view says of the bank, and what `liar.budget` says the call may run.
const BURNER: &str = r#"local bot = { api_version = 1, name = "burner" }
local function burn(view)
  liar.log("bank", view.bank, liar.budget())
  local x = 0
  for i = 1, 1000000 do x = x + i end
  return x
end
function bot.challenge(view) burn(view) return liar.is_top(view.claim) end
function bot.reroll(view) burn(view) return {} end
function bot.claim(view) burn(view) return liar.lowest_above(view.claim) end
return bot
"#;

/// Every decision loops until something stops it.
const STUCK: &str = r#"local bot = { api_version = 1, name = "stuck" }
local function spin() while true do end end
function bot.challenge(view) spin() end
function bot.reroll(view) spin() end
function bot.claim(view) spin() end
return bot
"#;

/// The penalties of seat 0: (reason, action, detail).
fn penalties_of_seat_0(replay: &[u8]) -> Vec<(String, String, String)> {
    String::from_utf8_lossy(replay)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .filter(|e| e["type"] == "penalty" && e["seat"] == 0)
        .map(|e| {
            let text = |k: &str| e[k].as_str().unwrap_or("").to_string();
            (text("reason"), text("action"), text("detail"))
        })
        .collect()
}

/// The (bank, budget) pairs the burner logged.
fn logged_banks(replay: &[u8]) -> Vec<(i64, i64)> {
    String::from_utf8_lossy(replay)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| e["type"] == "log")
        .filter_map(|e| {
            let text = e["text"].as_str()?.to_string();
            let mut parts = text.split('\t');
            (parts.next()? == "bank").then_some(())?;
            Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
        })
        .collect()
}

#[test]
fn an_instruction_bank_run_dry_puts_the_bot_out_the_same_way_in_both_isolations() {
    let dir = crate::support::temp_dir("bank-instructions");
    let burner = write(&dir, "burner.lua", BURNER);
    let table = table(&dir, "bank_instructions = 3_000_000\n");
    let bots = [burner.to_str().unwrap(), "honest", "native-honest"];
    let replay = assert_same_replay(&dir, &table, &bots, 3);
    let p = penalties_of_seat_0(&replay);
    assert_eq!(p.len(), 1, "one penalty: {p:?}");
    let (reason, action, detail) = &p[0];
    assert_eq!(
        (reason.as_str(), action.as_str()),
        ("budget", "disqualified")
    );
    assert!(
        detail.contains("instruction bank") && detail.contains("burner.lua:5"),
        "{detail}"
    );
    // The view showed the bank: each call gains 1,250,000 (a quarter of
    // 5,000,000) and the first decision saw 4,250,000; the budget is the
    // smaller of the bank and 5,000,000, less what the call ran before it
    // asked (building the view: a few hundred instructions).
    let banks = logged_banks(&replay);
    assert!(banks.len() >= 4, "{banks:?}");
    assert_eq!(banks[0].0, 4_250_000);
    for pair in banks.windows(2) {
        let spent = pair[0].0 + 1_250_000 - pair[1].0;
        assert!(
            (2_000_000..2_100_000).contains(&spent),
            "a decision spent {spent}: {banks:?}"
        );
    }
    for &(bank, budget) in &banks {
        let before = bank.min(5_000_000) - budget;
        assert!((1..1_000).contains(&before), "{banks:?}");
    }
}

#[test]
fn a_time_bank_run_dry_ends_a_stuck_bot_s_match_quickly_in_both_isolations() {
    let dir = crate::support::temp_dir("bank-time");
    let stuck = write(&dir, "stuck.lua", STUCK);
    let table = table(
        &dir,
        "instructions = 1_000_000_000_000\nwall_ms = 200\nbank_ms = 500\n",
    );
    let bots = [stuck.to_str().unwrap(), "honest", "native-honest"];
    for isolation in ["thread", "process"] {
        let started = Instant::now();
        let (replay, _) = simulate(&dir, &table, &bots, 3, isolation);
        let took = started.elapsed();
        let p = penalties_of_seat_0(&replay);
        // Each call gets its 200 ms while the bank (500 ms, and 10 ms more
        // per call) holds that much: two timeouts, then the call that runs
        // the bank dry.
        let (last, before) = p.split_last().expect("penalties");
        assert!(
            (1..=4).contains(&before.len())
                && before
                    .iter()
                    .all(|(r, a, _)| r == "timeout" && a == "forfeit"),
            "{isolation}: {p:?}"
        );
        assert_eq!(
            (last.0.as_str(), last.1.as_str()),
            ("timeout", "disqualified"),
            "{isolation}: {p:?}"
        );
        assert!(last.2.contains("time bank"), "{isolation}: {}", last.2);
        // The bot spent about 500 ms in all; the rest of the match is the
        // other bots'.
        assert!(took < Duration::from_secs(30), "{isolation}: {took:?}");
    }
}

/// Logs its bank at every decision, and in its first decision of game 1's
/// second round gets stuck inside one garbage collection (a chain of
/// 30,000 keys through a weak-keyed table, marked one link per pass: see
/// `cwork_gc_ephemeron_chain`), which only killing its process stops.
const STUCK_ONCE: &str = r#"local bot = { api_version = 1, name = "stuck_once" }
local function stuck()
  local e, keys = setmetatable({}, { __mode = "k" }), {}
  local n, x = 30000, 12345
  for i = 1, n do keys[i] = {} end
  for i = n, 2, -1 do
    x = (x * 1103515245 + 12345) % 2147483648
    local j = x % i + 1
    keys[i], keys[j] = keys[j], keys[i]
  end
  for i = 1, n - 1 do e[keys[i]] = keys[i + 1] end
  local head = keys[1]
  keys = nil
  collectgarbage("count")
  return head
end
local function decide(view)
  liar.log("bank", view.bank, liar.budget())
  if view.game == 1 and view.round == 2 then stuck() end
end
function bot.challenge(view) decide(view) return liar.is_top(view.claim) end
function bot.reroll(view) decide(view) return {} end
function bot.claim(view) decide(view) return liar.lowest_above(view.claim) end
return bot
"#;

#[test]
fn a_bot_whose_process_was_killed_goes_on_with_the_bank_it_had() {
    let dir = crate::support::temp_dir("bank-restart");
    let bot = write(&dir, "stuck_once.lua", STUCK_ONCE);
    let table = table(&dir, "wall_ms = 300\n");
    let bots = [bot.to_str().unwrap(), "native-honest", "native-honest"];
    let (replay, _) = simulate(&dir, &table, &bots, 2, "process");
    let text = String::from_utf8_lossy(&replay);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let killed = lines
        .iter()
        .position(|e| {
            e["type"] == "penalty"
                && e["seat"] == 0
                && e["detail"]
                    .as_str()
                    .is_some_and(|d| d.contains("process was killed"))
        })
        .unwrap_or_else(|| panic!("the process was never killed: {text}"));
    let bank_at = |e: &serde_json::Value| -> Option<i64> {
        let text = e["text"].as_str()?;
        let mut parts = text.split('\t');
        (e["type"] == "log" && e["seat"] == 0 && parts.next()? == "bank")
            .then(|| parts.next()?.parse().ok())?
    };
    let before = lines[..killed].iter().rev().find_map(bank_at);
    let after = lines[killed..].iter().find_map(bank_at);
    let (Some(before), Some(after)) = (before, after) else {
        panic!("no bank logged on both sides of the kill: {text}");
    };
    // The killed call gained its share (1,250,000) and was charged all it
    // could run (5,000,000); the next call gains its share again. A new
    // process that started from a full bank would show about 51,250,000.
    let expected = before + 1_250_000 - 5_000_000 + 1_250_000;
    assert!(
        (expected - 1_000..=expected).contains(&after),
        "bank {before} before the kill, {after} after (expected about {expected})"
    );
}
