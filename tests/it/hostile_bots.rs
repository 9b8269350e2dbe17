//! Hostile Lua bots against the real `liar` binary, in both isolations.
//!
//! Every bot in `tests/fixtures/hostile/` attacks the sandbox one way (its
//! first lines say how); the file name starts with its class:
//!
//! - `cloop_`: endless loops inside C library functions (numeric-string and
//!   float bounds, lying `__len`, `__index` chains), in decisions and in
//!   `observe`;
//! - `cwork_`, `pattern_`: unbounded work in one C call or one instruction
//!   (long NUL-filled strings, C comparators, `%q`, `load` readers, numeric
//!   strings, the host's own helpers, backtracking patterns, chunks that are
//!   quadratic to compile, collections that are quadratic to run, a `gsub`
//!   that makes the host allocate gigabytes);
//! - `runaway_`: plain runaway code (loops, coroutines, `pcall`, error
//!   objects, recursion, `__close`, `__gc`);
//! - `memory_`: allocating until refused (also with `memory_mb = 65536`);
//! - `late_`: calls that return, too late;
//! - `load_`: the same attacks in the bot's top-level code (a refusal);
//! - `leak_`: state carried from one match to the next (tournaments at
//!   `--jobs 1` and `--jobs 2`, which must agree byte for byte);
//! - `nondet_`: messages that could differ from run to run;
//! - `proc_`: process isolation (its child killed or frozen from outside,
//!   output flooding);
//! - `tamper_`: poisoned globals, spoiled view tables, malformed answers.
//!
//! Each one plays three games against two built-in honest players, through
//! `liar simulate` (or `tournament`, `check-bot`, `watch`, `play`), with
//! `--isolation thread` and with `--isolation process`. Whatever it does,
//! the command must end by itself within [`BOUND`] with status 0 (or 2
//! with a message naming the file, for a bot refused at load), its replay
//! must pass `liar replay --check`, and the replay must record the
//! penalties expected of the hostile seat (seat 0). A run the watchdog
//! ends (status 3), a crash, a hang or a missing penalty fails the test.
//!
//! Tests of bots that are not contained yet are kept: they fail, and their
//! message says how (status 3 from the watchdog, a crash, a hang, results
//! that differ). Run with `-- --nocapture` to see one `HOSTILE|...` line per
//! run: the bot, the isolation, the status, the time and the penalties.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Longest a single command may take. A contained bot costs a few seconds
/// at most (three penalties at a 250 ms wall-clock limit, or a process
/// killed three times); the watchdog of thread isolation ends a stuck
/// program after 3 × wall + 5 s.
const BOUND: Duration = Duration::from_secs(30);

/// Longer, for whole tournaments and the kill tests.
const LONG_BOUND: Duration = Duration::from_secs(60);

/// Where the hostile bots live.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hostile")
        .join(format!("{name}.lua"))
}

pub use crate::support::temp_dir;

/// A `liar` command with a clean environment (English, no colour) and a
/// timeout a little past the bound, so that a hang fails instead of
/// blocking the test run.
fn liar(bound: Duration) -> Command {
    let mut cmd = crate::support::liar();
    cmd.timeout(bound + Duration::from_secs(5));
    cmd
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Thread,
    Process,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Thread => "thread",
            Mode::Process => "process",
        }
    }
}

/// The limits a bot plays under.
#[derive(Clone, Copy, Debug)]
enum Limits {
    /// `liar simulate --bot FILE --bot honest --bot honest`: the default
    /// limits (5,000,000 instructions, 1000 ms, 32 MiB), disqualified after
    /// 10 failures.
    Cli,
    /// A table file: `wall_ms = 250`, disqualified after 3 failures (keeps
    /// the runs of bots that must be killed short).
    Fast,
    /// `instructions = 1_000_000_000_000`, `wall_ms = 1000`: only the wall
    /// clock can stop a call.
    HugeBudget,
    /// `memory_mb = 65536`, `instructions = 1_000_000_000_000`,
    /// `wall_ms = 250`: neither the Lua memory limit nor the budget stops
    /// it.
    BigMemory,
}

impl Limits {
    fn toml(self) -> &'static str {
        match self {
            Limits::Cli => "",
            Limits::Fast => "wall_ms = 250\n",
            Limits::HugeBudget => "instructions = 1_000_000_000_000\nwall_ms = 1000\n",
            Limits::BigMemory => {
                "memory_mb = 65536\ninstructions = 1_000_000_000_000\nwall_ms = 250\n"
            }
        }
    }
}

/// What must become of the hostile seat.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// Penalised at least once; every penalty has one of these reasons.
    Penalised(&'static [&'static str]),
    /// Penalties, if any, have one of these reasons (the attack may also be
    /// defused so that the bot plays on).
    Contained(&'static [&'static str]),
    /// Never penalised.
    Clean,
    /// Refused at load: status 2, and a message naming the file and one of
    /// these reasons.
    Refused(&'static [&'static str]),
}

/// Stopped by the budget or the clock.
const STOPPED: &[&str] = &["budget", "timeout"];
/// Stopped, or refused with an error: either contains a C-level trick.
const CONTAINED: &[&str] = &["budget", "timeout", "error", "memory"];
/// Out of memory, or stopped first.
const MEMORY: &[&str] = &["memory", "budget", "timeout"];

/// One finished (or killed) command.
struct Run {
    what: String,
    code: Option<i32>,
    /// The signal that ended it, if one did.
    signal: Option<i32>,
    took: Duration,
    stdout: String,
    stderr: String,
}

