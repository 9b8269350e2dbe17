//! `liar.random` (also `math.random`): the seat's own stream, seeded by the
//! engine each game. Its draws are part of byte-identical replays.

use super::Registrar;
use super::args::{bad, describe_value};
use super::reference::{Entry, Kind, Return, optional};
use super::shared::Shared;
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

fn random(lua: &Lua, s: &Shared, args: Variadic<Value>) -> mlua::Result<Value> {
    let mut rng = s.rng();
    match args.len() {
        0 => Ok(Value::Number(rng.unit())),
        1 => {
            let m = whole_number(lua, &args[0], "upper bound")?;
            if m == 0 {
                return Ok(Value::Integer(rng.next_u64() as i64));
            }
            if m < 1 {
                return Err(bad(lua, "random", "interval", format!("1..{m} is empty")));
            }
            Ok(Value::Integer(rng.between(1, m)))
        }
        2 => {
            let lo = whole_number(lua, &args[0], "lower bound")?;
            let hi = whole_number(lua, &args[1], "upper bound")?;
            if lo > hi {
                return Err(bad(
                    lua,
                    "random",
                    "interval",
                    format!("{lo}..{hi} is empty"),
                ));
            }
            Ok(Value::Integer(rng.between(lo, hi)))
        }
        n => Err(bad(
            lua,
            "random",
            "arguments",
            format!("expected at most 2, got {n}"),
        )),
    }
}

/// An integer, a float with an integer value, or a string that converts to
/// one (as Lua's `math.random` takes: `math.random("3")` is `math.random(3)`).
fn whole_number(lua: &Lua, v: &Value, what: &str) -> mlua::Result<i64> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Number(x) if x.fract() == 0.0 && *x >= i64::MIN as f64 && *x < i64::MAX as f64 => {
            Ok(*x as i64)
        }
        // Lua's own conversion (the string is at most what a bot could
        // write, and converting it is charged like any string to number).
        Value::String(_) if let Ok(Some(i)) = lua.coerce_integer(v.clone()) => Ok(i),
        other => Err(bad(
            lua,
            "random",
            what,
            format!("expected a whole number, got {}", describe_value(other)),
        )),
    }
}
