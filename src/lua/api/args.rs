//! Arguments of the `liar` functions, read the ways bots may give them.
//!
//! The conversions never fail inside mlua (which would word the error
//! itself): each newtype holds what it read or what is wrong with it, and
//! the function reports a problem under its own name, located at the bot's
//! code: `liar.compare: bad first hand: ...`.

use super::shared::Shared;
use crate::lua::pattern::located;
use crate::rules::{Dice, Face, Hand, Lang, MAX_CLAIM_LEN, Ranking, parse_claim};
use crate::text::cut_bytes;
use mlua::{FromLua, Lua, LuaString, Value};

/// A value as error messages show it: short (strings cut to 40 bytes), and
/// never through the bot's own `__tostring`.
pub(crate) fn describe_value(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let text = s.to_string_lossy();
            format!("{:?}", cut_bytes(&text, 40))
        }
        Value::Integer(i) => i.to_string(),
        Value::Number(x) => x.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::Nil => "nil".to_string(),
        other => format!("a {}", other.type_name()),
    }
}

/// An error for a bad argument of `liar.<f>`, located at the bot's code.
pub(super) fn bad(lua: &Lua, f: &str, what: &str, problem: String) -> mlua::Error {
    located(lua, format!("liar.{f}: bad {what}: {problem}"))
}

/// Up to five dice: a string (`"QQ9"`) or a list of faces (`{"Q", "Q", "9"}`);
/// `nil` is no dice.
pub(super) struct DiceArg(Result<Vec<Face>, String>);

impl FromLua for DiceArg {
    fn from_lua(v: Value, _: &Lua) -> mlua::Result<Self> {
        Ok(DiceArg(faces_of(&v)))
    }
}

impl DiceArg {
    /// The faces, or an error naming `liar.<f>` and its argument `what`.
    pub(super) fn faces(self, lua: &Lua, f: &str, what: &str) -> mlua::Result<Vec<Face>> {
        self.0.map_err(|e| bad(lua, f, what, e))
    }

    /// Exactly five faces, or an error as [`DiceArg::faces`] gives.
    pub(super) fn five(self, lua: &Lua, f: &str, what: &str) -> mlua::Result<Dice> {
        let faces = self.faces(lua, f, what)?;
        let n = faces.len();
        let dice: [Face; 5] = faces
            .try_into()
            .map_err(|_| bad(lua, f, what, format!("five dice are needed, got {n}")))?;
        Ok(Dice(dice))
    }
}

/// A hand: claim text in any notation (`"QQQ99"`, `"KKK"`, `"55522"`,
/// `"full house queens over nines"`) or a list of five faces. As
/// `Option<HandArg>`, `nil` is "no claim yet".
pub(super) struct HandArg(Result<HandSource, String>);

enum HandSource {
    Claim(LuaString),
    Dice(Dice),
}

impl FromLua for HandArg {
    fn from_lua(v: Value, _: &Lua) -> mlua::Result<Self> {
        Ok(HandArg(match v {
            Value::String(s) => Ok(HandSource::Claim(s)),
            Value::Table(_) => faces_of(&v).and_then(|faces| {
                let dice: [Face; 5] = faces
                    .try_into()
                    .map_err(|f: Vec<Face>| format!("a hand needs five dice, got {}", f.len()))?;
                Ok(HandSource::Dice(Dice(dice)))
            }),
            other => Err(format!(
                "expected a hand (\"QQQ99\", \"KKK\", or a list of five faces), got {}",
                describe_value(&other)
            )),
        }))
    }
}

impl HandArg {
    /// Claim text (what `liar.parse` reads).
    pub(super) fn claim(text: LuaString) -> HandArg {
        HandArg(Ok(HandSource::Claim(text)))
    }

