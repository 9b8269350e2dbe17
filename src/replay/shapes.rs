//! A player's tells: how often his raises of each shape were true, read
//! from replays, which hold every die. A bot whose raises of some shape
//! are nearly always lies can be beaten by challenging that shape
//! (`table_hunter`, `bots/arena/cat_hunter.lua` with `tells = true`,
//! answers by such a table, and `examples/shape_table.rs` fits one).

use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use super::read_replay;
use crate::engine::Event;
use crate::rules::{Category, Hand, Ranking, Seat};

/// How a raise relates to the claim it beats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Relation {
    /// Same category, same first face of the canonical hand: the group
    /// that leads is kept (`KKAQJ` over `KKQJT`, `QQQTT` over `QQQ99`).
    SameTop,
    /// Same category, another first face (`QQQT9` over `JJJAK`).
    NewTop,
    /// Into a higher category.
    Up(Category),
}

/// The shape of a raise: the dice thrown before it, the category of the
/// claim it beats and how it relates to that claim.
///
/// Its text is the key `table_hunter` looks up (`bots/arena/cat_hunter.lua`):
///
/// ```
/// use liar::replay::{RaiseShape, Relation};
/// use liar::rules::Category;
/// let s = RaiseShape { thrown: 2, beaten: Category::FullHouse, relation: Relation::NewTop };
/// assert_eq!(s.to_string(), "2|full-house|new-top");
/// let s = RaiseShape { thrown: 1, beaten: Category::OnePair, relation: Relation::Up(Category::TwoPairs) };
/// assert_eq!(s.to_string(), "1|one-pair|up:two-pairs");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RaiseShape {
    /// Dice thrown again before the raise (0: kept all five).
    pub thrown: usize,
    /// The category of the claim beaten.
    pub beaten: Category,
    /// How the raise relates to it.
    pub relation: Relation,
}

impl RaiseShape {
    /// The shape of `claim` made over `before` after throwing `thrown` dice.
    pub fn of(ranking: Ranking, thrown: usize, before: Hand, claim: Hand) -> RaiseShape {
        let (beaten, category) = (ranking.category(before), ranking.category(claim));
        let relation = if beaten != category {
            Relation::Up(category)
        } else if before.faces()[0] == claim.faces()[0] {
            Relation::SameTop
        } else {
            Relation::NewTop
        };
        RaiseShape {
            thrown,
            beaten,
            relation,
        }
    }
}

impl fmt::Display for RaiseShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}|", self.thrown, self.beaten.name())?;
        match self.relation {
            Relation::SameTop => f.write_str("same-top"),
            Relation::NewTop => f.write_str("new-top"),
            Relation::Up(c) => write!(f, "up:{}", c.name()),
        }
    }
}

/// Raises of one shape: how many, and how many were true (the claimer's
/// dice at least the claim, as at a challenge).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShapeCount {
    /// Raises of this shape.
    pub raises: u32,
    /// Of those, the true ones.
    pub true_raises: u32,
}

