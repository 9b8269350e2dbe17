//! `liar.*` on hands and claims: reading, naming, ranking and the claims
//! above a hand. `api.lua` answers most calls with canonical hands itself;
//! these functions handle every other notation and explain bad arguments.

use super::Registrar;
use super::args::{DiceArg, HandArg, LangArg, bad, describe_value, opt_hand};
use super::names::{face_name, hand_text};
use super::reference::{Entry, Return, function, optional, param};
use super::shared::Shared;
use crate::rules::{Category, Face, Hand, describe as describe_hand};
use mlua::{Lua, LuaString, Table, Value};

const HAND_LIKE: &str = "LiarHandLike";
const HAND_OR_NIL: &str = "LiarHandLike|nil";

/// The declarations, in the README's order.
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        name: "hand",
        doc: "the hand of five dice (a list of faces or a string): \
              `liar.hand({\"Q\",\"9\",\"Q\",\"9\",\"Q\"})` is `\"QQQ99\"`",
        kind: function(&[param("dice", HAND_LIKE)], &[Return("LiarHandText", "")]),
    },
    Entry {
        name: "parse",
        doc: "the hand a claim stands for, or `nil, message`: \
              `liar.parse(\"three kings\")` is `\"KKKT9\"`",
        kind: function(
            &[param("text", "string")],
            &[
                Return("LiarHandText|nil", "hand"),
                Return("string|nil", "message"),
            ],
        ),
    },
    Entry {
        name: "describe",
        doc: "the hand in words, `lang` `\"en\"` (default) or `\"ru\"`: \
              `\"full house, queens over nines\"`",
        kind: function(
            &[
                param("hand", HAND_LIKE),
                optional("lang", "\"en\"|\"ru\"", "Default \"en\"."),
            ],
            &[Return("string", "")],
        ),
    },
    Entry {
        name: "category",
        doc: "the category of the hand on this table: {categories} \
              (straights are busts on a table without them)",
        kind: function(&[param("hand", HAND_LIKE)], &[Return("LiarCategory", "")]),
    },
    Entry {
        name: "categories",
        doc: "the categories of this table, low to high",
        kind: function(&[], &[Return("LiarCategory[]", "")]),
    },
    Entry {
        name: "strength",
        doc: "the hand's rank, 1 for the weakest; equal ranks tie",
        kind: function(&[param("hand", HAND_LIKE)], &[Return("integer", "")]),
    },
    Entry {
        name: "compare",
        doc: "`-1`, `0` or `1` as `a` is lower than, ties with, or is higher than `b`",
        kind: function(
            &[param("a", HAND_OR_NIL), param("b", HAND_OR_NIL)],
            &[Return("-1|0|1", "")],
        ),
    },
    Entry {
        name: "beats",
        doc: "whether `a` is strictly higher than `b` (every hand beats `nil`)",
        kind: function(
            &[param("a", HAND_OR_NIL), param("b", HAND_OR_NIL)],
            &[Return("boolean", "")],
        ),
    },
    Entry {
        name: "is_top",
        doc: "whether nothing is higher than `hand` (`AAAAA`)",
        kind: function(&[param("hand", HAND_LIKE)], &[Return("boolean", "")]),
    },
    Entry {
        name: "lowest_above",
        doc: "the lowest legal claim above `hand` (the lowest hand for `nil`), or `nil` if none",
        kind: function(
            &[param("hand", HAND_OR_NIL)],
            &[Return("LiarHandText|nil", "")],
        ),
    },
    Entry {
        name: "nth_above",
        doc: "the `n`-th lowest legal claim above `hand` (`n = 1` is `lowest_above`), or `nil`",
        kind: function(
            &[param("hand", HAND_OR_NIL), param("n", "integer")],
            &[Return("LiarHandText|nil", "")],
        ),
    },
    Entry {
        name: "count_above",
        doc: "how many hands are higher than `hand` (252 for `nil`)",
        kind: function(&[param("hand", HAND_OR_NIL)], &[Return("integer", "")]),
    },
    Entry {
        name: "above",
        doc: "the hands higher than `hand`, lowest first, at most `count` of them",
        kind: function(
            &[param("hand", HAND_OR_NIL), optional("count", "integer", "")],
            &[Return("LiarHandText[]", "")],
        ),
    },
    Entry {
        name: "counts",
        doc: "how many dice show each face: `{[\"9\"]=2, T=0, J=0, Q=3, K=0, A=0}`",
        kind: function(
            &[param("dice", "LiarFace[]|string")],
            &[Return("table<LiarFace, integer>", "")],
        ),
    },
];

pub(super) fn register(api: &Registrar) -> mlua::Result<()> {
    api.add("hand", hand)?;
    api.add("parse", parse)?;
    api.add("describe", describe)?;
    api.add("category", category)?;
    api.add("categories", categories)?;
    api.add("strength", strength)?;
    api.add("compare", compare)?;
    api.add("beats", beats)?;
    api.add("is_top", is_top)?;
    api.add("lowest_above", lowest_above)?;
    api.add("nth_above", nth_above)?;
    api.add("count_above", count_above)?;
    api.add("above", above)?;
    api.add("counts", counts)
}

fn hand(lua: &Lua, s: &Shared, dice: HandArg) -> mlua::Result<LuaString> {
    hand_text(lua, dice.get(lua, s, "hand", "dice")?)
}

