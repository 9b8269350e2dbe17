//! `liar join`, the terminal client, against a real `liar serve` on
//! loopback: a whole match through a pseudo-terminal, one with piped input
//! in Russian, coming back to the seat after the client is killed, and
//! servers that are not `liar serve`. Every `liar join` has a data folder
//! of its own (its saved seats); every wait is bounded.

use super::support::{Server, WAIT, http_get};
use crate::human::support::{Question, last_question, prefix};
use crate::pty::{Asked, MAX_PROMPTS, Terminal};
use crate::support::{liar, temp_dir};
use liar::i18n::{JoinMsg, Lang, Msg};
use liar::rules::DiceKind;
use rexpect::process::Signal;
use std::path::{Path, PathBuf};

/// A one-game duel of two chips each: a person's seat and `honest`.
const DUEL: &str = "[match]\ngames = 1\n[rules]\nchips = 2\nmin_players = 2\n\
    [online]\nturn_seconds = 60\n\
    [[seats]]\nname = \"You\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Honest\"\ntype = \"bot\"\nbundled = \"honest\"\n";

/// A server offering the duel (as its only preset, `duel`).
fn duel_server(dir: &Path) -> Server {
    duel_server_with(dir, DUEL)
}

/// A server offering the table `text` (as its only preset, `duel`).
fn duel_server_with(dir: &Path, text: &str) -> Server {
    let table = dir.join("duel.toml");
    std::fs::write(&table, text).unwrap();
    Server::start(&[table.to_str().unwrap()])
}

/// Answers prompts until one is a question of the game; returns it
/// unanswered.
fn until_game_question(term: &mut Terminal, mut answer: impl FnMut(&str) -> String) -> String {
    for _ in 0..MAX_PROMPTS {
        match term.next() {
            Asked::Prompt(chunk) if last_question(&chunk, Lang::En, DiceKind::Poker).is_some() => {
                return chunk;
            }
            Asked::Prompt(chunk) => {
                let line = answer(&chunk);
                term.type_line(&line);
            }
            Asked::End(_) => panic!("ended before the game:\n{}", term.transcript),
        }
    }
    panic!("no question of the game:\n{}", term.transcript);
}

/// Answers that reach the end soon: a new table in the lobby, start at
/// once, challenge every claim, open with three kings.
fn steady(lang: Lang) -> impl FnMut(&str) -> String {
    let host = JoinMsg::AskStart { open: 0 }.text(lang);
    let host = host.split('.').next().unwrap_or_default().to_string();
    let table = JoinMsg::AskTable.text(lang);
    move |chunk| {
        let answer = match last_question(chunk, lang, DiceKind::Poker) {
            Some(Question::Respond) => "c",
            Some(Question::Reroll) => "1 2",
            Some(Question::ClaimOpen) => "KKK",
            Some(Question::ClaimOver) => "AAAAA",
            Some(Question::ConfirmQuit) => "y",
            Some(Question::Pass) => "",
            None if chunk.contains(&host) => "s",
            None if chunk.contains(&table) => "n",
            None => "",
        };
        answer.to_string()
    }
}

/// The replay address the client printed, downloaded; the client fetched
/// it too for its summary, `liar replay --check` passes it, and its text
/// is returned.
fn checked_replay(out: &str, lang: Lang, server: &Server, dir: &Path) -> String {
    // The line may be wrapped on a terminal: the address starts a piece.
    // The client downloaded the replay itself for its summary.
    let unfetched = lead(&JoinMsg::ReplayUnfetched { reason: "\0" }.text(lang));
    assert!(
        !out.contains(unfetched.trim()),
        "the summary had no replay:\n{out}"
    );
    let said = lead(&JoinMsg::ReplayAt { url: "\0" }.text(lang));
    let at = out
        .rfind(said.trim())
        .unwrap_or_else(|| panic!("no replay address:\n{out}"));
    let site = format!("http://{}", server.addr);
    let path = out[at..]
        .split_whitespace()
        .find_map(|word| word.strip_prefix(site.as_str()))
        .unwrap_or_else(|| panic!("an address on the server:\n{out}"));
    let (status, bytes) = http_get(&server.addr, path);
    assert_eq!(status, 200, "{path}");
    let file = dir.join("match.jsonl");
    std::fs::write(&file, &bytes).unwrap();
    liar()
        .args(["replay", "--check"])
        .arg(&file)
        .assert()
        .success();
    String::from_utf8(bytes).unwrap()
}

