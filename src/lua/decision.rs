//! Strict, bounded reading of what a bot's function returned.
//!
//! Only raw reads are used (no metamethod of the bot's runs), at most six
//! table entries are looked at, and strings longer than a claim may be are
//! refused before they are read. Anything unexpected is an illegal decision
//! whose message says what was expected.

use super::api::{describe_value, face_of};
use crate::i18n::Lang;
use crate::rules::{
    ClaimError, Decision, DecisionKind, Dice, DiceKind, Face, Hand, MAX_CLAIM_LEN, Positions,
    Ranking, SeatView, parse_claim,
};
use mlua::{Table, Value};
use std::cmp::Ordering;

/// Reads the decision of `kind` from `value`; `func` names the bot's
/// function in messages (e.g. `claim (bot.lua:12)`).
///
/// `fast` is what `host.lua` already read when the value had the usual
/// form: a re-throw as a bit mask of positions, a canonical claim as its
/// hand number (from 1). It comes from the host's own code, never from the
/// bot.
pub(crate) fn read(
    kind: DecisionKind,
    value: &Value,
    fast: Option<i64>,
    view: &SeatView<'_>,
    ranking: Ranking,
    func: &str,
) -> Result<Decision, String> {
    if let Some(x) = fast {
        match kind {
            DecisionKind::Reroll => {
                if let Some(p) = u8::try_from(x).ok().and_then(Positions::from_mask) {
                    return Ok(Decision::Reroll(p));
                }
            }
            DecisionKind::Claim => {
                if let Some(hand) = usize::try_from(x - 1).ok().and_then(Hand::from_index) {
                    return checked_claim(hand, value, view, ranking, func);
                }
            }
            DecisionKind::Respond => {}
        }
    }
    match kind {
        DecisionKind::Respond => match value {
            Value::Boolean(true) => Ok(Decision::Challenge),
            Value::Boolean(false) => Ok(Decision::Accept),
            other => Err(format!(
                "{func} returned {}; it must return true (challenge) or false (accept)",
                describe_value(other)
            )),
        },
        DecisionKind::Reroll => match value {
            Value::Table(t) => positions(t)
                .map(Decision::Reroll)
                .map_err(|e| format!("{func} returned {e}")),
            other => Err(format!(
                "{func} returned {}; it must return a list of dice positions 1-5 to throw \
                 again, e.g. {{1, 4}}, or {{}} to keep all five",
                describe_value(other)
            )),
        },
        DecisionKind::Claim => {
            let hand = claim(value, ranking).map_err(|e| format!("{func} returned {e}"))?;
            checked_claim(hand, value, view, ranking, func)
        }
    }
}

/// `hand` as the claim, if it is higher than the claim to beat.
fn checked_claim(
    hand: Hand,
    value: &Value,
    view: &SeatView<'_>,
    ranking: Ranking,
    func: &str,
) -> Result<Decision, String> {
    if let Some(t) = view.to_beat
        && !ranking.beats(hand, t.claim)
    {
        return Err(format!(
            "{func} returned {} ({hand}), which is not higher than the claim to beat, {}",
            describe_value(value),
            t.claim
        ));
    }
    Ok(Decision::Claim(hand))
}

/// A list of distinct positions 1-5 (integers, or floats with whole values).
///
/// All entries (at most six) are read before any is judged, and they are
/// judged in a fixed order of their keys: which bad key or value a message
/// names must not depend on the table's hash order (keys that are tables
/// hash by their address, differently in every run), or replays would
/// differ.
fn positions(t: &Table) -> Result<Positions, String> {
    if t.metatable().is_some() {
        return Err("a table with a metatable; return a plain list such as {1, 4}".into());
    }
    let len = t.raw_len();
    if len > 5 {
        return Err(format!(
            "a list of {len} positions; there are only five dice (positions 1-5)"
        ));
    }
    let mut entries: Vec<(Value, Value)> = Vec::with_capacity(5);
    // lua_next reads raw: no __pairs or __index of the bot's runs here.
    for pair in t.pairs::<Value, Value>() {
        let entry = pair.map_err(|e| format!("an unreadable table ({e})"))?;
        if entries.len() == 5 {
            return Err(
                "a table with more than five entries; give at most five positions 1-5".into(),
            );
        }
        entries.push(entry);
    }
    entries.sort_by(|a, b| key_order(&a.0, &b.0));
    if let Some((key, _)) = entries
        .iter()
        .find(|(key, _)| !matches!(key, Value::Integer(k) if *k >= 1 && (*k as usize) <= len))
    {
        return Err(format!(
            "a table with the key {}; give a plain list such as {{1, 4}}",
            describe_value(key)
        ));
    }
    let mut list = Vec::with_capacity(5);
    for (_, value) in &entries {
        let p = match value {
            Value::Integer(p) => *p,
            Value::Number(x) if x.fract() == 0.0 && x.abs() < 1e9 => *x as i64,
            other => {
                return Err(format!(
                    "the position {}; positions are whole numbers 1-5",
                    describe_value(other)
                ));
            }
        };
        if !(1..=5).contains(&p) {
            return Err(format!(
                "the position {p}; positions run from 1 to 5 (the dice in view.dice)"
            ));
        }
        let p = (p - 1) as usize;
        if list.contains(&p) {
            return Err(format!("the position {} twice", p + 1));
        }
        list.push(p);
    }
    if entries.len() != len {
        return Err("a list with holes; give a plain list such as {1, 4}".into());
    }
    Positions::from_list(&list).ok_or_else(|| "positions out of range".to_string())
}

