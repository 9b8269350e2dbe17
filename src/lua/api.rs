//! The `liar` module every bot gets: hands, claims, exact odds, a seeded
//! random stream and debug logging. Each area has its own `register_*`.
//!
//! Hands go in as claim text in any notation the rules parser reads
//! (`"QQQ99"`, `"KKK"`, `"55522"`, `"full house queens over nines"`) or as a
//! list of five faces (`{"Q", "Q", "9", "Q", "9"}`, like `view.dice`); they
//! come out in canonical notation. Every comparison uses the ranking of the
//! table being played.

use super::hook::Meter;
use super::pattern::located;
use crate::engine::SeatRng;
use crate::rules::{
    Category, Dice, Face, HAND_COUNT, Hand, Lang, MAX_CLAIM_LEN, Positions, Ranking,
    chance_to_reach, describe, parse_claim,
};
use crate::setup::BotLimits;
use mlua::{Function, Lua, Table, Value, Variadic};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The version of the bot contract this engine speaks.
pub const API_VERSION: i64 = 1;

/// What the host functions of one state share with the bot's Rust side.
pub(crate) struct Shared {
    pub(crate) meter: Arc<Meter>,
    ranking: Mutex<Ranking>,
    rng: Mutex<SeatRng>,
    log: Mutex<LogBuffer>,
}

/// The bot's debug lines waiting to go to the replay.
struct LogBuffer {
    lines: Vec<String>,
    /// Lines kept this game.
    kept: u32,
    cap: u32,
    /// Whether the "limit reached" line was written this game.
    capped: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A poisoned lock only means a panic elsewhere; the data is still usable.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    pub(crate) fn new(limits: &BotLimits) -> Arc<Shared> {
        Arc::new(Shared {
            meter: Meter::new(),
            ranking: Mutex::new(Ranking::default()),
            rng: Mutex::new(SeatRng::new(0)),
            log: Mutex::new(LogBuffer {
                lines: Vec::new(),
                kept: 0,
                cap: limits.log_lines,
                capped: false,
            }),
        })
    }

    pub(crate) fn ranking(&self) -> Ranking {
        *lock(&self.ranking)
    }

    pub(crate) fn set_ranking(&self, ranking: Ranking) {
        *lock(&self.ranking) = ranking;
    }

    /// A new game: a new random stream, a fresh log allowance.
    pub(crate) fn begin_game(&self, seed: u64) {
        *lock(&self.rng) = SeatRng::new(seed);
        let mut log = lock(&self.log);
        log.kept = 0;
        log.capped = false;
    }

    /// Adds one line to the bot's log (cut to length; dropped past the cap).
    pub(crate) fn log_line(&self, text: &str) {
        let mut log = lock(&self.log);
        if log.kept < log.cap {
            log.kept += 1;
            // Control characters (escape sequences above all) would act on
            // the terminal of whoever reads the log: they are shown as `�`.
            let shown: String = text
                .chars()
                .map(|c| {
                    if c.is_control() && c != '\t' {
                        '\u{fffd}'
                    } else {
                        c
                    }
                })
                .collect();
            log.lines.push(cut(&shown, BotLimits::LOG_LINE_BYTES));
        } else if !log.capped {
            log.capped = true;
            let cap = log.cap;
            log.lines.push(format!(
                "[log limit of {cap} lines per game reached; further lines of this game are dropped]"
            ));
        }
    }

    /// Drops the pending lines and restores the allowance (a new match).
    pub(crate) fn reset_log(&self) {
        let mut log = lock(&self.log);
        log.lines.clear();
        log.kept = 0;
        log.capped = false;
    }

    /// Moves the pending lines into `out`.
    pub(crate) fn take_logs(&self, out: &mut Vec<String>) {
        out.append(&mut lock(&self.log).lines);
    }
}

