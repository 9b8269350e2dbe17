//! `string.find`, `string.match`, `string.gmatch` and `string.gmatch` for
//! bots: Lua 5.4's pattern matcher ported to Rust so that its work is
//! charged to the bot's instruction budget.
//!
//! Lua's own matcher runs in C, where the count hook never fires: a pattern
//! such as `".-.-.-b"` against a few thousand characters runs for minutes
//! and nothing can stop it. This port follows `lstrlib.c` step by step
//! (same results, same error messages) and charges one step per match
//! attempt and per character scanned; a runaway pattern exhausts the budget
//! like a runaway loop.

use super::hook::{INTERNAL_CHUNK, Meter};
use mlua::{Function, Lua, LuaString, MultiValue, Table, Value, Variadic};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

/// Captures a pattern may hold (as in Lua).
const MAX_CAPTURES: usize = 32;
/// Recursion depth of the matcher (as in Lua).
const MAX_DEPTH: u32 = 200;
/// Steps are charged to the budget in batches of this size.
const CHARGE_EVERY: u64 = 1024;
const ESC: u8 = b'%';
const SPECIALS: &[u8] = b"^$*+?.([%-";

const CAP_UNFINISHED: isize = -1;
const CAP_POSITION: isize = -2;

/// Replaces the pattern functions of the `string` table.
pub(crate) fn register(lua: &Lua, meter: &Arc<Meter>) -> mlua::Result<()> {
    let string: Table = lua.globals().raw_get("string")?;
    let m = Arc::clone(meter);
    string.raw_set(
        "find",
        lua.create_function(move |lua, args: Variadic<Value>| find_aux(lua, &m, args, true))?,
    )?;
    let m = Arc::clone(meter);
    string.raw_set(
        "match",
        lua.create_function(move |lua, args: Variadic<Value>| find_aux(lua, &m, args, false))?,
    )?;
    let m = Arc::clone(meter);
    string.raw_set(
        "gmatch",
        lua.create_function(move |lua, args: Variadic<Value>| gmatch(lua, &m, args))?,
    )?;
    let m = Arc::clone(meter);
    // The bot's replacement functions (and `__index` of a replacement
    // table) run under the patched Lua's `liar_pcall`, so that what they
    // raise reaches the bot unchanged (see `thrown`), and error levels
    // count as if `gsub` called them itself.
    // SAFETY: a C function of the patched Lua (`lliar.c`).
    let pcall = unsafe { lua.create_c_function(liar_pcall)? };
    let calls = BotCalls {
        pcall,
        index: lua
            .load("local t, k = ... return t[k]")
            .set_name(format!("{INTERNAL_CHUNK} pattern"))
            .into_function()?,
    };
    string.raw_set(
        "gsub",
        lua.create_function(move |lua, args: Variadic<Value>| gsub(lua, &m, &calls, args))?,
    )?;
    Ok(())
}

unsafe extern "C-unwind" {
    /// `pcall`, whose frame does not count as a level in error locations
    /// (the patched Lua's `lliar.c`).
    fn liar_pcall(state: *mut mlua::ffi::lua_State) -> std::ffi::c_int;
}

/// `liar_pcall`, and a function indexing a table as Lua code does.
struct BotCalls {
    pcall: Function,
    index: Function,
}

impl BotCalls {
    /// Calls `f` with `args` under `pcall`: its first result, or what it
    /// raised, as [`thrown`] carries it.
    fn call(&self, f: Value, args: Vec<Value>) -> mlua::Result<Value> {
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(f);
        all.extend(args);
        let results: MultiValue = self.pcall.call(MultiValue::from(all))?;
        let mut results = results.into_iter();
        match results.next() {
            Some(Value::Boolean(true)) => Ok(results.next().unwrap_or(Value::Nil)),
            _ => Err(thrown(results.next().unwrap_or(Value::Nil))),
        }
    }
}

/// The error a Rust function raises when a bot's function it called
/// raised `value`: the very value, which `pcall` gives the bot back
/// (`failure::lua_value`), as Lua's C functions let it through. An error
/// of the host's own (the budget, the clock) stays what it was, and Lua's
/// memory error stays a memory error.
pub(crate) fn thrown(value: Value) -> mlua::Error {
    match value {
        Value::Error(e) => *e,
        Value::String(s) if s.as_bytes()[..] == b"not enough memory"[..] => {
            mlua::Error::MemoryError("not enough memory".into())
        }
        value => mlua::Error::external(super::failure::Thrown(value)),
    }
}

/// A Lua error located as `luaL_error` locates it: at the line of the Lua
/// code that called the running Rust function (see [`caller_location`]).
pub(crate) fn located(lua: &Lua, message: impl std::fmt::Display) -> mlua::Error {
    match caller_location(lua) {
        Some(at) => mlua::Error::RuntimeError(format!("{at}: {message}")),
        None => mlua::Error::RuntimeError(message.to_string()),
    }
}

/// Whether a chunk's source names one of the host's own chunks.
fn host_source(source: &str) -> bool {
    source
        .strip_prefix(INTERNAL_CHUNK)
        .is_some_and(|rest| rest.starts_with(' '))
}

