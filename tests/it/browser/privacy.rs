//! Two people in two browsers at one table, Chromium on a desktop and
//! Firefox on a phone-sized screen in Russian (the second comes by the
//! seat's share link and plays by the keyboard alone), and a bot, watched
//! from a third window: at each of its
//! turns, neither person's page holds dice its seat may not see, nor does
//! the watcher's page hold any die not shown to all, checked against the
//! replay.

use super::{
    Driver, Engine, Next, Replay, Server, Snapshot, Tally, WAIT, answer, answer_by_keys, browser,
    check_snapshot, choose, click, exists, js, next, runtime, type_into, until,
};
use fantoccini::Client;
use liar::rules::{Ranking, Straights};
use std::time::{Duration, Instant};

/// One person's browser and what it has done.
struct Person {
    page: Client,
    answered: Option<u64>,
    answers: usize,
    tally: Tally,
    done: bool,
    snapshots: Vec<Snapshot>,
}

impl Person {
    fn new(page: Client) -> Person {
        Person {
            page,
            answered: None,
            answers: 0,
            tally: Tally::default(),
            done: false,
            snapshots: Vec::new(),
        }
    }

    async fn seat(&self) -> usize {
        js(
            &self.page,
            "return Number(document.getElementById('table').dataset.you);",
        )
        .await
        .as_u64()
        .expect("the page's seat") as usize
    }
}

