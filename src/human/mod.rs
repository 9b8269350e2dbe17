//! People at the terminal: the human seat, the narrator that tells everyone
//! what happens, and the console they share.
//!
//! - [`Console`] ([`SharedConsole`]): line input and output, generic over the
//!   reader and writer so games can be scripted in tests; colors on or off
//!   ([`should_color`]); a stop flag for Ctrl-C; hot-seat bookkeeping (who
//!   holds the keyboard, whose dice are on the screen); on a terminal,
//!   type-ahead dropped before each question and lines wrapped to its width.
//! - [`HumanPlayer`]: a [`crate::engine::Player`] that shows the seat's view
//!   and reads its answers ([`command`], [`respond`], [`reroll`],
//!   [`confirm`], claims through [`crate::rules::read_claim`]), and `odds`
//!   at any question (exact, from [`crate::rules::chance_to_reach`] and
//!   [`crate::rules::best_reroll`]).
//! - [`Narrator`]: an [`crate::engine::Observer`] writing each public event
//!   (for `liar play` and `liar watch`); with people at the table it waits
//!   for Enter between games and sums the match up at its end. It also
//!   tells a match played elsewhere, from public events
//!   ([`Narrator::public_event`], for `liar join`).
//! - [`HumanPlayer::online`]: the same questions for a seat played over the
//!   network (the turn timer in the prompt; a question withdrawn through
//!   [`Console::with_withdraw`] when the table moves on).
//! - [`stop_notice`]: what the first Ctrl-C should say while people play.
//!
//! All text comes from [`crate::i18n`], in English or Russian; answers are
//! accepted in both.
//!
//! A game against two bots at the terminal:
//!
//! ```no_run
//! use liar::engine::*;
//! use liar::human::*;
//! use liar::i18n::lang_from_env;
//! use liar::rules::Rules;
//! let lang = lang_from_env();
//! let console = Console::stdio(should_color()).shared();
//! let mut setup = MatchSetup::native(Rules::default(), 42, 3, &["honest", "honest", "random"]);
//! setup.seats[0].name = "Anna".into();
//! setup.seats[0].kind = SeatKind::Human;
//! let mut players: Vec<Box<dyn Player>> = vec![
//!     Box::new(HumanPlayer::new("Anna", console.clone(), lang)),
//!     Box::new(NativePlayer::new(Policy::Honest)),
//!     Box::new(NativePlayer::new(Policy::Random)),
//! ];
//! let options = NarratorOptions { delay: std::time::Duration::from_millis(600), god_view: false };
//! let mut narrator = Narrator::new(console, lang, options);
//! let stats = play_match(&setup, &mut players, &mut narrator).unwrap();
//! ```

mod answers;
mod claim_reading;
mod console;
mod match_tally;
mod narrator;
mod odds;
mod player;
mod render;
mod style;
mod terminal;

pub use answers::{RerollError, Respond, TableCommand, command, confirm, reroll, respond};
pub use console::{Console, MemoryOutput, SharedConsole, color_wanted, should_color};
pub use narrator::{Narrator, NarratorOptions};
pub use player::HumanPlayer;
pub use style::Style;
pub use terminal::{StopNotice, stop_notice};

/// For the replay viewer, which tells events in the same words.
pub(crate) use render::Render;
