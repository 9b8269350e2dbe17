//! The persistence seam, in process: every answer reaches the match log,
//! and a match restored from its journal (all of it, or half of it and
//! the rest answered after the people resume) gives the same replay byte
//! for byte as the match played straight through.

use super::support::scripted_move;
use liar::config::{SeatConfig, parse_table};
use liar::engine::{Event, MatchStats, NativePlayer, Player, SeatInfo};
use liar::online::{ClientMsg, Occupant, Phase, ServerMsg};
use liar::server::match_log::{JournalEntry, MatchLog};
use liar::server::outbox::Outbox;
use liar::server::presets::Preset;
use liar::server::{
    BotMaker, Lobby, LobbyOptions, LobbyStore, MatchPlan, RestoredMatch, SavedSeat, SavedTable,
    Session, token,
};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const TABLE: &str = r#"
[match]
seed = 4242
games = 2
[online]
bot = "native-honest"
[[seats]]
name = "A"
type = "human"
[[seats]]
name = "B"
type = "human"
[[seats]]
name = "Honest"
type = "native"
policy = "native-honest"
"#;

fn preset() -> Preset {
    Preset {
        name: "duel".into(),
        table: parse_table(TABLE, std::path::Path::new("duel.toml")).unwrap(),
    }
}

fn bots() -> BotMaker {
    Arc::new(|seat, config: &SeatConfig| {
        let Some(liar::config::BotSource::Native(policy)) = &config.bot else {
            return Err("native bots only here".to_string());
        };
        let info = SeatInfo::native(seat, config.name.clone(), policy.name());
        Ok((
            info,
            Box::new(NativePlayer::new(*policy)) as Box<dyn Player>,
        ))
    })
}

/// A log that keeps the answers and says when the match is over.
struct Kept {
    answers: Arc<Mutex<Vec<JournalEntry>>>,
    events: usize,
    done: Sender<usize>,
}

impl MatchLog for Kept {
    fn answer(&mut self, entry: &JournalEntry) {
        self.answers.lock().unwrap().push(entry.clone());
    }
    fn event(&mut self, _event: &Event) {
        self.events += 1;
    }
    fn finished(&mut self, _stats: &MatchStats) {
        let _ = self.done.send(self.events);
    }
}

/// A store that keeps the plan and hands out [`Kept`] logs.
struct Store {
    plan: Mutex<Option<MatchPlan>>,
    answers: Arc<Mutex<Vec<JournalEntry>>>,
    done: Mutex<Sender<usize>>,
}

impl LobbyStore for Store {
    fn match_started(&self, plan: &MatchPlan) -> Box<dyn MatchLog> {
        *self.plan.lock().unwrap() = Some(plan.clone());
        Box::new(Kept {
            answers: self.answers.clone(),
            events: 0,
            done: self.done.lock().unwrap().clone(),
        })
    }
}

/// An in-process connection.
struct Queue(Mutex<Sender<String>>);

impl Outbox for Queue {
    fn push(&self, text: Arc<str>) -> bool {
        self.0.lock().unwrap().send(text.to_string()).is_ok()
    }
    fn close(&self) {}
}

/// A connection that has said hello.
fn connect(lobby: &Arc<Lobby>) -> (Session, Receiver<String>) {
    let (tx, rx) = channel();
    let mut session = lobby.connect(Arc::new(Queue(Mutex::new(tx))), [127, 0, 0, 1].into());
    lobby.handle(
        &mut session,
        ClientMsg::Hello {
            protocol: liar::online::PROTOCOL_VERSION,
        },
    );
    (session, rx)
}

fn next(rx: &Receiver<String>) -> Option<ServerMsg> {
    rx.recv_timeout(Duration::from_secs(30))
        .ok()
        .map(|t| serde_json::from_str(&t).unwrap())
}

/// Answers this person's questions until the match ends: those asked, and
/// one a `state` shows (a question may wait already when the person comes
/// back), each once.
fn play(lobby: Arc<Lobby>, mut session: Session, rx: Receiver<String>) {
    let mut answered = None;
    while let Some(msg) = next(&rx) {
        let (turn, view) = match msg {
            ServerMsg::YourTurn { turn, view, .. } => (turn, view),
            ServerMsg::State(state) => match state.your_turn {
                Some(q) => (q.turn, q.view),
                None => continue,
            },
            ServerMsg::MatchEnd { .. } => return,
            _ => continue,
        };
        if answered.is_some_and(|last| turn <= last) {
            continue;
        }
        answered = Some(turn);
        lobby.handle(
            &mut session,
            ClientMsg::Decide {
                turn,
                decision: scripted_move(&view),
            },
        );
    }
    panic!("no match end");
}

