//! One person and two bots: the lobby, a table made from a preset, the
//! person's seat, and a whole match played by clicking; what the page
//! showed is checked against the server's replay.

use super::{
    Driver, Engine, Next, Proxy, Replay, Server, Tally, Window, answer, attr, browser,
    check_accessible, check_fits, check_picker, check_question_in_view, check_snapshot, choose,
    click, exists, js, press, runtime, screenshot, snapshot, type_into, until, wait_next,
};
use liar::rules::Ranking;

#[test]
fn a_person_plays_a_whole_match_against_two_bots_by_clicking_in_chromium() {
    play_a_whole_match(
        "a_person_plays_a_whole_match_against_two_bots_by_clicking_in_chromium",
        Engine::Chromium,
        100,
    );
}

#[test]
fn a_person_plays_a_whole_match_against_two_bots_by_clicking_in_firefox() {
    play_a_whole_match(
        "a_person_plays_a_whole_match_against_two_bots_by_clicking_in_firefox",
        Engine::Firefox,
        100,
    );
}

#[test]
fn a_person_plays_a_whole_match_at_200_percent_zoom_in_chromium() {
    play_a_whole_match(
        "a_person_plays_a_whole_match_at_200_percent_zoom_in_chromium",
        Engine::Chromium,
        200,
    );
}

#[test]
fn a_person_plays_a_whole_match_at_200_percent_zoom_in_firefox() {
    play_a_whole_match(
        "a_person_plays_a_whole_match_at_200_percent_zoom_in_firefox",
        Engine::Firefox,
        200,
    );
}