/// Where `luaL_where(L, 1)` locates an error of the running Rust function:
/// at the current line of the function that called it, past the host's own
/// Lua wrappers (as the patched `lauxlib.c` looks past them); nowhere when
/// a C function called it (`pcall(string.find, ...)`), as in Lua.
pub(crate) fn caller_location(lua: &Lua) -> Option<String> {
    for level in 1..256 {
        let frame = lua.inspect_stack(level, |d| {
            let source = d.source();
            if source.source.as_deref().is_some_and(host_source) {
                return None;
            }
            if source.what == "C" {
                return Some(None);
            }
            let Some(line) = d.current_line().filter(|&l| l > 0) else {
                return Some(None);
            };
            Some(source.short_src.map(|src| format!("{src}:{line}")))
        })?;
        if let Some(at) = frame {
            return at;
        }
    }
    None
}

/// `luaL_argerror` for the running Rust function, known to Lua as
/// `qualified` (`"string.find"`): named as its caller called it, counting
/// a method call's `self` out, and by `qualified` when a C function called
/// it (where Lua's `pushglobalfuncname` finds that name).
pub(crate) fn arg_error(
    lua: &Lua,
    arg: usize,
    qualified: &str,
    extra: impl std::fmt::Display,
) -> mlua::Error {
    let (name, method) = lua
        .inspect_stack(0, |d| {
            let names = d.names();
            (
                names.name.map(|n| n.into_owned()),
                names.name_what == Some("method"),
            )
        })
        .unwrap_or((None, false));
    let mut arg = arg;
    if method {
        arg -= 1;
        if arg == 0 {
            let name = name.as_deref().unwrap_or("?");
            return located(lua, format!("calling '{name}' on bad self ({extra})"));
        }
    }
    let name = name.unwrap_or_else(|| qualified.to_string());
    located(lua, format!("bad argument #{arg} to '{name}' ({extra})"))
}

/// The type of argument `i` as `luaL_typeerror` names it: `no value` when
/// it is absent, a table's `__name` when its metatable has one.
pub(crate) fn arg_type(args: &[Value], i: usize) -> String {
    let Some(v) = args.get(i) else {
        return "no value".to_string();
    };
    if let Value::Table(t) = v
        && let Some(mt) = t.metatable()
        && let Ok(Value::String(name)) = mt.raw_get::<Value>("__name")
    {
        return name.to_string_lossy();
    }
    match v {
        Value::LightUserData(_) => "light userdata".to_string(),
        other => other.type_name().to_string(),
    }
}

/// `luaL_typeerror`.
pub(crate) fn type_error(
    lua: &Lua,
    args: &[Value],
    i: usize,
    qualified: &str,
    expected: &str,
) -> mlua::Error {
    let got = arg_type(args, i);
    arg_error(
        lua,
        i + 1,
        qualified,
        format!("{expected} expected, got {got}"),
    )
}

fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).cloned().unwrap_or(Value::Nil)
}

/// `luaL_checklstring` of argument `i` (from 0): a string, or a number
/// turned into one.
fn check_string(lua: &Lua, args: &[Value], i: usize, f: &str) -> mlua::Result<LuaString> {
    match arg(args, i) {
        Value::String(s) => Ok(s),
        v @ (Value::Integer(_) | Value::Number(_)) => match lua.coerce_string(v)? {
            Some(s) => Ok(s),
            None => Err(type_error(lua, args, i, f, "string")),
        },
        _ => Err(type_error(lua, args, i, f, "string")),
    }
}

/// `luaL_checkinteger` of argument `i` (from 0).
pub(crate) fn check_integer(lua: &Lua, args: &[Value], i: usize, f: &str) -> mlua::Result<i64> {
    let no_integer = || arg_error(lua, i + 1, f, "number has no integer representation");
    match arg(args, i) {
        Value::Integer(n) => Ok(n),
        Value::Number(x) => {
            if x.fract() == 0.0 && x >= i64::MIN as f64 && x < i64::MAX as f64 {
                Ok(x as i64)
            } else {
                Err(no_integer())
            }
        }
        v @ Value::String(_) => match lua.coerce_integer(v.clone())? {
            Some(n) => Ok(n),
            None if lua.coerce_number(v)?.is_some() => Err(no_integer()),
            None => Err(type_error(lua, args, i, f, "number")),
        },
        _ => Err(type_error(lua, args, i, f, "number")),
    }
}

/// `luaL_optinteger` of argument `i` (from 0).
fn opt_integer(lua: &Lua, args: &[Value], i: usize, f: &str, default: i64) -> mlua::Result<i64> {
    match arg(args, i) {
        Value::Nil => Ok(default),
        _ => check_integer(lua, args, i, f),
    }
}

/// `posrelatI`: a 1-based start position from a possibly negative one.
fn start_position(pos: i64, len: usize) -> usize {
    let len = len as i64;
    let p = if pos > 0 {
        pos
    } else if pos == 0 || pos < -len {
        1
    } else {
        len + pos + 1
    };
    (p - 1) as usize
}

/// Counts steps and charges them to the budget in batches.
struct Steps<'a> {
    lua: &'a Lua,
    meter: &'a Arc<Meter>,
    pending: u64,
}

