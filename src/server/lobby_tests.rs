//! The lobby in process: seats, hosts, leaving, spectating.

use super::lobby::{Lobby, LobbyOptions, Session};
use super::lobby_store::NoStore;
use super::match_thread::BotMaker;
use super::outbox::Outbox;
use super::presets::builtin;
use crate::online::{ClientMsg, ErrorCode, GoneReason, Occupant, PROTOCOL_VERSION, ServerMsg};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

struct Queue(Mutex<Sender<String>>);

impl Outbox for Queue {
    fn push(&self, text: Arc<str>) -> bool {
        self.0.lock().unwrap().send(text.to_string()).is_ok()
    }
    fn close(&self) {}
}

fn lobby() -> Arc<Lobby> {
    lobby_with(LobbyOptions {
        max_tables: 4,
        ..LobbyOptions::default()
    })
}

fn lobby_with(options: LobbyOptions) -> Arc<Lobby> {
    let bots: BotMaker = Arc::new(|_, _| Err("no bots in these tests".to_string()));
    Lobby::new(builtin().unwrap(), Arc::new(NoStore), bots, options)
}

/// A connection from 127.0.0.1 that said hello in the newest protocol.
fn connect(lobby: &Arc<Lobby>) -> (Session, Receiver<String>) {
    connect_from(lobby, [127, 0, 0, 1], PROTOCOL_VERSION)
}

fn connect_from(lobby: &Arc<Lobby>, ip: [u8; 4], protocol: u32) -> (Session, Receiver<String>) {
    let (tx, rx) = channel();
    let mut session = lobby.connect(Arc::new(Queue(Mutex::new(tx))), ip.into());
    lobby.handle(&mut session, ClientMsg::Hello { protocol });
    assert!(matches!(
        drain(&rx).as_slice(),
        [ServerMsg::Welcome { protocol: p, .. }] if *p == protocol
    ));
    (session, rx)
}

/// Every message queued so far.
fn drain(rx: &Receiver<String>) -> Vec<ServerMsg> {
    rx.try_iter()
        .map(|t| serde_json::from_str(&t).unwrap())
        .collect()
}

fn last_error(rx: &Receiver<String>) -> Option<ErrorCode> {
    drain(rx).into_iter().rev().find_map(|m| match m {
        ServerMsg::Error { code, .. } => Some(code),
        _ => None,
    })
}

fn sit(lobby: &Arc<Lobby>, s: &mut Session, name: &str) {
    lobby.handle(
        s,
        ClientMsg::TakeSeat {
            table: 1,
            seat: None,
            name: name.into(),
        },
    );
}

#[test]
fn the_first_person_seated_hosts_and_the_next_one_when_the_host_leaves() {
    let lobby = lobby();
    let (mut ann, ann_rx) = connect(&lobby);
    lobby.handle(
        &mut ann,
        ClientMsg::CreateTable {
            preset: "three".into(),
            name: Some("Friday".into()),
        },
    );
    sit(&lobby, &mut ann, "Ann");
    let (mut bob, bob_rx) = connect(&lobby);
    sit(&lobby, &mut bob, "Bob");
    let table = &lobby.tables()[0];
    assert_eq!(table.name, "Friday");
    assert_eq!(table.host, Some(0));
    assert_eq!(
        drain(&ann_rx)
            .iter()
            .filter(|m| matches!(m, ServerMsg::Seated { .. }))
            .count(),
        1
    );
    // A second seat for the same connection is refused; so is a name taken.
    sit(&lobby, &mut ann, "Ann again");
    assert_eq!(last_error(&ann_rx), Some(ErrorCode::WrongState));
    let (mut eve, eve_rx) = connect(&lobby);
    sit(&lobby, &mut eve, "ann");
    assert_eq!(last_error(&eve_rx), Some(ErrorCode::BadName));
    // The host leaves: the seat is open again and Bob hosts.
    lobby.handle(&mut ann, ClientMsg::Leave);
    let table = &lobby.tables()[0];
    assert_eq!(table.seats[0].occupant, Occupant::Open);
    assert_eq!(table.host, Some(1));
    assert!(
        drain(&ann_rx)
            .iter()
            .any(|m| matches!(m, ServerMsg::Tables { .. }))
    );
    // Only the host starts, and not while seats are open.
    lobby.handle(
        &mut eve,
        ClientMsg::Start {
            fill_with_bots: true,
        },
    );
    assert_eq!(last_error(&eve_rx), Some(ErrorCode::NotHost));
    lobby.handle(
        &mut bob,
        ClientMsg::Start {
            fill_with_bots: false,
        },
    );
    assert_eq!(last_error(&bob_rx), Some(ErrorCode::WrongState));
}