/// A message's text before its first parameter (given as NUL).
fn lead(text: &str) -> String {
    text.split('\0').next().unwrap_or_default().to_string()
}

/// The token file of a data folder.
fn tokens(data: &Path) -> PathBuf {
    data.join("liar").join("tokens.json")
}

#[test]
fn a_person_at_a_terminal_plays_a_whole_match_to_its_summary() {
    let dir = temp_dir("join-pty");
    let server = duel_server(&dir);
    let data = dir.join("data");
    let mut term = Terminal::start_in(
        &data,
        &["--lang", "en", "join", &server.addr, "--name", "Ann"],
    );
    let code = term.play(steady(Lang::En));
    let out = term.transcript.clone();
    assert_eq!(code, 0, "{out}");
    // The lobby, the new table, the seat, the host's question.
    assert!(out.contains(&JoinMsg::LobbyHeader.text(Lang::En)), "{out}");
    assert!(out.contains("You sit at table 1, seat 1."), "{out}");
    assert!(out.contains("1 Ann (you), 2 Honest (bot)"), "{out}");
    // The game in `liar play`'s words, the turn timer in the prompt.
    assert!(out.contains(&Msg::AskRespond.text(Lang::En)) || out.contains("Your claim?"));
    assert!(out.contains("── Your turn · game 1"), "{out}");
    assert!(out.contains(" s> "), "{out}");
    // The end: the summary, the results, where the replay is.
    assert!(out.contains(&Msg::SummaryHeader.text(Lang::En)), "{out}");
    assert!(
        out.contains(&prefix(Msg::MatchOver { wins: "\0" }, Lang::En)),
        "{out}"
    );
    let replay = checked_replay(&out, Lang::En, &server, &dir);
    assert!(replay.contains(r#""name":"Ann""#), "{replay}");
    // The match is over: the seat is no longer kept.
    let saved = std::fs::read_to_string(tokens(&data)).unwrap_or_default();
    assert!(!saved.contains("\"1\""), "{saved}");
}

#[test]
fn piped_answers_play_a_match_in_russian() {
    let dir = temp_dir("join-pipe");
    let server = duel_server(&dir);
    let data = dir.join("data");
    // Claims and answers alternate: after an answer to a claim comes
    // our claim, and after our claim an answer; a line that does not fit
    // the question is refused and the next one read.
    let mut input = String::from("n\ns\n");
    for _ in 0..60 {
        input.push_str("c\nKKK\n");
    }
    let out = liar()
        .env("XDG_DATA_HOME", &data)
        .args(["--lang", "ru", "join", &server.addr, "--name", "Аня"])
        .write_stdin(input)
        .timeout(WAIT)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}\n{errors}");
    assert!(text.contains("Вы за столом 1, место 1."), "{text}");
    assert!(text.contains("Вы хозяин стола."), "{text}");
    assert!(text.contains("── Ваш ход · партия 1"), "{text}");
    assert!(text.contains(&Msg::SummaryHeader.text(Lang::Ru)), "{text}");
    assert!(
        text.contains(&prefix(Msg::MatchOver { wins: "\0" }, Lang::Ru)),
        "{text}"
    );
    assert!(
        !text.contains("Your turn") && !text.contains("Match over"),
        "{text}"
    );
    let replay = checked_replay(&text, Lang::Ru, &server, &dir);
    assert!(replay.contains(r#""name":"Аня""#), "{replay}");
}

#[test]
fn a_table_that_speaks_russian_is_played_in_russian() {
    let dir = temp_dir("join-table-lang");
    let server = duel_server_with(&dir, &format!("lang = \"ru\"\n{DUEL}"));
    let mut input = String::from("n\ns\n");
    for _ in 0..60 {
        input.push_str("c\nKKK\n");
    }
    // No --lang, an English locale: the lobby is English, the table Russian.
    let out = liar()
        .env("XDG_DATA_HOME", dir.join("data"))
        .args(["join", &server.addr, "--name", "Ann"])
        .write_stdin(input)
        .timeout(WAIT)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}");
    assert!(text.contains(&JoinMsg::AskTable.text(Lang::En)), "{text}");
    assert!(text.contains("Вы хозяин стола."), "{text}");
    assert!(text.contains("── Ваш ход · партия 1"), "{text}");
    assert!(
        text.contains(&prefix(Msg::MatchOver { wins: "\0" }, Lang::Ru)),
        "{text}"
    );
    assert!(!text.contains("Your turn"), "{text}");
}

#[test]
fn a_killed_client_comes_back_to_its_seat_and_finishes() {
    let dir = temp_dir("join-resume");
    let server = duel_server(&dir);
    let data = dir.join("data");
    let mut first = Terminal::start_in(
        &data,
        &["--lang", "en", "join", &server.addr, "--name", "Ann"],
    );
    until_game_question(&mut first, steady(Lang::En));
    // The seat's token is saved before the match.
    let saved = std::fs::read_to_string(tokens(&data)).unwrap();
    assert!(
        saved.contains(&server.addr) && saved.contains("\"token\""),
        "{saved}"
    );
    first
        .session
        .process_mut()
        .kill(Signal::SIGKILL)
        .expect("the client killed");

    // Run again, with only the server's address: the saved seat is resumed.
    let mut second = Terminal::start_in(&data, &["--lang", "en", "join", &server.addr]);
    let code = second.play(steady(Lang::En));
    let out = second.transcript.clone();
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&JoinMsg::Resuming { table: 1 }.text(Lang::En)),
        "{out}"
    );
    assert!(!out.contains(&JoinMsg::AskTable.text(Lang::En)), "{out}");
    assert!(!out.contains(&lead(&JoinMsg::AskName { default: "\0" }.text(Lang::En))));
    assert!(
        out.contains(&prefix(Msg::MatchOver { wins: "\0" }, Lang::En)),
        "{out}"
    );
    assert!(!out.contains(&prefix(Msg::MatchStopped { wins: "\0" }, Lang::En)));
    // The same seat played on: the replay has one match, with Ann in it.
    let replay = checked_replay(&out, Lang::En, &server, &dir);
    assert!(replay.contains(r#""name":"Ann""#), "{replay}");
}

/// Two people on one computer account: Bob never comes back to Ann's seat
/// (nor sees her dice), Ann's saved seat outlives Bob's run, and Ann, run
/// without a name, is asked whose seat it is before she gets it back.
#[test]
fn people_sharing_an_account_keep_their_own_seats() {
    let dir = temp_dir("join-two-people");
    let server = duel_server(&dir);
    let data = dir.join("data");
    let mut ann = Terminal::start_in(
        &data,
        &["--lang", "en", "join", &server.addr, "--name", "Ann"],
    );
    until_game_question(&mut ann, steady(Lang::En));
    let saved = std::fs::read_to_string(tokens(&data)).unwrap();
    ann.session
        .process_mut()
        .kill(Signal::SIGKILL)
        .expect("Ann's client killed");

    // Bob, on the same account, at the same server: a seat of his own is
    // looked for, Ann's is not taken back.
    let mut bob = Terminal::start_in(
        &data,
        &["--lang", "en", "join", &server.addr, "--name", "Bob"],
    );
    let Asked::Prompt(first) = bob.next() else {
        panic!("Bob's client ended:\n{}", bob.transcript);
    };
    assert!(
        !first.contains(&JoinMsg::Resuming { table: 1 }.text(Lang::En))
            && !first.contains("Ann (you)"),
        "Bob was put in Ann's seat:\n{first}"
    );
    assert!(first.contains(&JoinMsg::AskTable.text(Lang::En)), "{first}");
    bob.session
        .process_mut()
        .kill(Signal::SIGKILL)
        .expect("Bob's client killed");
    assert_eq!(std::fs::read_to_string(tokens(&data)).unwrap(), saved);

    // Ann again, without her name: asked whose seat it is, she says yes.
    let mut again = Terminal::start_in(&data, &["--lang", "en", "join", &server.addr]);
    // (The terminal wraps the question: its start is looked for.)
    let question = JoinMsg::AskResumeOne {
        name: "Ann",
        seat: 1,
        table: 1,
    }
    .text(Lang::En);
    let start = &question[..question.find(", taken").unwrap_or(question.len())];
    let mut asked = false;
    let mut answer = steady(Lang::En);
    let code = again.play(|chunk| {
        if chunk.contains(start) && chunk.contains("Ann") {
            asked = true;
            return String::new();
        }
        answer(chunk)
    });
    let out = again.transcript.clone();
    assert_eq!(code, 0, "{out}");
    assert!(asked, "Ann was not asked whose seat it is:\n{out}");
    assert!(
        out.contains(&JoinMsg::Resuming { table: 1 }.text(Lang::En)),
        "{out}"
    );
    let replay = checked_replay(&out, Lang::En, &server, &dir);
    assert!(replay.contains(r#""name":"Ann""#), "{replay}");
}

/// Two seats saved on one account, Ann's and then Bob's: run without a
/// name, the client lists both (the newest first) and takes back only the
/// one chosen.
#[test]
fn several_saved_seats_are_listed_and_one_is_chosen() {
    let dir = temp_dir("join-which-seat");
    let server = duel_server(&dir);
    let data = dir.join("data");
    for name in ["Ann", "Bob"] {
        let mut client = Terminal::start_in(
            &data,
            &["--lang", "en", "join", &server.addr, "--name", name],
        );
        until_game_question(&mut client, steady(Lang::En));
        client
            .session
            .process_mut()
            .kill(Signal::SIGKILL)
            .expect("the client killed");
    }
    let mut again = Terminal::start_in(&data, &["--lang", "en", "join", &server.addr]);
    let which = JoinMsg::AskResumeWhich { list: "\0" }.text(Lang::En);
    let which = lead(&which);
    let mut listed = None;
    let mut answer = steady(Lang::En);
    let code = again.play(|chunk| {
        if chunk.contains(which.trim()) {
            listed = Some(chunk.to_string());
            return "1".to_string();
        }
        answer(chunk)
    });
    let out = again.transcript.clone();
    assert_eq!(code, 0, "{out}");
    let listed = listed.unwrap_or_else(|| panic!("no list of saved seats:\n{out}"));
    assert!(
        listed.contains("1 Bob") && listed.contains("2 Ann"),
        "{listed}"
    );
    let replay = checked_replay(&out, Lang::En, &server, &dir);
    assert!(replay.contains(r#""name":"Bob""#), "{replay}");
    assert!(!replay.contains(r#""name":"Ann""#), "{replay}");
}

/// Ctrl-C at `liar join` says what is true: this terminal stops, the match
/// goes on at the server and the seat stays the person's; nothing says the
/// match stopped or that a replay was kept here.
#[test]
fn ctrl_c_in_join_says_the_match_goes_on() {
    let dir = temp_dir("join-ctrl-c");
    let server = duel_server(&dir);
    let data = dir.join("data");
    let mut ann = Terminal::start_in(
        &data,
        &["--lang", "en", "join", &server.addr, "--name", "Ann"],
    );
    until_game_question(&mut ann, steady(Lang::En));
    ann.session.send_control('c').expect("Ctrl-C typed");
    let code = ann.play(|_| String::new());
    let out = ann.transcript.clone();
    assert_eq!(code, 130, "{out}");
    assert!(
        out.contains(&Msg::InterruptedOnline.text(Lang::En)),
        "{out}"
    );
    assert!(
        out.contains(&JoinMsg::SeatKept.text(Lang::En)[..30]),
        "{out}"
    );
    for untrue in [
        Msg::Interrupted.text(Lang::En),
        "kept in the replay".to_string(),
    ] {
        assert!(!out.contains(&untrue), "{untrue:?}:\n{out}");
    }
}

/// Two people at a table, one at `liar join`: when the other's
/// connection drops, the terminal says so, and says when a bot stands in.
#[test]
fn the_terminal_says_when_another_person_leaves_and_a_bot_stands_in() {
    const TWO: &str = "[match]\ngames = 1\n[rules]\nchips = 2\nmin_players = 2\n\
        [online]\nturn_seconds = 1\n\
        [[seats]]\nname = \"A\"\ntype = \"human\"\n\
        [[seats]]\nname = \"B\"\ntype = \"human\"\n";
    let dir = temp_dir("join-other-leaves");
    let server = duel_server_with(&dir, TWO);
    let data = dir.join("data");
    let mut bob = server.client();
    let table = bob.create("duel");
    bob.sit(table, "Bob");
    let mut ann = Terminal::start_in(
        &data,
        &[
            "--lang",
            "en",
            "join",
            &server.addr,
            "--table",
            &table.to_string(),
            "--name",
            "Ann",
        ],
    );
    // Once Ann is seated, Bob, the host, starts the match and goes.
    use liar::online::{ClientMsg, Occupant, ServerMsg};
    bob.expect(|m| match m {
        ServerMsg::State(state) => {
            let people = state.table.seats.iter();
            people.filter(|s| s.occupant == Occupant::Person).count() == 2
        }
        _ => false,
    });
    bob.send(ClientMsg::Start {
        fill_with_bots: true,
    });
    bob.expect(|m| matches!(m, ServerMsg::Event { .. }));
    drop(bob);
    let code = ann.play(steady(Lang::En));
    let out = ann.transcript.clone();
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&JoinMsg::PersonAway { name: "Bob" }.text(Lang::En)),
        "{out}"
    );
    assert!(
        out.contains(&JoinMsg::BotPlaysFor { name: "Bob" }.text(Lang::En)),
        "{out}"
    );
}

#[test]
fn a_server_that_is_not_liar_serve_gets_a_clear_message() {
    // A socket that closes at once.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let closer = std::thread::spawn(move || drop(listener.accept()));
    let out = liar().args(["join", &addr]).timeout(WAIT).output().unwrap();
    closer.join().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(errors.contains("liar: cannot connect to ws://"), "{errors}");
    assert!(!errors.contains("panicked"), "{errors}");

    // A WebSocket server that answers hello with nonsense.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let garbler = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut socket = tungstenite::accept(stream).unwrap();
        let _ = socket.read();
        let _ = socket.send(tungstenite::Message::text("{\"type\":\"surprise\"}"));
        let _ = socket.flush();
        let _ = socket.read();
    });
    let out = liar().args(["join", &addr]).timeout(WAIT).output().unwrap();
    garbler.join().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(errors.contains("did not greet this client"), "{errors}");
    assert!(!errors.contains("panicked"), "{errors}");
}

#[test]
fn tls_and_nonsense_addresses_are_refused_with_what_to_do() {
    let out = liar()
        .args(["join", "https://example.org/"])
        .timeout(WAIT)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(
        errors.contains("plain ws:// only") && errors.contains("ssh -L"),
        "{errors}"
    );
    let out = liar()
        .args(["--lang", "ru", "join", "ftp://x:1"])
        .timeout(WAIT)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(errors.contains("не адрес сервера"), "{errors}");
}

#[test]
fn quit_gives_the_seat_to_a_bot_that_plays_the_match_to_its_end() {
    let dir = temp_dir("join-quit");
    let server = duel_server(&dir);
    let data = dir.join("data");
    let mut term = Terminal::start_in(
        &data,
        &["--lang", "en", "join", &server.addr, "--name", "Ann"],
    );
    until_game_question(&mut term, steady(Lang::En));
    // Someone watches the table, to see how its match ends.
    let mut watcher = server.client();
    watcher.send(liar::online::ClientMsg::Spectate { table: 1 });
    watcher.expect(|m| matches!(m, liar::online::ServerMsg::State(_)));
    term.type_line("quit");
    match term.next() {
        Asked::Prompt(chunk) => assert!(chunk.contains(&JoinMsg::ConfirmLeave.text(Lang::En))),
        Asked::End(_) => panic!("not asked to confirm:\n{}", term.transcript),
    }
    term.type_line("y");
    assert!(matches!(term.next(), Asked::End(_)), "{}", term.transcript);
    assert_eq!(term.exit_code(), 0, "{}", term.transcript);
    assert!(
        term.transcript
            .contains(&JoinMsg::YouLeaveSeat.text(Lang::En))
    );
    let end = watcher.expect(|m| matches!(m, liar::online::ServerMsg::MatchEnd { .. }));
    let liar::online::ServerMsg::MatchEnd { aborted, wins, .. } = end else {
        unreachable!()
    };
    assert!(!aborted, "a bot played the seat to the end");
    assert_eq!(wins.iter().sum::<u32>(), 1);
    // The seat is given up: nothing to come back to.
    let saved = std::fs::read_to_string(tokens(&data)).unwrap_or_default();
    assert!(!saved.contains("\"1\""), "{saved}");
}

/// A TCP relay between `liar join` and the server whose connections the
/// test can cut, as a flaky network would.
struct Relay {
    addr: String,
    live: std::sync::Arc<std::sync::Mutex<Vec<std::net::TcpStream>>>,
}

impl Relay {
    fn to(server: &str) -> Relay {
        use std::net::{TcpListener, TcpStream};
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let live = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let (server, kept) = (server.to_string(), live.clone());
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { break };
                let Ok(upstream) = TcpStream::connect(&server) else {
                    continue;
                };
                let mut kept = kept.lock().unwrap();
                kept.push(client.try_clone().unwrap());
                kept.push(upstream.try_clone().unwrap());
                relay(client.try_clone().unwrap(), upstream.try_clone().unwrap());
                relay(upstream, client);
            }
        });
        Relay { addr, live }
    }

    /// Cuts every connection open now; new ones are relayed.
    fn cut(&self) {
        for stream in self.live.lock().unwrap().drain(..) {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    }
}

/// Copies `from` to `to` on a thread of its own until either closes.
fn relay(mut from: std::net::TcpStream, mut to: std::net::TcpStream) {
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from, &mut to);
        let _ = to.shutdown(std::net::Shutdown::Both);
    });
}

