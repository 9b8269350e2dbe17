//! Golden transcripts of the viewer on a short stored game: God's view and
//! seat views, in English and Russian.
//!
//! The replay is stored (`tests/fixtures/viewer/short.jsonl`) so that the
//! transcripts change only when the viewer's or the game's words do. After
//! an intended change, run `LIAR_BLESS=1 cargo test --test viewer_golden`
//! and review the diff (the replay itself is made again only if missing).

#[path = "fixtures/viewer/support.rs"]
mod support;

use liar::human::{Console, MemoryOutput};
use liar::i18n::Lang;
use liar::replay::check_replay;
use liar::rules::Rules;
use liar::viewer::{Perspective, Timeline, Viewer};
use std::path::Path;
use std::sync::OnceLock;

const DIR: &str = "tests/fixtures/viewer";

fn bless() -> bool {
    std::env::var_os("LIAR_BLESS").is_some_and(|v| v == "1")
}

/// A short game: three seats, one chip each, with at least one accept and
/// re-throw (the first seed that gives one).
fn make_short_replay() -> Vec<u8> {
    let rules = Rules {
        chips: 1,
        ..Rules::default()
    };
    (0..1000)
        .map(|seed| support::native_replay(rules, seed, 1, &["honest", "random", "honest"]))
        .find(|bytes| {
            let text = String::from_utf8_lossy(bytes);
            let lines = text.lines().count();
            (14..=24).contains(&lines) && text.contains("\"type\":\"reroll\"")
        })
        .expect("a short game with a re-throw")
}

/// The stored replay (made first, once, when blessing and missing).
fn short_replay() -> &'static [u8] {
    static REPLAY: OnceLock<Vec<u8>> = OnceLock::new();
    REPLAY.get_or_init(|| {
        let path = Path::new(DIR).join("short.jsonl");
        if bless() && !path.exists() {
            std::fs::write(&path, make_short_replay()).expect("writable fixtures");
        }
        std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with LIAR_BLESS=1)", path.display()))
    })
}

/// The transcript of the viewer shown every step: `a` to the end of the
/// game, `a` again to the end of the match.
fn transcript(perspective: Perspective, lang: Lang) -> String {
    let bytes = short_replay();
    check_replay(bytes).expect("the stored replay is valid");
    let timeline = Timeline::read(bytes).expect("readable");
    let out = MemoryOutput::new();
    let mut console = Console::new(&b"a\na\n"[..], out.clone(), false);
    Viewer::new(&timeline, lang, perspective)
        .expect("a seat of the table")
        .run(&mut console);
    out.text()
}

fn golden(name: &str, actual: &str) {
    let path = Path::new(DIR).join(name);
    if bless() {
        std::fs::write(&path, actual).expect("writable fixtures");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with LIAR_BLESS=1)", path.display()));
    assert!(
        expected == actual,
        "{} differs (LIAR_BLESS=1 rewrites it):\n--- expected\n{expected}\n--- actual\n{actual}",
        path.display()
    );
}

#[test]
fn gods_view_in_english() {
    golden("short_god_en.txt", &transcript(Perspective::God, Lang::En));
}

#[test]
fn a_seat_view_in_english() {
    golden(
        "short_seat1_en.txt",
        &transcript(Perspective::Seat(1), Lang::En),
    );
}

#[test]
fn a_seat_view_in_russian() {
    golden(
        "short_seat0_ru.txt",
        &transcript(Perspective::Seat(0), Lang::Ru),
    );
}