fn new_lobby() -> (Arc<Lobby>, Arc<Store>, Receiver<usize>) {
    let (done, finished) = channel();
    let store = Arc::new(Store {
        plan: Mutex::new(None),
        answers: Arc::new(Mutex::new(Vec::new())),
        done: Mutex::new(done),
    });
    let options = LobbyOptions {
        max_tables: 10,
        ..LobbyOptions::default()
    };
    (
        Lobby::new(vec![preset()], store.clone(), bots(), options),
        store,
        finished,
    )
}

/// Plays a match straight through: its replay, plan, journal and the tokens.
fn straight() -> (Vec<u8>, MatchPlan, Vec<JournalEntry>, Vec<String>) {
    let (lobby, store, finished) = new_lobby();
    let (mut a, a_rx) = connect(&lobby);
    lobby.handle(
        &mut a,
        ClientMsg::CreateTable {
            preset: "duel".into(),
            name: None,
        },
    );
    let mut tokens = Vec::new();
    lobby.handle(
        &mut a,
        ClientMsg::TakeSeat {
            table: 1,
            seat: None,
            name: "A".into(),
        },
    );
    let (mut b, b_rx) = connect(&lobby);
    lobby.handle(
        &mut b,
        ClientMsg::TakeSeat {
            table: 1,
            seat: None,
            name: "B".into(),
        },
    );
    for rx in [&a_rx, &b_rx] {
        while let Some(msg) = next(rx) {
            if let ServerMsg::Seated { token, .. } = msg {
                tokens.push(token);
                break;
            }
        }
    }
    lobby.handle(
        &mut a,
        ClientMsg::Start {
            fill_with_bots: false,
        },
    );
    let other = {
        let lobby = lobby.clone();
        std::thread::spawn(move || play(lobby, b, b_rx))
    };
    play(lobby.clone(), a, a_rx);
    other.join().unwrap();
    finished.recv_timeout(Duration::from_secs(30)).unwrap();
    let replay = lobby.replay(1).unwrap().to_vec();
    let plan = store.plan.lock().unwrap().clone().unwrap();
    let journal = store.answers.lock().unwrap().clone();
    (replay, plan, journal, tokens)
}

fn saved(tokens: &[String]) -> SavedTable {
    let person = |name: &str, token: &str| SavedSeat {
        occupant: Occupant::Person,
        name: name.into(),
        token: Some(token::hash(token)),
        left: false,
    };
    SavedTable {
        id: 1,
        name: "duel".into(),
        preset: "duel".into(),
        phase: Phase::Playing,
        host: Some(0),
        seats: vec![
            person("A", &tokens[0]),
            person("B", &tokens[1]),
            SavedSeat {
                occupant: Occupant::Bot,
                name: "Honest".into(),
                token: None,
                left: false,
            },
        ],
        outcome: None,
    }
}

#[test]
fn a_match_played_again_from_its_whole_journal_gives_the_same_replay() {
    let (replay, plan, journal, tokens) = straight();
    assert!(journal.len() > 4, "people answered");
    let (lobby, store, finished) = new_lobby();
    let log = store.match_started(&plan);
    let running = RestoredMatch {
        plan,
        log,
        journal: journal.clone(),
    };
    lobby.restore_table(saved(&tokens), Some(running)).unwrap();
    finished.recv_timeout(Duration::from_secs(30)).unwrap();
    assert_eq!(lobby.replay(1).unwrap().as_slice(), replay.as_slice());
    // The journal's answers are not kept twice.
    assert!(store.answers.lock().unwrap().is_empty());
}

#[test]
fn a_match_restored_from_half_its_journal_goes_on_with_the_people_who_resume() {
    let (replay, plan, journal, tokens) = straight();
    let half = journal[..journal.len() / 2].to_vec();
    let (lobby, store, finished) = new_lobby();
    let log = store.match_started(&plan);
    let running = RestoredMatch {
        plan,
        log,
        journal: half.clone(),
    };
    lobby.restore_table(saved(&tokens), Some(running)).unwrap();
    let mut players = Vec::new();
    for token in &tokens {
        let (mut s, rx) = connect(&lobby);
        lobby.handle(
            &mut s,
            ClientMsg::Resume {
                table: 1,
                token: token.clone(),
            },
        );
        let lobby = lobby.clone();
        players.push(std::thread::spawn(move || play(lobby, s, rx)));
    }
    for p in players {
        p.join().unwrap();
    }
    finished.recv_timeout(Duration::from_secs(30)).unwrap();
    assert_eq!(lobby.replay(1).unwrap().as_slice(), replay.as_slice());
    assert_eq!(
        store.answers.lock().unwrap().len(),
        journal.len() - half.len()
    );
}