#[test]
fn a_dropped_connection_is_made_again_and_the_seat_resumed() {
    let dir = temp_dir("join-drop");
    let server = duel_server(&dir);
    let relay = Relay::to(&server.addr);
    let data = dir.join("data");
    let mut term = Terminal::start_in(
        &data,
        &["--lang", "en", "join", &relay.addr, "--name", "Ann"],
    );
    until_game_question(&mut term, steady(Lang::En));
    // The network fails while the question waits; the client says so,
    // connects again, resumes, and asks the same question again.
    relay.cut();
    let code = term.play(steady(Lang::En));
    let out = term.transcript.clone();
    assert_eq!(code, 0, "{out}");
    let dropped = JoinMsg::Reconnecting {
        attempt: 1,
        max: 10,
    }
    .text(Lang::En);
    assert!(out.contains(&dropped), "{out}");
    let back = out.find(&JoinMsg::Reconnected.text(Lang::En));
    assert!(back.is_some(), "{out}");
    assert!(
        out.contains(&prefix(Msg::MatchOver { wins: "\0" }, Lang::En)),
        "{out}"
    );
    assert!(!out.contains(&prefix(Msg::MatchStopped { wins: "\0" }, Lang::En)));
    // After coming back the questions went on.
    let after = &out[back.unwrap_or_default()..];
    assert!(after.contains("── Your turn"), "{out}");
}
