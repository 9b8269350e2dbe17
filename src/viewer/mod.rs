//! The replay viewer (`liar replay FILE`): steps through a recorded match at
//! the terminal, in God's view (every die) or as one seat saw it (only what
//! that seat knew at each moment).
//!
//! - [`Timeline`]: a replay read into [`Step`]s, one per event, each with the
//!   table just after it; a cut or broken file keeps every step up to its
//!   last good line ([`Ending`]).
//! - [`Perspective`] and [`Step::sight`]: what God or one seat may see of a
//!   step's hidden dice. A seat sees the dice only while it holds them, the
//!   positions thrown again only when it threw them, and the dice a
//!   challenge shows to everyone.
//! - [`step_lines`], [`step_text`]: a step in words (the narrator's, via
//!   [`crate::i18n::Msg`], plus the viewer's own [`crate::i18n::ViewerMsg`]), English or
//!   Russian.
//! - [`Viewer`]: the interactive loop over a [`crate::human::Console`];
//!   [`parse_command`] reads its commands in English or Russian.
//!
//! ```
//! use liar::engine::*;
//! use liar::i18n::Lang;
//! use liar::replay::ReplayWriter;
//! use liar::rules::Rules;
//! use liar::viewer::{Perspective, Timeline, step_text};
//! let setup = MatchSetup::native(Rules::default(), 11, 1, &["honest", "random", "honest"]);
//! let mut writer = ReplayWriter::new(Vec::new());
//! play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
//! let timeline = Timeline::read(&writer.finish().unwrap()[..]).unwrap();
//!
//! // Seat 0 at the start of a round another seat throws: the dice stay hidden.
//! let (i, step) = timeline
//!     .steps
//!     .iter()
//!     .enumerate()
//!     .find(|(_, s)| matches!(s.event, Event::RoundStart { start, .. } if start.starter != 0))
//!     .unwrap();
//! assert_eq!(step.sight(Perspective::Seat(0)).dice, None);
//! let text = step_text(&timeline, i, Perspective::Seat(0), Lang::En);
//! assert!(text.contains("this seat cannot see them"));
//! ```

mod command;
mod perspective;
mod render;
mod session;
mod step;
mod timeline;

pub use command::{ViewerCommand, ViewerCommandError, parse_command};
pub use perspective::Perspective;
pub use render::{Line, step_lines, step_text};
pub use session::{StartError, Viewer};
pub use step::{Sight, Step, Turn};
pub use timeline::{Ending, LoadError, Timeline};
