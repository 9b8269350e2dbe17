//! `liar.*` on exact odds: the chance of a re-throw and the best re-throw,
//! both straight from [`crate::rules`] (`api.lua` answers a fresh throw of
//! a canonical hand itself).

use super::Registrar;
use super::args::{DiceArg, HandArg};
use super::reference::{Entry, Return, function, param};
use super::shared::Shared;
use crate::rules::{best_reroll as best_positions, chance_to_reach};
use mlua::{Lua, Table};

/// The declarations, in the README's order.
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        name: "chance",
        doc: "the **exact** chance that keeping the dice `kept` (a list of faces or a string, \
              0 to 5 dice) and throwing the others again gives a hand at least as high as \
              `target` (ties count, as at a challenge); `liar.chance(\"\", h)` is a fresh \
              throw of all five",
        kind: function(
            &[
                param("kept", "LiarFace[]|string|nil"),
                param("target", "LiarHandLike"),
            ],
            &[Return("number", "")],
        ),
    },
    Entry {
        name: "best_reroll",
        doc: "the positions (1-5) to throw again that reach `target` most often, and that \
              chance; among equal choices it throws the fewest dice",
        kind: function(
            &[
                param("dice", "LiarFace[]|string"),
                param("target", "LiarHandLike"),
            ],
            &[Return("integer[]", "positions"), Return("number", "chance")],
        ),
    },
];

pub(super) fn register(api: &Registrar) -> mlua::Result<()> {
    api.add("chance", chance)?;
    api.add("best_reroll", best_reroll)
}

fn chance(lua: &Lua, s: &Shared, (kept, target): (DiceArg, HandArg)) -> mlua::Result<f64> {
    let kept = kept.faces(lua, "chance", "kept dice")?;
    let target = target.get(lua, s, "chance", "target")?;
    Ok(chance_to_reach(&kept, target, s.ranking()))
}

fn best_reroll(
    lua: &Lua,
    s: &Shared,
    (dice, target): (DiceArg, HandArg),
) -> mlua::Result<(Table, f64)> {
    let dice = dice.five(lua, "best_reroll", "dice")?;
    let target = target.get(lua, s, "best_reroll", "target")?;
    let (positions, chance) = best_positions(&dice, target, s.ranking());
    let list = lua.create_sequence_from(positions.iter().map(|p| p + 1))?;
    Ok((list, chance))
}