/// Adds the raises of the seat called `name` in one replay's `events` to
/// `counts`. Opening claims are not raises and are left out. Returns the
/// seat, or `None` when no seat has that name.
///
/// ```
/// use std::collections::BTreeMap;
/// use liar::replay::{count_raise_shapes, read_replay};
/// let replay = r#"{"type":"match","version":3,"seed":1,"rules":{"dice":"poker","chips":3,"straights":"below-full-house","kickers":true,"next_round_starter":"challenger","seating":"listed","min_players":2,"max_players":6},"seats":[{"seat":0,"name":"ann","kind":"human"},{"seat":1,"name":"bob","kind":"human"}]}
/// {"type":"game_start","game":1,"first":0,"chips":[3,3]}
/// {"type":"round_start","game":1,"round":1,"starter":0,"dice":"QQ9TJ"}
/// {"type":"claim","seat":0,"claim":"QQJT9"}
/// {"type":"accept","seat":1}
/// {"type":"reroll","seat":1,"positions":[2],"dice":"QQKTJ"}
/// {"type":"claim","seat":1,"claim":"KKQQ9"}
/// "#;
/// let events = read_replay(replay.as_bytes()).unwrap();
/// let mut counts = BTreeMap::new();
/// assert_eq!(count_raise_shapes(&events, "bob", &mut counts), Some(1));
/// let (shape, count) = counts.iter().next().unwrap();
/// assert_eq!(shape.to_string(), "1|one-pair|up:two-pairs");
/// assert_eq!((count.raises, count.true_raises), (1, 0)); // he held QQKJT
/// ```
pub fn count_raise_shapes(
    events: &[Event],
    name: &str,
    counts: &mut BTreeMap<RaiseShape, ShapeCount>,
) -> Option<Seat> {
    let mut seat = None;
    let mut ranking = Ranking::default();
    let (mut held, mut last, mut thrown) = (None, None, 0);
    for event in events {
        match event {
            Event::Match { rules, seats, .. } => {
                ranking = rules.ranking();
                seat = seats.iter().find(|s| s.name == name).map(|s| s.seat);
            }
            Event::RoundStart { dice, .. } => (held, last) = (Some(dice.hand()), None),
            Event::Reroll {
                positions, dice, ..
            } => (held, thrown) = (Some(dice.hand()), positions.len()),
            Event::Claim(c) => {
                if let (true, Some(before), Some(hand)) = (Some(c.seat) == seat, last, held) {
                    let count = counts
                        .entry(RaiseShape::of(ranking, thrown, before, c.claim))
                        .or_default();
                    count.raises = count.raises.saturating_add(1);
                    let was_true = !ranking.beats(c.claim, hand);
                    count.true_raises = count.true_raises.saturating_add(u32::from(was_true));
                }
                last = Some(c.claim);
            }
            _ => {}
        }
    }
    seat
}

/// The raises of the seat called `name` in every replay file of `paths`,
/// counted by shape. The error names the file: one that cannot be read,
/// is not a replay, or has no seat of that name.
///
/// ```
/// use liar::replay::count_raise_shapes_in_files;
/// let err = count_raise_shapes_in_files(["no/such/replay.jsonl"], "expert").unwrap_err();
/// assert!(err.starts_with("no/such/replay.jsonl: "), "{err}");
/// ```
pub fn count_raise_shapes_in_files(
    paths: impl IntoIterator<Item = impl AsRef<Path>>,
    name: &str,
) -> Result<BTreeMap<RaiseShape, ShapeCount>, String> {
    let mut counts = BTreeMap::new();
    for path in paths {
        let path = path.as_ref();
        let events = File::open(path)
            .map_err(|e| e.to_string())
            .and_then(|f| read_replay(BufReader::new(f)).map_err(|e| e.to_string()))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if count_raise_shapes(&events, name, &mut counts).is_none() {
            return Err(format!("{}: no seat is called {name:?}", path.display()));
        }
    }
    Ok(counts)
}

/// Shapes seen fewer times than this are too few to judge by: the Lua
/// table of [`shape_table_lua`] leaves them out.
pub const SHAPE_TABLE_MIN_RAISES: u32 = 8;

/// The Lua table `table_hunter` answers by (`SHAPES` in
/// `bots/arena/cat_hunter.lua`): for every shape seen at least
/// [`SHAPE_TABLE_MIN_RAISES`] times, the share of true raises, with the
/// counts in a comment.
///
/// ```
/// use std::collections::BTreeMap;
/// use liar::replay::{RaiseShape, Relation, ShapeCount, shape_table_lua};
/// use liar::rules::Category;
/// let shape = RaiseShape { thrown: 2, beaten: Category::FullHouse, relation: Relation::NewTop };
/// let counts = BTreeMap::from([(shape, ShapeCount { raises: 108, true_raises: 2 })]);
/// assert_eq!(
///     shape_table_lua(&counts),
///     "local SHAPES = {\n  [\"2|full-house|new-top\"] = 0.019, -- 2 of 108\n}\n"
/// );
/// ```
pub fn shape_table_lua(counts: &BTreeMap<RaiseShape, ShapeCount>) -> String {
    let mut lua = String::from("local SHAPES = {\n");
    for (shape, c) in counts
        .iter()
        .filter(|(_, c)| c.raises >= SHAPE_TABLE_MIN_RAISES)
    {
        let rate = f64::from(c.true_raises) / f64::from(c.raises);
        lua += &format!(
            "  [\"{shape}\"] = {rate:.3}, -- {} of {}\n",
            c.true_raises, c.raises
        );
    }
    lua + "}\n"
}