#[test]
fn a_spectator_who_sits_is_no_longer_a_spectator_and_gets_no_dice() {
    let lobby = lobby();
    let (mut ann, ann_rx) = connect(&lobby);
    lobby.handle(
        &mut ann,
        ClientMsg::CreateTable {
            preset: "three".into(),
            name: None,
        },
    );
    let (mut watcher, watcher_rx) = connect(&lobby);
    lobby.handle(&mut watcher, ClientMsg::Spectate { table: 1 });
    let ServerMsg::State(state) = drain(&watcher_rx).pop().unwrap() else {
        panic!("a state")
    };
    assert_eq!(state.you, None);
    assert!(state.your_turn.is_none());
    sit(&lobby, &mut ann, "Ann");
    // The watcher hears of it; Ann's own state says her seat.
    assert!(drain(&watcher_rx).iter().any(
        |m| matches!(m, ServerMsg::State(s) if s.table.seats[0].occupant == Occupant::Person)
    ));
    assert!(
        drain(&ann_rx)
            .iter()
            .any(|m| matches!(m, ServerMsg::State(s) if s.you == Some(0)))
    );
}

#[test]
fn tables_are_limited_and_no_replay_exists_before_a_match() {
    let lobby = lobby();
    let (mut s, rx) = connect(&lobby);
    for _ in 0..4 {
        lobby.handle(
            &mut s,
            ClientMsg::CreateTable {
                preset: "four".into(),
                name: None,
            },
        );
    }
    assert_eq!(lobby.tables().len(), 4);
    lobby.handle(
        &mut s,
        ClientMsg::CreateTable {
            preset: "four".into(),
            name: None,
        },
    );
    assert_eq!(last_error(&rx), Some(ErrorCode::TooManyTables));
    assert_eq!(lobby.replay(1), None);
    assert!(lobby.matches().is_empty());
}

/// A lobby keeping its tables in `dir`, restored from what is there.
fn lobby_in(dir: &std::path::Path) -> Arc<Lobby> {
    use super::store::{FolderStore, Store, restore_lobby};
    let bots: BotMaker = Arc::new(|_, _| Err("no bots in these tests".to_string()));
    let options = LobbyOptions {
        max_tables: 4,
        ..LobbyOptions::default()
    };
    let folder = Arc::new(FolderStore::new(
        Store::open(dir).unwrap(),
        builtin().unwrap(),
    ));
    let lobby = Lobby::new(builtin().unwrap(), folder.clone(), bots, options);
    restore_lobby(&lobby, &folder).unwrap();
    lobby
}

#[test]
fn the_data_folder_keeps_the_host_the_lobby_chose() {
    let dir = tempfile::tempdir().unwrap();
    let lobby = lobby_in(dir.path());
    let (mut ann, _ann_rx) = connect(&lobby);
    lobby.handle(
        &mut ann,
        ClientMsg::CreateTable {
            preset: "four".into(),
            name: None,
        },
    );
    sit(&lobby, &mut ann, "Ann");
    let (mut bob, _bob_rx) = connect(&lobby);
    sit(&lobby, &mut bob, "Bob");
    let (mut cy, _cy_rx) = connect(&lobby);
    sit(&lobby, &mut cy, "Cy");
    assert_eq!(lobby.tables()[0].host, Some(0));
    // The host leaves before the match: the lobby picks Bob, and after a
    // restart the folder says Bob too.
    lobby.handle(&mut ann, ClientMsg::Leave);
    assert_eq!(lobby.tables()[0].host, Some(1));
    drop(lobby);
    let lobby = lobby_in(dir.path());
    assert_eq!(lobby.tables()[0].host, Some(1));
    // A newcomer takes the open first seat but does not host, before or
    // after another restart.
    let (mut dee, _dee_rx) = connect(&lobby);
    sit(&lobby, &mut dee, "Dee");
    assert_eq!(lobby.tables()[0].seats[0].name, "Dee");
    assert_eq!(lobby.tables()[0].host, Some(1));
    drop(lobby);
    let lobby = lobby_in(dir.path());
    assert_eq!(lobby.tables()[0].host, Some(1));
}

fn create(lobby: &Arc<Lobby>, s: &mut Session, preset: &str) {
    lobby.handle(
        s,
        ClientMsg::CreateTable {
            preset: preset.into(),
            name: None,
        },
    );
}

#[test]
fn nothing_but_hello_and_ping_is_answered_before_hello() {
    let lobby = lobby();
    let (tx, rx) = channel();
    let mut s = lobby.connect(Arc::new(Queue(Mutex::new(tx))), [127, 0, 0, 1].into());
    lobby.handle(&mut s, ClientMsg::ListTables);
    assert_eq!(last_error(&rx), Some(ErrorCode::WrongState));
    create(&lobby, &mut s, "three");
    assert_eq!(last_error(&rx), Some(ErrorCode::WrongState));
    assert!(lobby.tables().is_empty());
    lobby.handle(&mut s, ClientMsg::Ping);
    assert_eq!(drain(&rx), vec![ServerMsg::Pong]);
    lobby.handle(&mut s, ClientMsg::Hello { protocol: 3 });
    assert_eq!(last_error(&rx), Some(ErrorCode::Version));
    assert!(!s.greeted());
    lobby.handle(&mut s, ClientMsg::Hello { protocol: 1 });
    assert!(s.greeted());
    lobby.handle(&mut s, ClientMsg::Hello { protocol: 2 });
    assert_eq!(last_error(&rx), Some(ErrorCode::WrongState));
}

