//! Golden transcripts of the viewer on a short stored game: God's view and
//! seat views, in English and Russian.
//!
//! The replay is stored (`tests/fixtures/viewer/short.jsonl`) so that the
//! transcripts change only when the viewer's or the game's words do. The
//! transcripts are insta snapshots: after an intended change, run the tests
//! with `INSTA_UPDATE=always` (or `cargo insta review`) and review the diff.

use liar::human::{Console, MemoryOutput};
use liar::i18n::Lang;
use liar::replay::check_replay;
use liar::viewer::{Perspective, Timeline, Viewer};
use std::sync::OnceLock;

/// The stored short game: three seats, one chip each, with an accept and
/// a re-throw.
fn short_replay() -> &'static [u8] {
    static REPLAY: OnceLock<Vec<u8>> = OnceLock::new();
    REPLAY.get_or_init(|| {
        let path = "tests/fixtures/viewer/short.jsonl";
        std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))
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

#[test]
fn gods_view_in_english() {
    insta::assert_snapshot!("god_en", transcript(Perspective::God, Lang::En));
}

#[test]
fn a_seat_view_in_english() {
    insta::assert_snapshot!("seat1_en", transcript(Perspective::Seat(1), Lang::En));
}

#[test]
fn a_seat_view_in_russian() {
    insta::assert_snapshot!("seat0_ru", transcript(Perspective::Seat(0), Lang::Ru));
}