impl Steps<'_> {
    #[inline]
    fn add(&mut self, n: u64) -> mlua::Result<()> {
        self.pending += n;
        if self.pending >= CHARGE_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> mlua::Result<()> {
        let n = std::mem::take(&mut self.pending);
        self.meter.charge(self.lua, n)
    }
}

/// One capture: where it starts and its length (or one of the `CAP_` marks).
#[derive(Clone, Copy)]
struct Capture {
    init: usize,
    len: isize,
}

/// The state of one match attempt (`MatchState` in `lstrlib.c`).
struct Matcher<'a, 's> {
    src: &'s [u8],
    pat: &'s [u8],
    depth: u32,
    level: usize,
    capture: [Capture; MAX_CAPTURES],
    steps: Steps<'a>,
}

/// A matcher result: the end of the match, or `None` when it fails.
type Found = mlua::Result<Option<usize>>;

impl<'a, 's> Matcher<'a, 's> {
    fn new(lua: &'a Lua, meter: &'a Arc<Meter>, src: &'s [u8], pat: &'s [u8]) -> Self {
        Matcher {
            src,
            pat,
            depth: MAX_DEPTH,
            level: 0,
            capture: [Capture { init: 0, len: 0 }; MAX_CAPTURES],
            steps: Steps {
                lua,
                meter,
                pending: 0,
            },
        }
    }

    fn reprep(&mut self) {
        self.depth = MAX_DEPTH;
        self.level = 0;
    }

    fn error(&self, message: impl std::fmt::Display) -> mlua::Error {
        located(self.steps.lua, message)
    }

    /// Pattern byte at `i`, or 0 past the end (C reads the terminating NUL).
    #[inline]
    fn p(&self, i: usize) -> u8 {
        self.pat.get(i).copied().unwrap_or(0)
    }

