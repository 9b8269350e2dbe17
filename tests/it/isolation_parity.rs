//! Thread and process isolation play every bot alike, when no call of it
//! reaches the wall clock: the same penalties and the same replay, byte for
//! byte, through the real binary. And process isolation never kills a
//! legal call: a slow honest bot, its first call of every game and a batch
//! of slow `observe` calls included, is never penalised.
//!
//! A slow bot here spins a loop of a set number of steps. How long that
//! takes depends on the machine, so the tests first measure it
//! ([`Speed::measure`]) and then choose the wall-clock limit so that the
//! slowest call takes about [`SHARE`] of it: past the grace period that a
//! reply once had to make do with (half the limit), far enough under the
//! limit itself to stay there on a loaded machine.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The share of the wall-clock limit a slow call is sized to take.
const SHARE: f64 = 0.6;

/// A bot that plays legal, random moves and, where `when_decision` (a Lua
/// condition on `view`) or `when_event` (on the event `e`; `None`: the
/// bot does not observe) says, spins `steps` rounds of a loop first. It logs every spin, so the replay shows a bot that lost
/// its memory (it would spin again).
fn slow_bot(steps: u64, when_decision: &str, when_event: Option<&str>) -> String {
    // A bot without `observe` is sent no events: its first decision of a
    // game comes right after the game's start.
    let observe = match when_event {
        Some(when) => format!("function bot.observe(e)\n  if {when} then spin(e.type) end\nend"),
        None => String::new(),
    };
    format!(
        r#"local bot = {{ api_version = 1, name = "slow" }}
local spun = 0
local function spin(what)
  local x = 0
  for i = 1, {steps} do x = x + i % 7 end
  spun = spun + 1
  liar.log("spin", spun, what, x)
end
local function maybe(view, what)
  if {when_decision} then spin(what) end
end
{observe}
function bot.challenge(view)
  maybe(view, "challenge")
  return liar.is_top(view.claim) or liar.random(3) == 1
end
function bot.reroll(view)
  maybe(view, "reroll")
  return {{}}
end
function bot.claim(view)
  maybe(view, "claim")
  return liar.nth_above(view.claim, liar.random(liar.count_above(view.claim)))
end
return bot
"#
    )
}

/// Spins in the first decision of every game only.
fn first_call_spinner(steps: u64) -> String {
    format!(
        "local last_game = 0\n{}",
        slow_bot(
            steps,
            "view.game ~= last_game and (function() last_game = view.game; return true end)()",
            None
        )
    )
}

/// A bot that fails in every way but the wall clock, on a fixed schedule:
/// errors (in decisions and in `observe`), malformed answers and runaway
/// loops that the instruction budget stops.
const FAULTY: &str = r#"local bot = { api_version = 1, name = "faulty" }
local challenges, rerolls, claims = 0, 0, 0
function bot.observe(e)
  if e.type == "round_start" and e.game == 2 and e.round == 1 then error("observe fails") end
end
function bot.challenge(view)
  challenges = challenges + 1
  if challenges % 5 == 0 then error("challenge fails") end
  return liar.is_top(view.claim) or liar.random(4) == 1
end
function bot.reroll(view)
  rerolls = rerolls + 1
  if rerolls % 4 == 0 then return { 9 } end
  return {}
end
function bot.claim(view)
  claims = claims + 1
  if claims % 4 == 2 then while true do end end
  if claims % 4 == 3 then return "no such hand" end
  return liar.nth_above(view.claim, 1)
end
return bot
"#;

