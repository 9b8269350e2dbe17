//! The preliminary throw that sets the turn order of a match.

use super::face::Face;
use super::table_rules::Seat;

/// One die thrown in the seating throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatingRoll {
    /// Who threw.
    pub seat: Seat,
    /// What the die showed.
    pub face: Face,
}

/// After this many rounds of re-throws, still-tied seats keep their listed order.
pub const MAX_RETHROWS: u32 = 100;

/// Plays the seating throw: every seat throws one die (asked of `throw`, in
/// seat order); highest goes first, the next highest sits to his left, and so
/// on. Tied seats throw again among themselves, only to order themselves.
///
/// Returns every roll (re-throws included) and the turn order, first caller first.
///
/// ```
/// use liar::rules::{seating_throw, Face};
/// let mut faces = [Face::Ten, Face::Ace, Face::Ten, Face::King, Face::Nine].into_iter();
/// let (rolls, order) = seating_throw(&[0, 1, 2], |_| faces.next().unwrap_or(Face::Nine));
/// // seat 1 threw the ace; seats 0 and 2 tied on tens and threw again: K beats 9.
/// assert_eq!(order, vec![1, 0, 2]);
/// assert_eq!(rolls.len(), 5);
/// ```
pub fn seating_throw(
    seats: &[Seat],
    mut throw: impl FnMut(Seat) -> Face,
) -> (Vec<SeatingRoll>, Vec<Seat>) {
    let mut rolls = Vec::new();
    let mut order = Vec::with_capacity(seats.len());
    order_group(seats, &mut throw, &mut rolls, &mut order, 0);
    (rolls, order)
}

fn order_group(
    group: &[Seat],
    throw: &mut impl FnMut(Seat) -> Face,
    rolls: &mut Vec<SeatingRoll>,
    order: &mut Vec<Seat>,
    depth: u32,
) {
    // A fair die ends ties almost surely; the cap only guards a broken source.
    if group.len() <= 1 || depth > MAX_RETHROWS {
        order.extend_from_slice(group);
        return;
    }
    let first = rolls.len();
    rolls.extend(group.iter().map(|&seat| SeatingRoll {
        seat,
        face: throw(seat),
    }));
    let mut thrown = rolls[first..].to_vec();
    // Highest face first; a stable sort keeps tied seats in their given order.
    thrown.sort_by_key(|r| std::cmp::Reverse(r.face));
    for run in thrown.chunk_by(|a, b| a.face == b.face) {
        if let [only] = run {
            order.push(only.seat);
        } else {
            let tied: Vec<Seat> = run.iter().map(|r| r.seat).collect();
            order_group(&tied, throw, rolls, order, depth + 1);
        }
    }
}