#[test]
fn one_address_makes_a_few_tables_and_others_still_can() {
    let lobby = lobby_with(LobbyOptions {
        max_tables: 10,
        max_tables_per_ip: 2,
        ..LobbyOptions::default()
    });
    let (mut eve, eve_rx) = connect_from(&lobby, [10, 0, 0, 66], PROTOCOL_VERSION);
    let (mut eve2, eve2_rx) = connect_from(&lobby, [10, 0, 0, 66], PROTOCOL_VERSION);
    create(&lobby, &mut eve, "three");
    create(&lobby, &mut eve2, "three");
    assert_eq!(lobby.tables().len(), 2);
    create(&lobby, &mut eve, "three");
    create(&lobby, &mut eve2, "three");
    assert_eq!(last_error(&eve_rx), Some(ErrorCode::TooManyTables));
    assert_eq!(last_error(&eve2_rx), Some(ErrorCode::TooManyTables));
    let (mut ann, ann_rx) = connect_from(&lobby, [10, 0, 0, 7], PROTOCOL_VERSION);
    create(&lobby, &mut ann, "three");
    assert_eq!(last_error(&ann_rx), None);
    assert_eq!(lobby.tables().len(), 3);
}

#[test]
fn waiting_tables_nobody_is_at_expire_and_their_spectators_are_told() {
    let lobby = lobby_with(LobbyOptions {
        table_idle: Duration::ZERO,
        ..LobbyOptions::default()
    });
    let (mut watcher, watcher_rx) = connect(&lobby);
    lobby.handle(&mut watcher, ClientMsg::ListTables);
    let (mut ann, ann_rx) = connect(&lobby);
    create(&lobby, &mut ann, "three");
    let (mut bob, _bob_rx) = connect(&lobby);
    create(&lobby, &mut bob, "three");
    sit_at(&lobby, &mut bob, 2, "Bob");
    drain(&ann_rx);
    lobby.sweep();
    // Table 1 had only a spectator: gone. Table 2 has Bob connected: stays.
    assert_eq!(
        lobby.tables().iter().map(|t| t.id).collect::<Vec<_>>(),
        vec![2]
    );
    let gone = ServerMsg::TableGone {
        table: 1,
        reason: GoneReason::Expired,
    };
    assert!(drain(&ann_rx).contains(&gone));
    assert!(drain(&watcher_rx).contains(&gone));
    lobby.handle(&mut ann, ClientMsg::Spectate { table: 1 });
    assert_eq!(last_error(&ann_rx), Some(ErrorCode::UnknownTable));
    // Once Bob's connection is gone, his table goes too.
    lobby.disconnect(bob);
    lobby.sweep();
    assert!(lobby.tables().is_empty());
}

#[test]
fn the_lobby_is_sent_as_changes_in_protocol_2_and_whole_in_protocol_1() {
    let lobby = lobby();
    let (mut new, new_rx) = connect(&lobby);
    let (mut old, old_rx) = connect_from(&lobby, [127, 0, 0, 1], 1);
    for s in [&mut new, &mut old] {
        lobby.handle(s, ClientMsg::ListTables);
    }
    assert!(
        matches!(drain(&new_rx).as_slice(), [ServerMsg::Tables { tables }] if tables.is_empty())
    );
    drain(&old_rx);
    let (mut ann, _ann_rx) = connect(&lobby);
    create(&lobby, &mut ann, "three");
    sit(&lobby, &mut ann, "Ann");
    let changes = drain(&new_rx);
    assert_eq!(changes.len(), 2, "{changes:?}");
    for change in &changes {
        let ServerMsg::TableUpdate { table } = change else {
            panic!("{change:?}")
        };
        assert_eq!(table.id, 1);
    }
    let ServerMsg::TableUpdate { table } = &changes[1] else {
        unreachable!()
    };
    assert_eq!(table.seats[0].name, "Ann");
    // Protocol 1 gets the whole lobby once per tick, however often it changed.
    assert!(drain(&old_rx).is_empty());
    lobby.tick();
    let whole = drain(&old_rx);
    assert_eq!(whole.len(), 1);
    assert!(matches!(&whole[0], ServerMsg::Tables { tables } if tables[0].seats[0].name == "Ann"));
    lobby.tick();
    assert!(drain(&old_rx).is_empty());
}

fn sit_at(lobby: &Arc<Lobby>, s: &mut Session, table: u64, name: &str) {
    lobby.handle(
        s,
        ClientMsg::TakeSeat {
            table,
            seat: None,
            name: name.into(),
        },
    );
}