/// Writes `text` as `name` in `dir`.
pub(crate) fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A table file with these `[limits]`, for two or more players (its own
/// seats are replaced by `--bot`).
pub(crate) fn table(dir: &Path, limits: &str) -> PathBuf {
    let seat = |name: &str| {
        format!("[[seats]]\nname = \"{name}\"\ntype = \"native\"\npolicy = \"native-honest\"\n")
    };
    write(
        dir,
        "table.toml",
        &format!(
            "[match]\ngames = 3\nseed = 1\n\n[rules]\nmin_players = 2\n\n\
             [limits]\n{limits}\n{}\n{}",
            seat("a"),
            seat("b")
        ),
    )
}

/// Runs `liar simulate` and returns the replay's bytes and how long it took.
pub(crate) fn simulate(
    dir: &Path,
    table: &Path,
    bots: &[&str],
    games: u32,
    isolation: &str,
) -> (Vec<u8>, Duration) {
    let replay = dir.join(format!("{isolation}.jsonl"));
    let mut cmd = crate::support::liar();
    cmd.timeout(Duration::from_secs(120));
    cmd.arg("simulate").arg("--table").arg(table);
    for b in bots {
        cmd.arg("--bot").arg(b);
    }
    cmd.args(["--games", &games.to_string(), "--seed", "7"])
        .args(["--isolation", isolation, "--replay"])
        .arg(&replay);
    let start = Instant::now();
    let out = cmd.output().expect("liar runs");
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "simulate --isolation {isolation}: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    (std::fs::read(&replay).unwrap(), took)
}

/// The penalties in a replay: (seat, reason, detail).
pub(crate) fn penalties(replay: &[u8]) -> Vec<(u64, String, String)> {
    String::from_utf8_lossy(replay)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .filter(|e| e["type"] == "penalty")
        .map(|e| {
            (
                e["seat"].as_u64().unwrap_or(99),
                e["reason"].as_str().unwrap_or("?").to_string(),
                e["detail"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The first line where two replays differ, for messages.
pub(crate) fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    match a
        .lines()
        .zip(b.lines())
        .enumerate()
        .find(|(_, (x, y))| x != y)
    {
        Some((i, (x, y))) => format!("line {}:\nthread:  {x}\nprocess: {y}", i + 1),
        None => format!(
            "one replay is longer ({} and {} lines)",
            a.lines().count(),
            b.lines().count()
        ),
    }
}

/// Asserts that both isolations write the same replay.
pub(crate) fn assert_same_replay(dir: &Path, table: &Path, bots: &[&str], games: u32) -> Vec<u8> {
    let (thread, _) = simulate(dir, table, bots, games, "thread");
    let (process, _) = simulate(dir, table, bots, games, "process");
    assert!(
        thread == process,
        "thread and process replays differ at {}",
        first_difference(&thread, &process)
    );
    thread
}

/// How fast the spin loop runs on this machine, now.
struct Speed {
    steps_per_second: f64,
}

impl Speed {
    /// Times a game whose only slow call spins a known number of steps.
    /// The whole command is timed, so the speed found is, if anything, too
    /// low: slow calls come out a little shorter than planned, not longer
    /// (unless the machine gets busier after it was measured).
    fn measure(dir: &Path) -> Speed {
        let steps = 8_000_000;
        let bot = write(dir, "measure.lua", &first_call_spinner(steps));
        let table = table(dir, "instructions = 1_000_000_000_000\nwall_ms = 60000\n");
        let bots = [bot.to_str().unwrap(), "native-honest"];
        let (_, took) = simulate(dir, &table, &bots, 1, "thread");
        Speed {
            steps_per_second: steps as f64 / took.as_secs_f64(),
        }
    }

    /// Steps that take about `d`.
    fn steps(&self, d: Duration) -> u64 {
        (self.steps_per_second * d.as_secs_f64()) as u64
    }
}

/// `[limits]` for a slow call of `steps`: a wall-clock limit it takes
/// about [`SHARE`] of (at least 500 ms, so the grace period is half the
/// limit), and a budget no spin comes near.
fn slow_limits(speed: &Speed, call: Duration) -> (u64, String) {
    let wall_ms = ((call.as_secs_f64() / SHARE) * 1000.0).max(500.0) as u64;
    let steps = speed.steps(call);
    // A match bank these bots never come near: the protocol is tested
    // here, not the bank (see `match_bank.rs`).
    (
        steps,
        format!(
            "instructions = 1_000_000_000_000\nwall_ms = {wall_ms}\n\
             bank_instructions = 1_000_000_000_000_000\nbank_ms = 3_600_000\n"
        ),
    )
}

#[test]
fn bundled_and_faulty_bots_give_the_same_replay_in_both_isolations() {
    let dir = crate::support::temp_dir("parity");
    let faulty = write(&dir, "faulty.lua", FAULTY);
    let table = table(&dir, "wall_ms = 5000\n");
    let bots = [
        "honest",
        "bluffer",
        "statistician",
        "expert",
        "random",
        faulty.to_str().unwrap(),
    ];
    let replay = assert_same_replay(&dir, &table, &bots, 3);
    // The faulty bot (seat 5) met every failure the test is about.
    let reasons: Vec<String> = penalties(&replay)
        .into_iter()
        .filter(|p| p.0 == 5)
        .map(|p| p.1)
        .collect();
    for reason in ["error", "illegal", "budget"] {
        assert!(
            reasons.iter().any(|r| r == reason),
            "no {reason} penalty for the faulty bot: {reasons:?}"
        );
    }
    assert!(
        !reasons.iter().any(|r| r == "timeout"),
        "the faulty bot reached the wall clock: {reasons:?}"
    );
}

/// The timed tests run one at a time: each measures the machine's speed,
/// and another one spinning meanwhile would spoil the figure.
static TIMED: Mutex<()> = Mutex::new(());

/// Whether a penalty says the engine killed the bot's process: a call
/// taking [`SHARE`] of its limit gets this only if the protocol cut it
/// short (the engine waits for the limit and half as much again).
fn killed(p: &(u64, String, String)) -> bool {
    p.2.contains("its process was killed")
}

/// Runs a timed check up to three times, measuring the speed afresh each
/// time. A run fails outright when the engine killed a process; other
/// failures (a call that did run past its limit, because the machine got
/// slower after it was measured) are tried again.
fn timed(name: &str, check: impl Fn(&Path, &Speed) -> Result<(), (bool, String)>) {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let mut failures = Vec::new();
    for attempt in 1..=3 {
        let dir = crate::support::temp_dir(name);
        let speed = Speed::measure(&dir);
        match check(&dir, &speed) {
            Ok(()) => return,
            Err((true, why)) => panic!("attempt {attempt}: {why}"),
            Err((false, why)) => failures.push(format!("attempt {attempt}: {why}")),
        }
    }
    panic!("{}", failures.join("\n"));
}

#[test]
fn a_slow_first_call_of_every_game_gives_the_same_replay_in_both_isolations() {
    timed("parity-slow", |dir, speed| {
        let (steps, limits) = slow_limits(speed, Duration::from_millis(900));
        let slow = write(dir, "slow.lua", &first_call_spinner(steps));
        let table = table(dir, &limits);
        let bots = [slow.to_str().unwrap(), "honest", "native-honest"];
        let (thread, _) = simulate(dir, &table, &bots, 3, "thread");
        let (process, _) = simulate(dir, &table, &bots, 3, "process");
        let p = penalties(&process);
        let why = format!("{steps} steps a slow call, {limits:?}");
        if p.iter().any(killed) {
            return Err((true, format!("a process was killed ({why}): {p:?}")));
        }
        if thread != process {
            let diff = first_difference(&thread, &process);
            return Err((false, format!("replays differ ({why}) at {diff}")));
        }
        if !p.is_empty() {
            return Err((false, format!("penalties ({why}): {p:?}")));
        }
        // One spin a game: the bot kept its memory.
        let text = String::from_utf8_lossy(&process);
        assert_eq!(text.matches("spin\\t").count(), 3, "{why}\n{text}");
        Ok(())
    });
}

#[test]
fn process_isolation_never_penalises_a_slow_honest_bot() {
    timed("slow-honest", |dir, speed| {
        let (steps, limits) = slow_limits(speed, Duration::from_millis(400));
        // Slow in the first round of every game: every decision, and the
        // events that start the game and the round (they reach the child
        // in one batch with the first decision).
        let bot = slow_bot(
            steps,
            "view.round == 1",
            Some("e.type == \"game_start\" or (e.type == \"round_start\" and e.round == 1)"),
        );
        let slow = write(dir, "slow.lua", &bot);
        let table = table(dir, &limits);
        let bots = [slow.to_str().unwrap(), "native-honest"];
        let (replay, _) = simulate(dir, &table, &bots, 2, "process");
        let p = penalties(&replay);
        let why = format!("{steps} steps a slow call, {limits:?}");
        if !p.is_empty() {
            return Err((p.iter().any(killed), format!("penalties ({why}): {p:?}")));
        }
        // Both games' observed starts were slow calls.
        let text = String::from_utf8_lossy(&replay);
        assert_eq!(text.matches("\\tgame_start\\t").count(), 2, "{text}");
        assert!(text.matches("\\tround_start\\t").count() >= 2, "{text}");
        Ok(())
    });
}
