//! Stepping through a replay: next, previous, jumps to rounds and games,
//! switching views, scripted input in English and Russian; and replays that
//! end badly (cut, unfinished, broken, aborted).

use super::support;

use liar::engine::*;
use liar::human::{Console, MemoryOutput};
use liar::i18n::Lang;
use liar::rules::*;
use liar::viewer::*;
use support::{Flaky, flaky, native_replay, record};

fn two_games() -> Vec<u8> {
    native_replay(Rules::default(), 21, 2, &["honest", "random", "honest"])
}

fn timeline(bytes: &[u8]) -> Timeline {
    Timeline::read(bytes).expect("readable")
}

/// The lines of a replay, each with its newline.
fn lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8(bytes.to_vec())
        .expect("UTF-8")
        .lines()
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Runs the viewer on a script; returns the transcript.
fn run(timeline: &Timeline, perspective: Perspective, lang: Lang, script: &str) -> String {
    let out = MemoryOutput::new();
    let mut console = Console::new(std::io::Cursor::new(script.to_string()), out.clone(), false);
    let mut viewer = Viewer::new(timeline, lang, perspective).expect("a seat of the table");
    viewer.run(&mut console);
    out.text()
}

fn first_line(reply: Option<(Vec<Line>, bool)>) -> String {
    let (lines, _) = reply.expect("not quit");
    lines.first().map(|l| l.1.clone()).unwrap_or_default()
}

#[test]
fn next_previous_and_jumps_move_between_steps() {
    let t = timeline(&two_games());
    assert_eq!(t.games(), 2);
    let mut v = Viewer::new(&t, Lang::En, Perspective::God).unwrap();
    assert_eq!(v.index(), 0);
    assert_eq!(first_line(v.handle("p")), "This is the first step.");
    assert_eq!(v.index(), 0);
    v.handle("n");
    v.handle("");
    assert_eq!(v.index(), 2);
    v.handle("p");
    assert_eq!(v.index(), 1);

    // Before game 1, rounds are game 1's.
    v.handle("r 2");
    assert_eq!(Some(v.index()), t.round_start(1, 2));
    v.handle("g2");
    assert_eq!(Some(v.index()), t.game_start(2));
    v.handle("r 1");
    assert_eq!(Some(v.index()), t.round_start(2, 1));
    assert_eq!(t.steps[v.index()].game, 2);

    // Jumps that go nowhere say why and stay put.
    let here = v.index();
    let rounds = t.rounds(2);
    assert_eq!(
        first_line(v.handle("r 99")),
        format!("Game 2 has no round 99: rounds 1 to {rounds}.")
    );
    assert_eq!(
        first_line(v.handle("g 7")),
        "This replay has no game 7: games 1 to 2."
    );
    assert_eq!(first_line(v.handle("r")), "Give a number, e.g. r 2.");
    assert_eq!(
        first_line(v.handle("fly")),
        "\"fly\" is not a command here; h for help."
    );
    assert_eq!(v.index(), here);

    // Views: by number (from 1), by name (any case), back to God.
    v.handle("s 2");
    assert_eq!(v.perspective(), Perspective::Seat(1));
    v.handle("s HONEST#2");
    assert_eq!(v.perspective(), Perspective::Seat(2));
    assert_eq!(
        first_line(v.handle("s 4")),
        "\"4\" is not a seat: give 1 to 3, a name, or god."
    );
    assert_eq!(
        first_line(v.handle("s 0")),
        "\"0\" is not a seat: give 1 to 3, a name, or god."
    );
    v.handle("s god");
    assert_eq!(v.perspective(), Perspective::God);
    assert_eq!(v.index(), here);

    // To the end of the game, then the end of the match.
    v.handle("a");
    assert!(matches!(
        t.steps[v.index()].event,
        Event::GameEnd(GameEnd { game: 2, .. })
    ));
    v.handle("n");
    assert_eq!(v.index(), t.steps.len() - 1);
    assert_eq!(
        first_line(v.handle("n")),
        "This is the last step of the replay."
    );
    assert!(v.handle("q").is_none());
}