    /// The hand on a table of `ranking` (a partial claim such as `"KKK"`
    /// stands for the lowest hand that has it).
    pub(super) fn hand(&self, ranking: Ranking) -> Result<Hand, String> {
        match &self.0 {
            Err(e) => Err(e.clone()),
            Ok(HandSource::Dice(dice)) => Ok(dice.hand()),
            Ok(HandSource::Claim(s)) => {
                let bytes = s.as_bytes();
                if bytes.len() > MAX_CLAIM_LEN {
                    return Err(format!("a claim of {} bytes is too long", bytes.len()));
                }
                let text = std::str::from_utf8(&bytes).map_err(|_| "not UTF-8 text".to_string())?;
                parse_claim(text, ranking).map_err(|e| e.to_string())
            }
        }
    }

    /// The hand on the bot's table, or an error naming `liar.<f>` and its
    /// argument `what`.
    pub(super) fn get(
        &self,
        lua: &Lua,
        shared: &Shared,
        f: &str,
        what: &str,
    ) -> mlua::Result<Hand> {
        self.hand(shared.ranking())
            .map_err(|e| bad(lua, f, what, e))
    }
}

/// [`HandArg::get`] for a hand or `nil` ("no claim yet").
pub(super) fn opt_hand(
    arg: &Option<HandArg>,
    lua: &Lua,
    shared: &Shared,
    f: &str,
    what: &str,
) -> mlua::Result<Option<Hand>> {
    arg.as_ref()
        .map(|h| h.get(lua, shared, f, what))
        .transpose()
}

/// The language of `liar.describe`: `"en"` (also for `nil`) or `"ru"`.
pub(super) struct LangArg(Result<Lang, String>);

impl FromLua for LangArg {
    fn from_lua(v: Value, _: &Lua) -> mlua::Result<Self> {
        Ok(LangArg(match &v {
            Value::Nil => Ok(Lang::En),
            Value::String(l) if l.as_bytes().as_ref() == b"en" => Ok(Lang::En),
            Value::String(l) if l.as_bytes().as_ref() == b"ru" => Ok(Lang::Ru),
            other => Err(format!(
                "expected \"en\" or \"ru\", got {}",
                describe_value(other)
            )),
        }))
    }
}

impl LangArg {
    /// The language, or an error naming `liar.<f>`.
    pub(super) fn get(self, lua: &Lua, f: &str) -> mlua::Result<Lang> {
        self.0.map_err(|e| bad(lua, f, "language", e))
    }
}

/// A face from its one-letter name (`"Q"`, `"q"`, or `"5"` on standard dice).
pub(crate) fn face_of(v: &Value) -> Option<Face> {
    let Value::String(s) = v else { return None };
    match s.as_bytes().as_ref() {
        [c] => Face::from_char(*c as char),
        _ => None,
    }
}

/// At most five dice: more cannot be a hand or kept dice.
const MAX_DICE: usize = 5;

/// Up to five faces from a string (`"QQ9"`) or a list (`{"Q", "Q", "9"}`).
fn faces_of(v: &Value) -> Result<Vec<Face>, String> {
    let max = MAX_DICE;
    match v {
        Value::Nil => Ok(Vec::new()),
        Value::String(s) => {
            let bytes = s.as_bytes();
            if bytes.len() > max {
                return Err(format!("more than {max} dice in {}", describe_value(v)));
            }
            bytes
                .iter()
                .map(|&c| {
                    Face::from_char(c as char)
                        .ok_or_else(|| format!("{:?} is not a face (9 T J Q K A)", c as char))
                })
                .collect()
        }
        Value::Table(t) => {
            let n = t.raw_len();
            if n > max {
                return Err(format!("a list of {n} dice (at most {max})"));
            }
            (1..=n)
                .map(|i| {
                    let item: Value = t.raw_get(i).unwrap_or(Value::Nil);
                    face_of(&item).ok_or_else(|| {
                        format!(
                            "item {i} is {}, not a face (\"9\" \"T\" \"J\" \"Q\" \"K\" \"A\")",
                            describe_value(&item)
                        )
                    })
                })
                .collect()
        }
        other => Err(format!(
            "expected dice as a string or a list of faces, got {}",
            describe_value(other)
        )),
    }
}
