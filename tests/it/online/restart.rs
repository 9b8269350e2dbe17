//! Nothing lost on a restart: `liar serve` killed (SIGKILL) in the middle
//! of a match, while a person's question waits, is started again on the
//! same data folder; the people come back with their tokens and finish,
//! and the replay is byte for byte that of the same match played without
//! the kill.

use super::support::{Client, Server, scripted_move};
use crate::support::{Scratch, liar, temp_dir};
use liar::online::{ClientMsg, Phase, SeatSnapshot, ServerMsg, TableId, TableSummary};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Two people and a Lua bot, a fixed seed, a timer that never runs out here.
const TABLE: &str = "[match]\ngames = 2\nseed = 20261130\n\
    [online]\nturn_seconds = 3600\n\
    [[seats]]\nname = \"Seat 1\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Seat 2\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Stat\"\ntype = \"bot\"\nbundled = \"statistician\"\n";

/// Answers given before the kill (over both people).
const BEFORE_KILL: usize = 5;

/// The longest a whole match may take here.
const MATCH_TIME: Duration = Duration::from_secs(120);

/// A data folder and the table file the server offers.
struct Folder {
    dir: Scratch,
}

impl Folder {
    fn new(name: &str) -> Folder {
        let dir = temp_dir(name);
        std::fs::write(dir.join("restart.toml"), TABLE).unwrap();
        Folder { dir }
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn start(&self) -> Server {
        let table = self.dir.join("restart.toml");
        let data = self.data();
        Server::start(&["--data", data.to_str().unwrap(), table.to_str().unwrap()])
    }

    /// The journal of the only match.
    fn journal(&self) -> PathBuf {
        self.match_folder().join("journal.jsonl")
    }

    /// The replay file of the only match, as the data folder keeps it.
    fn replay(&self) -> Vec<u8> {
        std::fs::read(self.match_folder().join("replay.jsonl")).unwrap()
    }

    /// The folder of the only match.
    fn match_folder(&self) -> PathBuf {
        let matches = self.data().join("matches");
        let mut folders: Vec<_> = std::fs::read_dir(&matches)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(folders.len(), 1, "one match in {}", matches.display());
        folders.pop().unwrap()
    }
}

/// A person: a seat, its token, and the last question it answered.
struct Person {
    seat: usize,
    token: String,
    answered: Option<u64>,
    /// A question the person was shown on coming back (in the `state`
    /// that answered `resume`), not answered yet.
    shown: Option<(u64, SeatSnapshot)>,
}

/// Opens the table and seats two people; the host starts the match.
fn sit_two(server: &Server) -> (TableId, [(Client, Person); 2]) {
    let mut ann = server.client();
    let table = ann.create("restart");
    let (seat, token) = ann.sit(table, "Ann");
    let ann = (
        ann,
        Person {
            seat,
            token,
            answered: None,
            shown: None,
        },
    );
    let mut bob = server.client();
    let (seat, token) = bob.sit(table, "Bob");
    let mut people = [
        ann,
        (
            bob,
            Person {
                seat,
                token,
                answered: None,
                shown: None,
            },
        ),
    ];
    people[0].0.send(ClientMsg::Start {
        fill_with_bots: false,
    });
    (table, people)
}

/// How a person's play stopped.
#[derive(Debug, PartialEq)]
enum Stop {
    /// The match ended.
    End,
    /// A question waits (all the answers allowed were given).
    Asked,
    /// The connection dropped (the server was killed).
    Gone,
}

/// Answers the person's questions by [`scripted_move`] until the match
/// ends, or until `budget` (shared by both people) has no answers left when
/// a question comes: then the question is left waiting and `asked` is told.
fn play(
    client: &mut Client,
    person: &mut Person,
    budget: &AtomicUsize,
    asked: &mpsc::Sender<()>,
) -> Stop {
    let end = Instant::now() + MATCH_TIME;
    while Instant::now() < end {
        let question = match person.shown.take() {
            Some(shown) => Some(shown),
            None => match client.conn.recv_within(MATCH_TIME) {
                Err(_) => return Stop::Gone,
                Ok(ServerMsg::YourTurn { turn, view, .. }) => Some((turn, view)),
                Ok(ServerMsg::State(state)) => state.your_turn.map(|q| (q.turn, q.view)),
                Ok(ServerMsg::MatchEnd { .. }) => return Stop::End,
                Ok(_) => None,
            },
        };
        let Some((turn, view)) = question else {
            continue;
        };
        if person.answered.is_some_and(|last| turn <= last) {
            continue; // the same question, seen twice
        }
        let allowed = budget
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if !allowed {
            let _ = asked.send(());
            return Stop::Asked;
        }
        assert_eq!(view.seat, person.seat);
        client.send(ClientMsg::Decide {
            turn,
            decision: scripted_move(&view),
        });
        person.answered = Some(turn);
    }
    panic!("the match did not end in time");
}

/// Both people play on their own threads within `budget` answers; when a
/// question waits with the budget spent, `on_asked` runs (it kills the
/// server) and the other person's connection drops.
fn play_both(
    people: [(Client, Person); 2],
    budget: usize,
    on_asked: impl FnOnce(),
) -> ([(Client, Person); 2], [Stop; 2]) {
    let budget = Arc::new(AtomicUsize::new(budget));
    let (tx, rx) = mpsc::channel();
    let threads = people.map(|(mut client, mut person)| {
        let (budget, tx) = (budget.clone(), tx.clone());
        std::thread::spawn(move || {
            let stop = play(&mut client, &mut person, &budget, &tx);
            (client, person, stop)
        })
    });
    drop(tx);
    // A question left waiting, or both done (the sender is gone).
    if rx.recv_timeout(MATCH_TIME).is_ok() {
        on_asked();
    }
    let [a, b] = threads.map(|t| t.join().unwrap());
    ([(a.0, a.1), (b.0, b.1)], [a.2, b.2])
}

/// Comes back to the seat on a new connection.
fn resume(server: &Server, table: TableId, mut person: Person) -> (Client, Person) {
    let mut client = server.client();
    client.send(ClientMsg::Resume {
        table,
        token: person.token.clone(),
    });
    match client.expect(|m| matches!(m, ServerMsg::State(_) | ServerMsg::Error { .. })) {
        ServerMsg::State(state) => {
            assert_eq!(state.you, Some(person.seat));
            assert_eq!(state.table.phase, Phase::Playing);
            // The match may have come back to this person's question
            // before the person did.
            person.shown = state.your_turn.map(|q| (q.turn, q.view));
        }
        other => panic!("not resumed: {other:?}"),
    }
    (client, person)
}

/// The replay of the table's match, downloaded.
fn replay(server: &Server, table: TableId) -> Vec<u8> {
    let (status, bytes) = server.get(&format!("/api/matches/{table}/replay.jsonl"));
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&bytes));
    bytes
}