    /// Subject byte at `i`, or 0 past the end.
    #[inline]
    fn s(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    fn check_capture(&self, l: u8) -> mlua::Result<usize> {
        let l = i32::from(l) - i32::from(b'1');
        if l < 0 || l as usize >= self.level || self.capture[l as usize].len == CAP_UNFINISHED {
            return Err(self.error(format!("invalid capture index %{}", l + 1)));
        }
        Ok(l as usize)
    }

    fn capture_to_close(&self) -> mlua::Result<usize> {
        (0..self.level)
            .rev()
            .find(|&l| self.capture[l].len == CAP_UNFINISHED)
            .ok_or_else(|| self.error("invalid pattern capture"))
    }

    fn class_end(&self, mut p: usize) -> mlua::Result<usize> {
        let c = self.p(p);
        p += 1;
        match c {
            ESC => {
                if p >= self.pat.len() {
                    return Err(self.error("malformed pattern (ends with '%')"));
                }
                Ok(p + 1)
            }
            b'[' => {
                if self.p(p) == b'^' {
                    p += 1;
                }
                loop {
                    // look for a ']'
                    if p >= self.pat.len() {
                        return Err(self.error("malformed pattern (missing ']')"));
                    }
                    let c = self.p(p);
                    p += 1;
                    if c == ESC && p < self.pat.len() {
                        p += 1; // skip escapes (e.g. '%]')
                    }
                    if self.p(p) == b']' {
                        break;
                    }
                }
                Ok(p + 1)
            }
            _ => Ok(p),
        }
    }

    fn match_bracket_class(&self, c: u8, mut p: usize, ec: usize) -> bool {
        let mut sig = true;
        if self.p(p + 1) == b'^' {
            sig = false;
            p += 1;
        }
        loop {
            p += 1;
            if p >= ec {
                break;
            }
            if self.p(p) == ESC {
                p += 1;
                if match_class(c, self.p(p)) {
                    return sig;
                }
            } else if self.p(p + 1) == b'-' && p + 2 < ec {
                p += 2;
                if self.p(p - 2) <= c && c <= self.p(p) {
                    return sig;
                }
            } else if self.p(p) == c {
                return sig;
            }
        }
        !sig
    }

    fn single_match(&self, s: usize, p: usize, ep: usize) -> bool {
        if s >= self.src.len() {
            return false;
        }
        let c = self.src[s];
        match self.p(p) {
            b'.' => true,
            ESC => match_class(c, self.p(p + 1)),
            b'[' => self.match_bracket_class(c, p, ep - 1),
            pc => pc == c,
        }
    }

    fn match_balance(&mut self, mut s: usize, p: usize) -> Found {
        if p + 1 >= self.pat.len() {
            return Err(self.error("malformed pattern (missing arguments to '%b')"));
        }
        if self.s(s) != self.p(p) {
            return Ok(None);
        }
        let (b, e) = (self.p(p), self.p(p + 1));
        let mut cont = 1;
        let start = s;
        s += 1;
        while s < self.src.len() {
            let c = self.src[s];
            if c == e {
                cont -= 1;
                if cont == 0 {
                    self.steps.add((s - start) as u64)?;
                    return Ok(Some(s + 1));
                }
            } else if c == b {
                cont += 1;
            }
            s += 1;
        }
        self.steps.add((s - start) as u64)?;
        Ok(None)
    }

    fn max_expand(&mut self, s: usize, p: usize, ep: usize) -> Found {
        let mut i = 0usize;
        while self.single_match(s + i, p, ep) {
            i += 1;
        }
        self.steps.add(i as u64)?;
        // keep trying to match with the most repetitions
        loop {
            if let Some(res) = self.do_match(s + i, ep + 1)? {
                return Ok(Some(res));
            }
            if i == 0 {
                return Ok(None);
            }
            i -= 1;
        }
    }

    fn min_expand(&mut self, mut s: usize, p: usize, ep: usize) -> Found {
        loop {
            if let Some(res) = self.do_match(s, ep + 1)? {
                return Ok(Some(res));
            } else if self.single_match(s, p, ep) {
                s += 1;
            } else {
                return Ok(None);
            }
        }
    }

    fn start_capture(&mut self, s: usize, p: usize, what: isize) -> Found {
        let level = self.level;
        if level >= MAX_CAPTURES {
            return Err(self.error("too many captures"));
        }
        self.capture[level] = Capture { init: s, len: what };
        self.level = level + 1;
        let res = self.do_match(s, p)?;
        if res.is_none() {
            self.level -= 1; // undo capture
        }
        Ok(res)
    }

    fn end_capture(&mut self, s: usize, p: usize) -> Found {
        let l = self.capture_to_close()?;
        self.capture[l].len = (s - self.capture[l].init) as isize;
        let res = self.do_match(s, p)?;
        if res.is_none() {
            self.capture[l].len = CAP_UNFINISHED;
        }
        Ok(res)
    }

    fn match_capture(&mut self, s: usize, l: u8) -> Found {
        let l = self.check_capture(l)?;
        let Capture { init, len } = self.capture[l];
        // A position capture's length is negative, which C compares as a
        // huge unsigned length: it never matches.
        let Ok(len) = usize::try_from(len) else {
            return Ok(None);
        };
        self.steps.add(len as u64)?;
        if self.src.len() - s >= len && self.src[init..init + len] == self.src[s..s + len] {
            Ok(Some(s + len))
        } else {
            Ok(None)
        }
    }

    /// Matches the pattern from `p` against the subject from `s`.
    fn do_match(&mut self, mut s: usize, mut p: usize) -> Found {
        if self.depth == 0 {
            return Err(self.error("pattern too complex"));
        }
        self.depth -= 1;
        self.steps.add(1)?;
        let result = loop {
            if p == self.pat.len() {
                break Some(s); // end of pattern
            }
            match self.p(p) {
                b'(' => {
                    break if self.p(p + 1) == b')' {
                        self.start_capture(s, p + 2, CAP_POSITION)?
                    } else {
                        self.start_capture(s, p + 1, CAP_UNFINISHED)?
                    };
                }
                b')' => break self.end_capture(s, p + 1)?,
                b'$' if p + 1 == self.pat.len() => {
                    break (s == self.src.len()).then_some(s);
                }
                ESC if self.p(p + 1) == b'b' => match self.match_balance(s, p + 2)? {
                    Some(next) => {
                        s = next;
                        p += 4;
                        continue;
                    }
                    None => break None,
                },
                ESC if self.p(p + 1) == b'f' => {
                    p += 2;
                    if self.p(p) != b'[' {
                        return Err(self.error("missing '[' after '%f' in pattern"));
                    }
                    let ep = self.class_end(p)?;
                    let previous = if s == 0 { 0 } else { self.s(s - 1) };
                    if !self.match_bracket_class(previous, p, ep - 1)
                        && self.match_bracket_class(self.s(s), p, ep - 1)
                    {
                        p = ep;
                        continue;
                    }
                    break None;
                }
                ESC if self.p(p + 1).is_ascii_digit() => {
                    match self.match_capture(s, self.p(p + 1))? {
                        Some(next) => {
                            s = next;
                            p += 2;
                            continue;
                        }
                        None => break None,
                    }
                }
                _ => {
                    // a single class plus an optional suffix
                    let ep = self.class_end(p)?;
                    let suffix = self.p(ep);
                    if !self.single_match(s, p, ep) {
                        if matches!(suffix, b'*' | b'?' | b'-') {
                            p = ep + 1; // accept empty
                            continue;
                        }
                        break None;
                    }
                    match suffix {
                        b'?' => {
                            if let Some(res) = self.do_match(s + 1, ep + 1)? {
                                break Some(res);
                            }
                            p = ep + 1;
                            continue;
                        }
                        b'+' => break self.max_expand(s + 1, p, ep)?,
                        b'*' => break self.max_expand(s, p, ep)?,
                        b'-' => break self.min_expand(s, p, ep)?,
                        _ => {
                            s += 1;
                            p = ep;
                            continue;
                        }
                    }
                }
            }
        };
        self.depth += 1;
        Ok(result)
    }

    /// The `i`-th capture (or the whole match `s..e` if there are none).
    fn capture_value(&self, lua: &Lua, i: usize, s: usize, e: usize) -> mlua::Result<Value> {
        if i >= self.level {
            if i != 0 {
                return Err(self.error(format!("invalid capture index %{}", i + 1)));
            }
            return Ok(Value::String(lua.create_string(&self.src[s..e])?));
        }
        let Capture { init, len } = self.capture[i];
        match len {
            CAP_UNFINISHED => Err(self.error("unfinished capture")),
            CAP_POSITION => Ok(Value::Integer(init as i64 + 1)),
            len => Ok(Value::String(
                lua.create_string(&self.src[init..init + len as usize])?,
            )),
        }
    }

    /// Every capture, or the whole match when `whole` and there are none.
    fn captures(&self, lua: &Lua, whole: Option<(usize, usize)>) -> mlua::Result<Vec<Value>> {
        let n = if self.level == 0 && whole.is_some() {
            1
        } else {
            self.level
        };
        let (s, e) = whole.unwrap_or((0, 0));
        (0..n).map(|i| self.capture_value(lua, i, s, e)).collect()
    }
}

/// Character classes in the C locale, as Lua's `match_class`.
fn match_class(c: u8, cl: u8) -> bool {
    let res = match cl.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c.is_ascii_control(),
        b'd' => c.is_ascii_digit(),
        b'g' => c.is_ascii_graphic(),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        b's' => matches!(c, b' ' | b'\t'..=b'\r'),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        b'z' => c == 0,
        _ => return cl == c,
    };
    if cl.is_ascii_lowercase() { res } else { !res }
}

