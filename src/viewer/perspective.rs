//! Whose eyes the viewer looks through: God's (every die) or one seat's.

use crate::engine::SeatInfo;
use crate::rules::Seat;

/// What the viewer may show.
///
/// ```
/// use liar::viewer::Perspective;
/// assert!(Perspective::God.sees_all());
/// assert!(!Perspective::Seat(1).sees_all());
/// assert!(Perspective::Seat(1).is(1));
/// assert!(!Perspective::Seat(1).is(2));
/// assert!(Perspective::God.is(2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Perspective {
    /// Every die, always: each throw, each re-throw and its positions.
    #[default]
    God,
    /// Only what this seat knew at each moment: the public facts, its own
    /// dice while it held them, and the dice shown at challenges.
    Seat(Seat),
}

impl Perspective {
    /// Whether this is God's view.
    pub fn sees_all(self) -> bool {
        self == Perspective::God
    }

    /// Whether this view may see what `seat` itself knows (God's view sees
    /// every seat's secrets, a seat only its own).
    pub fn is(self, seat: Seat) -> bool {
        match self {
            Perspective::God => true,
            Perspective::Seat(s) => s == seat,
        }
    }

    /// Reads a perspective as typed: `god` (`бог`, `all`), a seat number
    /// counted from 1 as people count (`1` is the replay's seat 0), or a
    /// seat's name (any case). `None` if it names no seat of `seats`.
    ///
    /// ```
    /// use liar::engine::SeatInfo;
    /// use liar::viewer::Perspective;
    /// let seat = |seat: usize, name: &str| SeatInfo::human(seat, name.into());
    /// let seats = [seat(0, "Anna"), seat(1, "Boris")];
    /// assert_eq!(Perspective::parse("Бог", &seats), Some(Perspective::God));
    /// assert_eq!(Perspective::parse("1", &seats), Some(Perspective::Seat(0)));
    /// assert_eq!(Perspective::parse("2", &seats), Some(Perspective::Seat(1)));
    /// assert_eq!(Perspective::parse("anna", &seats), Some(Perspective::Seat(0)));
    /// assert_eq!(Perspective::parse("0", &seats), None);
    /// assert_eq!(Perspective::parse("3", &seats), None);
    /// ```
    pub fn parse(text: &str, seats: &[SeatInfo]) -> Option<Perspective> {
        let text = text.trim();
        let lower = text.to_lowercase();
        if matches!(lower.as_str(), "god" | "all" | "бог" | "все" | "всё") {
            return Some(Perspective::God);
        }
        if let Ok(n) = text.parse::<usize>() {
            return (1..=seats.len())
                .contains(&n)
                .then(|| Perspective::Seat(n - 1));
        }
        seats
            .iter()
            .position(|s| s.name.to_lowercase() == lower)
            .map(Perspective::Seat)
    }
}