/// The replay passes `liar replay --check`.
fn assert_checks(replay: &[u8], dir: &Path) {
    let file = dir.join("downloaded.jsonl");
    std::fs::write(&file, replay).unwrap();
    liar()
        .args(["replay", "--check"])
        .arg(&file)
        .assert()
        .success();
}

/// The same table and answers, never interrupted: its replay.
fn uninterrupted() -> Vec<u8> {
    let folder = Folder::new("restart-reference");
    let server = folder.start();
    let (table, people) = sit_two(&server);
    let (_, stops) = play_both(people, usize::MAX, || {});
    assert_eq!(stops, [Stop::End, Stop::End]);
    replay(&server, table)
}

/// Plays [`BEFORE_KILL`] answers, kills the server (SIGKILL) while the
/// next person's question waits, and returns the table and the people.
fn play_then_kill(server: Server) -> (TableId, [Person; 2]) {
    play_then_stop(server, drop)
}

/// [`play_then_kill`], stopping the server with `stop`.
fn play_then_stop(server: Server, stop: impl FnOnce(Server)) -> (TableId, [Person; 2]) {
    let (table, people) = sit_two(&server);
    let mut server = Some(server);
    let (people, stops) = play_both(people, BEFORE_KILL, || {
        if let Some(server) = server.take() {
            stop(server);
        }
    });
    assert!(server.is_none(), "the server was killed mid-match");
    assert!(stops.contains(&Stop::Asked), "{stops:?}");
    assert!(!stops.contains(&Stop::End), "{stops:?}");
    (table, people.map(|(_, person)| person))
}