fn no_specials(p: &[u8]) -> bool {
    !p.iter().any(|c| SPECIALS.contains(c))
}

/// A plain substring search, charged per byte compared.
fn plain_find(
    steps: &mut Steps<'_>,
    s: &[u8],
    from: usize,
    p: &[u8],
) -> mlua::Result<Option<usize>> {
    if p.is_empty() {
        return Ok(Some(from));
    }
    if p.len() > s.len() - from {
        return Ok(None);
    }
    let last = s.len() - p.len();
    let mut i = from;
    while i <= last {
        let Some(off) = s[i..=last].iter().position(|&c| c == p[0]) else {
            steps.add(((last - i) / 16) as u64)?;
            return Ok(None);
        };
        steps.add((off / 16) as u64 + p.len() as u64)?;
        i += off;
        if s[i..i + p.len()] == *p {
            return Ok(Some(i));
        }
        i += 1;
    }
    Ok(None)
}

fn find_aux(
    lua: &Lua,
    meter: &Arc<Meter>,
    args: Variadic<Value>,
    find: bool,
) -> mlua::Result<Variadic<Value>> {
    let f = if find { "string.find" } else { "string.match" };
    let src = check_string(lua, &args, 0, f)?;
    let pat = check_string(lua, &args, 1, f)?;
    let s = src.as_bytes();
    let p = pat.as_bytes();
    let init = start_position(opt_integer(lua, &args, 2, f, 1)?, s.len());
    let fail = || Ok(Variadic::from_iter([Value::Nil]));
    if init > s.len() {
        return fail();
    }
    let plain = find
        && arg(&args, 3)
            .as_boolean()
            .unwrap_or(!arg(&args, 3).is_nil());
    if find && (plain || no_specials(&p[..])) {
        let mut steps = Steps {
            lua,
            meter,
            pending: 0,
        };
        let found = plain_find(&mut steps, &s[..], init, &p[..])?;
        steps.flush()?;
        return match found {
            Some(at) => Ok(Variadic::from_iter([
                Value::Integer(at as i64 + 1),
                Value::Integer((at + p.len()) as i64),
            ])),
            None => fail(),
        };
    }
    let (anchor, p) = match p.first() {
        Some(b'^') => (true, &p[1..]),
        _ => (false, &p[..]),
    };
    let mut m = Matcher::new(lua, meter, &s[..], p);
    let mut s1 = init;
    loop {
        m.reprep();
        if let Some(end) = m.do_match(s1, 0)? {
            m.steps.flush()?;
            return if find {
                let mut out = vec![Value::Integer(s1 as i64 + 1), Value::Integer(end as i64)];
                out.extend(m.captures(lua, None)?);
                Ok(Variadic::from_iter(out))
            } else {
                Ok(Variadic::from_iter(m.captures(lua, Some((s1, end)))?))
            };
        }
        s1 += 1;
        if s1 > s.len() || anchor {
            break;
        }
    }
    m.steps.flush()?;
    fail()
}

fn gmatch(lua: &Lua, meter: &Arc<Meter>, args: Variadic<Value>) -> mlua::Result<Function> {
    let src = check_string(lua, &args, 0, "string.gmatch")?;
    let pat = check_string(lua, &args, 1, "string.gmatch")?;
    let len = src.as_bytes().len();
    let mut pos = start_position(opt_integer(lua, &args, 2, "string.gmatch", 1)?, len);
    if pos > len {
        pos = len + 1;
    }
    let meter = Arc::clone(meter);
    let mut last: Option<usize> = None;
    lua.create_function_mut(move |lua, ()| {
        let s = src.as_bytes();
        let p = pat.as_bytes();
        let mut m = Matcher::new(lua, &meter, &s[..], &p[..]);
        let mut from = pos;
        while from <= s.len() {
            m.reprep();
            if let Some(end) = m.do_match(from, 0)?
                && Some(end) != last
            {
                pos = end;
                last = Some(end);
                m.steps.flush()?;
                return Ok(Variadic::from_iter(m.captures(lua, Some((from, end)))?));
            }
            from += 1;
        }
        pos = from;
        m.steps.flush()?;
        Ok(Variadic::new())
    })
}