/// `text` cut to at most `max` bytes at a character boundary, marked with `…`.
pub(crate) fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// Builds the `liar` table (`liar.log` and `liar.sorted_pairs` are added by
/// the prelude). The Rust functions go into an internal table that
/// `api.lua` wraps with fast paths; it returns the function that installs a
/// ranking's tables (see [`set_ranking`]).
/// Returns the `liar` table, the ranking installer, and the list of all
/// hands in canonical notation (in [`Hand::index`] order, from 1).
pub(crate) fn register(lua: &Lua, shared: &Arc<Shared>) -> mlua::Result<(Table, Function, Table)> {
    let liar = lua.create_table()?;
    liar.raw_set("api_version", API_VERSION)?;
    let faces = lua.create_sequence_from(FACE_NAMES)?;
    liar.raw_set("faces", faces)?;
    let rs = lua.create_table()?;
    register_hands(lua, &rs, shared)?;
    register_odds(lua, &rs, shared)?;
    register_random(lua, &rs, shared)?;
    let all: String = Hand::all().map(|h| h.to_string()).collect();
    let (set, hands): (Function, Table) = super::sandbox::internal_chunk(
        lua,
        super::sandbox::Internal::Api,
    )?
    .call((liar.clone(), rs, all))?;
    set_ranking(&set, shared.ranking())?;
    Ok((liar, set, hands))
}

/// The one-letter names of the faces, low to high.
const FACE_NAMES: [&str; 6] = ["9", "T", "J", "Q", "K", "A"];

/// What `api.lua` needs to know of a ranking.
struct RankingData {
    strengths: Vec<u8>,
    ascending: Vec<u8>,
    categories: Vec<u8>,
    fresh: Vec<f64>,
}

fn ranking_data(r: Ranking) -> &'static RankingData {
    static DATA: [OnceLock<RankingData>; 6] = [const { OnceLock::new() }; 6];
    let i = Ranking::all().position(|x| x == r).unwrap_or(0);
    DATA[i].get_or_init(|| RankingData {
        strengths: Hand::all().map(|h| r.strength(h)).collect(),
        ascending: r.ascending().iter().map(|h| h.index() as u8).collect(),
        categories: Hand::all()
            .map(|h| {
                Category::ALL
                    .iter()
                    .position(|&c| c == r.category(h))
                    .unwrap_or(0) as u8
            })
            .collect(),
        fresh: (0..r.strength_count())
            .map(|s| {
                r.lowest_of_strength(s as u8)
                    .map_or(0.0, |h| r.chance_at_least(h))
            })
            .collect(),
    })
}

/// Installs the tables of ranking `r` with the function `api.lua` returned.
pub(crate) fn set_ranking(set: &Function, r: Ranking) -> mlua::Result<()> {
    let d = ranking_data(r);
    let lua = set
        .weak_lua()
        .try_upgrade()
        .ok_or(mlua::Error::UserDataDestructed)?;
    set.call::<()>((
        lua.create_string(&d.strengths)?,
        lua.create_string(&d.ascending)?,
        lua.create_string(&d.categories)?,
        lua.create_sequence_from(d.fresh.iter().copied())?,
        lua.create_table_with_capacity(0, HAND_COUNT)?,
        lua.create_table_with_capacity(0, HAND_COUNT)?,
        lua.create_table_with_capacity(HAND_COUNT, 0)?,
    ))
}

// ---------------------------------------------------------------------------
// Reading arguments

/// A face from its one-letter name (`"Q"`, `"q"`, or `"5"` on standard dice).
fn face_of(v: &Value) -> Option<Face> {
    let Value::String(s) = v else { return None };
    match s.as_bytes().as_ref() {
        [c] => Face::from_char(*c as char),
        _ => None,
    }
}

fn describe_value(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let text = s.to_string_lossy();
            format!("{:?}", cut(&text, 40))
        }
        Value::Integer(i) => i.to_string(),
        Value::Number(x) => x.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::Nil => "nil".to_string(),
        other => format!("a {}", other.type_name()),
    }
}