/// Starts the server again, both people come back and finish the match.
fn restart_and_finish(folder: &Folder, table: TableId, people: [Person; 2]) -> Vec<u8> {
    let server = folder.start();
    let people = people.map(|p| resume(&server, table, p));
    let (_, stops) = play_both(people, usize::MAX, || {});
    assert_eq!(stops, [Stop::End, Stop::End]);
    replay(&server, table)
}

#[test]
fn a_server_killed_mid_match_carries_on_after_a_restart_with_the_same_replay() {
    let folder = Folder::new("restart");
    let (table, people) = play_then_kill(folder.start());
    let journal = std::fs::read_to_string(folder.journal()).unwrap();
    assert_eq!(journal.lines().count(), BEFORE_KILL, "{journal}");

    let replay = restart_and_finish(&folder, table, people);
    assert_checks(&replay, &folder.dir);
    assert!(
        replay == uninterrupted(),
        "the replay differs from the uninterrupted match's"
    );
    assert!(
        folder.replay() == replay,
        "the data folder's replay differs from the one served"
    );
}

#[test]
fn a_server_stopped_by_sigterm_mid_match_carries_on_after_a_restart() {
    let folder = Folder::new("restart-term");
    let (table, people) = play_then_stop(folder.start(), |server| {
        assert_eq!(server.terminate(), Some(0));
    });
    let replay = restart_and_finish(&folder, table, people);
    assert!(replay == uninterrupted());
    assert!(folder.replay() == replay);
}

#[test]
fn a_journal_line_cut_by_the_kill_is_dropped_and_the_match_goes_on() {
    let folder = Folder::new("restart-cut");
    let (table, people) = play_then_kill(folder.start());
    // As if the server died while writing the next answer.
    let path = folder.journal();
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str(r#"{"turn":99,"seat":0,"answer":{"by":"per"#);
    std::fs::write(&path, &text).unwrap();

    let replay = restart_and_finish(&folder, table, people);
    assert_checks(&replay, &folder.dir);
    assert!(replay == uninterrupted());
    assert!(folder.replay() == replay);
    let journal = std::fs::read_to_string(&path).unwrap();
    assert!(journal.ends_with('\n') && !journal.contains("\"turn\":99"));
}

#[test]
fn a_match_whose_journal_is_corrupt_ends_for_those_who_come_back() {
    let folder = Folder::new("restart-corrupt");
    let (table, [ann, _bob]) = play_then_kill(folder.start());
    // A line in the middle that is no journal entry: the match cannot go on.
    let path = folder.journal();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("not a journal entry\n{text}")).unwrap();

    let server = folder.start();
    let mut client = server.client();
    client.send(ClientMsg::Resume {
        table,
        token: ann.token.clone(),
    });
    match client.expect(|m| matches!(m, ServerMsg::State(_) | ServerMsg::Error { .. })) {
        ServerMsg::State(state) => assert_eq!(state.table.phase, Phase::Finished),
        other => panic!("not resumed: {other:?}"),
    }
    match client.expect(|m| matches!(m, ServerMsg::MatchEnd { .. })) {
        ServerMsg::MatchEnd { aborted, .. } => assert!(aborted),
        _ => unreachable!(),
    }
}

#[test]
fn a_restart_with_no_unfinished_match_lists_the_finished_ones() {
    let folder = Folder::new("restart-finished");
    let server = folder.start();
    let (table, people) = sit_two(&server);
    let (_, stops) = play_both(people, usize::MAX, || {});
    assert_eq!(stops, [Stop::End, Stop::End]);
    let before = replay(&server, table);
    drop(server);

    let server = folder.start();
    // The lobby lists no finished table; the matches list has it.
    let (status, body) = server.get("/api/tables");
    assert_eq!(status, 200);
    let tables: Vec<TableSummary> = serde_json::from_slice(&body).unwrap();
    assert!(
        tables
            .iter()
            .all(|t| t.id != table && t.phase != Phase::Finished)
    );
    let (_, body) = server.get("/api/matches");
    let matches: Vec<liar::server::MatchRecord> = serde_json::from_slice(&body).unwrap();
    let listed = matches
        .iter()
        .find(|m| m.id == table)
        .unwrap_or_else(|| panic!("{}", String::from_utf8_lossy(&body)));
    assert_eq!(listed.seats, ["Ann", "Bob", "Stat"]);
    assert_eq!(replay(&server, table), before);
    // A new table does not take the old one's number.
    let mut carol = server.client();
    assert!(carol.create("restart") > table);
}