#[test]
fn russian_commands_work_too() {
    let t = timeline(&two_games());
    let mut v = Viewer::new(&t, Lang::Ru, Perspective::God).unwrap();
    v.handle("д");
    v.handle("далее");
    v.handle("з");
    assert_eq!(v.index(), 1);
    // «н» and «в» are the table's answers (не верю, верю), not viewer keys.
    assert!(first_line(v.handle("н")).starts_with("«н» — такой команды нет"));
    assert!(first_line(v.handle("в")).starts_with("«в» — такой команды нет"));
    assert_eq!(v.index(), 1);
    v.handle("п 2");
    assert_eq!(Some(v.index()), t.game_start(2));
    v.handle("раунд 1");
    assert_eq!(Some(v.index()), t.round_start(2, 1));
    // Seats count from 1: «м 2» is the file's seat 1.
    v.handle("м 2");
    assert_eq!(v.perspective(), Perspective::Seat(1));
    v.handle("бог");
    assert_eq!(v.perspective(), Perspective::God);
    assert_eq!(
        first_line(v.handle("з 2")),
        "«з 2» — такой команды нет; ? — справка."
    );
    let (help, _) = v.handle("?").unwrap();
    assert!(help[0].1.starts_with("Команды"));
    assert!(help.iter().any(|(_, l)| l.contains("з, назад")));
    assert!(
        !help
            .iter()
            .any(|(_, l)| l.contains("в, выход") || l.contains("н, назад"))
    );
    assert!(v.handle("к").is_none());
}

#[test]
fn a_scripted_console_steps_and_quits() {
    let t = timeline(&two_games());
    let text = run(&t, Perspective::Seat(0), Lang::En, "n\n\np\nq\nn\nn\n");
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("──")).collect();
    let steps = t.steps.len();
    let view = "seat 1, as honest#0 saw it";
    assert_eq!(
        headers,
        vec![
            format!("── step 1 of {steps} · {view} ──"),
            format!("── step 2 of {steps} · {view} ──"),
            format!("── game 1 · step 3 of {steps} · {view} ──"),
            format!("── step 2 of {steps} · {view} ──"),
        ],
        "{text}"
    );
    // Lines read are echoed after the prompt; nothing after `q` is read.
    assert!(text.contains("> q\n"), "{text}");
    assert_eq!(text.matches(" > ").count(), 4, "{text}");
}

#[test]
fn the_end_of_input_ends_the_viewer_after_the_first_step() {
    let t = timeline(&two_games());
    let text = run(&t, Perspective::God, Lang::En, "");
    assert_eq!(text.matches("──").count(), 2, "{text}");
    assert!(
        text.contains("Players: honest#0, random#1, honest#2."),
        "{text}"
    );
    assert!(text.ends_with(" > \n"), "{text:?}");
}

#[test]
fn all_shows_every_step_to_the_end_of_the_game() {
    let t = timeline(&two_games());
    let mut v = Viewer::new(&t, Lang::En, Perspective::Seat(1)).unwrap();
    v.go_to_game(1).unwrap();
    let start = v.index();
    let (lines, _) = v.handle("all").unwrap();
    let end = v.index();
    assert!(matches!(
        t.steps[end].event,
        Event::GameEnd(GameEnd { game: 1, .. })
    ));
    let expected: Vec<String> = (start + 1..=end)
        .map(|i| step_text(&t, i, Perspective::Seat(1), Lang::En))
        .collect();
    let shown: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
    assert_eq!(shown, expected.join("\n"));
}

#[test]
fn bad_seats_and_games_are_refused_at_the_start() {
    let t = timeline(&two_games());
    let err = Viewer::new(&t, Lang::En, Perspective::Seat(3)).err();
    assert_eq!(err, Some(StartError::NoSuchSeat { seat: 3, seats: 3 }));
    assert_eq!(
        err.map(|e| e.text(Lang::Ru)).unwrap_or_default(),
        "места 4 нет: места за этим столом — от 1 до 3."
    );
    let mut v = Viewer::new(&t, Lang::En, Perspective::Seat(2)).unwrap();
    assert_eq!(
        v.go_to_game(3),
        Err(StartError::NoSuchGame { game: 3, games: 2 })
    );
    assert_eq!(
        v.go_to_game(0),
        Err(StartError::NoSuchGame { game: 0, games: 2 })
    );
    assert_eq!(v.index(), 0);
}

#[test]
fn an_unfinished_replay_is_shown_to_its_last_line_with_a_note() {
    let bytes = two_games();
    let all = lines(&bytes);
    let keep = all.len() - 7;
    let cut: String = all[..keep].concat();
    let t = timeline(cut.as_bytes());
    assert_eq!(t.ending, Ending::Incomplete { line: keep });
    assert_eq!(t.steps.last().map(|s| s.line), Some(keep));

    let note = format!(
        "Note: the replay ends at line {keep} without the end of the match — the match did not finish."
    );
    let text = run(&t, Perspective::God, Lang::En, "g 2\na\nn\n");
    assert!(
        text.starts_with(&format!("\n{note}\n── step 1 of")),
        "{text}"
    );
    // Shown again on reaching the last step, and on trying to go past it.
    assert_eq!(text.matches(&note).count(), 3, "{text}");
    assert!(
        text.contains("This is the last step of the replay."),
        "{text}"
    );
}