/// A buffer the host builds a result in for the bot, outside Lua's
/// allocator. Its capacity counts in the meter's host bytes while it lives,
/// so every such buffer (a `gsub` in the callback of a `gsub`...) counts
/// against the bot's memory together with what Lua holds: growth past the
/// limit is a memory error.
struct HostBuf<'m> {
    meter: &'m Meter,
    bytes: Vec<u8>,
    /// The capacity counted in the meter.
    held: usize,
}

impl<'m> HostBuf<'m> {
    fn new(meter: &'m Meter) -> Self {
        HostBuf {
            meter,
            bytes: Vec::new(),
            held: 0,
        }
    }

    fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Makes room for `extra` more bytes: doubling, as Lua's buffers do, but
    /// never past what the state may still hold.
    fn reserve(&mut self, lua: &Lua, extra: usize) -> mlua::Result<()> {
        let need = self.bytes.len().saturating_add(extra);
        if need <= self.bytes.capacity() {
            return Ok(());
        }
        let most = self.held.saturating_add(self.meter.memory_room(lua));
        if need > most {
            return Err(mlua::Error::MemoryError("not enough memory".into()));
        }
        let target = need.max(self.bytes.capacity().saturating_mul(2)).min(most);
        if self
            .bytes
            .try_reserve_exact(target - self.bytes.len())
            .is_err()
        {
            return Err(mlua::Error::MemoryError("not enough memory".into()));
        }
        let cap = self.bytes.capacity();
        self.meter
            .host_bytes
            .fetch_add(cap.saturating_sub(self.held), Relaxed);
        self.held = cap;
        Ok(())
    }

    fn push(&mut self, lua: &Lua, b: u8) -> mlua::Result<()> {
        self.reserve(lua, 1)?;
        self.bytes.push(b);
        Ok(())
    }

    fn extend(&mut self, lua: &Lua, more: &[u8]) -> mlua::Result<()> {
        self.reserve(lua, more.len())?;
        self.bytes.extend_from_slice(more);
        Ok(())
    }
}

impl Drop for HostBuf<'_> {
    fn drop(&mut self) {
        self.meter.host_bytes.fetch_sub(self.held, Relaxed);
    }
}

/// Appends `v` (a string or number) the way `luaL_addvalue` does.
fn add_value_text(lua: &Lua, out: &mut HostBuf<'_>, v: Value) -> mlua::Result<bool> {
    match v {
        Value::Nil | Value::Boolean(false) => Ok(false),
        v @ (Value::String(_) | Value::Integer(_) | Value::Number(_)) => {
            if let Some(s) = lua.coerce_string(v)? {
                out.extend(lua, &s.as_bytes())?;
            }
            Ok(true)
        }
        other => Err(located(
            lua,
            format!("invalid replacement value (a {})", other.type_name()),
        )),
    }
}

fn gsub(
    lua: &Lua,
    meter: &Arc<Meter>,
    calls: &BotCalls,
    args: Variadic<Value>,
) -> mlua::Result<(Value, i64)> {
    let src_str = check_string(lua, &args, 0, "string.gsub")?;
    let pat = check_string(lua, &args, 1, "string.gsub")?;
    let src = src_str.as_bytes();
    // As C: the count is read before the replacement's type is checked.
    let max_s = opt_integer(lua, &args, 3, "string.gsub", src.len() as i64 + 1)?;
    let repl = arg(&args, 2);
    if !matches!(
        repl,
        Value::String(_)
            | Value::Integer(_)
            | Value::Number(_)
            | Value::Function(_)
            | Value::Table(_)
    ) {
        return Err(type_error(
            lua,
            &args,
            2,
            "string.gsub",
            "string/function/table",
        ));
    }
    let repl_text = match &repl {
        Value::Function(_) | Value::Table(_) => None,
        v => lua.coerce_string(v.clone())?,
    };
    let p = pat.as_bytes();
    let (anchor, p) = match p.first() {
        Some(b'^') => (true, &p[1..]),
        _ => (false, &p[..]),
    };
    // The result is built outside Lua's allocator, counted in its limit.
    let mut out = HostBuf::new(meter);
    let mut m = Matcher::new(lua, meter, &src[..], p);
    let mut s = 0usize;
    let mut last: Option<usize> = None;
    let mut n = 0i64;
    let mut changed = false;
    while n < max_s {
        m.reprep();
        match m.do_match(s, 0)? {
            Some(e) if Some(e) != last => {
                n += 1;
                let before = out.len();
                changed |=
                    add_replacement(lua, calls, &m, &mut out, &repl, repl_text.as_ref(), s, e)?;
                // Copying the replacement in is work too (`%0` repeated
                // copies the whole match each time).
                m.steps.add(((out.len() - before) / 64) as u64)?;
                s = e;
                last = Some(e);
            }
            _ if s < src.len() => {
                out.push(lua, src[s])?;
                s += 1;
            }
            _ => break,
        }
        if anchor {
            break;
        }
    }
    m.steps.flush()?;
    if !changed {
        return Ok((Value::String(src_str.clone()), n));
    }
    out.extend(lua, &src[s..])?;
    // The Lua string is made while the buffer still counts: both are held
    // at that moment, as with Lua's own gsub.
    Ok((Value::String(lua.create_string(&out.bytes)?), n))
}