/// Up to `max` faces from a string (`"QQ9"`) or a list (`{"Q", "Q", "9"}`).
fn faces_of(v: &Value, max: usize) -> Result<Vec<Face>, String> {
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

/// A hand: claim text in any notation, or a list of five faces.
fn hand_of(v: &Value, ranking: Ranking) -> Result<Hand, String> {
    match v {
        Value::String(s) => {
            let bytes = s.as_bytes();
            if bytes.len() > MAX_CLAIM_LEN {
                return Err(format!("a claim of {} bytes is too long", bytes.len()));
            }
            let text = std::str::from_utf8(&bytes).map_err(|_| "not UTF-8 text".to_string())?;
            parse_claim(text, ranking).map_err(|e| e.to_string())
        }
        Value::Table(_) => {
            let faces = faces_of(v, 5)?;
            let dice: [Face; 5] = faces
                .try_into()
                .map_err(|f: Vec<Face>| format!("a hand needs five dice, got {}", f.len()))?;
            Ok(Dice(dice).hand())
        }
        other => Err(format!(
            "expected a hand (\"QQQ99\", \"KKK\", or a list of five faces), got {}",
            describe_value(other)
        )),
    }
}

/// An error for a bad argument of `liar.<f>`, located at the bot's code.
fn bad(lua: &Lua, f: &str, what: &str, problem: String) -> mlua::Error {
    located(lua, format!("liar.{f}: bad {what}: {problem}"))
}

fn hand_arg(lua: &Lua, shared: &Shared, f: &str, what: &str, v: &Value) -> mlua::Result<Hand> {
    hand_of(v, shared.ranking()).map_err(|e| bad(lua, f, what, e))
}

/// A hand or `nil` ("no claim yet").
fn opt_hand_arg(
    lua: &Lua,
    shared: &Shared,
    f: &str,
    what: &str,
    v: &Value,
) -> mlua::Result<Option<Hand>> {
    match v {
        Value::Nil => Ok(None),
        v => hand_arg(lua, shared, f, what, v).map(Some),
    }
}

pub(crate) fn hand_text(lua: &Lua, hand: Hand) -> mlua::Result<mlua::LuaString> {
    let mut buf = [0u8; 5];
    for (b, f) in buf.iter_mut().zip(hand.faces()) {
        *b = f.letter() as u8;
    }
    lua.create_string(buf)
}

/// The name of a category as bots see it.
pub(crate) fn category_name(c: Category) -> &'static str {
    match c {
        Category::Bust => "bust",
        Category::OnePair => "one-pair",
        Category::TwoPairs => "two-pairs",
        Category::ThreeOfAKind => "three-of-a-kind",
        Category::LowStraight => "low-straight",
        Category::HighStraight => "high-straight",
        Category::FullHouse => "full-house",
        Category::FourOfAKind => "four-of-a-kind",
        Category::FiveOfAKind => "five-of-a-kind",
    }
}

fn arg(args: &[Value], i: usize) -> &Value {
    args.get(i).unwrap_or(&Value::Nil)
}

// ---------------------------------------------------------------------------
// Hands and claims