fn parse(lua: &Lua, s: &Shared, text: Value) -> mlua::Result<(Value, Value)> {
    let result = match text {
        Value::String(t) => HandArg::claim(t).hand(s.ranking()),
        other => Err(format!(
            "expected claim text, got {}",
            describe_value(&other)
        )),
    };
    Ok(match result {
        Ok(h) => (Value::String(hand_text(lua, h)?), Value::Nil),
        Err(e) => (Value::Nil, Value::String(lua.create_string(e)?)),
    })
}

fn describe(lua: &Lua, s: &Shared, (hand, lang): (HandArg, LangArg)) -> mlua::Result<String> {
    let h = hand.get(lua, s, "describe", "hand")?;
    let lang = lang.get(lua, "describe")?;
    Ok(describe_hand(h, s.ranking(), lang))
}

fn category(lua: &Lua, s: &Shared, hand: HandArg) -> mlua::Result<&'static str> {
    let h = hand.get(lua, s, "category", "hand")?;
    Ok(s.ranking().category(h).name())
}

fn categories(lua: &Lua, s: &Shared, (): ()) -> mlua::Result<Table> {
    let names = s.ranking().categories().into_iter().map(Category::name);
    lua.create_sequence_from(names)
}

fn strength(lua: &Lua, s: &Shared, hand: HandArg) -> mlua::Result<i64> {
    let h = hand.get(lua, s, "strength", "hand")?;
    Ok(i64::from(s.ranking().strength(h)) + 1)
}

fn compare(lua: &Lua, s: &Shared, (a, b): (Option<HandArg>, Option<HandArg>)) -> mlua::Result<i8> {
    let a = opt_hand(&a, lua, s, "compare", "first hand")?;
    let b = opt_hand(&b, lua, s, "compare", "second hand")?;
    // nil is "no claim yet", below every hand.
    Ok(match (a, b) {
        (Some(a), Some(b)) => s.ranking().compare(a, b) as i8,
        (a, b) => a.is_some() as i8 - b.is_some() as i8,
    })
}

fn beats(lua: &Lua, s: &Shared, (a, b): (Option<HandArg>, Option<HandArg>)) -> mlua::Result<bool> {
    let a = opt_hand(&a, lua, s, "beats", "first hand")?;
    let b = opt_hand(&b, lua, s, "beats", "second hand")?;
    // nil is "no claim yet": every hand beats it.
    Ok(match (a, b) {
        (Some(a), Some(b)) => s.ranking().beats(a, b),
        (a, b) => a.is_some() && b.is_none(),
    })
}

fn is_top(lua: &Lua, s: &Shared, hand: HandArg) -> mlua::Result<bool> {
    let h = hand.get(lua, s, "is_top", "hand")?;
    Ok(s.ranking().is_top(h))
}

fn above(lua: &Lua, s: &Shared, (hand, count): (Option<HandArg>, Value)) -> mlua::Result<Table> {
    let h = opt_hand(&hand, lua, s, "above", "hand")?;
    let above = s.ranking().hands_above(h);
    let count = match count {
        Value::Nil => above.len(),
        Value::Integer(n) if n >= 0 => usize::try_from(n).unwrap_or(usize::MAX),
        other => {
            return Err(bad(
                lua,
                "above",
                "count",
                format!(
                    "expected a whole number of hands, got {}",
                    describe_value(&other)
                ),
            ));
        }
    };
    let list = lua.create_table_with_capacity(count.min(above.len()), 0)?;
    for (i, &h) in above.iter().take(count).enumerate() {
        list.raw_set(i + 1, hand_text(lua, h)?)?;
    }
    Ok(list)
}

fn count_above(lua: &Lua, s: &Shared, hand: Option<HandArg>) -> mlua::Result<usize> {
    let h = opt_hand(&hand, lua, s, "count_above", "hand")?;
    Ok(s.ranking().hands_above(h).len())
}

fn nth_above(lua: &Lua, s: &Shared, (hand, n): (Option<HandArg>, Value)) -> mlua::Result<Value> {
    let h = opt_hand(&hand, lua, s, "nth_above", "hand")?;
    let n = match n {
        Value::Integer(n) if n >= 1 => usize::try_from(n).unwrap_or(usize::MAX),
        other => {
            return Err(bad(
                lua,
                "nth_above",
                "position",
                format!(
                    "expected a whole number from 1, got {}",
                    describe_value(&other)
                ),
            ));
        }
    };
    hand_or_nil(lua, s.ranking().hands_above(h).get(n - 1))
}

fn lowest_above(lua: &Lua, s: &Shared, hand: Option<HandArg>) -> mlua::Result<Value> {
    let h = opt_hand(&hand, lua, s, "lowest_above", "hand")?;
    hand_or_nil(lua, s.ranking().hands_above(h).first())
}

/// A hand as text, or `nil` for none.
fn hand_or_nil(lua: &Lua, hand: Option<&Hand>) -> mlua::Result<Value> {
    match hand {
        Some(&h) => Ok(Value::String(hand_text(lua, h)?)),
        None => Ok(Value::Nil),
    }
}

fn counts(lua: &Lua, _: &Shared, dice: DiceArg) -> mlua::Result<Table> {
    let faces = dice.faces(lua, "counts", "dice")?;
    let counts = lua.create_table_with_capacity(0, 6)?;
    for f in Face::ALL {
        let n = faces.iter().filter(|&&x| x == f).count();
        counts.raw_set(lua.create_string(face_name(f))?, n)?;
    }
    Ok(counts)
}
