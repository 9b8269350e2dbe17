//! Golden tests for config error messages, and the shipped configs.
//!
//! Each `tests/fixtures/config/broken/*.toml` is a table with one mistake;
//! the exact messages of all of them are one insta snapshot, a line each.
//! Tournament mistakes live in `broken_tournament/`. Paths in messages are
//! printed as given (relative to the crate root, where cargo runs tests), so
//! the snapshot is the same on every machine.
//!
//! After changing a message on purpose, run the tests with
//! `INSTA_UPDATE=always` (or `cargo insta review`) and review the diff.

use liar::config::{
    BotSource, ConfigError, DEFAULT_TABLE, ErrorKind, Isolation, Length, ReplaySample, SeatKind,
    SeatOrders, TableConfig, default_table, load_table, load_tournament, parse_table,
};
use liar::engine::{PenaltyMode, Policy};
use liar::rules::{DiceKind, Lang, NextRoundStarter, SeatingRule, Straights};
use std::path::{Path, PathBuf};

const FIXTURES: &str = "tests/fixtures/config";

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(FIXTURES).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// Every fixture's message, a line each, in file order; checks that each
/// fixture fails with one line that starts with its file name.
fn messages(dir: &str, load: impl Fn(&Path) -> Result<(), ConfigError>) -> String {
    messages_in(dir, Lang::En, load)
}

/// [`messages`] in `lang`; in English, `text` is the Display.
fn messages_in(dir: &str, lang: Lang, load: impl Fn(&Path) -> Result<(), ConfigError>) -> String {
    let fixtures = files(dir, "toml");
    assert!(!fixtures.is_empty(), "no fixtures in {dir}");
    let mut out = String::new();
    for path in &fixtures {
        let Err(err) = load(path) else {
            panic!("{}: loaded without error", path.display());
        };
        let mut actual = err.text(lang);
        if lang == Lang::En {
            assert_eq!(actual, err.to_string());
        }
        if cfg!(windows) {
            actual = actual.replace('\\', "/");
        }
        assert!(!actual.contains('\n'), "multi-line message: {actual}");
        assert!(actual.starts_with(&path.display().to_string()) || cfg!(windows));
        out.push_str(&actual);
        out.push('\n');
    }
    out
}

#[test]
fn broken_tables_give_the_expected_messages() {
    let text = messages("broken", |p| load_table(p).map(drop));
    assert!(text.lines().count() >= 15, "too few broken table fixtures");
    insta::assert_snapshot!("broken_tables", text);
}

/// The same fixtures in Russian: the same files, places and keys, every
/// explanation in Russian.
#[test]
fn broken_tables_explain_themselves_in_russian() {
    let text = messages_in("broken", Lang::Ru, |p| load_table(p).map(drop));
    let english = messages("broken", |p| load_table(p).map(drop));
    for (ru, en) in text.lines().zip(english.lines()) {
        assert_ne!(ru, en, "not translated");
    }
    insta::assert_snapshot!("broken_tables_ru", text);
    let text = messages_in("broken_tournament", Lang::Ru, |p| {
        load_tournament(p).map(drop)
    });
    insta::assert_snapshot!("broken_tournaments_ru", text);
}

#[test]
fn broken_tournaments_give_the_expected_messages() {
    let text = messages("broken_tournament", |p| load_tournament(p).map(drop));
    assert!(
        text.lines().count() >= 5,
        "too few broken tournament fixtures"
    );
    insta::assert_snapshot!("broken_tournaments", text);
}

#[test]
fn errors_carry_kind_key_and_place() {
    let err = load_table(&Path::new(FIXTURES).join("broken/bad_straights.toml")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BadValue);
    assert_eq!(err.key(), Some("rules.straights"));
    let at = err.location().expect("a place in the file");
    assert_eq!((at.line, at.column), (2, 13));
    assert!(err.message().contains("\"below-full-house\""));

    let err = load_table(&Path::new(FIXTURES).join("broken/missing_bot_file.toml")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BotFile);
    let err = load_table(&Path::new(FIXTURES).join("broken/duplicate_names.toml")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::DuplicateName);
    let err = load_table(&Path::new(FIXTURES).join("broken/too_few_seats.toml")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::SeatCount);
    let err = load_table(&Path::new(FIXTURES).join("broken/invalid_syntax.toml")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Syntax);
}

#[test]
fn a_missing_file_is_a_read_error() {
    let err = load_table(Path::new("tests/fixtures/config/no-such-table.toml")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Read);
    assert!(
        err.to_string()
            .starts_with("tests/fixtures/config/no-such-table.toml: cannot read: ")
    );
    assert_eq!(err.location(), None);
}

#[test]
fn scripts_resolve_against_the_config_directory() {
    let path = Path::new(FIXTURES).join("good/script_seat.toml");
    let table = load_table(&path).unwrap();
    let expected = Path::new(FIXTURES).join("good").join("../bots/tiny.lua");
    assert_eq!(table.seats[0].bot, Some(BotSource::Script(expected)));
    assert_eq!(table.seats[0].limits.memory_mb, 8);
    assert_eq!(table.seats[0].limits.instructions, 5_000_000);
}