/// Whoever is asked next (or sees the end), polling both pages; on timeout
/// screenshots of both pages are saved and the test fails with their text.
async fn wait_either(people: &[Person; 2]) -> (usize, Next) {
    let deadline = Instant::now() + WAIT;
    loop {
        for (i, p) in people.iter().enumerate() {
            if p.done {
                continue;
            }
            if let Some(step) = next(&p.page, p.answered).await {
                return (i, step);
            }
        }
        if Instant::now() >= deadline {
            let mut text = String::new();
            for (i, p) in people.iter().enumerate() {
                super::screenshot(&p.page, &format!("failure-privacy-{i}")).await;
                let shown = js(
                    &p.page,
                    "const m = document.querySelector('main'); return m ? m.innerText : '';",
                )
                .await;
                text.push_str(&format!(
                    "\n--- page {i}:\n{}",
                    shown.as_str().unwrap_or("")
                ));
            }
            panic!("no question for either person and no end of the match:{text}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn two_people_in_two_browsers_never_see_each_others_dice() {
    let test = "privacy::two_people_in_two_browsers_never_see_each_others_dice";
    // The host and the watcher in Chromium, the guest on a phone in Firefox.
    let (Some(chromium), Some(firefox)) = (
        browser(test, Engine::Chromium),
        browser(test, Engine::Firefox),
    ) else {
        return;
    };
    let server = Server::start(&["web-duo"]);
    let driver = Driver::start(&chromium);
    let phone_driver = Driver::start(&firefox);
    runtime().block_on(async {
        let host = driver.session(1280, 1000, "en-GB").await;
        host.goto(&server.url("/")).await.expect("the lobby opens");
        until("the lobby with its presets", || async {
            let v = js(&host, "return document.querySelectorAll('#preset option').length;").await;
            (v.as_u64() > Some(0)).then_some(())
        })
        .await;
        type_into(&host, "#name", "Anna").await;
        choose(&host, "#preset", "web-duo").await;
        click(&host, "#create").await;
        until("the host's waiting room", || async {
            exists(&host, "#waiting").await.then_some(())
        })
        .await;
        click(&host, "[data-action=take]").await;
        until("the host's seat", || async {
            let v = js(&host, "const t = document.getElementById('table'); return t ? t.dataset.you : '';").await;
            (!v.as_str().unwrap_or("").is_empty()).then_some(())
        })
        .await;
        // The host's waiting room offers a link for the other open seat.
        let link = until("a share link in the waiting room", || async {
            let v = js(&host, "const i = document.querySelector('#waiting .share-url'); return i ? i.value : null;").await;
            v.as_str().map(str::to_string)
        })
        .await;

        // The second person, in Firefox on a phone-sized screen, in Russian.
        let guest = phone_driver.session(400, 860, "ru-RU").await;
        guest.goto(&link).await.expect("the share link opens");
        // A name taken at the table is refused, in the page's language
        // (the words `liar join` uses, from /api/refusals).
        type_into(&guest, "#name", "anna").await;
        click(&guest, ".seat-line.highlight [data-action=take]").await;
        let (status, refusals) = server.get("/api/refusals");
        assert_eq!(status, 200);
        let refusals: serde_json::Value = serde_json::from_str(&refusals).expect("JSON");
        let bad_name = refusals["bad_name"]["ru"].as_str().expect("bad_name in Russian");
        until("the refusal in Russian", || async {
            let v = js(&guest, "const n = document.querySelector('.notice.error'); return n ? n.textContent : null;").await;
            v.as_str().is_some_and(|t| t.contains(bad_name)).then_some(())
        })
        .await;
        // A name written as markup is shown as text, never as markup.
        let name = "<b>Борис</b>";
        type_into(&guest, "#name", name).await;
        click(&guest, ".seat-line.highlight [data-action=take]").await;
        until("the guest's table page", || async {
            exists(&guest, "#table").await.then_some(())
        })
        .await;
        let lang = js(&guest, "return document.documentElement.lang;").await;
        assert_eq!(lang.as_str(), Some("ru"), "the guest's page speaks the browser's language");
        // Someone watching, who came from the lobby.
        let watcher = driver.session(1024, 768, "en-US").await;
        watcher.goto(&server.url("/")).await.expect("the lobby opens");
        click(&watcher, "[data-action=watch]").await;
        until("the watcher's table page", || async {
            exists(&watcher, "#table").await.then_some(())
        })
        .await;
        let shown = until("the guest's name on the host's page", || async {
            let v = js(
                &host,
                "const s = [...document.querySelectorAll('#felt .seat')]; \
                 return [s.map(e => e.innerText).join('|'), document.querySelectorAll('#felt b').length];",
            )
            .await;
            let text = v[0].as_str().unwrap_or_default().to_string();
            text.contains(name).then(|| (text, v[1].as_u64()))
        })
        .await;
        assert_eq!(shown.1, Some(0), "markup from a name became elements: {}", shown.0);
        click(&host, "#start").await;
        let mut watched = Vec::new();

        let mut people = [Person::new(host), Person::new(guest)];
        let mut turns = 0;
        while people.iter().any(|p| !p.done) {
            // Whoever is asked answers; the other waits.
            let (who, step) = wait_either(&people).await;
            let p = &mut people[who];
            match step {
                Next::End => p.done = true,
                Next::Question(turn, kind) => {
                    p.snapshots.push(super::snapshot(&p.page, &kind).await);
                    let what = format!("seat page {who}, question {turn}");
                    super::check_accessible(&p.page, &what).await;
                    super::check_question_in_view(&p.page, &what).await;
                    watched.push(super::snapshot(&watcher, "watch").await);
                    if kind == "claim" {
                        // Straights above full house, odd dice not counting.
                        let ranking = Ranking {
                            straights: Straights::AboveFullHouse,
                            kickers: false,
                        };
                        super::check_picker(&p.page, ranking).await;
                        // The typed claim's example is the terminal's, in
                        // the page's language, on standard dice.
                        let hint = super::attr(&p.page, "#typed", "placeholder").await;
                        let hint = hint.unwrap_or_default();
                        assert!(hint.contains("(55522)"), "the typed claim's hint: {hint:?}");
                    }
                    if who == 1 && p.answers == 0 {
                        // The odds by their keyboard shortcut, O.
                        super::press(&p.page, "o").await;
                        until("the odds by the O key", || async {
                            exists(&p.page, "#odds li").await.then_some(())
                        })
                        .await;
                        super::screenshot(&p.page, "phone-turn-ru").await;
                    }
                    if who == 1 {
                        // The guest plays by the keyboard alone.
                        answer_by_keys(&p.page, &kind, &mut p.tally).await;
                    } else {
                        answer(&p.page, &kind, &mut p.tally).await;
                    }
                    p.answered = Some(turn);
                    p.answers += 1;
                    turns += 1;
                    assert!(turns < 600, "the match never ends");
                }
            }
        }
        // Every kind of answer was given by its key at least once.
        let keys = &people[1].tally;
        assert!(
            [keys.believed, keys.challenged, keys.rethrown, keys.kept, keys.picked]
                .iter()
                .all(|&n| n > 0),
            "not every key was pressed: {keys:?}"
        );
        super::screenshot(&people[1].page, "phone-summary").await;
        super::check_fits(&people[1].page, "the phone's table").await;

        let href = js(&people[0].page, "return document.getElementById('download').getAttribute('href');").await;
        let (status, text) = server.get(href.as_str().expect("a replay address"));
        assert_eq!(status, 200);
        let replay = Replay::parse(&text);
        let mut seats = Vec::new();
        for p in &people {
            let seat = p.seat().await;
            assert!(!p.snapshots.is_empty(), "seat {seat} was never asked");
            for snap in &p.snapshots {
                check_snapshot(&replay, seat, snap);
            }
            seats.push(seat);
        }
        assert_ne!(seats[0], seats[1]);
        // The watcher's page never held a die that was not shown to all.
        for snap in &watched {
            check_snapshot(&replay, usize::MAX, snap);
        }
        until("the watcher's summary", || async {
            exists(&watcher, "#download").await.then_some(())
        })
        .await;
        watcher.close().await.expect("the session closes");
        for p in people {
            p.page.close().await.expect("the session closes");
        }
    });
}