fn register_hands(lua: &Lua, liar: &Table, shared: &Arc<Shared>) -> mlua::Result<()> {
    let s = Arc::clone(shared);
    liar.raw_set(
        "hand",
        lua.create_function(move |lua, dice: Value| {
            let h = hand_arg(lua, &s, "hand", "dice", &dice)?;
            hand_text(lua, h)
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "parse",
        lua.create_function(move |lua, text: Value| -> mlua::Result<(Value, Value)> {
            let result = match &text {
                Value::String(_) => hand_of(&text, s.ranking()),
                other => Err(format!(
                    "expected claim text, got {}",
                    describe_value(other)
                )),
            };
            Ok(match result {
                Ok(h) => (Value::String(hand_text(lua, h)?), Value::Nil),
                Err(e) => (Value::Nil, Value::String(lua.create_string(e)?)),
            })
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "describe",
        lua.create_function(move |lua, args: Variadic<Value>| {
            let h = hand_arg(lua, &s, "describe", "hand", arg(&args, 0))?;
            let lang = match arg(&args, 1) {
                Value::Nil => Lang::En,
                Value::String(l) if l.as_bytes().as_ref() == b"en" => Lang::En,
                Value::String(l) if l.as_bytes().as_ref() == b"ru" => Lang::Ru,
                other => {
                    return Err(bad(
                        lua,
                        "describe",
                        "language",
                        format!("expected \"en\" or \"ru\", got {}", describe_value(other)),
                    ));
                }
            };
            Ok(describe(h, s.ranking(), lang))
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "category",
        lua.create_function(move |lua, hand: Value| {
            let h = hand_arg(lua, &s, "category", "hand", &hand)?;
            Ok(category_name(s.ranking().category(h)))
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "categories",
        lua.create_function(move |lua, ()| {
            let names: Vec<&str> = s
                .ranking()
                .categories()
                .into_iter()
                .map(category_name)
                .collect();
            lua.create_sequence_from(names)
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "strength",
        lua.create_function(move |lua, hand: Value| {
            let h = hand_arg(lua, &s, "strength", "hand", &hand)?;
            Ok(i64::from(s.ranking().strength(h)) + 1)
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "compare",
        lua.create_function(move |lua, (a, b): (Value, Value)| {
            let a = opt_hand_arg(lua, &s, "compare", "first hand", &a)?;
            let b = opt_hand_arg(lua, &s, "compare", "second hand", &b)?;
            let r = s.ranking();
            // nil is "no claim yet", below every hand.
            Ok(match (a, b) {
                (Some(a), Some(b)) => r.compare(a, b) as i8,
                (a, b) => a.is_some() as i8 - b.is_some() as i8,
            })
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "beats",
        lua.create_function(move |lua, (a, b): (Value, Value)| {
            let a = opt_hand_arg(lua, &s, "beats", "first hand", &a)?;
            let b = opt_hand_arg(lua, &s, "beats", "second hand", &b)?;
            // nil is "no claim yet": every hand beats it.
            Ok(match (a, b) {
                (Some(a), Some(b)) => s.ranking().beats(a, b),
                (a, b) => a.is_some() && b.is_none(),
            })
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "is_top",
        lua.create_function(move |lua, hand: Value| {
            let h = hand_arg(lua, &s, "is_top", "hand", &hand)?;
            Ok(s.ranking().is_top(h))
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "above",
        lua.create_function(move |lua, args: Variadic<Value>| {
            let h = opt_hand_arg(lua, &s, "above", "hand", arg(&args, 0))?;
            let above = s.ranking().hands_above(h);
            let count = match arg(&args, 1) {
                Value::Nil => above.len(),
                Value::Integer(n) if *n >= 0 => usize::try_from(*n).unwrap_or(usize::MAX),
                other => {
                    return Err(bad(
                        lua,
                        "above",
                        "count",
                        format!(
                            "expected a whole number of hands, got {}",
                            describe_value(other)
                        ),
                    ));
                }
            };
            let list = lua.create_table_with_capacity(count.min(above.len()), 0)?;
            for (i, &h) in above.iter().take(count).enumerate() {
                list.raw_set(i + 1, hand_text(lua, h)?)?;
            }
            Ok(list)
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "count_above",
        lua.create_function(move |lua, hand: Value| {
            let h = opt_hand_arg(lua, &s, "count_above", "hand", &hand)?;
            Ok(s.ranking().hands_above(h).len())
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "nth_above",
        lua.create_function(move |lua, (hand, n): (Value, Value)| {
            let h = opt_hand_arg(lua, &s, "nth_above", "hand", &hand)?;
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
            match s.ranking().hands_above(h).get(n - 1) {
                Some(&next) => Ok(Value::String(hand_text(lua, next)?)),
                None => Ok(Value::Nil),
            }
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "lowest_above",
        lua.create_function(move |lua, hand: Value| {
            let h = opt_hand_arg(lua, &s, "lowest_above", "hand", &hand)?;
            match s.ranking().hands_above(h).first() {
                Some(&next) => Ok(Value::String(hand_text(lua, next)?)),
                None => Ok(Value::Nil),
            }
        })?,
    )?;

    liar.raw_set(
        "counts",
        lua.create_function(move |lua, dice: Value| {
            let faces = faces_of(&dice, 5).map_err(|e| bad(lua, "counts", "dice", e))?;
            let counts = lua.create_table_with_capacity(0, 6)?;
            for (f, name) in Face::ALL.iter().zip(FACE_NAMES) {
                let n = faces.iter().filter(|&x| x == f).count();
                counts.raw_set(name, n)?;
            }
            Ok(counts)
        })?,
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------
// Exact odds

fn register_odds(lua: &Lua, liar: &Table, shared: &Arc<Shared>) -> mlua::Result<()> {
    let s = Arc::clone(shared);
    liar.raw_set(
        "chance",
        lua.create_function(move |lua, (kept, target): (Value, Value)| {
            let kept = faces_of(&kept, 5).map_err(|e| bad(lua, "chance", "kept dice", e))?;
            let target = hand_arg(lua, &s, "chance", "target", &target)?;
            Ok(chance_to_reach(&kept, target, s.ranking()))
        })?,
    )?;

    let s = Arc::clone(shared);
    liar.raw_set(
        "best_reroll",
        lua.create_function(move |lua, (dice, target): (Value, Value)| {
            let faces = faces_of(&dice, 5).map_err(|e| bad(lua, "best_reroll", "dice", e))?;
            let dice: [Face; 5] = faces.try_into().map_err(|f: Vec<Face>| {
                bad(
                    lua,
                    "best_reroll",
                    "dice",
                    format!("five dice are needed, got {}", f.len()),
                )
            })?;
            let target = hand_arg(lua, &s, "best_reroll", "target", &target)?;
            let (positions, chance) = best_positions(&Dice(dice), target, s.ranking());
            let list = lua.create_sequence_from(positions.iter().map(|p| p + 1))?;
            Ok((list, chance))
        })?,
    )?;
    Ok(())
}

/// Re-throw masks by how many dice they throw, then by value: the order in
/// which [`best_reroll`] breaks ties.
const MASKS: [u8; 32] = {
    let mut out = [0u8; 32];
    let mut k = 0;
    let mut n = 0;
    while n <= 5 {
        let mut m = 0u8;
        while m < 32 {
            if m.count_ones() == n {
                out[k] = m;
                k += 1;
            }
            m += 1;
        }
        n += 1;
    }
    out
};

/// [`best_reroll`] without allocating (it runs on many decisions).
fn best_positions(dice: &Dice, target: Hand, r: Ranking) -> (Positions, f64) {
    let mut best = (Positions::NONE, -1.0);
    for mask in MASKS {
        let mut kept = [Face::Nine; 5];
        let mut n = 0;
        for (p, &f) in dice.0.iter().enumerate() {
            if mask & (1 << p) == 0 {
                kept[n] = f;
                n += 1;
            }
        }
        let chance = chance_to_reach(&kept[..n], target, r);
        if chance > best.1 + 1e-12 {
            best = (Positions::from_mask(mask).unwrap_or_default(), chance);
        }
    }
    best
}

// ---------------------------------------------------------------------------
// Random numbers

/// A uniform integer in `lo..=hi`.
fn uniform(rng: &mut SeatRng, lo: i64, hi: i64) -> i64 {
    let span = hi.wrapping_sub(lo) as u64; // number of values minus one
    if span == u64::MAX {
        return rng.next_u64() as i64;
    }
    let n = span + 1;
    let zone = u64::MAX - (u64::MAX - n + 1) % n;
    loop {
        let x = rng.next_u64();
        if x <= zone {
            return lo.wrapping_add((x % n) as i64);
        }
    }
}

fn integer_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<i64> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Number(x) if x.fract() == 0.0 && *x >= i64::MIN as f64 && *x < i64::MAX as f64 => {
            Ok(*x as i64)
        }
        other => Err(bad(
            lua,
            "random",
            what,
            format!("expected a whole number, got {}", describe_value(other)),
        )),
    }
}

fn register_random(lua: &Lua, liar: &Table, shared: &Arc<Shared>) -> mlua::Result<()> {
    let s = Arc::clone(shared);
    liar.raw_set(
        "random",
        lua.create_function(move |lua, args: Variadic<Value>| {
            let mut rng = lock(&s.rng);
            match args.len() {
                0 => Ok(Value::Number(rng.unit())),
                1 => {
                    let m = integer_arg(lua, &args[0], "upper bound")?;
                    if m == 0 {
                        return Ok(Value::Integer(rng.next_u64() as i64));
                    }
                    if m < 1 {
                        return Err(bad(lua, "random", "interval", format!("1..{m} is empty")));
                    }
                    Ok(Value::Integer(uniform(&mut rng, 1, m)))
                }
                2 => {
                    let lo = integer_arg(lua, &args[0], "lower bound")?;
                    let hi = integer_arg(lua, &args[1], "upper bound")?;
                    if lo > hi {
                        return Err(bad(
                            lua,
                            "random",
                            "interval",
                            format!("{lo}..{hi} is empty"),
                        ));
                    }
                    Ok(Value::Integer(uniform(&mut rng, lo, hi)))
                }
                n => Err(bad(
                    lua,
                    "random",
                    "arguments",
                    format!("expected at most 2, got {n}"),
                )),
            }
        })?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Straights, best_reroll};
    use mlua::Function;
    use std::time::Duration;

    /// A sandboxed state with a generous budget, and its `liar` table.
    fn state(ranking: Ranking) -> (Lua, Arc<Shared>, Table) {
        let limits = BotLimits::default();
        let shared = Shared::new(&limits);
        shared.set_ranking(ranking);
        let sandbox =
            super::super::sandbox::new_state(&limits, &shared).unwrap_or_else(|e| panic!("{e}"));
        super::set_ranking(&sandbox.set_ranking, ranking).unwrap_or_else(|e| panic!("{e}"));
        let lua = sandbox.lua;
        shared
            .meter
            .start(&lua, u64::MAX / 4, Duration::from_secs(3600))
            .unwrap_or_else(|e| panic!("{e}"));
        let liar: Table = lua
            .globals()
            .raw_get("liar")
            .unwrap_or_else(|e| panic!("{e}"));
        (lua, shared, liar)
    }

    fn func(liar: &Table, name: &str) -> Function {
        liar.raw_get(name).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn text(h: Hand) -> String {
        h.to_string()
    }

    #[test]
    fn hand_helpers_agree_with_the_rules() {
        for r in Ranking::all() {
            let (_lua, _shared, liar) = state(r);
            let category = func(&liar, "category");
            let strength = func(&liar, "strength");
            let is_top = func(&liar, "is_top");
            let hand = func(&liar, "hand");
            let count_above = func(&liar, "count_above");
            let nth_above = func(&liar, "nth_above");
            let lowest_above = func(&liar, "lowest_above");
            for h in Hand::all() {
                let t = text(h);
                let c: String = category.call(t.as_str()).unwrap_or_default();
                assert_eq!(c, category_name(r.category(h)), "{t} {r:?}");
                let s: i64 = strength.call(t.as_str()).unwrap_or_default();
                assert_eq!(s, i64::from(r.strength(h)) + 1);
                let top: bool = is_top.call(t.as_str()).unwrap_or_default();
                assert_eq!(top, r.is_top(h));
                let faces: Vec<String> = h
                    .faces()
                    .iter()
                    .rev()
                    .map(|f| f.letter().to_string())
                    .collect();
                let back: String = hand.call(faces).unwrap_or_default();
                assert_eq!(back, t);
                let above = r.hands_above(Some(h));
                let n: usize = count_above.call(t.as_str()).unwrap_or_default();
                assert_eq!(n, above.len());
                let low: Option<String> = lowest_above.call(t.as_str()).unwrap_or_default();
                assert_eq!(low, above.first().map(|&x| text(x)));
                if let Some(&last) = above.last() {
                    let nth: Option<String> = nth_above.call((t.as_str(), n)).unwrap_or_default();
                    assert_eq!(nth, Some(text(last)));
                }
            }
            let all: usize = count_above.call(Value::Nil).unwrap_or_default();
            assert_eq!(all, 252);
        }
    }

    #[test]
    fn comparisons_agree_with_the_rules() {
        let r = Ranking {
            straights: Straights::AboveFullHouse,
            kickers: false,
        };
        let (_lua, _shared, liar) = state(r);
        let compare = func(&liar, "compare");
        let beats = func(&liar, "beats");
        let mut rng = SeatRng::new(9);
        for _ in 0..5000 {
            let a = Hand::all()
                .nth(rng.below(252) as usize)
                .unwrap_or(Hand::LOWEST);
            let b = Hand::all()
                .nth(rng.below(252) as usize)
                .unwrap_or(Hand::LOWEST);
            let c: i64 = compare.call((text(a), text(b))).unwrap_or(9);
            assert_eq!(c, r.compare(a, b) as i64);
            let x: bool = beats.call((text(a), text(b))).unwrap_or_default();
            assert_eq!(x, r.beats(a, b));
        }
        let x: bool = beats.call(("AQJT9", Value::Nil)).unwrap_or_default();
        assert!(x, "every hand beats no claim");
        let x: bool = beats.call((Value::Nil, "AQJT9")).unwrap_or(true);
        assert!(!x);
    }

    #[test]
    fn parse_and_describe_agree_with_the_rules() {
        let r = Ranking::default();
        let (_lua, _shared, liar) = state(r);
        let parse = func(&liar, "parse");
        let describe_f = func(&liar, "describe");
        for h in Hand::all() {
            for (lang, code) in [(Lang::En, "en"), (Lang::Ru, "ru")] {
                let words: String = describe_f.call((text(h), code)).unwrap_or_default();
                assert_eq!(words, describe(h, r, lang));
                let (back, err): (Option<String>, Option<String>) =
                    parse.call(words.as_str()).unwrap_or_default();
                assert_eq!(back, Some(text(h)), "{words}: {err:?}");
            }
        }
        let (h, err): (Option<String>, Option<String>) = parse.call("KKK").unwrap_or_default();
        assert_eq!(h.as_deref(), Some("KKKT9"));
        assert!(err.is_none());
        let (h, err): (Option<String>, Option<String>) =
            parse.call("seven dwarves").unwrap_or_default();
        assert!(h.is_none());
        assert!(err.unwrap_or_default().contains("dwarves"));
    }

    /// The chance by throwing every possible way: independent of the tables.
    fn brute_force(kept: &[Face], target: Hand, r: Ranking) -> f64 {
        let thrown = 5 - kept.len();
        let total = 6usize.pow(thrown as u32);
        let mut hits = 0;
        for mut code in 0..total {
            let mut dice = [Face::Nine; 5];
            dice[..kept.len()].copy_from_slice(kept);
            for d in dice.iter_mut().skip(kept.len()) {
                *d = Face::ALL[code % 6];
                code /= 6;
            }
            if r.strength(Dice(dice).hand()) >= r.strength(target) {
                hits += 1;
            }
        }
        hits as f64 / total as f64
    }

    #[test]
    fn chances_agree_with_brute_force() {
        for r in [
            Ranking::default(),
            Ranking {
                straights: Straights::None,
                kickers: false,
            },
        ] {
            let (_lua, _shared, liar) = state(r);
            let chance = func(&liar, "chance");
            let mut rng = SeatRng::new(4);
            // Every kept multiset, each against a few targets.
            for counts in crate::rules::kept_sets() {
                let kept: Vec<Face> = Face::ALL
                    .iter()
                    .flat_map(|&f| std::iter::repeat_n(f, counts[f.index()] as usize))
                    .collect();
                let kept_text: String = kept.iter().map(|f| f.letter()).collect();
                for _ in 0..3 {
                    let target = Hand::all()
                        .nth(rng.below(252) as usize)
                        .unwrap_or(Hand::LOWEST);
                    let p: f64 = chance
                        .call((kept_text.as_str(), text(target)))
                        .unwrap_or(-1.0);
                    let expected = brute_force(&kept, target, r);
                    assert!(
                        (p - expected).abs() < 1e-12,
                        "{kept_text} -> {target}: {p} vs {expected}"
                    );
                }
            }
            // A fresh throw against every target.
            for target in Hand::all() {
                let p: f64 = chance.call((Value::Nil, text(target))).unwrap_or(-1.0);
                assert!((p - brute_force(&[], target, r)).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn best_reroll_agrees_with_the_rules() {
        let r = Ranking::default();
        let (_lua, _shared, liar) = state(r);
        let best = func(&liar, "best_reroll");
        let mut rng = SeatRng::new(5);
        for _ in 0..300 {
            let dice = Dice([0; 5].map(|_| Face::ALL[rng.below(6) as usize]));
            let target = Hand::all()
                .nth(rng.below(252) as usize)
                .unwrap_or(Hand::LOWEST);
            let list: String = dice.0.iter().map(|f| f.letter()).collect();
            let (positions, p): (Vec<usize>, f64) =
                best.call((list.as_str(), text(target))).unwrap_or_default();
            let (expected, q) = best_reroll(&dice, target, r);
            let zero_based: Vec<usize> = positions.iter().map(|p| p - 1).collect();
            assert_eq!(Positions::from_list(&zero_based), Some(expected));
            assert!((p - q).abs() < 1e-12);
        }
    }

    #[test]
    fn random_is_seeded_and_in_range() {
        let (lua, shared, liar) = state(Ranking::default());
        let random = func(&liar, "random");
        let draw = |lua: &Lua| -> Vec<i64> {
            let _ = lua;
            (0..20)
                .map(|_| random.call::<i64>(6).unwrap_or(0))
                .collect()
        };
        shared.begin_game(77);
        let a = draw(&lua);
        shared.begin_game(77);
        let b = draw(&lua);
        shared.begin_game(78);
        let c = draw(&lua);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert!(a.iter().all(|x| (1..=6).contains(x)));
        let same: bool = lua
            .load("return math.random == liar.random")
            .eval()
            .unwrap_or_default();
        assert!(same);
        let x: f64 = random.call(()).unwrap_or(-1.0);
        assert!((0.0..1.0).contains(&x));
        let y: i64 = random.call((-3, -1)).unwrap_or(0);
        assert!((-3..=-1).contains(&y));
        assert!(random.call::<i64>(0.5).is_err());
        assert!(random.call::<i64>((5, 1)).is_err());
    }

    #[test]
    fn sorted_pairs_has_a_fixed_order() {
        let (lua, _shared, _liar) = state(Ranking::default());
        let order: String = lua
            .load(
                r#"
local t = { zeta = 1, alpha = 2, [3] = "c", [1.5] = "x", [-2] = "y", [true] = 1, [false] = 0, beta = 3 }
local out = {}
for k, v in liar.sorted_pairs(t) do out[#out + 1] = tostring(k) end
return table.concat(out, " ")
"#,
            )
            .eval()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(order, "-2 1.5 3 alpha beta zeta false true");
    }

    #[test]
    fn uniform_stays_in_range_and_covers_it() {
        let mut rng = SeatRng::new(3);
        let mut seen = [false; 6];
        for _ in 0..1000 {
            let x = uniform(&mut rng, 1, 6);
            assert!((1..=6).contains(&x));
            seen[(x - 1) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(uniform(&mut rng, 5, 5), 5);
        let _ = uniform(&mut rng, i64::MIN, i64::MAX);
        let x = uniform(&mut rng, -3, -1);
        assert!((-3..=-1).contains(&x));
    }

    #[test]
    fn cut_keeps_char_boundaries() {
        assert_eq!(cut("abc", 5), "abc");
        assert_eq!(cut("абв", 3), "а…");
    }
}