#[test]
fn good_fixtures_load() {
    for path in files("good", "toml") {
        if let Err(e) = load_table(&path) {
            panic!("{e}");
        }
    }
    let t = load_table(&Path::new(FIXTURES).join("good/inline_seats.toml")).unwrap();
    assert_eq!(t.seats[2].limits.wall_ms, 5);
    assert_eq!(t.seats[2].bot, Some(BotSource::Bundled("random".into())));
}

/// Every shipped `config/*.toml`: tables through `load_table`, the
/// tournament through `load_tournament`.
#[test]
fn shipped_configs_are_valid() {
    let mut tables = 0;
    let mut shipped: Vec<PathBuf> = std::fs::read_dir("config")
        .expect("config/ exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    shipped.sort();
    for path in &shipped {
        let result = if path.file_name().is_some_and(|n| n == "tournament.toml") {
            load_tournament(path).map(drop)
        } else {
            tables += 1;
            load_table(path).map(drop)
        };
        if let Err(e) = result {
            panic!("{e}");
        }
    }
    assert!(tables >= 4, "expected at least four example tables");
}

fn shipped(name: &str) -> TableConfig {
    load_table(&Path::new("config").join(name)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn shipped_tables_say_what_they_promise() {
    let d = default_table().unwrap();
    assert_eq!(
        d,
        parse_table(DEFAULT_TABLE, Path::new("x/default.toml")).unwrap()
    );
    assert_eq!(d, shipped("default.toml"));
    let humans = |t: &TableConfig| {
        t.seats
            .iter()
            .filter(|s| s.kind() == SeatKind::Human)
            .count()
    };
    assert_eq!((humans(&d), d.seats.len()), (1, 3));
    assert!(
        d.seats
            .iter()
            .all(|s| matches!(s.bot, None | Some(BotSource::Bundled(_))))
    );

    let bots = shipped("bots-only.toml");
    assert_eq!(humans(&bots), 0);
    let stat = Path::new("config").join("../bots/statistician.lua");
    assert_eq!(bots.seats[0].bot, Some(BotSource::Script(stat)));
    assert_eq!(bots.seats[0].limits.instructions, 10_000_000);
    assert_eq!(bots.seats[1].limits.instructions, 5_000_000);

    let hot = shipped("hot-seat.toml");
    assert_eq!((humans(&hot), hot.seats.len()), (2, 3));
    assert_eq!(hot.lang, Some(Lang::Ru));

    let v = shipped("variant.toml");
    assert_eq!(v.rules.dice, DiceKind::Standard);
    assert_eq!(v.rules.straights, Straights::AboveFullHouse);
    assert_eq!(v.rules.next_round_starter, NextRoundStarter::Loser);
    assert_eq!(v.rules.seating, SeatingRule::Listed);
    assert_eq!(v.penalty.mode, PenaltyMode::Fallback);
    assert_eq!(v.penalty.disqualify_after, None);
    assert_eq!(v.seats[2].bot, Some(BotSource::Native(Policy::Honest)));

    let t = load_tournament(Path::new("config/tournament.toml")).unwrap();
    assert_eq!(t.length, Length::Games(100_000));
    assert_eq!(t.seat_orders, SeatOrders::Rotations);
    assert_eq!((t.table_size, t.seed, t.jobs), (3, None, 0));
    assert!(!t.duplicate_dice);
    assert_eq!(t.replay_sample, ReplaySample::None);
    assert_eq!(t.bots[1].limits.instructions, 2_000_000);
    assert_eq!(t.bots[1].limits.log_lines, 0);
}

/// The config layer keeps its own list of bundled bots (it may not use the
/// Lua layer); it must match the bots the binary embeds.
#[test]
fn every_bundled_bot_is_the_file_in_bots() {
    assert!(liar::lua::BUNDLED_BOTS.len() >= 4);
    for name in liar::lua::BUNDLED_BOTS {
        let embedded = liar::lua::bundled_source(name).expect("embedded");
        let path = format!("bots/{name}.lua");
        let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(embedded, on_disk, "{name}");
    }
}

#[test]
fn isolation_is_read_per_table_and_per_seat() {
    let text = r#"
[rules]
min_players = 2

[limits]
isolation = "process"

[[seats]]
name = "A"
type = "bot"
bundled = "honest"

[[seats]]
name = "B"
type = "bot"
bundled = "random"
[seats.limits]
isolation = "thread"
"#;
    let table = parse_table(text, Path::new("iso.toml")).expect("valid table");
    assert_eq!(table.limits.isolation, Some(Isolation::Process));
    assert_eq!(table.seats[0].limits.isolation, Some(Isolation::Process));
    assert_eq!(table.seats[1].limits.isolation, Some(Isolation::Thread));
    // Unset: the command decides.
    let plain = parse_table(
        "[rules]\nmin_players = 2\n[[seats]]\nname = \"A\"\ntype = \"bot\"\nbundled = \"honest\"\n\
         [[seats]]\nname = \"B\"\ntype = \"bot\"\nbundled = \"random\"\n",
        Path::new("plain.toml"),
    )
    .expect("valid table");
    assert_eq!(plain.limits.isolation, None);
    // The shipped files say what they promise.
    assert_eq!(
        load_tournament(Path::new("config/tournament.toml"))
            .expect("shipped tournament")
            .bots[0]
            .limits
            .isolation,
        Some(Isolation::Process)
    );
    assert_eq!(
        default_table().expect("embedded table").limits.isolation,
        Some(Isolation::Thread)
    );
}
