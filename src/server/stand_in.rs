//! The bot that answers for a person (the table's `[online] bot`), made
//! only when it is first needed.
//!
//! Most people answer their own questions, so a stand-in made with the
//! match would spend most of the server's processor time following events
//! for nothing. Until it is needed, the stand-in only keeps what it would
//! have been told; when it is, it is made and told all of it, in order, so
//! it decides as it would have had it followed the match from the start.

use crate::engine::{MatchInfo, Player, PublicEvent, SeatInfo};
use crate::rules::{Rules, Seat};

/// Makes the bot, or says there is none.
pub(crate) type MakeBot = Box<dyn FnOnce() -> Option<Box<dyn Player>>>;

/// A stand-in bot, made on first use.
pub(crate) struct StandIn {
    state: State,
}

enum State {
    /// Not made yet: how to make it, and what to tell it first.
    Later {
        make: MakeBot,
        start: Option<MatchStart>,
        told: Vec<Told>,
    },
    /// Made.
    Ready(Box<dyn Player>),
    /// It could not be made.
    Missing,
}

/// What `begin_match` was told, owned.
struct MatchStart {
    seat: Seat,
    seats: Vec<SeatInfo>,
    rules: Rules,
    games: u32,
    seed: u64,
}

/// What the bot is told after the match began.
enum Told {
    Game { game: u32, seed: u64 },
    Event(PublicEvent),
}

impl StandIn {
    /// A stand-in that `make` makes when it is first needed.
    pub(crate) fn later(make: MakeBot) -> StandIn {
        StandIn {
            state: State::Later {
                make,
                start: None,
                told: Vec::new(),
            },
        }
    }

    /// The bot, made now if it was not yet; `None` if it cannot be made.
    pub(crate) fn bot(&mut self) -> Option<&mut Box<dyn Player>> {
        if let State::Later { .. } = self.state
            && let State::Later { make, start, told } =
                std::mem::replace(&mut self.state, State::Missing)
            && let Some(bot) = make()
        {
            self.state = State::Ready(catch_up(bot, start, told));
        }
        match &mut self.state {
            State::Ready(bot) => Some(bot),
            _ => None,
        }
    }

    /// Tells it that the match begins.
    pub(crate) fn begin_match(&mut self, info: &MatchInfo<'_>) {
        match &mut self.state {
            State::Later { start, .. } => {
                *start = Some(MatchStart {
                    seat: info.seat,
                    seats: info.seats.to_vec(),
                    rules: *info.rules,
                    games: info.games,
                    seed: info.seed,
                });
            }
            State::Ready(bot) => bot.begin_match(info),
            State::Missing => {}
        }
    }

    /// Tells it that a game begins.
    pub(crate) fn begin_game(&mut self, game: u32, seed: u64) {
        match &mut self.state {
            State::Later { told, .. } => told.push(Told::Game { game, seed }),
            State::Ready(bot) => bot.begin_game(game, seed),
            State::Missing => {}
        }
    }

    /// Whether it wants the public events: a bot not made yet keeps them,
    /// as it cannot know yet whether it will.
    pub(crate) fn wants_events(&self) -> bool {
        match &self.state {
            State::Later { .. } => true,
            State::Ready(bot) => bot.wants_events(),
            State::Missing => false,
        }
    }

    /// Tells it a public event.
    pub(crate) fn observe(&mut self, event: &PublicEvent) {
        match &mut self.state {
            State::Later { told, .. } => told.push(Told::Event(event.clone())),
            State::Ready(bot) => bot.observe(event),
            State::Missing => {}
        }
    }

    /// Its log lines since the last call.
    pub(crate) fn take_logs(&mut self, out: &mut Vec<String>) {
        if let State::Ready(bot) = &mut self.state {
            bot.take_logs(out);
        }
    }
}

/// Tells a bot just made everything it missed, in the order it happened.
fn catch_up(
    mut bot: Box<dyn Player>,
    start: Option<MatchStart>,
    told: Vec<Told>,
) -> Box<dyn Player> {
    if let Some(s) = start {
        bot.begin_match(&MatchInfo {
            seat: s.seat,
            seats: &s.seats,
            rules: &s.rules,
            games: s.games,
            seed: s.seed,
        });
    }
    let events = bot.wants_events();
    for t in told {
        match t {
            Told::Game { game, seed } => bot.begin_game(game, seed),
            Told::Event(event) if events => bot.observe(&event),
            Told::Event(_) => {}
        }
    }
    bot
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PlayerError;
    use crate::rules::{Decision, SeatView};
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A bot that writes down what it is told.
    struct Diary(Rc<RefCell<Vec<String>>>);

    impl Player for Diary {
        fn begin_match(&mut self, info: &MatchInfo<'_>) {
            self.0.borrow_mut().push(format!("match {}", info.seed));
        }
        fn begin_game(&mut self, game: u32, _seed: u64) {
            self.0.borrow_mut().push(format!("game {game}"));
        }
        fn decide(&mut self, _view: &SeatView<'_>) -> Result<Decision, PlayerError> {
            Err(PlayerError::Quit)
        }
        fn wants_events(&self) -> bool {
            true
        }
        fn observe(&mut self, event: &PublicEvent) {
            self.0.borrow_mut().push(format!("{event:?}"));
        }
    }

    fn told_the_same(made_at: usize) -> Vec<String> {
        let diary = Rc::new(RefCell::new(Vec::new()));
        let d = diary.clone();
        let mut stand_in = StandIn::later(Box::new(move || Some(Box::new(Diary(d)) as _)));
        let rules = Rules::default();
        let seats = [SeatInfo::human(0, "Ann".into())];
        let event = PublicEvent::Seating { order: vec![0] };
        let steps: [&dyn Fn(&mut StandIn); 5] = [
            &|s| {
                s.begin_match(&MatchInfo {
                    seat: 0,
                    seats: &seats,
                    rules: &rules,
                    games: 2,
                    seed: 7,
                })
            },
            &|s| s.begin_game(1, 11),
            &|s| s.observe(&event),
            &|s| s.begin_game(2, 12),
            &|s| s.observe(&event),
        ];
        for (n, step) in steps.iter().enumerate() {
            if n == made_at {
                assert!(stand_in.bot().is_some());
            }
            step(&mut stand_in);
        }
        assert!(stand_in.bot().is_some());
        diary.take()
    }

    #[test]
    fn a_bot_made_late_is_told_what_one_made_first_was() {
        let first = told_the_same(0);
        assert_eq!(first.len(), 5, "{first:?}");
        for made_at in 1..=5 {
            assert_eq!(told_the_same(made_at), first, "made before step {made_at}");
        }
    }

    #[test]
    fn a_bot_that_cannot_be_made_is_missing() {
        let mut stand_in = StandIn::later(Box::new(|| None));
        stand_in.begin_game(1, 1);
        assert!(stand_in.bot().is_none());
        assert!(!stand_in.wants_events());
    }
}
