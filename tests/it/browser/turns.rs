//! Playing through a page: waiting for the next question and answering
//! it by clicking or by the keyboard.

use super::{POLL, WAIT, attr, choose, click, exists, js, press, screenshot, type_into, until};
use fantoccini::Client;
use liar::rules::{Dice, Ranking};
use std::time::Instant;

/// What a seat's page asks now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// A question: its number and kind.
    Question(u64, String),
    /// The match is over (the summary offers the replay).
    End,
}

/// Whether the page has a new question (not `answered`) or the match ended.
pub async fn next(client: &Client, answered: Option<u64>) -> Option<Next> {
    let v = js(
        client,
        "const q = document.querySelector('#question[data-turn]'); \
         const busy = q && [...q.querySelectorAll('button')].every(b => b.disabled); \
         return { end: !!document.getElementById('download'), \
                  turn: q && !busy ? Number(q.dataset.turn) : null, \
                  kind: q ? q.dataset.kind : null };",
    )
    .await;
    if v["end"].as_bool() == Some(true) {
        return Some(Next::End);
    }
    let turn = v["turn"].as_u64()?;
    (Some(turn) != answered).then(|| Next::Question(turn, v["kind"].as_str().unwrap_or("").into()))
}

/// Waits for [`next`]; on timeout saves `target/screenshots/failure-NAME.png`
/// and fails with what the page shows.
pub async fn wait_next(client: &Client, answered: Option<u64>, name: &str) -> Next {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(step) = next(client, answered).await {
            return step;
        }
        if Instant::now() >= deadline {
            screenshot(client, &format!("failure-{name}")).await;
            let text = js(
                client,
                "const m = document.querySelector('main'); return m ? m.innerText : '';",
            )
            .await;
            panic!("{name}: no new question and no end of the match; the page shows:\n{text}");
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Checks the claim picker against the engine: it offers exactly the
/// hands that beat the claim on the table under `ranking`, lowest first.
pub async fn check_picker(client: &Client, ranking: Ranking) {
    let to_beat = attr(client, "#to-beat", "data-claim")
        .await
        .map(|c| c.parse::<Dice>().expect("a hand").hand());
    let legal = ranking.hands_above(to_beat);
    let count = attr(client, ".picker", "data-legal").await;
    let lowest = attr(client, ".picker", "data-lowest").await;
    assert_eq!(
        count,
        Some(legal.len().to_string()),
        "legal claims over {to_beat:?}"
    );
    assert_eq!(
        lowest,
        legal.first().map(|h| h.to_string()),
        "the lowest legal claim"
    );
}

/// What a page has answered so far, by kind of answer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub believed: usize,
    pub challenged: usize,
    pub rethrown: usize,
    pub kept: usize,
    pub picked: usize,
    pub typed: usize,
    pub refused: usize,
}

impl Tally {
    /// Every kind of answer was given at least once.
    /// Whether to believe this time, counted: believing and challenging
    /// take turns, and a claim nothing beats is challenged.
    fn believes(&mut self, can_believe: bool) -> bool {
        let believe = can_believe && self.believed <= self.challenged;
        if believe {
            self.believed += 1;
        } else {
            self.challenged += 1;
        }
        believe
    }

    pub fn everything(&self) -> bool {
        [
            self.believed,
            self.challenged,
            self.rethrown,
            self.kept,
            self.picked,
            self.typed,
        ]
        .iter()
        .all(|&n| n > 0)
    }
}

/// Whether the page lets its person believe the claim (not when nothing
/// can be claimed over it).
async fn can_believe(client: &Client) -> bool {
    attr(client, "#believe", "disabled").await.is_none()
}

/// Waits until the die at `position` shows it is picked to be thrown.
async fn picked(client: &Client, position: usize) {
    let die = format!("button.die[data-position=\"{position}\"]");
    until(&format!("die {} to be picked", position + 1), || async {
        let pressed = attr(client, &die, "aria-pressed").await;
        (pressed.as_deref() == Some("true")).then_some(())
    })
    .await;
}

/// Answers by the keyboard alone, with the keys the buttons show: B or D;
/// the digits 1–5 to pick dice, then T; C to claim what the picker offers.
pub async fn answer_by_keys(client: &Client, kind: &str, tally: &mut Tally) {
    match kind {
        "respond" => {
            let believe = tally.believes(can_believe(client).await);
            press(client, if believe { "b" } else { "d" }).await;
        }
        "reroll" => {
            let positions: &[usize] = if tally.rethrown > tally.kept {
                &[]
            } else {
                &[1, 3]
            };
            if positions.is_empty() {
                tally.kept += 1;
            } else {
                tally.rethrown += 1;
            }
            for p in positions {
                press(client, &(p + 1).to_string()).await;
                picked(client, *p).await;
            }
            press(client, "t").await;
        }
        "claim" => {
            tally.picked += 1;
            press(client, "c").await;
        }
        other => panic!("a question of unknown kind {other:?}"),
    }
}

/// Answers the question of `kind` by clicking, taking turns between the
/// ways to answer: believe or challenge; dice tapped and thrown, or all
/// kept; a claim picked (category, then faces) or typed in words.
pub async fn answer(client: &Client, kind: &str, tally: &mut Tally) {
    match kind {
        "respond" => {
            let believe = tally.believes(can_believe(client).await);
            click(client, if believe { "#believe" } else { "#disbelieve" }).await;
        }
        "reroll" => {
            let positions: &[usize] = match (tally.rethrown + tally.kept) % 3 {
                0 => &[0, 1],
                1 => &[],
                _ => &[4],
            };
            if positions.is_empty() {
                tally.kept += 1;
            } else {
                tally.rethrown += 1;
            }
            for p in positions {
                click(client, &format!("button.die[data-position=\"{p}\"]")).await;
                picked(client, *p).await;
            }
            click(client, "#throw").await;
        }
        "claim" if tally.refused == 0 && exists(client, "#to-beat").await => {
            // A claim that does not beat the claim on the table, typed as
            // the table shows it: the server refuses it, the page says so
            // and keeps the question open; then a legal claim is picked.
            tally.refused += 1;
            let turn = attr(client, "#question", "data-turn").await;
            let shown = js(
                client,
                "return document.querySelector('#to-beat .notation').textContent;",
            )
            .await;
            type_into(
                client,
                "#typed",
                shown.as_str().expect("the claim's notation"),
            )
            .await;
            click(client, "#send-typed").await;
            until("the refusal, with the question still open", || async {
                let refused = exists(client, ".notice.error").await;
                let open = attr(client, "#question", "data-turn").await == turn
                    && attr(client, "#claim", "disabled").await.is_none();
                (refused && open).then_some(())
            })
            .await;
            click(client, "#claim").await;
        }
        "claim" if tally.typed < tally.picked => {
            tally.typed += 1;
            // Typed: the words of the lowest legal claim, as the picker names it.
            let label = js(
                client,
                "return document.querySelector('#claim-hand option').textContent.split(' — ')[0];",
            )
            .await;
            let words = label.as_str().expect("a claim's words").to_string();
            type_into(client, "#typed", &words).await;
            click(client, "#send-typed").await;
        }
        "claim" => {
            let n = tally.picked;
            tally.picked += 1;
            let categories = js(
                client,
                "return [...document.querySelectorAll('#claim-category option')].map(o => o.value);",
            )
            .await;
            let categories = categories.as_array().expect("categories").clone();
            let pick = categories[n % categories.len().min(3)]
                .as_str()
                .expect("a category");
            choose(client, "#claim-category", pick).await;
            until("the hands of the category", || async {
                let v = js(
                    client,
                    "const o = document.querySelector('#claim-category'); return o ? o.value : null;",
                )
                .await;
                (v.as_str() == Some(pick)).then_some(())
            })
            .await;
            click(client, "#claim").await;
        }
        other => panic!("a question of unknown kind {other:?}"),
    }
}