impl Run {
    fn of(what: String, cmd: &mut Command) -> Run {
        let start = Instant::now();
        let out = cmd.output().expect("liar runs");
        Run {
            what,
            code: out.status.code(),
            signal: std::os::unix::process::ExitStatusExt::signal(&out.status),
            took: start.elapsed(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// How the command ended, for messages.
    fn ending(&self) -> String {
        let why = match self.code {
            Some(0) => "status 0".to_string(),
            Some(3) => "status 3: the watchdog ended the program (the sandbox did not stop the \
                        bot)"
                .to_string(),
            Some(c) => format!("status {c}"),
            None if self.took >= BOUND => format!(
                "killed by signal {} after the test's timeout: it hung",
                self.signal.unwrap_or(0)
            ),
            None => format!("killed by signal {}: it crashed", self.signal.unwrap_or(0)),
        };
        let lines: Vec<&str> = self.stderr.lines().collect();
        let shown = if lines.len() <= 8 {
            lines.join("\n")
        } else {
            format!(
                "{}\n[…]\n{}",
                lines[..4].join("\n"),
                lines[lines.len() - 4..].join("\n")
            )
        };
        format!(
            "{}: {why} after {:.2} s\nstderr:\n{shown}",
            self.what,
            self.took.as_secs_f64()
        )
    }

    fn assert_within(&self, bound: Duration) {
        assert!(
            self.took < bound,
            "did not finish within {} s — {}",
            bound.as_secs(),
            self.ending()
        );
        assert!(self.code.is_some(), "{}", self.ending());
    }

    fn assert_status(&self, code: i32) {
        assert_eq!(self.code, Some(code), "{}", self.ending());
    }
}

/// A table file seating the hostile bot and two built-in honest players.
fn table_file(dir: &Path, bot: &str, limits: Limits) -> PathBuf {
    let script = fixture(bot);
    let text = format!(
        "[match]\ngames = 3\nseed = 1\n\n[penalty]\nmode = \"forfeit\"\ndisqualify_after = 3\n\n\
         [limits]\n{}\n[[seats]]\nname = \"hostile\"\ntype = \"bot\"\nscript = '{}'\n\n\
         [[seats]]\nname = \"honest1\"\ntype = \"native\"\npolicy = \"native-honest\"\n\n\
         [[seats]]\nname = \"honest2\"\ntype = \"native\"\npolicy = \"native-honest\"\n",
        limits.toml(),
        script.display()
    );
    let path = dir.join("table.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// `liar simulate` with the bot in seat 0: three games, seed 1.
fn simulate(bot: &str, mode: Mode, limits: Limits, dir: &Path, replay: &Path) -> Run {
    let mut cmd = liar(BOUND);
    cmd.arg("simulate");
    match limits {
        Limits::Cli => {
            cmd.arg("--bot").arg(fixture(bot)).args([
                "--bot",
                "native-honest",
                "--bot",
                "native-honest",
            ]);
        }
        _ => {
            cmd.arg("--table").arg(table_file(dir, bot, limits));
        }
    }
    cmd.args([
        "--games",
        "3",
        "--seed",
        "1",
        "--isolation",
        mode.name(),
        "--replay",
    ])
    .arg(replay);
    Run::of(
        format!("simulate {bot} --isolation {}", mode.name()),
        &mut cmd,
    )
}

/// The replay's lines.
fn events(replay: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(replay)
        .unwrap_or_else(|e| panic!("no replay at {}: {e}", replay.display()));
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("replay line {} is not JSON ({e}): {l}", i + 1))
        })
        .collect()
}

/// The penalties of `seat`: (reason, detail).
fn penalties(events: &[Value], seat: u64) -> Vec<(String, String)> {
    events
        .iter()
        .filter(|e| e["type"] == "penalty" && e["seat"] == seat)
        .map(|e| {
            (
                e["reason"].as_str().unwrap_or("?").to_string(),
                e["detail"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn reason_counts(p: &[(String, String)]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (r, _) in p {
        *counts.entry(r).or_default() += 1;
    }
    if counts.is_empty() {
        return "none".into();
    }
    counts
        .iter()
        .map(|(r, n)| format!("{r}={n}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// `liar replay --check` accepts the file.
fn assert_valid_replay(replay: &Path) {
    let mut cmd = liar(BOUND);
    cmd.args(["replay", "--check"]).arg(replay);
    let run = Run::of(format!("replay --check {}", replay.display()), &mut cmd);
    run.assert_status(0);
    assert!(
        run.stdout.contains("valid replay"),
        "replay --check: {}\n{}",
        run.stdout,
        run.stderr
    );
}

/// Whether `text` holds what looks like a heap address (`0x` and eight or
/// more hex digits): it would differ from run to run.
fn find_address(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(2)).find_map(|i| {
        if &bytes[i..i + 2] != b"0x" {
            return None;
        }
        let digits = bytes[i + 2..]
            .iter()
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        (digits >= 8).then(|| &text[i..(i + 2 + digits).min(text.len())])
    })
}

/// The `*c_tail` bots do a fixed amount of C work (about 2 s on a quiet
/// machine) that no limit can interrupt but that ends by itself, so the
/// sandbox sees the call end late and penalises it. On a crowded machine
/// that work can stretch past the watchdog's 3 × wall + 5 s.
fn ends_late_by_itself(bot: &str) -> bool {
    bot.ends_with("c_tail")
}

/// Whether the watchdog of thread isolation ended the run, naming the bot,
/// after the call had been running for as long as it waits (8 s at the
/// 1000 ms limit of these bots): the right outcome for a call still stuck
/// that long, whatever the reason.
fn stopped_by_the_watchdog(bot: &str, mode: Mode, run: &Run) -> bool {
    let stuck = matches!(mode, Mode::Thread)
        && run.code == Some(3)
        && run.took >= Duration::from_secs(8)
        && run.stderr.contains(&format!("{bot}.lua"))
        && run.stderr.contains("stuck in one call");
    if stuck {
        eprintln!("HOSTILE|{bot}|thread|the machine was slow: the watchdog ended the call");
    }
    stuck
}

/// Checks a finished run against what is expected of the hostile seat;
/// returns the replay's lines (empty for a refusal).
fn check_run(bot: &str, mode: Mode, run: &Run, replay: &Path, expect: Expect) -> Vec<Value> {
    // One line per run, whatever happens next.
    let lines: Vec<Value> = std::fs::read_to_string(replay)
        .map(|t| {
            t.lines()
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect()
        })
        .unwrap_or_default();
    let mine = penalties(&lines, 0);
    let outcome = match (run.code, expect) {
        (Some(2), Expect::Refused(_)) => "refused".to_string(),
        _ => reason_counts(&mine),
    };
    eprintln!(
        "HOSTILE|{bot}|{}|status {:?}{}|{:.2}s|{outcome}",
        mode.name(),
        run.code,
        run.signal
            .map(|s| format!(" signal {s}"))
            .unwrap_or_default(),
        run.took.as_secs_f64()
    );
    run.assert_within(BOUND);
    if ends_late_by_itself(bot) && stopped_by_the_watchdog(bot, mode, run) {
        return Vec::new();
    }
    if let Expect::Refused(reasons) = expect {
        run.assert_status(2);
        let file = format!("{bot}.lua");
        assert!(
            run.stderr.contains(&file) && run.stderr.contains("failed to load"),
            "the refusal must name the file and say it failed to load: {}",
            run.ending()
        );
        assert!(
            reasons
                .iter()
                .any(|r| run.stderr.contains(&format!("failed to load ({r})"))),
            "refused for another reason than {reasons:?}: {}",
            run.ending()
        );
        return Vec::new();
    }
    run.assert_status(0);
    // Every line is JSON.
    let lines = events(replay);
    assert_valid_replay(replay);
    assert!(
        lines.iter().any(|e| e["type"] == "match_end"),
        "{}: the replay has no match_end line",
        run.what
    );
    for (reason, detail) in &mine {
        assert!(
            detail.chars().count() <= 600,
            "{}: a penalty message of {} characters: {}…",
            run.what,
            detail.chars().count(),
            detail.chars().take(120).collect::<String>()
        );
        let allowed = match expect {
            Expect::Penalised(r) | Expect::Contained(r) => r,
            Expect::Clean => &[][..],
            Expect::Refused(_) => unreachable!(),
        };
        assert!(
            allowed.contains(&reason.as_str()),
            "{}: a penalty {reason:?} ({detail}), expected only {allowed:?}",
            run.what
        );
    }
    if let Expect::Penalised(r) = expect {
        assert!(
            !mine.is_empty(),
            "{}: the hostile seat was never penalised (expected one of {r:?}); {}",
            run.what,
            run.ending()
        );
    }
    lines
}

/// One bot, one isolation: run and check.
fn check(bot: &str, mode: Mode, limits: Limits, expect: Expect) -> Vec<Value> {
    let dir = temp_dir(&format!("{bot}-{}", mode.name()));
    let replay = dir.join("replay.jsonl");
    let run = simulate(bot, mode, limits, &dir, &replay);
    check_run(bot, mode, &run, &replay, expect)
}

/// Tests `check` (or the body, with `mode` bound) in both isolations, as
/// `name::thread` and `name::process`.
macro_rules! in_both_modes {
    ($(#[$attr:meta])* $name:ident => $check:ident) => {
        in_both_modes!($(#[$attr])* $name => |mode| $check(mode));
    };
    ($(#[$attr:meta])* $name:ident => |$mode:ident| $body:expr) => {
        $(#[$attr])*
        mod $name {
            use super::*;
            #[test]
            fn thread() {
                let $mode = Mode::Thread;
                $body;
            }
            #[test]
            fn process() {
                let $mode = Mode::Process;
                $body;
            }
        }
    };
}

/// Every bot below is run by `check` in both isolations.
macro_rules! hostile {
    ($($bot:ident: $limits:ident, $expect:expr;)*) => {
        const CHECKED: &[&str] = &[$(stringify!($bot)),*];
        $(
            in_both_modes!($bot => |mode| {
                check(stringify!($bot), mode, Limits::$limits, $expect)
            });
        )*
    };
}

use Expect::{Clean, Contained, Penalised, Refused};

/// A chain of keys through a weak-keyed table makes one garbage collection
/// quadratic, inside Lua's collector, where no limit of the sandbox can
/// reach (and `__mode` can be set on a metatable after it is attached, so
/// it cannot be refused). In a process of its own the bot is killed and
/// penalised; in the engine's process the watchdog ends the program with a
/// message naming the bot, as specified for calls nothing can stop.
mod cwork_gc_ephemeron_chain {
    use super::*;
    const BOT: &str = "cwork_gc_ephemeron_chain";

    #[test]
    fn thread() {
        let dir = temp_dir(&format!("{BOT}-thread"));
        let replay = dir.join("replay.jsonl");
        let run = simulate(BOT, Mode::Thread, Limits::Fast, &dir, &replay);
        eprintln!(
            "HOSTILE|{BOT}|thread|status {:?}|{:.2}s|watchdog",
            run.code,
            run.took.as_secs_f64()
        );
        run.assert_within(BOUND);
        run.assert_status(3);
        assert!(
            run.stderr.contains(&format!("{BOT}.lua")) && run.stderr.contains("stuck"),
            "the watchdog must name the bot: {}",
            run.ending()
        );
    }

    #[test]
    fn process() {
        check(BOT, Mode::Process, Limits::Fast, Penalised(CONTAINED));
    }
}

hostile! {
    // C loops.
    cloop_move_numeric_string_bound: Fast, Penalised(CONTAINED);
    cloop_move_hex_string_bound: Fast, Penalised(CONTAINED);
    cloop_move_float_bound: Fast, Penalised(CONTAINED);
    cloop_move_extreme_span: Fast, Penalised(CONTAINED);
    cloop_insert_lying_len: Fast, Penalised(CONTAINED);
    cloop_remove_lying_len: Fast, Penalised(CONTAINED);
    cloop_insert_len_numeric_string: Fast, Penalised(CONTAINED);
    cloop_remove_len_float: Fast, Penalised(CONTAINED);
    cloop_sort_lying_len_c_comparator: Fast, Penalised(CONTAINED);
    cloop_sort_len_numeric_string: Fast, Penalised(CONTAINED);
    cloop_concat_numeric_string_bounds: Fast, Penalised(CONTAINED);
    cloop_concat_lying_len: Fast, Penalised(CONTAINED);
    cloop_unpack_lying_len: Fast, Penalised(CONTAINED);
    cloop_rep_empty_huge: Fast, Penalised(CONTAINED);
    cloop_rep_empty_numeric_string: Fast, Penalised(CONTAINED);
    cloop_observe_move: Fast, Penalised(CONTAINED);
    cloop_move_once: Fast, Penalised(CONTAINED);

    // Unbounded work in one C call or one instruction.
    cwork_lt_nul_strings: Fast, Penalised(CONTAINED);
    cwork_sort_nul_strings: Fast, Penalised(CONTAINED);
    cwork_sort_tonumber_comparator: Fast, Penalised(CONTAINED);
    cwork_sort_math_max_comparator: Fast, Penalised(CONTAINED);
    cwork_tonumber_spaces: Fast, Penalised(CONTAINED);
    cwork_tonumber_base_string: Fast, Penalised(CONTAINED);
    cwork_numeric_string_arguments: Fast, Penalised(CONTAINED);
    cwork_packsize_format: Fast, Penalised(CONTAINED);
    cwork_format_q_long: Fast, Penalised(CONTAINED);
    cwork_format_s_long: Fast, Penalised(CONTAINED);
    cwork_format_wide_width: Fast, Penalised(&["error"]);
    cwork_eq_long_strings: Fast, Penalised(CONTAINED);
    cwork_concat_operator_long: Fast, Penalised(CONTAINED);
    cwork_load_reader_pieces: Fast, Penalised(CONTAINED);
    cwork_load_long_chunk: Fast, Penalised(CONTAINED);
    cwork_liar_counts_long_string: Fast, Penalised(CONTAINED);
    cwork_liar_describe_long_lang: Fast, Penalised(CONTAINED);
    cwork_liar_hand_long_string: Fast, Penalised(CONTAINED);
    cwork_utf8_codes_skip: Fast, Penalised(CONTAINED);
    cwork_utf8_len_long: Fast, Penalised(CONTAINED);
    cwork_gc_thrash: Fast, Penalised(MEMORY);
    cwork_load_or_chain: Fast, Penalised(CONTAINED);
    cwork_load_parser_scopes: Fast, Penalised(CONTAINED);
    pattern_find_backtrack: Fast, Penalised(STOPPED);
    pattern_match_captures: Fast, Penalised(STOPPED);
    pattern_gmatch_backtrack: Fast, Penalised(STOPPED);
    pattern_gsub_backtrack: Fast, Penalised(STOPPED);
    pattern_balance: Fast, Penalised(STOPPED);
    pattern_gsub_blowup: Fast, Penalised(MEMORY);

    // Plain runaway code.
    runaway_while_true: Fast, Penalised(STOPPED);
    runaway_goto: Fast, Penalised(STOPPED);
    runaway_coroutine_wrap: Fast, Penalised(STOPPED);
    runaway_coroutine_resume_swallow: Fast, Penalised(STOPPED);
    runaway_pcall_swallow: Fast, Penalised(STOPPED);
    runaway_xpcall_handler_loop: Fast, Penalised(STOPPED);
    runaway_error_tostring_loop: Fast, Penalised(STOPPED);
    runaway_pcall_error_tostring: Fast, Penalised(STOPPED);
    runaway_deep_recursion: Fast, Penalised(CONTAINED);
    runaway_pcall_fork_bomb: Fast, Penalised(CONTAINED);
    runaway_close_loop: Fast, Penalised(STOPPED);
    runaway_coroutine_close_loop: Fast, Penalised(STOPPED);
    runaway_sort_comparator_loop: Fast, Penalised(STOPPED);
    runaway_gsub_callback_loop: Fast, Penalised(STOPPED);
    runaway_index_recursion: Fast, Penalised(CONTAINED);
    runaway_nested_coroutines: Fast, Penalised(STOPPED);
    runaway_short_coroutines: Cli, Penalised(&["budget"]);
    runaway_coroutine_tree: Cli, Penalised(&["budget"]);
    runaway_observe_loop: Fast, Penalised(STOPPED);
    runaway_gc_finalizer: Fast, Clean;
    // Building the 8 MiB message can outlast 250 ms on a crowded machine.
    runaway_error_object_huge: Fast, Penalised(&["error", "memory", "timeout"]);

    // Memory.
    memory_string_doubling: Fast, Penalised(MEMORY);
    memory_table_growth: Fast, Penalised(MEMORY);
    memory_string_hoard: Fast, Penalised(MEMORY);
    memory_pcall_retry: Fast, Penalised(MEMORY);
    memory_rep_huge: Fast, Penalised(MEMORY);
    memory_coroutines: Fast, Penalised(MEMORY);
    memory_gsub_nested: Fast, Penalised(MEMORY);
    memory_big64_table_growth: BigMemory, Penalised(MEMORY);
    memory_big64_capped_doubling: BigMemory, Penalised(MEMORY);

    // Calls that return late.
    late_pure_lua: HugeBudget, Penalised(&["timeout"]);
    late_c_tail: HugeBudget, Penalised(&["timeout"]);
    late_observe_c_tail: HugeBudget, Penalised(&["timeout"]);

    // Top-level code: the bot is refused.
    load_while_true: Fast, Refused(STOPPED);
    load_move_numeric_string: Fast, Refused(CONTAINED);
    load_lt_nul_strings: Fast, Refused(CONTAINED);
    load_sort_lying_len: Fast, Refused(CONTAINED);
    load_memory_doubling: Fast, Refused(MEMORY);
    load_pcall_swallow: Fast, Refused(STOPPED);
    load_error_tostring_loop: Fast, Refused(CONTAINED);
    load_late_c_tail: HugeBudget, Refused(&["timeout"]);
    load_or_chain_source: Cli, Refused(STOPPED);

    // Poisoned globals, spoiled views, malformed answers.
    tamper_poison_globals: Fast, Clean;
    tamper_view_tables: Fast, Clean;
    tamper_bad_returns: Fast, Penalised(&["illegal"]);
}

/// The same attacks with the default limits, seated with `--bot` flags.
mod default_limits {
    use super::*;

    in_both_modes!(while_true => |mode| {
        check("runaway_while_true", mode, Limits::Cli, Penalised(STOPPED))
    });
    in_both_modes!(move_numeric_string_bound => |mode| {
        check(
            "cloop_move_numeric_string_bound",
            mode,
            Limits::Cli,
            Penalised(CONTAINED),
        )
    });
    in_both_modes!(lt_nul_strings => |mode| {
        check("cwork_lt_nul_strings", mode, Limits::Cli, Penalised(CONTAINED))
    });
}

// ---------------------------------------------------------------------------
// Run-to-run differences: the same seed twice gives the same bytes.

/// Runs the bot twice with the same seed; both runs are checked, and the
/// replays must be byte for byte the same and hold no heap address.
fn check_deterministic(bot: &str, mode: Mode, expect: Expect) {
    let dir = temp_dir(&format!("{bot}-{}-twice", mode.name()));
    let mut replays = Vec::new();
    for round in ["a", "b"] {
        let replay = dir.join(format!("{round}.jsonl"));
        let run = simulate(bot, mode, Limits::Fast, &dir, &replay);
        check_run(bot, mode, &run, &replay, expect);
        replays.push(std::fs::read_to_string(&replay).unwrap());
    }
    for (i, line) in replays[0].lines().enumerate() {
        if let Some(addr) = find_address(line) {
            panic!(
                "{bot} ({}): replay line {} shows the address {addr}: {line}",
                mode.name(),
                i + 1
            );
        }
    }
    if replays[0] != replays[1] {
        let (i, (a, b)) = replays[0]
            .lines()
            .zip(replays[1].lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .unwrap_or((0, ("(lengths differ)", "")));
        panic!(
            "{bot} ({}): two runs with the same seed wrote different replays; first \
             difference at line {}:\n  {a}\n  {b}",
            mode.name(),
            i + 1
        );
    }
}

macro_rules! deterministic {
    ($($bot:ident: $expect:expr;)*) => {
        const TWICE: &[&str] = &[$(stringify!($bot)),*];
        $(
            in_both_modes!($bot => |mode| check_deterministic(stringify!($bot), mode, $expect));
        )*
    };
}

deterministic! {
    nondet_error_name: Penalised(&["error"]);
    nondet_print_addresses: Clean;
    nondet_format_p: Penalised(&["error"]);
    nondet_error_values: Penalised(&["error"]);
    nondet_reroll_string_keys: Penalised(&["illegal"]);
    nondet_reroll_object_keys: Penalised(&["illegal"]);
    nondet_observe_error_name: Penalised(&["error"]);
    nondet_sort_ties: Clean;
    cwork_colliding_keys: Clean;
    cwork_int_key_chain: Penalised(&["budget"]);
    cwork_string_key_chain: Penalised(&["budget"]);
    cwork_string_table_chain: Penalised(&["budget"]);
    cwork_next_emptied_array: Penalised(&["budget"]);
    cwork_next_emptied_hash: Penalised(&["budget"]);
    cwork_tail_call_varargs: Penalised(&["budget"]);
    cwork_resume_many_values: Penalised(&["budget"]);
    cwork_rehash_churn: Penalised(&["budget"]);
}

// ---------------------------------------------------------------------------
// Output flooding: every game keeps at most `log_lines` lines (200, and one
// line saying the rest were dropped), each cut at 300 bytes.

fn check_flood(bot: &str, mode: Mode, expect: Expect) {
    let lines = check(bot, mode, Limits::Fast, expect);
    let mut per_game = 0usize;
    let mut most = 0usize;
    for e in &lines {
        if e["type"] == "game_start" {
            per_game = 0;
        }
        if e["type"] == "log" && e["seat"] == 0 {
            per_game += 1;
            most = most.max(per_game);
            let text = e["text"].as_str().unwrap_or("");
            assert!(
                text.len() <= 300 + "…".len(),
                "{bot} ({}): a log line of {} bytes was kept",
                mode.name(),
                text.len()
            );
        }
    }
    assert!(
        most <= 201,
        "{bot} ({}): {most} log lines kept in one game (the cap is 200)",
        mode.name()
    );
    assert!(most > 0, "{bot} ({}): no log line at all", mode.name());
}

mod flooding {
    use super::*;

    in_both_modes!(print => |mode| check_flood("proc_flood_print", mode, Penalised(STOPPED)));
    in_both_modes!(long_lines => |mode| {
        check_flood("proc_flood_long_lines", mode, Contained(MEMORY))
    });
}

// ---------------------------------------------------------------------------
// State across matches: a tournament plays every game as a match of its
// own, and a worker reuses its copy of a bot from game to game. Results
// (and replays) must not depend on which games a copy played before, so
// `--jobs 1` and `--jobs 2` must give the same bytes.

struct Tournament {
    run: Run,
    replays: BTreeMap<String, String>,
}

fn tournament(
    bot: &str,
    mode: Mode,
    jobs: u32,
    games: u32,
    limits: Limits,
    dir: &Path,
) -> Tournament {
    let sub = dir.join(format!("jobs{jobs}"));
    std::fs::create_dir_all(&sub).unwrap();
    let text = format!(
        "[tournament]\ngames = {games}\ntable_size = 3\nseed = 11\nreplay_dir = \"replays\"\n\
         replay_sample = \"all\"\n\n[penalty]\nmode = \"forfeit\"\ndisqualify_after = 3\n\n\
         [limits]\n{}\n[[bots]]\nname = \"hostile\"\ntype = \"bot\"\nscript = '{}'\n\n\
         [[bots]]\nname = \"H\"\ntype = \"native\"\npolicy = \"native-honest\"\n\n\
         [[bots]]\nname = \"R\"\ntype = \"native\"\npolicy = \"native-random\"\n",
        limits.toml(),
        fixture(bot).display()
    );
    let file = sub.join("tournament.toml");
    std::fs::write(&file, text).unwrap();
    let mut cmd = liar(LONG_BOUND);
    cmd.arg("tournament")
        .arg(&file)
        .args([
            "--jobs",
            &jobs.to_string(),
            "--format",
            "json",
            "--no-progress",
        ])
        .args(["--isolation", mode.name()]);
    let run = Run::of(
        format!("tournament {bot} --isolation {} --jobs {jobs}", mode.name()),
        &mut cmd,
    );
    let mut replays = BTreeMap::new();
    if let Ok(entries) = std::fs::read_dir(sub.join("replays")) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            replays.insert(name, std::fs::read_to_string(e.path()).unwrap_or_default());
        }
    }
    eprintln!(
        "HOSTILE|{bot}|{}|tournament jobs {jobs}|status {:?}|{:.2}s|{} replays",
        mode.name(),
        run.code,
        run.took.as_secs_f64(),
        replays.len()
    );
    Tournament { run, replays }
}

/// Runs the tournament (`games` games) at `--jobs 1` and `--jobs 2`; both
/// must finish in time with status 0 and write every replay.
fn jobs_1_and_2(bot: &str, mode: Mode, games: u32, limits: Limits) -> (Tournament, Tournament) {
    let dir = temp_dir(&format!("{bot}-{}-jobs", mode.name()));
    let one = tournament(bot, mode, 1, games, limits, &dir);
    let two = tournament(bot, mode, 2, games, limits, &dir);
    for t in [&one, &two] {
        t.run.assert_within(LONG_BOUND);
        t.run.assert_status(0);
        assert_eq!(
            t.replays.len(),
            games as usize,
            "{}: replays written",
            t.run.what
        );
    }
    (one, two)
}

/// Both runs agree byte for byte, results and replays.
fn assert_jobs_agree(bot: &str, mode: Mode, one: &Tournament, two: &Tournament) {
    if one.run.stdout != two.run.stdout {
        let (a, b) = one
            .run
            .stdout
            .lines()
            .zip(two.run.stdout.lines())
            .find(|(a, b)| a != b)
            .unwrap_or(("(lengths differ)", ""));
        panic!(
            "{bot} ({}): --jobs 1 and --jobs 2 gave different results; first difference:\n  \
             {a}\n  {b}",
            mode.name()
        );
    }
    for (name, text) in &one.replays {
        assert_eq!(
            Some(text),
            two.replays.get(name),
            "{bot} ({}): replay {name} differs between --jobs 1 and --jobs 2",
            mode.name()
        );
    }
}

fn check_jobs_agree(bot: &str, mode: Mode) -> Tournament {
    let (one, two) = jobs_1_and_2(bot, mode, 60, Limits::Fast);
    assert_jobs_agree(bot, mode, &one, &two);
    one
}

fn check_no_leak(mode: Mode) {
    let t = check_jobs_agree("leak_mark_everything", mode);
    let all: String = t.replays.values().cloned().collect();
    assert!(
        all.contains("marked "),
        "leak_mark_everything never got to mark anything"
    );
    if let Some(line) = all.lines().find(|l| l.contains("LEAK ")) {
        panic!(
            "leak_mark_everything ({}) found a mark left by an earlier match: {line}",
            mode.name()
        );
    }
}

in_both_modes!(leak_mark_everything => check_no_leak);

in_both_modes!(leak_gc_count => |mode| check_jobs_agree("leak_gc_count", mode));

/// The penalties of the bot named "hostile" in every replay of a
/// tournament: (replay, reason, detail).
fn tournament_penalties(t: &Tournament) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    for (name, text) in &t.replays {
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let seat = lines[0]["seats"]
            .as_array()
            .and_then(|s| s.iter().find(|x| x["name"] == "hostile"))
            .and_then(|x| x["seat"].as_u64())
            .unwrap_or_else(|| panic!("{name}: no hostile seat"));
        for (reason, detail) in penalties(&lines, seat) {
            found.push((name.clone(), reason, detail));
        }
    }
    found
}

/// A bot that keeps 12 MiB in a global plays every match of a tournament
/// unpenalised, at any number of jobs.
fn check_memory_released(bot: &str, mode: Mode) {
    let (one, two) = jobs_1_and_2(bot, mode, 20, Limits::Cli);
    for t in [&one, &two] {
        let found = tournament_penalties(t);
        assert!(
            found.is_empty(),
            "{}: penalised {} times in {} games, first in {}: {} ({})",
            t.run.what,
            found.len(),
            t.replays.len(),
            found[0].0,
            found[0].1,
            found[0].2
        );
    }
    assert_jobs_agree(bot, mode, &one, &two);
}

in_both_modes!(leak_memory_retained => |mode| check_memory_released("leak_memory_retained", mode));
in_both_modes!(leak_print_once_retained => |mode| {
    check_memory_released("leak_print_once_retained", mode)
});

/// A bot that looks for traces of earlier matches through every channel
/// known (see the fixture) and plays by what it finds: a tournament gives
/// the same bytes at `--jobs 1` and `--jobs 2`, and `--only-game K` gives
/// game K of the whole run, its record and its replay.
fn check_every_channel(mode: Mode) {
    let bot = "leak_every_channel";
    let dir = temp_dir(&format!("{bot}-{}-jobs", mode.name()));
    let one = tournament(bot, mode, 1, 60, Limits::Fast, &dir);
    let two = tournament(bot, mode, 2, 60, Limits::Fast, &dir);
    for t in [&one, &two] {
        t.run.assert_within(LONG_BOUND);
        t.run.assert_status(0);
        assert_eq!(t.replays.len(), 60, "{}: replays written", t.run.what);
    }
    assert_jobs_agree(bot, mode, &one, &two);
    let whole: Value = serde_json::from_str(&one.run.stdout).unwrap();
    let games = whole["games"].as_array().unwrap();
    let table = dir.join("jobs1").join("tournament.toml");
    for k in [23usize, 47] {
        let replay = dir.join(format!("only{k}.jsonl"));
        let mut cmd = liar(LONG_BOUND);
        cmd.arg("tournament")
            .arg(&table)
            .args(["--only-game", &k.to_string(), "--replay"])
            .arg(&replay)
            .args(["--isolation", mode.name()]);
        let run = Run::of(format!("{bot} --only-game {k} ({})", mode.name()), &mut cmd);
        run.assert_status(0);
        let record: Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(
            games[k - 1],
            record,
            "{bot} ({}): game {k} alone differs from game {k} of the whole run",
            mode.name()
        );
        let alone = std::fs::read_to_string(&replay).unwrap();
        let name = format!("game-{:06}.jsonl", k - 1);
        assert_eq!(
            one.replays.get(&name),
            Some(&alone),
            "{bot} ({}): the replay of game {k} alone differs from {name}",
            mode.name()
        );
    }
}

in_both_modes!(leak_every_channel => check_every_channel);

/// `check-bot` plays several matches in one state and compares the last
/// with a fresh state's: the bot that looks for traces of earlier matches
/// finds none.
fn check_bot_fresh_start(mode: Mode) {
    let bot = "leak_every_channel";
    let mut cmd = liar(LONG_BOUND);
    cmd.arg("check-bot").arg(fixture(bot)).args([
        "--games",
        "4",
        "--seed",
        "5",
        "--isolation",
        mode.name(),
    ]);
    let run = Run::of(format!("check-bot {bot} ({})", mode.name()), &mut cmd);
    run.assert_status(0);
    assert!(
        run.stdout.contains("deterministic: yes") && run.stdout.contains("fresh start:   yes"),
        "{}",
        run.stdout
    );
}

in_both_modes!(check_bot_compares_with_a_fresh_state => check_bot_fresh_start);

/// A bot whose top-level code would get stuck in any match after its
/// first, if it could tell one from the first (by the memory the last
/// match left). Nothing of a match survives it, so it cannot: the
/// tournament finishes and the bot is never penalised.
fn check_sleeper(mode: Mode) {
    let bot = "leak_sleeper_reload";
    let dir = temp_dir(&format!("{bot}-{}", mode.name()));
    let t = tournament(bot, mode, 1, 12, Limits::Fast, &dir);
    t.run.assert_within(LONG_BOUND);
    t.run.assert_status(0);
    assert_eq!(t.replays.len(), 12, "{}: replays written", t.run.what);
    let found = tournament_penalties(&t);
    if let Some((name, reason, detail)) = found.first() {
        panic!(
            "{bot} ({}): told a later match from its first ({name}: {reason}: {detail})",
            mode.name()
        );
    }
}

in_both_modes!(leak_sleeper_reload => check_sleeper);

// ---------------------------------------------------------------------------
// A bot file whose own source is costly to compile: a 1 MB `or` chain
// (quadratic work in Lua's code generator, before any of the bot's code
// runs). Written at test time rather than kept in the repository; the
// fixture `load_or_chain_source` is its small sibling.

fn check_source_or_chain(mode: Mode) {
    let bot = "load_or_chain_source_1mb";
    let dir = temp_dir(&format!("{bot}-{}", mode.name()));
    let mut source = String::from("-- Generated by tests/hostile_bots.rs.\nlocal x = a");
    for _ in 0..200_000 {
        source.push_str(" or a");
    }
    source.push_str(
        "\nreturn { api_version = 1, challenge = function() return true end,\n  \
         reroll = function() return {} end,\n  \
         claim = function(v) return liar.lowest_above(v.claim) end }\n",
    );
    let script = dir.join(format!("{bot}.lua"));
    std::fs::write(&script, source).unwrap();
    let replay = dir.join("replay.jsonl");
    let mut cmd = liar(BOUND);
    cmd.arg("simulate")
        .arg("--bot")
        .arg(&script)
        .args([
            "--bot",
            "native-honest",
            "--bot",
            "native-honest",
            "--games",
            "3",
            "--seed",
            "1",
        ])
        .args(["--isolation", mode.name(), "--replay"])
        .arg(&replay);
    let run = Run::of(
        format!("simulate {bot} --isolation {}", mode.name()),
        &mut cmd,
    );
    // Longer than any bot may be: refused before it is compiled.
    run.assert_within(Duration::from_secs(5));
    run.assert_status(2);
    assert!(
        run.stderr.contains(&format!("{bot}.lua")) && run.stderr.contains("at most 256 KiB"),
        "the refusal must name the file and the size limit: {}",
        run.ending()
    );
}

in_both_modes!(load_or_chain_source_1mb => check_source_or_chain);

// ---------------------------------------------------------------------------
// Memory the host allocates on the bot's behalf, outside the Lua allocator:
// run under an address-space limit of 4 GiB (`ulimit -v`), so that a host
// that lets a bot make it allocate gigabytes fails here instead of eating
// the memory of the machine running the tests.

#[cfg(target_os = "linux")]
fn check_host_memory(bot: &str, mode: Mode, expect: Expect) {
    let dir = temp_dir(&format!("{bot}-{}-ulimit", mode.name()));
    let replay = dir.join("replay.jsonl");
    let table = table_file(&dir, bot, Limits::Fast);
    let mut std_cmd = std::process::Command::new("sh");
    std_cmd
        .arg("-c")
        .arg("ulimit -v 4194304 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_liar"))
        .arg("simulate")
        .arg("--table")
        .arg(&table)
        .args([
            "--games",
            "3",
            "--seed",
            "1",
            "--isolation",
            mode.name(),
            "--replay",
        ])
        .arg(&replay)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env("NO_COLOR", "1");
    let mut cmd = Command::from_std(std_cmd);
    cmd.timeout(BOUND + Duration::from_secs(5));
    let run = Run::of(
        format!(
            "simulate {bot} --isolation {} (ulimit -v 4 GiB)",
            mode.name()
        ),
        &mut cmd,
    );
    check_run(bot, mode, &run, &replay, expect);
}

in_both_modes!(#[cfg(target_os = "linux")] cwork_gsub_replacement_copies => |mode| {
    check_host_memory("cwork_gsub_replacement_copies", mode, Penalised(MEMORY))
});

// ---------------------------------------------------------------------------
// The other commands that play bots.

/// `liar check-bot` tells a bot that is nondeterministic by its own fault.
fn check_bot(bot: &str, mode: Mode) -> Run {
    let mut cmd = liar(BOUND);
    cmd.arg("check-bot").arg(fixture(bot)).args([
        "--games",
        "2",
        "--seed",
        "3",
        "--isolation",
        mode.name(),
    ]);
    let run = Run::of(
        format!("check-bot {bot} --isolation {}", mode.name()),
        &mut cmd,
    );
    eprintln!(
        "HOSTILE|{bot}|{}|check-bot|status {:?}|{:.2}s",
        mode.name(),
        run.code,
        run.took.as_secs_f64()
    );
    run.assert_within(BOUND);
    run
}

fn check_bot_reports_nondeterminism(mode: Mode) {
    let run = check_bot("nondet_pairs_order", mode);
    assert!(
        matches!(run.code, Some(0 | 1)),
        "check-bot must report, not fail: {}",
        run.ending()
    );
    assert!(
        run.stdout.contains("deterministic: NO"),
        "check-bot did not notice the bot plays differently from run to run:\n{}",
        run.stdout
    );
}

fn check_bot_contains(mode: Mode) {
    let run = check_bot("cloop_move_once", mode);
    run.assert_status(1);
    assert!(
        run.stdout.contains("penalties:") && !run.stdout.contains("penalties:     none"),
        "check-bot did not report the stuck calls:\n{}",
        run.stdout
    );
}

/// `liar watch` and `liar play` with a bots-only table holding the bot.
fn check_narrated(command: &str, mode: Mode) {
    let bot = "cloop_move_once";
    let dir = temp_dir(&format!("{command}-{}", mode.name()));
    let replay = dir.join("replay.jsonl");
    let table = table_file(&dir, bot, Limits::Fast);
    let mut cmd = liar(BOUND);
    cmd.arg(command)
        .arg(&table)
        .args(["--delay", "0", "--games", "1", "--seed", "1", "-q"])
        .args(["--isolation", mode.name(), "--replay"])
        .arg(&replay)
        .write_stdin("");
    let run = Run::of(
        format!("{command} {bot} --isolation {}", mode.name()),
        &mut cmd,
    );
    check_run(bot, mode, &run, &replay, Penalised(CONTAINED));
}

mod other_commands {
    use super::*;
    in_both_modes!(check_bot_nondeterminism => check_bot_reports_nondeterminism);
    in_both_modes!(check_bot_stuck_call => check_bot_contains);
    in_both_modes!(watch => |mode| check_narrated("watch", mode));
    in_both_modes!(play => |mode| check_narrated("play", mode));
}

// ---------------------------------------------------------------------------
// Process isolation: the bot's process killed or frozen from outside.

#[cfg(target_os = "linux")]
mod outside {
    use super::*;
    use std::process::{Child, Stdio};

    /// The `liar bot-host` children of `pid`.
    fn bot_hosts(pid: u32) -> Vec<u32> {
        let out = std::process::Command::new("pgrep")
            .args(["-P", &pid.to_string()])
            .output()
            .expect("pgrep runs");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.trim().parse::<u32>().ok())
            .filter(|c| {
                std::fs::read(format!("/proc/{c}/cmdline"))
                    .map(|cmd| String::from_utf8_lossy(&cmd).contains("bot-host"))
                    .unwrap_or(false)
            })
            .collect()
    }

    /// Polls (a bounded number of times) until `f` answers.
    fn poll<T>(what: &str, limit: Duration, mut f: impl FnMut() -> Option<T>) -> T {
        let start = Instant::now();
        loop {
            if let Some(x) = f() {
                return x;
            }
            assert!(start.elapsed() < limit, "gave up waiting for {what}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn signal(pid: u32, sig: &str) {
        let status = std::process::Command::new("kill")
            .args([sig, &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {sig} {pid} failed");
    }

    fn wait(child: &mut Child, limit: Duration) -> Option<i32> {
        let status = poll("liar to finish", limit, || child.try_wait().unwrap());
        status.code()
    }

    /// Starts a slow match (the slow bot in process isolation), sends
    /// `sig` to the bot's process in its first seconds, and checks that the
    /// match plays on: one penalty with one of `reasons`, then more
    /// decisions by the bot in a new process, and no process left behind.
    fn interfere(sig: &str, reasons: &[&str]) {
        let bot = "proc_slow_honest";
        let dir = temp_dir(&format!("outside{sig}"));
        let replay = dir.join("replay.jsonl");
        let start = Instant::now();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_liar"))
            .arg("simulate")
            .arg("--bot")
            .arg(fixture(bot))
            .args([
                "--bot",
                "native-honest",
                "--bot",
                "native-honest",
                "--games",
                "20",
                "--seed",
                "2",
            ])
            .args(["--isolation", "process", "--replay"])
            .arg(&replay)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("liar starts");
        let pid = child.id();
        // Once a round is over (the replay is written round by round) the
        // bot is loaded and playing.
        poll("the first round", LONG_BOUND, || {
            let text = std::fs::read_to_string(&replay).ok()?;
            text.contains(r#""type":"challenge""#).then_some(())
        });
        let first = poll("a bot-host child", Duration::from_secs(10), || {
            bot_hosts(pid).first().copied()
        });
        signal(first, sig);
        // A new process takes over; the old one is gone (or a zombie until
        // the engine reaps it).
        let second = poll("a new bot-host child", LONG_BOUND, || {
            bot_hosts(pid).into_iter().find(|&c| c != first)
        });
        let code = wait(&mut child, LONG_BOUND);
        let took = start.elapsed();
        eprintln!(
            "HOSTILE|{bot}|process|kill {sig}|status {code:?}|{:.2}s",
            took.as_secs_f64()
        );
        assert_eq!(code, Some(0), "the match must finish normally");
        for c in [first, second] {
            poll(
                "the bot's processes to go away",
                Duration::from_secs(10),
                || {
                    let stat = std::fs::read_to_string(format!("/proc/{c}/stat")).ok();
                    // Gone, or a zombie reparented to init.
                    stat.is_none_or(|s| s.contains(") Z ")).then_some(())
                },
            );
        }
        assert_valid_replay(&replay);
        let lines = events(&replay);
        let mine = penalties(&lines, 0);
        assert_eq!(mine.len(), 1, "exactly one penalty expected: {mine:?}");
        assert!(
            reasons.contains(&mine[0].0.as_str()),
            "penalty {:?}, expected one of {reasons:?}",
            mine[0]
        );
        let at = lines
            .iter()
            .position(|e| e["type"] == "penalty" && e["seat"] == 0)
            .unwrap();
        assert!(
            lines[at..]
                .iter()
                .any(|e| (e["type"] == "claim" || e["type"] == "challenge") && e["seat"] == 0),
            "the bot never played again after its process was lost"
        );
    }

    #[test]
    fn killed_bot_host() {
        interfere("-KILL", &["error", "timeout"]);
    }

    #[test]
    fn frozen_bot_host() {
        interfere("-STOP", &["timeout"]);
    }
}

// ---------------------------------------------------------------------------

/// Every bot of the corpus is played by some test above.
#[test]
fn every_hostile_bot_is_played() {
    let others = [
        "leak_mark_everything",
        "leak_gc_count",
        "leak_sleeper_reload",
        "nondet_pairs_order",
        "proc_slow_honest",
        "proc_flood_print",
        "proc_flood_long_lines",
        "leak_memory_retained",
        "cwork_gsub_replacement_copies",
        "cwork_gc_ephemeron_chain",
        "leak_print_once_retained",
        "leak_every_channel",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile");
    let mut missing = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".lua") else {
            continue;
        };
        if !CHECKED.contains(&stem) && !TWICE.contains(&stem) && !others.contains(&stem) {
            missing.push(stem.to_string());
        }
    }
    assert!(missing.is_empty(), "bots no test plays: {missing:?}");
}

// ---------------------------------------------------------------------------
// Exact accounting: work split over coroutines costs what it costs on the
// main thread.

mod coroutine_accounting {
    use super::*;

    /// `liar simulate` of `tests/fixtures/budget/BOT.lua` doing `total`
    /// additions in every decision, with a budget of 3,000,000
    /// instructions a call (and a bank it never runs dry: the budget is
    /// tested here); the penalty reasons of its seat.
    fn reasons(bot: &str, total: u64, mode: Mode) -> Vec<String> {
        let dir = temp_dir(&format!("accounting-{bot}-{total}-{}", mode.name()));
        let script = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/budget")
            .join(format!("{bot}.lua"));
        let table = dir.join("table.toml");
        std::fs::write(
            &table,
            format!(
                "[match]\ngames = 1\nseed = 3\n\n[limits]\ninstructions = 3_000_000\n\
                 bank_instructions = 1_000_000_000_000_000\n\n\
                 [[seats]]\nname = \"counted\"\ntype = \"bot\"\n\
                 script = '{}'\nparams = {{ total = {total} }}\n\n[[seats]]\nname = \"h\"\n\
                 type = \"native\"\npolicy = \"native-honest\"\n\n[[seats]]\nname = \"i\"\ntype = \"native\"\n\
                 policy = \"native-honest\"\n",
                script.display()
            ),
        )
        .unwrap();
        let replay = dir.join("replay.jsonl");
        let mut cmd = liar(BOUND);
        cmd.arg("simulate")
            .arg("--table")
            .arg(&table)
            .args(["--isolation", mode.name(), "--replay"])
            .arg(&replay);
        let run = Run::of(format!("simulate {bot} total {total}"), &mut cmd);
        run.assert_within(BOUND);
        run.assert_status(0);
        assert_valid_replay(&replay);
        penalties(&events(&replay), 0)
            .into_iter()
            .map(|(reason, _)| reason)
            .collect()
    }

    /// 1,800,000 additions (two instructions each) are over the budget and
    /// 800,000 within it, on the main thread and over 10,000 coroutines
    /// alike (those add 555,000 instructions: their calls, closures, and
    /// what making a coroutine costs).
    fn same_verdicts(mode: Mode) {
        for bot in ["loop_main", "loop_coroutines"] {
            let over = reasons(bot, 1_800_000, mode);
            assert!(
                !over.is_empty(),
                "{bot}: 1,800,000 additions were never stopped"
            );
            assert!(
                over.iter().all(|r| r == "budget"),
                "{bot}: 1,800,000 additions: {over:?}"
            );
            let within = reasons(bot, 800_000, mode);
            assert!(within.is_empty(), "{bot}: 800,000 additions: {within:?}");
        }
    }

    in_both_modes!(main_thread_and_coroutines_pay_alike => same_verdicts);
}
