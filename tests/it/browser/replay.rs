//! What a page showed, checked against the server's replay: which dice
//! a seat may see after each public event.

use super::js;
use fantoccini::Client;
use serde_json::Value;

/// What one seat's page showed at one of its turns.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Public events the page had (`data-events`).
    pub events: usize,
    /// The question's kind.
    pub kind: String,
    /// Every `data-dice` on the page with its `data-kind`.
    pub dice: Vec<(String, String)>,
    /// The page's HTML.
    pub html: String,
}

/// The page's dice and events count at a question (from the live DOM).
pub async fn snapshot(client: &Client, kind: &str) -> Snapshot {
    let v = js(
        client,
        "return { events: Number(document.getElementById('table').dataset.events), \
           dice: [...document.querySelectorAll('[data-dice]')].map(e => [e.dataset.dice, e.dataset.kind || '']) };",
    )
    .await;
    let events = v["events"].as_u64().expect("data-events") as usize;
    let dice = v["dice"]
        .as_array()
        .expect("dice")
        .iter()
        .map(|d| {
            (
                d[0].as_str().unwrap_or_default().to_string(),
                d[1].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let html = client.source().await.expect("the page source");
    Snapshot {
        events,
        kind: kind.to_string(),
        dice,
        html,
    }
}

/// A match as its replay tells it, public event by public event.
pub struct Replay {
    pub lines: Vec<Value>,
}

/// The truth after some public events: who holds which dice.
#[derive(Clone, Debug, Default)]
pub struct Truth {
    pub holder: Option<usize>,
    pub dice: Option<String>,
    /// Dice shown by challenges so far.
    pub revealed: Vec<String>,
}

impl Replay {
    pub fn parse(text: &str) -> Replay {
        let lines = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("a replay line is JSON"))
            .collect();
        Replay { lines }
    }

    fn public(line: &Value) -> bool {
        !matches!(line["type"].as_str(), Some("match" | "log" | "match_end"))
    }

    /// Who held which dice after `count` public events.
    pub fn truth_after(&self, count: usize) -> Truth {
        let mut truth = Truth::default();
        let mut seen = 0;
        for line in &self.lines {
            if !Self::public(line) {
                continue;
            }
            if seen == count {
                break;
            }
            seen += 1;
            let seat = line["seat"].as_u64().map(|s| s as usize);
            match line["type"].as_str() {
                Some("round_start") => {
                    truth.holder = line["starter"].as_u64().map(|s| s as usize);
                    truth.dice = line["dice"].as_str().map(str::to_string);
                }
                Some("accept") => truth.holder = seat,
                Some("reroll") => truth.dice = line["dice"].as_str().map(str::to_string),
                Some("challenge") => {
                    let dice = line["dice"].as_str().unwrap_or_default().to_string();
                    truth.revealed.push(dice);
                    truth.holder = None;
                }
                Some("penalty" | "game_end") => truth.holder = None,
                _ => {}
            }
        }
        assert_eq!(
            seen, count,
            "the replay has fewer public events than the page"
        );
        truth
    }

    /// Every line of a type.
    pub fn of_type<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
        self.lines.iter().filter(move |l| l["type"] == kind)
    }
}

/// Checks one seat's page at one of its turns against the replay: its own
/// dice are the true dice when it holds them, dice shown by challenges
/// were shown, and no other dice are on the page.
pub fn check_snapshot(replay: &Replay, seat: usize, snap: &Snapshot) {
    let truth = replay.truth_after(snap.events);
    for (dice, kind) in &snap.dice {
        match kind.as_str() {
            "own" => {
                assert_eq!(
                    truth.holder,
                    Some(seat),
                    "seat {seat} shows dice it does not hold"
                );
                assert_eq!(Some(dice), truth.dice.as_ref(), "seat {seat}'s own dice");
            }
            "revealed" => assert!(
                truth.revealed.contains(dice),
                "seat {seat} shows {dice} as revealed, but no challenge showed them"
            ),
            other => panic!("seat {seat} shows dice {dice} of kind {other:?} during the match"),
        }
    }
    if snap.kind != "respond" && truth.holder == Some(seat) {
        let own: Vec<_> = snap.dice.iter().filter(|(_, k)| k == "own").collect();
        assert_eq!(
            own.len(),
            1,
            "seat {seat} holds the dice but the page does not show them"
        );
    }
    if let (Some(holder), Some(dice)) = (truth.holder, truth.dice.as_ref())
        && holder != seat
    {
        let needle = format!("data-dice=\"{dice}\"");
        assert!(
            !snap.html.contains(&needle) || truth.revealed.contains(dice),
            "seat {seat}'s page holds seat {holder}'s hidden dice {dice}"
        );
    }
}