/// Appends the replacement of the match `s..e`; whether anything changed.
#[allow(clippy::too_many_arguments)]
fn add_replacement(
    lua: &Lua,
    calls: &BotCalls,
    m: &Matcher<'_, '_>,
    out: &mut HostBuf<'_>,
    repl: &Value,
    text: Option<&LuaString>,
    s: usize,
    e: usize,
) -> mlua::Result<bool> {
    let value = match repl {
        Value::Function(f) => {
            let caps = m.captures(lua, Some((s, e)))?;
            calls.call(Value::Function(f.clone()), caps)?
        }
        Value::Table(t) => {
            let key = m.capture_value(lua, 0, s, e)?;
            if t.metatable().is_none() {
                t.raw_get::<Value>(key)?
            } else {
                calls.call(
                    Value::Function(calls.index.clone()),
                    vec![Value::Table(t.clone()), key],
                )?
            }
        }
        _ => {
            if let Some(text) = text {
                add_text(lua, m, out, &text.as_bytes(), s, e)?;
            }
            return Ok(true);
        }
    };
    if add_value_text(lua, out, value)? {
        Ok(true)
    } else {
        out.extend(lua, &m.src[s..e])?; // keep the original text
        Ok(false)
    }
}

/// A replacement string with `%0`–`%9` and `%%` (`add_s` in `lstrlib.c`);
/// `out` refuses to grow past the memory limit (a replacement such as `%0`
/// repeated thousands of times would otherwise build gigabytes).
fn add_text(
    lua: &Lua,
    m: &Matcher<'_, '_>,
    out: &mut HostBuf<'_>,
    text: &[u8],
    s: usize,
    e: usize,
) -> mlua::Result<()> {
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        i += 1;
        if c != ESC {
            out.push(lua, c)?;
            continue;
        }
        let d = text.get(i).copied().unwrap_or(0);
        i += 1;
        match d {
            ESC => out.push(lua, ESC)?,
            b'0' => out.extend(lua, &m.src[s..e])?,
            b'1'..=b'9' => {
                let v = m.capture_value(lua, usize::from(d - b'1'), s, e)?;
                add_value_text(lua, out, v)?;
            }
            _ => {
                return Err(located(lua, "invalid use of '%' in replacement string"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Runs `script` in a plain state where `orig` holds Lua's own pattern
    /// functions and `string.*` holds this port; the script returns a list
    /// of mismatches.
    fn compare(script: &str) -> Vec<String> {
        let lua = Lua::new();
        lua.load(
            "orig = { find = string.find, match = string.match, gmatch = string.gmatch, gsub = string.gsub }",
        )
        .exec()
        .unwrap_or_else(|e| panic!("{e}"));
        let meter = Meter::new();
        meter
            .start(&lua, u64::MAX / 4, Duration::from_secs(3600))
            .unwrap_or_else(|e| panic!("{e}"));
        register(&lua, &meter).unwrap_or_else(|e| panic!("{e}"));
        lua.load(HARNESS).exec().unwrap_or_else(|e| panic!("{e}"));
        lua.load(script)
            .eval::<Vec<String>>()
            .unwrap_or_else(|e| panic!("{e}"))
    }

    const HARNESS: &str = r##"
function strip(e)
  e = tostring(e)
  e = e:gsub("\nstack traceback:.*", "")
  e = e:gsub("^runtime error: ", "")
  e = e:gsub("^[^ ]*:%d+: ", "")
  -- Called by pcall, Lua names its C function '?' here (no longer in the
  -- string table) and the port by its library name.
  e = e:gsub("to '[%w.?]+'", "to '?'")
  return e
end
function show(ok, ...)
  local t = table.pack(...)
  if not ok then return "error: " .. strip(t[1]) end
  local parts = {}
  for i = 1, t.n do parts[i] = type(t[i]) .. ":" .. tostring(t[i]) end
  return table.concat(parts, ",")
end
function check(bad, name, ...)
  local a = show(pcall(orig[name], ...))
  local b = show(pcall(string[name], ...))
  if a ~= b then
    local args = table.pack(...)
    local shown = {}
    for i = 1, args.n do shown[i] = string.format("%q", tostring(args[i])) end
    bad[#bad + 1] = name .. "(" .. table.concat(shown, ", ") .. "): lua " .. a .. " / port " .. b
  end
end
function gm(f, s, p, init)
  local out = {}
  for a, b, c in f(s, p, init) do
    out[#out + 1] = tostring(a) .. "|" .. tostring(b) .. "|" .. tostring(c)
    if #out > 50 then break end
  end
  return table.concat(out, ";")
end
"##;

    #[test]
    fn matches_lua_on_known_cases() {
        let bad = compare(
            r##"
local bad = {}
local subjects = { "", "a", "hello world", "  trim me  ", "key = value", "(foo(bar))baz",
  "THE (quick) fox", "aaa", "a.b.c", "x=1, y=22, z=333", "\0a\0b", "KKK99 QQQ", "[%]", "abc123def" }
local patterns = { "", "a", "o", "l+", "l*", "l-", "l?", "^h", "d$", "^$", ".", ".-", "%a+", "%d+",
  "%s*(.-)%s*$", "(%w+) = (%w+)", "%b()", "%f[%w]%w+", "(a)%1", "()a()", "[%a_][%w_]*", "[^%s]+",
  "[a-c]+", "[]]", "[^]]", "%.", "(%d)(%d?)", "(h)(e)(l)(l)(o)", "%u+", "%l+", "%p", "%c", "%x+",
  "%z", "[%z]", "^(K+)(9*)", "%f[%a]", "%f[%A]", "((a)(b))", "a-b", "[a-]", "[%-a]", "x*$",
  "%", "[a", "(()", "%b", "%g+", "(a", "a)", "%1", "%f", "[", "%bxy", "(.)%1" }
for _, s in ipairs(subjects) do
  for _, p in ipairs(patterns) do
    check(bad, "find", s, p)
    check(bad, "match", s, p)
    check(bad, "find", s, p, 3)
    check(bad, "find", s, p, -2)
    check(bad, "match", s, p, 100)
    check(bad, "find", s, p, 1, true)
    check(bad, "gsub", s, p, "<%0>")
    check(bad, "gsub", s, p, "%1!", 2)
    check(bad, "gsub", s, p, { a = "A", hello = 1, l = false })
    check(bad, "gsub", s, p, function(x, y) if x == "a" then return nil end return (y or x) .. "#" end)
    local a = show(pcall(gm, orig.gmatch, s, p))
    local b = show(pcall(gm, string.gmatch, s, p))
    if a ~= b then bad[#bad + 1] = "gmatch(" .. s .. ", " .. p .. "): " .. a .. " / " .. b end
    a = show(pcall(gm, orig.gmatch, s, p, 2))
    b = show(pcall(gm, string.gmatch, s, p, 2))
    if a ~= b then bad[#bad + 1] = "gmatch init(" .. s .. ", " .. p .. "): " .. a .. " / " .. b end
  end
end
check(bad, "gsub", "abc", "%w", "%2")
check(bad, "gsub", "abc", "%w", "%")
check(bad, "gsub", "abc", "%w", "%x")
check(bad, "gsub", "abc", "(%w)", "%%%1%%")
check(bad, "gsub", "abc", "%w", {})
check(bad, "gsub", "abc", "%w", function() return {} end)
check(bad, "gsub", "abc", "%w", 7)
check(bad, "gsub", "abc", "%w", true)
check(bad, "gsub", "abc", "()", "%1")
check(bad, "gsub", 12345, 3, 9)
check(bad, "find", 12345, 34)
check(bad, "find", "abc", "b", 2.0)
check(bad, "find", "abc", "b", 2.5)
check(bad, "find", "abc", "b", "2")
check(bad, "find", "abc", {})
check(bad, "match", "abc")
check(bad, "gsub", "abc", "b")
check(bad, "gsub", "hello world", "o", "0", 0)
check(bad, "gsub", "hello world", "o", "0", -1)
check(bad, "gsub", "hello", "", "-")
check(bad, "find", "a+b", "+", 1, true)
check(bad, "match", string.rep("(", 40), string.rep("%(", 40))
check(bad, "match", "x", string.rep("(", 33) .. "x" .. string.rep(")", 33))
return bad
"##,
        );
        assert!(
            bad.is_empty(),
            "{} mismatches:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }

    #[test]
    fn matches_lua_on_random_cases() {
        let bad = compare(
            r##"
local bad = {}
local seed = 12345
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
local atoms = { "a", "b", ".", "%a", "%d", "[ab]", "[^a]", "%s", "(", ")", "()", "%1", "x", "1" }
local quant = { "", "", "", "*", "+", "-", "?" }
local letters = { "a", "b", "x", "1", " ", "2" }
for _ = 1, 3000 do
  local p = {}
  if rnd(4) == 1 then p[1] = "^" end
  for _ = 1, rnd(5) do
    p[#p + 1] = atoms[rnd(#atoms)] .. quant[rnd(#quant)]
  end
  if rnd(5) == 1 then p[#p + 1] = "$" end
  local s = {}
  for _ = 1, rnd(12) - 1 do s[#s + 1] = letters[rnd(#letters)] end
  local pat, subj = table.concat(p), table.concat(s)
  check(bad, "find", subj, pat)
  check(bad, "match", subj, pat, rnd(4) - 2)
  check(bad, "gsub", subj, pat, "[%0]")
  local a = show(pcall(gm, orig.gmatch, subj, pat))
  local b = show(pcall(gm, string.gmatch, subj, pat))
  if a ~= b then bad[#bad + 1] = "gmatch(" .. subj .. ", " .. pat .. "): " .. a .. " / " .. b end
  if #bad > 20 then break end
end
return bad
"##,
        );
        assert!(
            bad.is_empty(),
            "{} mismatches:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }

    #[test]
    fn runaway_patterns_use_up_the_budget() {
        let lua = Lua::new();
        let meter = Meter::new();
        meter
            .start(&lua, 1_000_000, Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("{e}"));
        register(&lua, &meter).unwrap_or_else(|e| panic!("{e}"));
        let started = std::time::Instant::now();
        let r = lua
            .load(r##"return string.find(string.rep("a", 3000), ".-.-.-b")"##)
            .exec();
        assert!(r.is_err());
        assert_eq!(meter.tripped(), Some(super::super::hook::Interrupt::Budget));
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
