//! The config loader never panics, whatever the input, and what it accepts
//! is valid.
//!
//! Inputs are generated three ways: mutations of real configs (the shipped
//! `config/*.toml` and every fixture: byte flips, line deletions, duplications
//! and swaps, key/value swaps, inserted schema fragments and random Unicode,
//! truncation), documents assembled from schema fragments, and arbitrary
//! strings. Each input goes through both `parse_table` and
//! `parse_tournament`.
//!
//! By default 20,000 inputs are generated so the suite stays fast. The issue
//! asks for at least a million; run them with
//!
//! ```text
//! LIAR_FUZZ_CASES=1000000 cargo test --release --test it config_fuzz -- --nocapture
//! ```
//!
//! The test prints how many inputs it ran and how long they took (see it
//! with `-- --nocapture`). Measured on the development machine, release
//! build, one thread: 1,000,000 inputs in 13 to 28 s (depending on load),
//! no panic, every error well formed, every accepted config valid.

use liar::config::{ConfigError, TableConfig, TournamentConfig, parse_table, parse_tournament};
use liar::rules::MAX_SEATS;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Where the inputs pretend to live: relative scripts like
/// `../bots/tiny.lua` then resolve to a real fixture, so file checks run too.
const ORIGIN: &str = "tests/fixtures/config/good/fuzz.toml";

fn cases() -> u32 {
    std::env::var("LIAR_FUZZ_CASES")
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(20_000)
}

/// The configs the mutations start from: the valid ones (shipped and good
/// fixtures) and the broken fixtures, read once.
struct Corpus {
    valid: Vec<Vec<u8>>,
    broken: Vec<Vec<u8>>,
}

fn read_toml_files(dirs: &[&str]) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|d| std::fs::read_dir(d).expect("corpus directory"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read(p).expect("corpus file"))
        .collect()
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let corpus = Corpus {
            valid: read_toml_files(&["config", "tests/fixtures/config/good"]),
            broken: read_toml_files(&[
                "tests/fixtures/config/broken",
                "tests/fixtures/config/broken_tournament",
            ]),
        };
        assert!(corpus.valid.len() >= 5 && corpus.broken.len() >= 15);
        corpus
    })
}

/// Lines of the schema, each valid TOML on its own, many with bad values.
const LINES: &[&str] = &[
    "[rules]",
    "[match]",
    "[penalty]",
    "[limits]",
    "[[seats]]",
    "[seats.limits]",
    "[tournament]",
    "[[bots]]",
    "[bots.limits]",
    "name = \"Anna\"",
    "name = \"anna\"",
    "name = \"\"",
    "type = \"human\"",
    "type = \"bot\"",
    "type = \"native\"",
    "type = \"builtin\"",
    "script = \"../bots/tiny.lua\"",
    "script = \"../bots\"",
    "script = \"/\"",
    "script = \"\\u0000\"",
    "bundled = \"honest\"",
    "bundled = \"statistician\"",
    "policy = \"native-random\"",
    "policy = \"native-honest\"",
    "policy = \"honest\"",
    "chips = 0",
    "chips = 1000",
    "min_players = 2",
    "max_players = 16",
    "max_players = 2",
    "min_players = 16",
    "games = 0",
    "cycles = 3",
    "seed = -1",
    "seed = 9223372036854775807",
    "table_size = 2",
    "table_size = 16",
    "seat_orders = \"permutations\"",
    "replay_dir = \"out\"",
    "replay_sample = 0",
    "replay_sample = \"all\"",
    "instructions = 1",
    "wall_ms = 3600001",
    "memory_mb = 0",
    "log_lines = -1",
    "lang = \"ru\"",
    "dice = \"standard\"",
    "straights = \"none\"",
    "kickers = false",
    "disqualify_after = 0",
    "mode = \"fallback\"",
    "seats = []",
    "seats = [{name=\"A\",type=\"human\"}]",
    "limits = {wall_ms = 1}",
    "a.b.c = 1",
    "rules.chips = 2",
    "\"quoted key\" = 1",
    "kickers = 1979-05-27T07:32:00Z",
    "chips = 2.5",
    "games = 0x",
    "seed = 99999999999999999999",
    "name = \"\\u001b[2J\"",
    "[[seats]]\nname = \"X\"\ntype = \"native\"\npolicy = \"native-random\"",
    "[[bots]]\nname = \"Y\"\ntype = \"bot\"\nbundled = \"random\"",
];

