//! A spy on every seat: no message to a seat ever holds dice that seat may
//! not know. Dice may appear only in the seat's own question while it holds
//! them (exactly the dice the replay says it holds then), and in challenge
//! events, which show the dice to everyone.

use super::play::two_people_and_a_bot;
use super::support::Server;
use liar::online::ServerMsg;
use serde_json::Value;
use std::collections::HashMap;

/// The dice in play at each point of each round, from the replay:
/// `(game, round, actions so far)` → dice.
fn dice_in_play(replay: &str) -> HashMap<(u64, u64, usize), String> {
    let mut map = HashMap::new();
    let (mut game, mut round, mut actions) = (0, 0, 0);
    let mut current = String::new();
    for line in replay.lines() {
        let event: Value = serde_json::from_str(line).unwrap();
        match event["type"].as_str() {
            Some("round_start") => {
                game = event["game"].as_u64().unwrap();
                round = event["round"].as_u64().unwrap();
                actions = 0;
                current = event["dice"].as_str().unwrap().to_string();
            }
            Some("claim") | Some("accept") => actions += 1,
            Some("reroll") => {
                actions += 1;
                current = event["dice"].as_str().unwrap().to_string();
            }
            _ => continue,
        }
        map.insert((game, round, actions), current.clone());
    }
    map
}

/// Every place a `dice` key occurs in `value`, with the path to it.
fn dice_keys(value: &Value, path: &str, out: &mut Vec<(String, Value)>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let here = format!("{path}/{key}");
                if key == "dice" {
                    out.push((here.clone(), v.clone()));
                }
                dice_keys(v, &here, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                dice_keys(v, &format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Whether the question view `view` (JSON) shows `seat` exactly the dice
/// it holds, if any.
fn view_is_its_own(
    view: &Value,
    seat: usize,
    dice: &HashMap<(u64, u64, usize), String>,
) -> Result<(), String> {
    let shown = &view["dice"];
    if shown.is_null() {
        return Ok(());
    }
    if view["seat"].as_u64() != Some(seat as u64) {
        return Err(format!(
            "seat {seat} was shown the view of seat {}",
            view["seat"]
        ));
    }
    let holds = matches!(view["decision"].as_str(), Some("claim") | Some("reroll"));
    if !holds {
        return Err(format!("seat {seat} was shown dice while not holding them"));
    }
    let key = (
        view["game"].as_u64().unwrap_or(0),
        view["round"].as_u64().unwrap_or(0),
        view["history"].as_array().map_or(0, Vec::len),
    );
    match dice.get(&key) {
        Some(d) if shown.as_str() == Some(d.as_str()) => Ok(()),
        other => Err(format!(
            "seat {seat} was shown {shown} but holds {other:?} at {key:?}"
        )),
    }
}

/// What `seat` was told that it may not know, judged against the replay.
pub fn leaks(replay: &str, seat: usize, messages: &[ServerMsg]) -> Vec<String> {
    let dice = dice_in_play(replay);
    let mut found = Vec::new();
    for msg in messages {
        let value = serde_json::to_value(msg).unwrap();
        let mut keys = Vec::new();
        dice_keys(&value, "", &mut keys);
        for (path, _) in keys {
            // A challenge shows the dice to all.
            let in_challenge = {
                let parts: Vec<&str> = path.split('/').collect();
                let parent = parts[1..parts.len() - 1]
                    .iter()
                    .fold(&value, |v, p| match v {
                        Value::Array(a) => &a[p.parse::<usize>().unwrap()],
                        _ => &v[*p],
                    });
                parent["type"] == "challenge"
            };
            let verdict = if in_challenge || path.ends_with("/rules/dice") {
                // A challenge shows the dice to all; a table's rules name
                // its kind of dice.
                Ok(())
            } else if false {
                Ok(())
            } else if path == "/view/dice" && value["type"] == "your_turn" {
                view_is_its_own(&value["view"], seat, &dice)
            } else if path == "/your_turn/view/dice" && value["type"] == "state" {
                view_is_its_own(&value["your_turn"]["view"], seat, &dice)
            } else {
                Err(format!("dice at {path} in {}", value["type"]))
            };
            if let Err(why) = verdict {
                found.push(why);
            }
        }
    }
    found
}

#[test]
fn no_seat_is_told_dice_it_may_not_know() {
    let server = Server::start(&[]);
    let (_, ann, bob) = two_people_and_a_bot(&server);
    let Some(ServerMsg::MatchEnd { replay, .. }) = ann.log.last() else {
        panic!("the match ended");
    };
    let replay = String::from_utf8(server.get(replay).1).unwrap();
    let asked_with_dice = ann
        .log
        .iter()
        .filter(|m| matches!(m, ServerMsg::YourTurn { view, .. } if view.dice.is_some()))
        .count();
    assert!(asked_with_dice > 0, "Ann held the dice at least once");
    assert_eq!(leaks(&replay, 0, &ann.log), Vec::<String>::new());
    assert_eq!(leaks(&replay, 1, &bob.log), Vec::<String>::new());
    // The checker sees a leak when one is planted: Ann's own questions,
    // told to Bob.
    let mut planted = bob.log.clone();
    planted.extend(
        ann.log
            .iter()
            .filter(|m| matches!(m, ServerMsg::YourTurn { view, .. } if view.dice.is_some()))
            .cloned(),
    );
    assert!(!leaks(&replay, 1, &planted).is_empty());
}

#[test]
fn the_checker_catches_dice_anywhere_but_a_challenge() {
    let replay = concat!(
        r#"{"type":"match","version":2,"seed":1,"rules":{},"seats":[]}"#,
        "\n",
        r#"{"type":"round_start","game":1,"round":1,"starter":0,"dice":"KQ9KK"}"#,
        "\n",
    );
    let json = |text: &str| serde_json::from_str::<ServerMsg>(text).unwrap();
    // Seat 0 holds KQ9KK at the round's start: its own question may show it.
    let view = r#"{"seat":0,"decision":"claim","rules":{"dice":"poker","chips":3,"straights":"below-full-house","kickers":true,"next_round_starter":"challenger","seating":"throw","min_players":3,"max_players":10},"game":1,"round":1,"order":[0,1,2],"chips":[3,3,3],"pot":0,"history":[],"dice":"KQ9KK"}"#;
    let own = json(&format!(
        r#"{{"type":"your_turn","turn":0,"view":{view},"deadline_ms":1000}}"#
    ));
    assert!(leaks(replay, 0, std::slice::from_ref(&own)).is_empty());
    // The same question told to seat 1 is a leak.
    assert!(!leaks(replay, 1, std::slice::from_ref(&own)).is_empty());
    // Wrong dice in one's own question are a leak too.
    let wrong = json(&format!(
        r#"{{"type":"your_turn","turn":0,"view":{},"deadline_ms":1000}}"#,
        view.replace("KQ9KK", "AAAAA")
    ));
    assert!(!leaks(replay, 0, &[wrong]).is_empty());
}