/// The whole match in one browser at one page zoom. Screenshots of Chromium
/// at 100% are named plainly (`lobby`, `turn`, …); the others carry the
/// browser and the zoom (`firefox-turn`, `chromium-zoom-200-turn`, …).
fn play_a_whole_match(test: &str, engine: Engine, zoom: u32) {
    let Some(browser) = browser(&format!("play::{test}"), engine) else {
        return;
    };
    let prefix = match (engine, zoom) {
        (Engine::Chromium, 100) => String::new(),
        (_, 100) => format!("{}-", engine.name()),
        _ => format!("{}-zoom-{zoom}-", engine.name()),
    };
    let shot = |name: &str| format!("{prefix}{name}");
    let server = Server::start(&["web-solo"]);
    // The browser reaches the server through a proxy that can drop it.
    let proxy = Proxy::start(&server.addr);
    let driver = Driver::start(&browser);
    runtime().block_on(async {
        let window = Window {
            zoom,
            ..Window::new(1280, 1000, "en-GB")
        };
        let page = driver.open(window).await;
        page.goto(&proxy.url("/")).await.expect("the lobby opens");
        until("the lobby with its presets", || async {
            let v = js(&page, "return document.querySelectorAll('#preset option').length;").await;
            (v.as_u64() > Some(0)).then_some(())
        })
        .await;
        type_into(&page, "#name", "Anna").await;
        choose(&page, "#preset", "web-solo").await;
        click(&page, "#create").await;
        // Its creator watches the new table; the lobby lists it with its open seat.
        until("the new table's waiting room", || async {
            exists(&page, "#waiting").await.then_some(())
        })
        .await;
        page.goto(&proxy.url("/")).await.expect("back to the lobby");
        let take = "[data-action=take]";
        until("the new table's open seat", || async {
            exists(&page, take).await.then_some(())
        })
        .await;
        screenshot(&page, &shot("lobby")).await;
        click(&page, take).await;
        until("the table page", || async { exists(&page, "#table").await.then_some(()) }).await;
        if exists(&page, "#start").await {
            click(&page, "#start").await;
        }

        let mut snapshots = Vec::new();
        let mut answered = None;
        let mut n = 0;
        let mut tally = Tally::default();
        let mut shot_turn = false;
        let mut shot_challenge = false;
        loop {
            let step = wait_next(&page, answered, "solo").await;
            let Next::Question(turn, kind) = step else {
                break;
            };
            if n == 0 {
                // A reload keeps the seat (its token is in the page's
                // storage) and asks the same question again.
                page.refresh().await.expect("the page reloads");
                let again = wait_next(&page, None, "solo-reload").await;
                assert_eq!(again, Next::Question(turn, kind.clone()), "the question after a reload");
                // A dropped connection: the page says so, connects again
                // by itself and asks the same question.
                let welcomes = attr(&page, "#app", "data-welcomes").await;
                proxy.cut();
                until("the page to see the connection drop", || async {
                    exists(&page, ".conn.off").await.then_some(())
                })
                .await;
                until("a new connection", || async {
                    (attr(&page, "#app", "data-welcomes").await != welcomes).then_some(())
                })
                .await;
                let again = wait_next(&page, None, "solo-reconnect").await;
                assert_eq!(again, Next::Question(turn, kind.clone()), "the question after a reconnect");
                until("the page to be connected again", || async {
                    exists(&page, ".conn.on").await.then_some(())
                })
                .await;
            }
            let snap = snapshot(&page, &kind).await;
            // Nothing to scroll sideways to, whatever the zoom; nothing
            // that only the eyes can use.
            check_fits(&page, &format!("the table at {zoom}%, question {turn}")).await;
            check_accessible(&page, &format!("question {turn}")).await;
            check_question_in_view(&page, &format!("question {turn} at {zoom}%")).await;
            if kind == "claim" {
                check_picker(&page, Ranking::default()).await;
                // The page draws itself anew (here: the odds shown by O);
                // a drop-down list with the same choices stays the same
                // element, so one a person holds open would stay open.
                js(&page, "document.getElementById('claim-category').dataset.mark = 'kept'; return null;").await;
                let odds_shown = exists(&page, "#odds li").await;
                press(&page, "o").await;
                until("the odds panel to toggle", || async {
                    (exists(&page, "#odds li").await != odds_shown).then_some(())
                })
                .await;
                let mark = attr(&page, "#claim-category", "data-mark").await;
                assert_eq!(mark.as_deref(), Some("kept"), "the category list was drawn anew");
                // The typed claim's example is the terminal's.
                let hint = attr(&page, "#typed", "placeholder").await.unwrap_or_default();
                assert!(hint.contains("(QQQ99)"), "the typed claim's hint: {hint:?}");
            }
            if !shot_challenge && exists(&page, "#challenge").await {
                screenshot(&page, &shot("challenge")).await;
                shot_challenge = true;
            }
            if !shot_turn && kind == "reroll" {
                // The odds panel, on request: the best re-throw, exactly.
                click(&page, "#odds-toggle").await;
                let lines = until("the odds", || async {
                    let v = js(&page, "return [...document.querySelectorAll('#odds li')].map(l => l.textContent);").await;
                    let lines = v.as_array()?.clone();
                    (!lines.is_empty()).then_some(lines)
                })
                .await;
                assert!(
                    lines.iter().any(|l| l.as_str().is_some_and(|l| l.contains("from a fresh throw"))),
                    "{lines:?}"
                );
                screenshot(&page, &shot("turn")).await;
                shot_turn = true;
            }
            snapshots.push(snap);
            answer(&page, &kind, &mut tally).await;
            answered = Some(turn);
            n += 1;
            assert!(n < 400, "the match never ends");
        }
        if !shot_challenge && exists(&page, "#challenge").await {
            screenshot(&page, &shot("challenge")).await;
        }
        screenshot(&page, &shot("summary")).await;
        assert!(tally.everything(), "not every way to answer was clicked: {tally:?}");

        // The replay, over plain HTTP, as the page offers it.
        let href = js(&page, "return document.getElementById('download').getAttribute('href');").await;
        let (status, text) = server.get(href.as_str().expect("a replay address"));
        assert_eq!(status, 200, "the replay downloads");
        let replay = Replay::parse(&text);
        let you = js(&page, "return Number(document.getElementById('table').dataset.you);")
            .await
            .as_u64()
            .expect("the page's seat") as usize;
        for snap in &snapshots {
            check_snapshot(&replay, you, snap);
        }
        assert!(
            snapshots.iter().any(|s| s.kind == "claim"),
            "the person never claimed"
        );

        // Every challenge of the match, as the page's log shows it.
        let shown = js(
            &page,
            "return [...document.querySelectorAll('.log-challenge')].map(li => ({ \
               index: Number(li.dataset.index), loser: Number(li.dataset.loser), \
               chips: li.dataset.chips, dice: li.querySelector('[data-dice]').dataset.dice }));",
        )
        .await;
        let mut shown = shown.as_array().expect("challenges").clone();
        shown.sort_by_key(|c| c["index"].as_u64());
        let challenges: Vec<_> = replay.of_type("challenge").collect();
        assert!(!challenges.is_empty(), "a match without a challenge");
        assert_eq!(shown.len(), challenges.len(), "the page shows every challenge");
        for (page_c, c) in shown.iter().zip(&challenges) {
            assert_eq!(page_c["dice"], c["dice"], "the challenge's dice");
            assert_eq!(page_c["loser"], c["loser"], "who pays");
            let chips: Vec<String> = c["chips"]
                .as_array()
                .expect("chips")
                .iter()
                .map(|v| v.to_string())
                .collect();
            assert_eq!(page_c["chips"].as_str(), Some(chips.join(",").as_str()));
        }

        // The end: chips by seat and games won.
        let end = replay.of_type("match_end").next().expect("the match ended");
        let wins: Vec<String> = end["wins"]
            .as_array()
            .expect("wins")
            .iter()
            .map(|v| v.to_string())
            .collect();
        let page_wins = js(&page, "return document.getElementById('summary').dataset.wins;").await;
        assert_eq!(page_wins.as_str(), Some(wins.join(",").as_str()));
        let game_end = replay.of_type("game_end").last().expect("a game ended");
        let last_challenge = challenges.last().expect("a challenge");
        let mut chips: Vec<u64> = last_challenge["chips"]
            .as_array()
            .expect("chips")
            .iter()
            .filter_map(|v| v.as_u64())
            .collect();
        let winner = game_end["winner"].as_u64().expect("a winner") as usize;
        chips[winner] += game_end["pot"].as_u64().expect("the pot");
        let page_chips = js(
            &page,
            "return [...document.querySelectorAll('#felt .seat')].sort((a, b) => a.dataset.seat - b.dataset.seat).map(s => Number(s.dataset.chips));",
        )
        .await;
        let page_chips: Vec<u64> = page_chips
            .as_array()
            .expect("seats")
            .iter()
            .filter_map(|v| v.as_u64())
            .collect();
        assert_eq!(page_chips, chips, "chips at the end");

        // The replay in the browser: every die, step by step.
        click(&page, "#open-replay").await;
        until("the replay viewer", || async { exists(&page, "#replay").await.then_some(()) }).await;
        click(&page, "#replay-first").await;
        let first_round = replay
            .of_type("round_start")
            .next()
            .expect("a round")
            .clone();
        let steps = replay
            .lines
            .iter()
            .position(|l| *l == first_round)
            .expect("the round's line")
            + 1;
        for _ in 0..steps {
            click(&page, "#replay-forward").await;
        }
        let dice = until("the first throw in the replay viewer", || async {
            let v = js(&page, "const d = document.querySelector('#replay [data-kind=replay]'); return d ? d.dataset.dice : null;").await;
            v.as_str().map(str::to_string)
        })
        .await;
        assert_eq!(Some(dice.as_str()), first_round["dice"].as_str());
        screenshot(&page, &shot("replay")).await;
        check_fits(&page, &format!("the replay at {zoom}%")).await;
        click(&page, "#close-replay").await;
        check_fits(&page, &format!("the summary at {zoom}%")).await;
        page.close().await.expect("the session closes");
    });
}