/// Bits of TOML that tend to break parsers.
const BREAKERS: &[&str] = &[
    "= 1",
    "x =",
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    "\"",
    "'",
    "'''",
    "\"\"\"",
    "\\",
    "#",
    "0x",
    "0o7",
    "0b2",
    "1e9",
    "inf",
    "nan",
    "-0",
    "+1",
    "1_",
    "_1",
    "07:32:00",
    "true",
    "\r\n",
    "\t",
    "\u{feff}",
    "\u{0}",
    "\u{1b}[2J",
    "Аня",
    "фишки = 3",
    "🂡",
    "\u{202e}",
];

#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    SetByte(Index, u8),
    DeleteLine(Index),
    DuplicateLine(Index),
    SwapLines(Index, Index),
    SwapKeyValue(Index),
    Insert(Index, String),
    InsertLine(Index, &'static str),
    Truncate(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let text = prop_oneof![
        2 => prop::sample::select(BREAKERS).prop_map(str::to_string),
        1 => any::<String>().prop_map(|s| s.chars().take(12).collect()),
    ];
    prop_oneof![
        2 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        1 => (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::SetByte(i, b)),
        3 => any::<Index>().prop_map(Mutation::DeleteLine),
        1 => any::<Index>().prop_map(Mutation::DuplicateLine),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        1 => any::<Index>().prop_map(Mutation::SwapKeyValue),
        2 => (any::<Index>(), text).prop_map(|(i, s)| Mutation::Insert(i, s)),
        5 => (any::<Index>(), prop::sample::select(LINES))
            .prop_map(|(i, s)| Mutation::InsertLine(i, s)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
    ]
}

fn lines_of(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
}

fn apply(mut bytes: Vec<u8>, m: &Mutation) -> Vec<u8> {
    let len = bytes.len();
    match m {
        Mutation::FlipBit(i, bit) if len > 0 => bytes[i.index(len)] ^= 1 << bit,
        Mutation::SetByte(i, b) if len > 0 => bytes[i.index(len)] = *b,
        Mutation::Insert(i, s) => {
            let at = i.index(len + 1);
            bytes.splice(at..at, s.bytes());
        }
        Mutation::Truncate(i) => bytes.truncate(i.index(len + 1)),
        Mutation::InsertLine(i, line) => {
            let mut lines = lines_of(&bytes);
            let at = i.index(lines.len() + 1);
            lines.insert(at, line.as_bytes().to_vec());
            bytes = lines.join(&b'\n');
        }
        Mutation::DeleteLine(i) | Mutation::DuplicateLine(i) | Mutation::SwapKeyValue(i) => {
            let mut lines = lines_of(&bytes);
            let at = i.index(lines.len());
            match m {
                Mutation::DeleteLine(_) => {
                    lines.remove(at);
                }
                Mutation::DuplicateLine(_) => {
                    let line = lines[at].clone();
                    lines.insert(at, line);
                }
                _ => {
                    // `key = value` → `value = key`
                    let line = &lines[at];
                    if let Some(eq) = line.iter().position(|&b| b == b'=') {
                        let mut swapped = line[eq + 1..].to_vec();
                        swapped.push(b'=');
                        swapped.extend_from_slice(&line[..eq]);
                        lines[at] = swapped;
                    }
                }
            }
            bytes = lines.join(&b'\n');
        }
        Mutation::SwapLines(a, b) => {
            let mut lines = lines_of(&bytes);
            let n = lines.len();
            lines.swap(a.index(n), b.index(n));
            bytes = lines.join(&b'\n');
        }
        _ => {}
    }
    bytes
}

fn input() -> impl Strategy<Value = String> {
    // Mostly valid bases: a few mutations of a valid config reach every
    // check; broken bases add the odd corners of the fixtures.
    let base = prop_oneof![
        3 => any::<Index>().prop_map(|i| &corpus().valid[i.index(corpus().valid.len())]),
        1 => any::<Index>().prop_map(|i| &corpus().broken[i.index(corpus().broken.len())]),
    ];
    let mutated = (base, prop::collection::vec(mutation(), 1..4)).prop_map(|(base, ms)| {
        let bytes = ms.iter().fold(base.clone(), apply);
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let assembled = prop::collection::vec(prop::sample::select(LINES), 0..40)
        .prop_map(|parts| parts.join("\n"));
    prop_oneof![
        6 => mutated,
        3 => assembled,
        1 => any::<String>(),
    ]
}

/// What every error must look like: one line, naming the file first, with a
/// place inside the text.
fn check_error(e: &ConfigError, text: &str) -> Result<(), TestCaseError> {
    let shown = e.to_string();
    prop_assert!(shown.starts_with(ORIGIN), "{shown}");
    prop_assert!(
        !shown.chars().any(char::is_control),
        "control character in {shown:?}"
    );
    if let Some(at) = e.location() {
        let lines = text.split('\n').count();
        prop_assert!(at.line >= 1 && at.line <= lines, "{shown}");
        prop_assert!(at.column >= 1, "{shown}");
    }
    Ok(())
}

fn check_names<'a>(names: impl Iterator<Item = &'a str>) -> Result<(), TestCaseError> {
    let mut seen = Vec::new();
    for n in names {
        prop_assert!(!n.trim().is_empty() && !n.chars().any(char::is_control));
        let folded = n.to_lowercase();
        prop_assert!(!seen.contains(&folded), "duplicate name {n:?} accepted");
        seen.push(folded);
    }
    Ok(())
}

/// What every accepted table must satisfy.
fn check_table(t: &TableConfig) -> Result<(), TestCaseError> {
    let r = &t.rules;
    prop_assert!(2 <= r.min_players && r.min_players <= r.max_players);
    prop_assert!(r.max_players <= MAX_SEATS);
    prop_assert!((r.min_players..=r.max_players).contains(&t.seats.len()));
    prop_assert!(r.chips >= 1 && t.games >= 1);
    for s in &t.seats {
        prop_assert!(s.limits.instructions > 0 && s.limits.wall_ms > 0 && s.limits.memory_mb > 0);
    }
    check_names(t.seats.iter().map(|s| s.name.as_str()))
}

fn check_tournament(t: &TournamentConfig) -> Result<(), TestCaseError> {
    let r = &t.rules;
    prop_assert!((r.min_players..=r.max_players).contains(&t.table_size));
    prop_assert!(t.bots.len() >= t.table_size);
    check_names(t.bots.iter().map(|b| b.name.as_str()))
}

/// One generated input through both loaders.
fn check_input(text: &str) -> Result<(), TestCaseError> {
    let origin = Path::new(ORIGIN);
    match parse_table(text, origin) {
        Ok(t) => check_table(&t)?,
        Err(e) => check_error(&e, text)?,
    }
    match parse_tournament(text, origin) {
        Ok(t) => check_tournament(&t)?,
        Err(e) => check_error(&e, text)?,
    }
    Ok(())
}

#[test]
fn the_loader_never_panics() {
    let config = Config {
        cases: cases(),
        // A failure is printed with its shrunk input; a regressions file
        // would land beside this test, so none is written.
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        max_shrink_iters: 20_000,
        ..Config::default()
    };
    let count = AtomicU64::new(0);
    let started = Instant::now();
    let result = TestRunner::new(config).run(&input(), |text| {
        count.fetch_add(1, Ordering::Relaxed);
        check_input(&text)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // Printed so the run documents itself (`cargo test -- --nocapture`).
    eprintln!(
        "config fuzz: {} generated inputs, each through parse_table and parse_tournament, in {:.1?}",
        count.load(Ordering::Relaxed),
        started.elapsed()
    );
    assert!(count.load(Ordering::Relaxed) >= u64::from(cases()));
}

/// The mutations really reach deep into validation: a good share of inputs
/// parse as TOML and fail (or pass) on meaning, not only on syntax.
#[test]
fn mutations_reach_validation() {
    use proptest::strategy::ValueTree;
    let mut runner = TestRunner::deterministic();
    let strategy = input();
    let (mut syntax, mut semantic, mut ok) = (0, 0, 0);
    for _ in 0..2000 {
        let text = strategy.new_tree(&mut runner).expect("input").current();
        match parse_table(&text, Path::new(ORIGIN)) {
            Ok(_) => ok += 1,
            Err(e) if e.kind() == liar::config::ErrorKind::Syntax => syntax += 1,
            Err(_) => semantic += 1,
        }
    }
    eprintln!("{syntax} syntax errors, {semantic} semantic errors, {ok} accepted");
    assert!(
        semantic > 400,
        "only {semantic} semantic errors ({syntax} syntax, {ok} ok)"
    );
    assert!(
        ok > 20,
        "only {ok} accepted ({syntax} syntax, {semantic} semantic)"
    );
}