#[test]
fn a_replay_cut_mid_line_keeps_its_complete_lines() {
    let bytes = two_games();
    let all = lines(&bytes);
    let whole: String = all[..20].concat();
    let cut = format!("{whole}{}", &all[20][..15]);
    let t = timeline(cut.as_bytes());
    assert_eq!(t.ending, Ending::Incomplete { line: 20 });
    let events = all[..20]
        .iter()
        .filter(|l| !l.contains("\"type\":\"log\""))
        .count();
    assert_eq!(t.steps.len(), events);
    assert_eq!(t.steps.last().map(|s| s.line), Some(20));
}

#[test]
fn a_broken_line_stops_the_replay_where_it_breaks() {
    let all = lines(&two_games());
    let mut garbled = all.clone();
    garbled[9] = "{\"type\":\"claim\",\n".into();
    let t = timeline(garbled.concat().as_bytes());
    let Ending::Broken { line, reason } = &t.ending else {
        panic!("{:?}", t.ending);
    };
    assert_eq!(*line, 10);
    assert!(reason.starts_with("bad JSON"), "{reason}");
    assert_eq!(t.steps.last().map(|s| s.line), Some(9));
    let text = run(&t, Perspective::God, Lang::Ru, "");
    assert!(
        text.contains("Внимание: файл повреждён в строке 10 (bad JSON"),
        "{text}"
    );

    // A readable line that breaks the rules: the checker's reason.
    let mut wrong = all.clone();
    let claim = wrong
        .iter()
        .position(|l| l.contains("\"type\":\"claim\""))
        .expect("a claim");
    wrong[claim] = wrong[claim].replace("\"type\":\"claim\"", "\"type\":\"accept\"");
    let t = timeline(wrong.concat().as_bytes());
    assert!(
        matches!(&t.ending, Ending::Broken { line, .. } if *line == claim + 1),
        "{:?}",
        t.ending
    );
    assert_eq!(t.steps.len(), claim);
}

#[test]
fn a_replay_without_a_readable_first_line_cannot_be_viewed() {
    let err = Timeline::read(&b""[..]).unwrap_err();
    assert_eq!((err.line, err.reason.as_str()), (1, "the file is empty"));
    let err = Timeline::read(&b"hello\n"[..]).unwrap_err();
    assert_eq!(err.line, 1);
    assert!(err.to_string().starts_with("line 1: bad JSON"), "{err}");
    let err = Timeline::read(&b"{\"type\":\"accept\",\"seat\":0}\n"[..]).unwrap_err();
    assert!(err.reason.contains("`match`"), "{err}");
}

#[test]
fn an_aborted_match_ends_with_its_stop() {
    let setup = MatchSetup::native(Rules::default(), 4, 3, &["random"; 3]);
    let mut players: Vec<Flaky> = (0..3)
        .map(|s| flaky(s, 0, (s == 1).then_some(12), DiceKind::Poker))
        .collect();
    let t = timeline(&record(&setup, &mut players).0);
    assert_eq!(t.ending, Ending::Stopped);
    let last = step_text(&t, t.steps.len() - 1, Perspective::God, Lang::En);
    assert!(
        last.contains("The match stopped before its end. Games won:"),
        "{last}"
    );
    let text = run(&t, Perspective::God, Lang::En, "");
    assert!(!text.contains("Note:"), "{text}");
}

#[test]
fn bot_logs_and_penalty_details_belong_to_their_step() {
    let mut setup = MatchSetup::native(Rules::default(), 8, 1, &["random"; 3]);
    setup.penalty = PenaltyPolicy {
        mode: PenaltyMode::Forfeit,
        disqualify_after: None,
    };
    let mut players: Vec<Flaky> = (0..3)
        .map(|s| flaky(s + 30, if s == 0 { 40 } else { 0 }, None, DiceKind::Poker))
        .collect();
    let (bytes, _) = record(&setup, &mut players);
    let t = timeline(&bytes);
    let logs_in_file = lines(&bytes)
        .iter()
        .filter(|l| l.contains("\"type\":\"log\""))
        .count();
    let logs_in_steps: usize = t.steps.iter().map(|s| s.logs.len()).sum();
    assert!(logs_in_file > 0);
    assert_eq!(logs_in_steps, logs_in_file);
    let penalty = t
        .steps
        .iter()
        .position(|s| matches!(s.event, Event::Penalty { .. }))
        .expect("seat 0 fails");
    let god = step_text(&t, penalty, Perspective::God, Lang::En);
    assert!(god.contains("(detail: "), "{god}");
    let other = step_text(&t, penalty, Perspective::Seat(1), Lang::En);
    assert!(!other.contains("(detail: "), "{other}");
}