/// A fixed order of table keys: numbers by value, then strings by their
/// bytes, then false and true, then everything else by type (values of those
/// types read the same in messages: "a table").
fn key_order(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Integer(_) | Value::Number(_) => 0,
            Value::String(_) => 1,
            Value::Boolean(_) => 2,
            _ => 3,
        }
    }
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => x.total_cmp(y),
        (Value::Integer(x), Value::Number(y)) => (*x as f64).total_cmp(y).then(Ordering::Less),
        (Value::Number(x), Value::Integer(y)) => x.total_cmp(&(*y as f64)).then(Ordering::Greater),
        (Value::String(x), Value::String(y)) => x.as_bytes().cmp(&y.as_bytes()),
        (Value::Boolean(x), Value::Boolean(y)) => x.cmp(y),
        _ => rank(a)
            .cmp(&rank(b))
            .then_with(|| a.type_name().cmp(b.type_name())),
    }
}

/// A claim: text in any notation, or a list of five faces.
fn claim(value: &Value, ranking: Ranking) -> Result<Hand, String> {
    match value {
        Value::String(s) => {
            let bytes = s.as_bytes();
            if bytes.len() > MAX_CLAIM_LEN {
                return Err(format!(
                    "a string of {} bytes; a claim is at most {MAX_CLAIM_LEN}",
                    bytes.len()
                ));
            }
            let text = std::str::from_utf8(&bytes)
                .map_err(|_| format!("{}, which is not UTF-8 text", describe_value(value)))?;
            parse_claim(text, ranking).map_err(|e| not_a_hand(value, &e))
        }
        Value::Table(t) => {
            if t.metatable().is_some() {
                return Err(
                    "a table with a metatable; a claim is a string or a plain list of five faces"
                        .into(),
                );
            }
            if t.raw_len() != 5 {
                return Err(format!(
                    "a list of {} items; a claim given as a list needs five faces",
                    t.raw_len()
                ));
            }
            let mut faces = [Face::Nine; 5];
            for (i, f) in faces.iter_mut().enumerate() {
                let item: Value = t.raw_get(i + 1).unwrap_or(Value::Nil);
                *f = face_of(&item).ok_or_else(|| {
                    format!(
                        "a list whose item {} is {}, not a face (\"9\" \"T\" \"J\" \"Q\" \"K\" \"A\")",
                        i + 1,
                        describe_value(&item)
                    )
                })?;
            }
            Ok(Dice(faces).hand())
        }
        other => Err(format!(
            "{}; it must return a claim such as \"QQQ99\", \"KKK\" or \"full house queens over nines\"",
            describe_value(other)
        )),
    }
}

/// What a bot is told of a claim string that reads as no hand: a noun
/// phrase, as the other refusals of a returned value are.
fn not_a_hand(value: &Value, e: &ClaimError) -> String {
    const FORMS: &str = "return five faces (\"QQQ99\"), part of a hand (\"KKK\") or words (\"full house queens over nines\")";
    let value = describe_value(value);
    match e {
        ClaimError::Empty => format!("an empty string; {FORMS}"),
        ClaimError::Unreadable { reason, .. } => format!(
            "{value}, which does not read as a hand ({}); {FORMS}",
            reason.text(Lang::En, DiceKind::Poker)
        ),
        ClaimError::NoSuchHand {
            no_straights: true, ..
        } => format!("{value}, which names a straight, and this table plays without straights"),
        ClaimError::NoSuchHand { .. } => {
            format!("{value}, which no hand fits under this table's rules")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::Lua;

    /// Messages about a returned list name the same key in every state,
    /// whatever the hash order of that state.
    #[test]
    fn bad_keys_are_named_in_a_fixed_order() {
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..40 {
            let lua = Lua::new();
            let t: Table = lua
                .load("return { zeta = 1, alpha = 2, mid = 3, [true] = 4, [2.5] = 5 }")
                .eval()
                .unwrap_or_else(|e| panic!("{e}"));
            seen.insert(positions(&t).err().unwrap_or_default());
            let t: Table = lua
                .load("return { [1] = 9, zeta = 1, alpha = 2 }")
                .eval()
                .unwrap_or_else(|e| panic!("{e}"));
            seen.insert(positions(&t).err().unwrap_or_default());
        }
        let seen: Vec<_> = seen.into_iter().collect();
        assert_eq!(
            seen,
            [
                "a table with the key \"alpha\"; give a plain list such as {1, 4}",
                "a table with the key 2.5; give a plain list such as {1, 4}",
            ]
        );
    }
}
