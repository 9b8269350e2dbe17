//! `liar.random` (also `math.random`): the seat's own stream, seeded by the
//! engine each game. Its draws are part of byte-identical replays.

use super::Registrar;
use super::reference::{Entry, Kind, Return, optional};
use super::shared::Shared;
use crate::lua::pattern::{arg_error, check_integer, located};
use mlua::{Lua, Value, Variadic};

/// The declaration.
pub(super) const ENTRIES: &[Entry] = &[Entry {
    name: "random",
    doc: "the seat's own random stream, seeded by the engine each game (also \
          `math.random`): with no argument a number in [0, 1), with `m` an integer in 1..m, \
          with `m` and `n` an integer in m..n",
    kind: Kind::Function {
        params: &[optional("m", "integer", ""), optional("n", "integer", "")],
        returns: &[Return("integer", "")],
        annotations: &[
            "@overload fun(): number",
            "@overload fun(m: integer): integer",
        ],
    },
}];

pub(super) fn register(api: &Registrar) -> mlua::Result<()> {
    api.add("random", random)
}

/// Lua's `math.random`, its arguments and errors included, drawing from
/// the seat's stream.
fn random(lua: &Lua, s: &Shared, args: Variadic<Value>) -> mlua::Result<Value> {
    const NAME: &str = "math.random";
    let (low, up) = match args.len() {
        0 => return Ok(Value::Number(s.rng().unit())),
        1 => {
            let up = check_integer(lua, &args, 0, NAME)?;
            if up == 0 {
                // The whole 64 bits, as Lua's `math.random(0)`.
                return Ok(Value::Integer(s.rng().next_u64() as i64));
            }
            (1, up)
        }
        2 => (
            check_integer(lua, &args, 0, NAME)?,
            check_integer(lua, &args, 1, NAME)?,
        ),
        _ => return Err(located(lua, "wrong number of arguments")),
    };
    if low > up {
        return Err(arg_error(lua, 1, NAME, "interval is empty"));
    }
    Ok(Value::Integer(s.rng().between(low, up)))
}
