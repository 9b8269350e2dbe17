//! A differential fuzzer of the sandbox against plain Lua (issue #32): the
//! same generated cases run inside a real bot (its top-level code, at load
//! time, under generous limits) and in a plain `mlua::Lua::new()` state of
//! the same vendored Lua (no hook, no wrappers), and their results and
//! errors must be the same, case by case.
//!
//! Each case is one line of Lua run under `pcall`; what it returns (or the
//! error value it raises) is turned into a canonical string (types and
//! values; tables by their sorted contents; error strings whole, with their
//! position such as `fuzz:12:`). The families: Lua patterns through
//! `string.find`/`match`/`gmatch`/`gsub` (replacement strings, tables and
//! functions that return or raise anything), the string, table, math,
//! utf8, conversion, metatable, `load`, `select`, `pcall`/`error`/`xpcall`,
//! coroutine and base functions with odd arguments, method calls, string
//! arithmetic, longer strings and tables (where the sandbox charges work
//! by size), table functions on tables whose metamethods log their calls,
//! and nested calls and recursion (error levels, "C stack overflow").
//!
//! The cases come from a seeded generator: case `i` of seed `s` is always
//! the same, and a difference prints both. By default 20,000 cases run
//! (seed 32); more, another seed, or one case:
//!
//! ```text
//! LIAR_FUZZ_CASES=100000 cargo test --test it lua_fuzz -- --nocapture
//! LIAR_FUZZ_SEED=7 LIAR_FUZZ_ONLY=1234 cargo test --test it lua_fuzz -- --nocapture
//! ```
//!
//! (`LIAR_FUZZ_FROM` starts elsewhere, `LIAR_FUZZ_BATCH` sets the cases
//! per bot, `LIAR_FUZZ_SHOW` how many differences are printed, and
//! `LIAR_FUZZ_VERBOSE` times each batch.)
//!
//! What the sandbox does differently on purpose (bots/README.md, "The
//! sandbox") is left out of the generator or read alike by the canonical
//! form, each with its reason where it is generated: `%p` and addresses
//! (`tostring` numbers objects instead: both read as `@`), bytecode, the
//! strings' metatable, `math.random`'s numbers (only its errors and the
//! type of its result are compared), `collectgarbage`, where `print` and
//! `warn` write, and how deep `gsub` callbacks nest. So are sizes that Lua
//! would build or walk for long (a huge `string.rep`, a `table.move` or
//! `concat` over a huge span through metamethods), which the sandbox's
//! budget stops: huge sizes are generated only where C refuses them at
//! once.

use liar::engine::Player;
use liar::lua::{BotLimits, LuaBot};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::time::Instant;

/// The chunk name of both runs: errors read `fuzz:LINE: ...` in both.
const CHUNK: &str = "fuzz";

/// The harness around the cases, the same text in both states (so lines
/// match). It keeps what it uses in locals, so a case that changes a
/// global cannot change how results are shown.
const HEAD: &str = r##"local type, next, select, tostring, getmetatable = type, next, select, tostring, getmetatable
local pcall, mtype, sfmt, gsub, sub, concat, sort = pcall, math.type, string.format, string.gsub, string.sub, table.concat, table.sort
local OUT, N = {}, 0
local ESC = {}
for b = 0, 255 do
  if b < 32 or b > 126 or b == 92 then ESC[string.char(b)] = sfmt("\\%d;", b) end
end
local function esc(s)
  if #s > 160 then s = sub(s, 1, 80) .. "<" .. #s .. ">" .. sub(s, -80) end
  s = gsub(s, "[%z\1-\31\\\127-\255]", ESC)
  -- Lua shows objects by address, the sandbox by number: both read "@",
  -- and the padding string.format gave them (of another width) goes.
  s = gsub(s, "(%a): 0x%x+", "%1: @")
  s = gsub(s, "(%a): #%d+", "%1: @")
  s = gsub(s, " *(%a+: @) *", "%1")
  return s
end
local canon
function canon(v, depth)
  local t = type(v)
  if t == "string" then return "s:" .. esc(v)
  elseif t == "number" then
    if mtype(v) == "integer" then return "i:" .. sfmt("%d", v) end
    return "f:" .. sfmt("%.17g", v)
  elseif t == "table" then
    if depth > 2 then return "t{...}" end
    local parts, n = {}, 0
    for k, x in next, v do
      n = n + 1
      if n > 40 then break end
      parts[n] = canon(k, depth + 1) .. "=" .. canon(x, depth + 1)
    end
    sort(parts)
    local mt = getmetatable(v) ~= nil and "+mt" or ""
    return "t{" .. concat(parts, ",") .. "}" .. mt
  elseif t == "nil" or t == "boolean" then return tostring(v)
  end
  return t
end
local function record(ok, ...)
  N = N + 1
  local n = select("#", ...)
  local parts = {}
  if n > 24 then
    parts[1] = "n=" .. n
    for i = 1, 8 do parts[#parts + 1] = canon((select(i, ...)), 0) end
    for i = n - 7, n do parts[#parts + 1] = canon((select(i, ...)), 0) end
  else
    for i = 1, n do parts[i] = canon((select(i, ...)), 0) end
  end
  OUT[N] = (ok and "ok " or "err ") .. concat(parts, " ")
end
local function R(f) record(pcall(f)) end
"##;

/// After the cases: the bot logs each result (in pieces that fit a log
/// line), the reference returns them.
const TAIL: &str = r#"
if liar then
  local log = liar.log
  for i = 1, N do
    local s, at, mark = OUT[i], 1, "~R="
    repeat
      log(mark .. sub(s, at, at + 249))
      at, mark = at + 250, "~R+"
    until at > #s
  end
  local function pass() return true end
  return { api_version = 1, challenge = pass, reroll = pass, claim = pass }
end
return OUT
"#;

/// Limits no case comes near: what a case does runs as in plain Lua.
fn limits() -> BotLimits {
    BotLimits {
        instructions: 20_000_000_000,
        wall_ms: 600_000,
        memory_mb: 512,
        log_lines: 1_000_000,
        ..BotLimits::default()
    }
}

fn program(cases: &[String]) -> String {
    let mut code = String::from(HEAD);
    for case in cases {
        let _ = writeln!(code, "R(function() {case} end)");
    }
    code.push_str(TAIL);
    code
}

/// The results in the sandbox, or why the bot did not load.
fn in_sandbox(code: &str) -> Result<Vec<String>, String> {
    let mut bot = LuaBot::from_source(CHUNK, code, &limits()).map_err(|e| e.to_string())?;
    let mut lines = Vec::new();
    bot.take_logs(&mut lines);
    let mut out: Vec<String> = Vec::new();
    for line in lines {
        // Lines of the cases' own (print as a message handler) are not
        // results.
        if let Some(rest) = line.strip_prefix("~R=") {
            out.push(rest.to_string());
        } else if let Some(rest) = line.strip_prefix("~R+")
            && let Some(last) = out.last_mut()
        {
            last.push_str(rest);
        }
    }
    Ok(out)
}

/// The results in a plain state of the same Lua.
fn in_reference(code: &str) -> Result<Vec<String>, String> {
    let lua = mlua::Lua::new();
    lua.load(code)
        .set_name(format!("@{CHUNK}"))
        .call::<Vec<String>>(())
        .map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------
// The generator.
// ---------------------------------------------------------------------------

struct Gen {
    rng: ChaCha8Rng,
}

/// A Lua string literal of any bytes.
fn lit(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        match b {
            b'"' | b'\\' => {
                s.push('\\');
                s.push(b as char);
            }
            0x20..=0x7e => s.push(b as char),
            _ => {
                let _ = write!(s, "\\{b:03}");
            }
        }
    }
    s.push('"');
    s
}

impl Gen {
    fn new(seed: u64, case: u64) -> Gen {
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ case),
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn bytes_from(&mut self, alphabet: &[u8], most: usize) -> Vec<u8> {
        let n = self.below(most + 1);
        (0..n)
            .map(|_| alphabet[self.below(alphabet.len())])
            .collect()
    }

    /// A short subject for the pattern functions.
    fn subject(&mut self) -> String {
        if self.chance(0.1) {
            return self.pick(SUBJECTS).to_string();
        }
        let alphabet: &[u8] = if self.chance(0.5) {
            b"aab"
        } else {
            b"aab b1 2()[]%.-xyzAB\0\n\xff^$"
        };
        lit(&self.bytes_from(alphabet, 10))
    }

    /// A Lua pattern, well formed most of the time.
    fn pattern(&mut self) -> String {
        if self.chance(0.08) {
            return lit(self.pick(MALFORMED).as_bytes());
        }
        let mut p = String::new();
        if self.chance(0.2) {
            p.push('^');
        }
        for _ in 0..self.below(5) + 1 {
            let atom = self.pick(ATOMS);
            p.push_str(atom);
            if !atom.starts_with('(') && !atom.starts_with(')') && !atom.starts_with("%b") {
                p.push_str(self.pick(&["", "", "", "*", "+", "-", "?"]));
            }
        }
        if self.chance(0.15) {
            p.push('$');
        }
        lit(p.as_bytes())
    }

    /// An argument meant as an integer: usually a small one, sometimes odd.
    fn int_arg(&mut self) -> String {
        if self.chance(0.7) {
            return format!("{}", self.rng.random_range(-6i32..=12));
        }
        self.pick(ODD_NUMBERS).to_string()
    }

    /// `name(args)` in one of the ways a call can be written: a tail call,
    /// not, through `pcall`, through a local, and a `string.` function as
    /// a method of its first argument.
    fn call(&mut self, name: &str, args: &[String]) -> String {
        let list = args.join(", ");
        match self.below(9) {
            0 => format!("return ({name}({list}))"),
            8 => format!("local f = {name} return f({list})"),
            1 => format!("local a, b, c = {name}({list}) return a, b, c"),
            2 if !args.is_empty() => format!("return pcall({name}, {list})"),
            2 => format!("return pcall({name})"),
            3 if !args.is_empty() && name.starts_with("string.") => {
                let method = &name["string.".len()..];
                format!("return ({}):{method}({})", args[0], args[1..].join(", "))
            }
            _ => format!("return {name}({list})"),
        }
    }

    /// Some arguments: `n` of them drawn by `each`, maybe fewer at the end.
    fn args(&mut self, n: usize, mut each: impl FnMut(&mut Gen, usize) -> String) -> Vec<String> {
        let keep = if self.chance(0.15) {
            self.below(n + 1)
        } else {
            n
        };
        (0..keep).map(|i| each(self, i)).collect()
    }
}

const SUBJECTS: &[&str] = &[
    "\"hello world\"",
    "\"  trim me  \"",
    "\"key = value\"",
    "\"(foo(bar))baz\"",
    "\"x=1, y=22, z=333\"",
    "\"THE (quick) fox\"",
    "\"\"",
    "\"a.b.c\"",
    "\"[%]\"",
    "12345",
    "1.5",
];

const ATOMS: &[&str] = &[
    "a", "b", "x", "1", " ", ".", "%a", "%d", "%s", "%w", "%l", "%u", "%p", "%c", "%x", "%g", "%A",
    "%D", "%S", "%W", "%.", "%%", "%(", "%z", "[ab]", "[^a]", "[a-c]", "[%a_]", "[]]", "[^]]",
    "[a-]", "[%]]", "[%d%.]", "(", ")", "()", "(a)", "(%a+)", "%1", "%2", "%b()", "%bab", "%f[%w]",
    "%f[^a]", "%f[%z]", "^", "$", "\0", "\n",
];

const MALFORMED: &[&str] = &[
    "[a",
    "%",
    "a%",
    "(",
    "(()",
    ")",
    "a)",
    "%b",
    "%ba",
    "%f",
    "%fa",
    "[%",
    "[^",
    "%0",
    "%9",
    "(a)%2",
    "[a-",
    "((((((((((((((((((((((((((((((((((a))))))))))))))))))))))))))))))))))",
    "%1(a)",
];

const ODD_NUMBERS: &[&str] = &[
    "nil",
    "0",
    "-1",
    "2.0",
    "2.5",
    "-0.0",
    "\"2\"",
    "\"0x10\"",
    "\" 3 \"",
    "\"abc\"",
    "{}",
    "true",
    "math.huge",
    "-math.huge",
    "0/0",
    "math.maxinteger",
    "math.mininteger",
    "1e308",
    "2^53",
    "2^63",
    "\"1e2\"",
    "print",
];

// ---------------------------------------------------------------------------
// The families of cases.
// ---------------------------------------------------------------------------

/// Replacements for gsub: strings with captures, tables, functions.
const REPLACEMENTS: &[&str] = &[
    "\"<%0>\"",
    "\"%1\"",
    "\"%2%1\"",
    "\"%%\"",
    "\"%\"",
    "\"%x\"",
    "\"%9\"",
    "\"-\"",
    "\"\"",
    "7",
    "1.5",
    "{ a = \"A\", b = 1, x = false, [\"1\"] = 2.5 }",
    "{}",
    "{ a = {} }",
    "setmetatable({}, { __index = function(t, k) return k .. k end })",
    "function(a, b) return nil end",
    "function(a, b) return false end",
    "function(a, b) return a .. (b or \"\") end",
    "function(a) return 42 end",
    "function(a) return 0.25 end",
    "function(a) return {} end",
    "function(a) return true end",
    "function(a) error(\"boom\") end",
    "function(a) error(\"boom\", 0) end",
    "function(a) error(\"boom\", 2) end",
    "function(a) error(\"boom\", 3) end",
    "function(a) error({ code = 1 }) end",
    "function(a) error() end",
    "function(a) error(0x123456789) end",
    "function(a) return string.gsub(a, \"(\", \"\") end",
    "true",
    "nil",
    "string.upper",
    "string.rep",
    "error",
    "tostring",
    "setmetatable({}, { __index = function(t, k) error(\"ix\", 2) end })",
    "setmetatable({}, { __index = function(t, k) error({ k }) end })",
];

fn pattern_case(g: &mut Gen) -> String {
    let s = g.subject();
    let p = g.pattern();
    match g.below(4) {
        0 | 1 => {
            let f = if g.chance(0.5) {
                "string.find"
            } else {
                "string.match"
            };
            let mut args = vec![s, p];
            if g.chance(0.5) {
                args.push(g.int_arg());
                if f == "string.find" && g.chance(0.3) {
                    args.push(g.pick(&["true", "false", "nil", "1"]).to_string());
                }
            }
            g.call(f, &args)
        }
        2 => {
            let mut args = vec![s, p, g.pick(REPLACEMENTS).to_string()];
            if g.chance(0.3) {
                args.push(g.int_arg());
            }
            g.call("string.gsub", &args)
        }
        _ => {
            let init = if g.chance(0.3) {
                format!(", {}", g.int_arg())
            } else {
                String::new()
            };
            format!(
                "local t = {{}} for a, b in string.gmatch({s}, {p}{init}) do t[#t + 1] = {{ a, b }} \
                 if #t > 20 then break end end return t"
            )
        }
    }
}

fn string_case(g: &mut Gen) -> String {
    let any = |g: &mut Gen| -> String {
        if g.chance(0.6) {
            g.subject()
        } else {
            g.pick(ODD_NUMBERS).to_string()
        }
    };
    match g.below(10) {
        0 => {
            // Sizes stay small (Lua builds what it is asked for, or loops
            // for ever on an empty string), except where C refuses the
            // size at once ("resulting string too large").
            if g.chance(0.1) {
                let args = match g.below(5) {
                    0 => ["\"ab\"", "math.maxinteger", ""],
                    1 => ["\"abc\"", "2^62", ""],
                    2 => ["\"abcdefghijk\"", "1e18", ""],
                    3 => ["\"a\"", "math.maxinteger", "\"b\""],
                    _ => ["\"\"", "2^62", "\"ab\""],
                };
                let args: Vec<String> = args
                    .iter()
                    .filter(|a| !a.is_empty())
                    .map(|a| a.to_string())
                    .collect();
                return g.call("string.rep", &args);
            }
            let n = if g.chance(0.8) {
                format!("{}", g.rng.random_range(-3i32..=12))
            } else {
                g.pick(&[
                    "100",
                    "1000",
                    "\"50\"",
                    "3.0",
                    "2.5",
                    "nil",
                    "\"x\"",
                    "{}",
                    "0/0",
                    "2^63",
                    "math.huge",
                    "math.mininteger",
                ])
                .to_string()
            };
            let args = g.args(3, |g, i| match i {
                0 => any(g),
                1 => n.clone(),
                _ => g.pick(&["\",\"", "\"\"", "nil", "1", "{}"]).to_string(),
            });
            g.call("string.rep", &args)
        }
        1 => {
            let args = g.args(3, |g, i| if i == 0 { any(g) } else { g.int_arg() });
            g.call("string.sub", &args)
        }
        2 => {
            let args = g.args(3, |g, i| if i == 0 { any(g) } else { g.int_arg() });
            g.call("string.byte", &args)
        }
        3 => {
            let n = g.below(4);
            let args = g.args(n, |g, _| {
                if g.chance(0.7) {
                    format!("{}", g.rng.random_range(-2i32..=260))
                } else {
                    g.pick(ODD_NUMBERS).to_string()
                }
            });
            g.call("string.char", &args)
        }
        4 | 5 => {
            let fmt = format_string(g);
            let n = g.below(4);
            let mut args = vec![fmt];
            for _ in 0..n {
                args.push(format_arg(g));
            }
            g.call("string.format", &args)
        }
        6 => {
            let f = g.pick(&[
                "string.upper",
                "string.lower",
                "string.reverse",
                "string.len",
            ]);
            let args = g.args(1, |g, _| any(g));
            g.call(f, &args)
        }
        7 => {
            // Numbers as strings: concatenation and conversion.
            let a = g.pick(ODD_NUMBERS);
            let b = g.pick(ODD_NUMBERS);
            format!("return {a} .. {b}")
        }
        _ => {
            let args = g.args(2, |g, i| if i == 0 { any(g) } else { g.int_arg() });
            let f = g.pick(&["string.sub", "string.byte"]);
            g.call(f, &args)
        }
    }
}

fn format_string(g: &mut Gen) -> String {
    // No %p: the sandbox refuses it on purpose (addresses differ from run
    // to run; bots/README.md).
    let specs = [
        "%d", "%5d", "%-5d", "%05d", "%+d", "%i", "%x", "%X", "%#x", "%o", "%c", "%e", "%.3e",
        "%f", "%.2f", "%10.3f", "%g", "%G", "%a", "%A", "%s", "%10s", "%-10s", "%.2s", "%q", "%%",
        "%u", "%y", "%", "%123d", "%.100f", "%#5.1g", "% d", "%ld", "%5", "%.3q", "%-q",
    ];
    let mut f = String::new();
    for _ in 0..g.below(3) + 1 {
        if g.chance(0.3) {
            f.push_str(g.pick(&["x", " ", "[", "]="]));
        }
        f.push_str(g.pick(&specs));
    }
    lit(f.as_bytes())
}

fn format_arg(g: &mut Gen) -> String {
    g.pick(&[
        "1",
        "-7",
        "255",
        "3.0",
        "3.5",
        "-0.0",
        "1e300",
        "1/0",
        "-1/0",
        "0/0",
        "math.maxinteger",
        "math.mininteger",
        "\"10\"",
        "\"0x1p4\"",
        "\"abc\"",
        "\"a\\0b\\n\\r\\\"\\\\\"",
        "\"\\200\\255\"",
        "\"\"",
        "nil",
        "true",
        "{}",
        "setmetatable({}, { __tostring = function() return \"T!\" end })",
        "setmetatable({}, { __tostring = function() return 5 end })",
        "setmetatable({}, { __tostring = function() return {} end })",
        "setmetatable({}, { __name = \"MyType\" })",
        "print",
        "2^63",
    ])
    .to_string()
}

/// Tables to work on: plain lists, holes, and tables with metamethods.
const TABLES: &[&str] = &[
    "{}",
    "{ 1, 2, 3 }",
    "{ \"a\", \"b\", \"c\", \"d\" }",
    "{ 5, 3, 9, 1, 7, 3 }",
    "{ 1, nil, 3 }",
    "{ 1, 2, {} }",
    "{ \"x\", 2, 3.5 }",
    "{ n = 3, 1, 2 }",
    "setmetatable({ 1, 2 }, { __index = function(t, k) return k * 10 end })",
    "setmetatable({}, { __len = function() return 3 end, __index = function(t, k) return k end })",
    "setmetatable({}, { __len = function() return 2.0 end })",
    "setmetatable({}, { __len = function() return \"x\" end })",
    "setmetatable({ 1, 2, 3 }, { __newindex = function(t, k, v) rawset(t, k, v) end })",
];

fn table_case(g: &mut Gen) -> String {
    let t = g.pick(TABLES);
    let value = |g: &mut Gen| {
        g.pick(&["\"v\"", "0", "nil", "{}", "false", "2.5"])
            .to_string()
    };
    match g.below(8) {
        0 => {
            let args = match g.below(4) {
                0 => vec![value(g)],
                1 | 2 => vec![g.int_arg(), value(g)],
                _ => vec![g.int_arg(), value(g), value(g)],
            };
            let call = g.call("table.insert", &[&["t".to_string()][..], &args].concat());
            format!("local t = {t} local function op() {call} end return t, op()")
        }
        1 => {
            let args = g.args(1, |g, _| g.int_arg());
            let list = [&["t".to_string()][..], &args].concat().join(", ");
            format!("local t = {t} local r = table.remove({list}) return r, t")
        }
        2 => {
            let args = g.args(3, |g, i| match i {
                0 => g.pick(&["\",\"", "\"\"", "nil", "1", "{}"]).to_string(),
                _ => {
                    // Only a plain table stops C at its first nil.
                    if g.chance(0.1) && !t.contains("setmetatable") {
                        // What C refuses at once, whatever the span.
                        g.pick(&["1e9", "math.maxinteger", "2^40"]).to_string()
                    } else if t.contains("__index") {
                        // C calls __index for every index of the span.
                        format!("{}", g.rng.random_range(-3i32..=6))
                    } else {
                        g.int_arg()
                    }
                }
            });
            let mut all = vec![t.to_string()];
            all.extend(args);
            g.call("table.concat", &all)
        }
        3 => {
            let args = g.args(2, |g, _| {
                if g.chance(0.1) {
                    g.pick(&["1e8", "math.maxinteger", "math.mininteger", "-1e7", "2^31"])
                        .to_string()
                } else {
                    g.int_arg()
                }
            });
            let mut all = vec![t.to_string()];
            all.extend(args);
            g.call("table.unpack", &all)
        }
        4 => {
            let big = |g: &mut Gen| {
                if g.chance(0.15) {
                    g.pick(&[
                        "math.maxinteger",
                        "math.mininteger",
                        "-1",
                        "0",
                        "math.maxinteger - 1",
                    ])
                    .to_string()
                } else {
                    g.int_arg()
                }
            };
            let (f, e, to) = (big(g), big(g), big(g));
            let dest = if g.chance(0.4) {
                format!(", {}", g.pick(&["{}", "nil", "t", "1", "{ 9, 9 }"]))
            } else {
                String::new()
            };
            // Huge spans Lua would walk (reading nils for ever) are left out:
            // only what C refuses at once, or short spans, run.
            format!(
                "local t = {t} local f, e, to = {f}, {e}, {to} \
                 local fi, ei, ti = math.tointeger(f), math.tointeger(e), math.tointeger(to) \
                 if fi and ei and ti and (ei + 0.0) - fi >= 100 and (fi > 0 or ei < math.maxinteger + fi) \
                 and ti <= math.maxinteger - (ei - fi) then return \"skipped\" end \
                 local r = table.move(t, f, e, to{dest}) return r, t"
            )
        }
        5 => {
            let cmp = g.pick(&[
                "",
                ", function(a, b) return a > b end",
                ", function(a, b) return true end",
                ", function(a, b) return false end",
                ", function(a, b) error(\"cmp\") end",
                ", function(a, b) error({}) end",
                ", 1",
                ", nil",
                ", math.max",
            ]);
            let t = g.pick(&[
                "{ 5, 3, 9, 1, 7, 3 }",
                "{ \"b\", \"a\", \"c\" }",
                "{ 3, \"a\", 1 }",
                "{ 1, {}, 2 }",
                "{}",
                "{ 2, 1 }",
                "{ 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 12, 13, 2, 2, 2 }",
                "{ \"a\\0b\", \"a\\0a\", \"\\255\", \"\", \"a\", \"B\" }",
                "setmetatable({}, { __len = function() return 2^40 end })",
                "setmetatable({}, { __len = function() return math.maxinteger end })",
                "setmetatable({ 3, 2, 1 }, { __index = function(t, k) return 0 end })",
                "\"abc\"",
            ]);
            format!("local t = {t} table.sort(t{cmp}) return t")
        }
        6 => {
            let args = g.args(3, |g, _| {
                g.pick(&["1", "nil", "\"a\"", "{}", "0/0"]).to_string()
            });
            g.call("table.pack", &args)
        }
        _ => {
            // Tables of other types, or none.
            let f = g.pick(&[
                "table.insert",
                "table.remove",
                "table.concat",
                "table.unpack",
                "table.sort",
                "table.move",
            ]);
            let args = g.args(2, |g, i| {
                if i == 0 {
                    g.pick(&["nil", "1", "\"abc\"", "true", "print"])
                        .to_string()
                } else {
                    g.int_arg()
                }
            });
            g.call(f, &args)
        }
    }
}

fn convert_case(g: &mut Gen) -> String {
    match g.below(3) {
        0 => {
            let v = g.pick(&[
                "\"10\"",
                "\" 0x1F \"",
                "\"1e2\"",
                "\"  12  \"",
                "\"12a\"",
                "\"\"",
                "\"z\"",
                "\"-ff\"",
                "\"1.5\"",
                "\"0x\"",
                "\"7fffffffffffffff\"",
                "\"zzzzzzzzzzzzzz\"",
                "10",
                "nil",
                "{}",
                "\"1 0\"",
                "\"- 1\"",
                "\"\\0\"",
                "\"0x7fffffffffffffff\"",
                "\"9223372036854775808\"",
                "\"1e500\"",
                "\".5\"",
                "\"5.\"",
                "\"inf\"",
                "\"nan\"",
            ]);
            let base = g.pick(&[
                "", "", ", 10", ", 16", ", 2", ", 36", ", 1", ", 37", ", \"8\"", ", 8.0", ", 8.5",
                ", nil", ", {}",
            ]);
            g.call("tonumber", &[format!("{v}{base}")])
        }
        1 => {
            let v = g.pick(&[
                "",
                "nil",
                "1",
                "-0.0",
                "1e100",
                "2^63",
                "0/0",
                "math.mininteger",
                "1/3",
                "\"s\"",
                "true",
                "{}",
                "setmetatable({}, { __tostring = function() return \"T\" end })",
                "setmetatable({}, { __tostring = function() return 1.5 end })",
                "setmetatable({}, { __tostring = function() return nil end })",
                "setmetatable({}, { __tostring = function() error(\"ts\") end })",
                "setmetatable({}, { __tostring = function() error(\"ts\", 2) end })",
                "setmetatable({}, { __name = \"Point\" })",
                "setmetatable({}, { __name = 5 })",
                "print",
                "coroutine.create(print)",
            ]);
            let args: Vec<String> = if v.is_empty() {
                vec![]
            } else {
                vec![v.to_string()]
            };
            g.call("tostring", &args)
        }
        _ => {
            let v = g.pick(&["1", "1.0", "\"1\"", "3.7", "-3.7", "2^63", "nil", "\"x\""]);
            g.call("math.tointeger", &[v.to_string()])
        }
    }
}

fn math_case(g: &mut Gen) -> String {
    let num = |g: &mut Gen| -> String {
        if g.chance(0.6) {
            g.pick(&["1", "-2", "3.5", "-0.5", "0", "0.0", "10", "\"4\"", "1e10"])
                .to_string()
        } else {
            g.pick(ODD_NUMBERS).to_string()
        }
    };
    if g.chance(0.25) {
        // math.random draws from another stream in the sandbox (liar.random,
        // seeded by the engine): only its errors and the type of its
        // result are compared.
        let n = g.below(4);
        let args = g.args(n, |g, _| {
            if g.chance(0.5) {
                g.pick(&["1", "3", "0", "-3", "10", "2"]).to_string()
            } else {
                g.pick(ODD_NUMBERS).to_string()
            }
        });
        let list = args.join(", ");
        return match g.below(3) {
            0 => format!("return math.type(math.random({list}))"),
            1 => format!(
                "local ok, r = pcall(math.random, {list}) return ok, ok and math.type(r) or r"
            )
            .replace("pcall(math.random, )", "pcall(math.random)"),
            _ => format!("local r = math.random({list}) return math.type(r)"),
        };
    }
    let f = g.pick(&[
        "math.abs",
        "math.ceil",
        "math.floor",
        "math.fmod",
        "math.modf",
        "math.max",
        "math.min",
        "math.sqrt",
        "math.exp",
        "math.log",
        "math.tointeger",
        "math.type",
        "math.ult",
        "math.sin",
        "math.atan",
    ]);
    let n = g.below(4);
    let args = g.args(n, |g, _| num(g));
    g.call(f, &args)
}

const UTF8_SUBJECTS: &[&str] = &[
    "\"hello\"",
    "\"h\\195\\169llo\"",
    "\"\\226\\130\\172\"",
    "\"\\240\\157\\132\\158x\"",
    "\"\\255\"",
    "\"a\\128b\"",
    "\"\\226\\130\"",
    "\"\\192\\128\"",
    "\"\\237\\160\\128\"",
    "\"\\248\\136\\128\\128\\128\"",
    "\"\\244\\144\\128\\128\"",
    "\"\"",
    "12",
];

fn utf8_case(g: &mut Gen) -> String {
    let s = g.pick(UTF8_SUBJECTS).to_string();
    match g.below(6) {
        0 => {
            let n = g.below(4);
            let args = g.args(n, |g, _| {
                g.pick(&[
                    "72",
                    "0",
                    "233",
                    "8364",
                    "0x10FFFF",
                    "0x110000",
                    "0x7FFFFFFF",
                    "0x80000000",
                    "-1",
                    "\"65\"",
                    "65.0",
                    "65.5",
                    "nil",
                ])
                .to_string()
            });
            g.call("utf8.char", &args)
        }
        1 => {
            let args = g.args(4, |g, i| match i {
                0 => s.clone(),
                3 => g.pick(&["true", "false", "nil"]).to_string(),
                _ => g.int_arg(),
            });
            g.call("utf8.codepoint", &args)
        }
        2 => {
            let args = g.args(4, |g, i| match i {
                0 => s.clone(),
                3 => g.pick(&["true", "false", "nil"]).to_string(),
                _ => g.int_arg(),
            });
            g.call("utf8.len", &args)
        }
        3 => {
            let args = g.args(3, |g, i| if i == 0 { s.clone() } else { g.int_arg() });
            g.call("utf8.offset", &args)
        }
        4 => {
            let lax = g.pick(&["", ", true"]);
            format!(
                "local t = {{}} for p, c in utf8.codes({s}{lax}) do t[#t + 1] = p .. \":\" .. c end return t"
            )
        }
        _ => "return utf8.charpattern".to_string(),
    }
}

fn select_case(g: &mut Gen) -> String {
    let n = g.pick(&[
        "1",
        "2",
        "-1",
        "-3",
        "0",
        "\"#\"",
        "\"2\"",
        "2.0",
        "2.5",
        "\"x\"",
        "nil",
        "-10",
        "5",
        "math.mininteger",
    ]);
    let rest = g.pick(&["", ", \"a\"", ", \"a\", \"b\", nil", ", nil, nil"]);
    g.call("select", &[format!("{n}{rest}")])
}

fn method_case(g: &mut Gen) -> String {
    let s = g.pick(&["\"abc\"", "\"x\"", "\"\"", "(\"%d\")", "(\"a,b\")"]);
    let m = g.pick(&[
        "rep", "sub", "byte", "upper", "len", "find", "match", "gsub", "gmatch", "format",
        "reverse", "lower",
    ]);
    let n = g.below(3);
    let args = g.args(n, |g, _| {
        g.pick(&[
            "1", "2", "-1", "nil", "\"a\"", "{}", "\"%d\"", "2.5", "\"x\"",
        ])
        .to_string()
    });
    let recv = if s.starts_with('(') {
        s.to_string()
    } else {
        format!("({s})")
    };
    let form = g.below(3);
    let list = args.join(", ");
    match form {
        0 => format!("return {recv}:{m}({list})"),
        1 => format!("local s = {s} return s:{m}({list})"),
        _ => format!("return ({recv}:{m}({list}))"),
    }
}

fn arith_case(g: &mut Gen) -> String {
    let v = |g: &mut Gen| {
        g.pick(&[
            "\"a\"",
            "\"10\"",
            "\" 3 \"",
            "\"0x10\"",
            "\"1e1\"",
            "\"3.5\"",
            "1",
            "2.5",
            "{}",
            "nil",
            "true",
            "\"\"",
            "0",
            "\"0\"",
            "math.mininteger",
            "-1",
        ])
        .to_string()
    };
    let op = g.pick(&[
        "+", "-", "*", "/", "//", "%", "^", "&", "|", "~", "<<", ">>", "..", "<", "<=", "==",
    ]);
    let (a, b) = (v(g), v(g));
    match g.below(4) {
        0 => format!("return {a} {op} {b}"),
        1 => format!("local x, y = {a}, {b} return x {op} y"),
        2 => {
            let un = g.pick(&["-", "~", "#", "not "]);
            format!("local x = {a} return {un}x")
        }
        _ => format!("local t = {{ x = {a} }} return t.x {op} {b}"),
    }
}

fn meta_case(g: &mut Gen) -> String {
    let v = |g: &mut Gen| {
        g.pick(&[
            "{}",
            "nil",
            "1",
            "\"s\"",
            "true",
            "setmetatable({}, { __metatable = \"locked\" })",
            "setmetatable({}, { __metatable = false })",
            "setmetatable({}, {})",
            "print",
            "{ 1, 2 }",
        ])
        .to_string()
    };
    match g.below(6) {
        0 => {
            // Not getmetatable of a string: the sandbox locks the strings'
            // metatable on purpose (bots/README.md).
            let args = g.args(2, |g, _| v(g));
            g.call("setmetatable", &args)
        }
        1 => {
            let args = g.args(1, |g, _| {
                g.pick(&[
                    "{}",
                    "nil",
                    "1",
                    "setmetatable({}, { __metatable = \"locked\" })",
                    "setmetatable({}, { __metatable = false })",
                    "setmetatable({}, { __index = {} })",
                ])
                .to_string()
            });
            format!("local m = getmetatable({}) return type(m)", args.join(", "))
        }
        2 => {
            let args = g.args(1, |g, _| v(g));
            g.call("rawlen", &args)
        }
        3 => {
            let args = g.args(2, |g, _| v(g));
            g.call("rawequal", &args)
        }
        4 => {
            let args = g.args(3, |g, i| {
                if i == 0 {
                    v(g)
                } else {
                    g.pick(&["1", "\"k\"", "nil", "0/0", "2.0"]).to_string()
                }
            });
            let f = g.pick(&["rawget", "rawset"]);
            g.call(f, &args)
        }
        _ => {
            let args = g.args(2, |g, i| if i == 0 { v(g) } else { g.int_arg() });
            g.call("next", &args)
        }
    }
}

fn load_case(g: &mut Gen) -> String {
    let chunk = g.pick(&[
        "\"return 1\"",
        "\"return ...\"",
        "\"x =\"",
        "\"return x\"",
        "\"error('in chunk')\"",
        "\"error('in chunk', 2)\"",
        "\"local a = 1 +\"",
        "\"return 1 + {}\"",
        "\"\"",
        "\"for\"",
        "\"\\\"unfinished\"",
        "\"return 'a' .. \"",
        "\"goto nowhere\"",
        "\"return 1\\n+ nil\"",
        "123",
        "nil",
        "{}",
        "function() return nil end",
        "(function() local done return function() if done then return nil end done = true return 'return 5' end end)()",
        // (A reader that always returns 1 gives Lua "1111..." for ever.)
        "(function() local done return function() if done then return nil end done = true return 1 end end)()",
        "function() return {} end",
        "function() error('reader') end",
    ]);
    // No binary chunks: the sandbox refuses bytecode on purpose.
    let name = g.pick(&[
        "",
        ", nil",
        ", \"=name\"",
        ", \"@file.lua\"",
        ", \"chunk\"",
        ", 5",
        ", {}",
    ]);
    let mode = if name.is_empty() {
        ""
    } else {
        g.pick(&[
            "", ", \"t\"", ", \"b\"", ", \"bt\"", ", \"x\"", ", nil", ", 1",
        ])
    };
    let env = if mode.is_empty() || name.is_empty() {
        ""
    } else {
        g.pick(&["", ", { x = 7 }", ", nil", ", {}"])
    };
    let args = format!("{chunk}{name}{mode}{env}");
    match g.below(3) {
        0 => format!("local f, e = load({args}) return type(f), e"),
        1 => format!("local f, e = load({args}) if f then return pcall(f, 1, 2) end return f, e"),
        _ => format!("local f, e = load({args}) if f then return f(3) end return f, e"),
    }
}

fn error_case(g: &mut Gen) -> String {
    let value = g.pick(&[
        "\"msg\"",
        "nil",
        "",
        "{ code = 1 }",
        "42",
        "4.5",
        "true",
        "setmetatable({}, { __tostring = function() return \"E\" end })",
        "\"0x123456789abc\"",
    ]);
    let level = g.pick(&[
        "", "", ", 0", ", 1", ", 2", ", 3", ", -1", ", \"2\"", ", 2.5", ", {}",
    ]);
    let args = if value.is_empty() && !level.is_empty() {
        format!("nil{level}")
    } else {
        format!("{value}{level}")
    };
    match g.below(7) {
        0 => format!("error({args})"),
        1 => format!("return pcall(error, {args})").replace("pcall(error, )", "pcall(error)"),
        2 => format!("local function f() error({args}) end f()"),
        3 => format!(
            "return xpcall(function() error({args}) end, function(m) return \"handled\", m end)"
        ),
        4 => format!("return select(2, pcall(function() error({args}) end))"),
        5 => {
            let h = g.pick(&[
                "nil",
                "print",
                "1",
                "function(m) error(\"again\") end",
                "function(m) return m end",
                "tostring",
            ]);
            format!("return xpcall(error, {h}, {args})").replace(", )", ")")
        }
        _ => format!("return pcall(pcall, error, {args})").replace(", )", ")"),
    }
}

fn coroutine_case(g: &mut Gen) -> String {
    let body = g.pick(&[
        "string.find",
        "string.rep",
        "error",
        "print",
        "tostring",
        "function(...) error(\"in co\") end",
        "function(...) error(\"in co\", 2) end",
        "function(...) error({ 1 }) end",
        "function(...) return string.rep() end",
        "function(...) local x = string.rep() return x end",
        "function(...) return ... end",
        "function(a) local b = coroutine.yield(a, 2) return b, \"done\" end",
        "function() return pcall(coroutine.yield, 5) end",
        "function() return coroutine.isyieldable(), coroutine.status(coroutine.running()) end",
        "function() local t = setmetatable({}, { __index = function(t, k) return coroutine.yield(k) end }) return t.x end",
        "coroutine.yield",
        "function() return select(2, coroutine.running()) end",
        // Yields where Lua's C functions call back into Lua (C-call boundaries).
        "function() return tostring(setmetatable({}, { __tostring = function() return coroutine.yield(\"ts\") end })) end",
        "function() return string.format(\"%s\", setmetatable({}, { __tostring = function() return coroutine.yield(\"fmt\") end })) end",
        "function() return string.gsub(\"ab\", \"%w\", function(c) return coroutine.yield(c) end) end",
        "function() local t = { 3, 1, 2 } table.sort(t, function(a, b) coroutine.yield(a) return a < b end) return t end",
        "function() local t = setmetatable({}, { __index = function(t, k) return coroutine.yield(k) end, __len = function() return 2 end }) return table.concat(t) end",
        "function() local t = setmetatable({ 1, 2 }, { __index = function(t, k) return coroutine.yield(k) end }) table.insert(t, 1, 0) return t end",
        "function() local t = setmetatable({}, { __len = function() return coroutine.yield(\"len\") end }) return table.unpack(t) end",
        "function() local f = load(function() return coroutine.yield(\"rd\") end) return f end",
        "function() return pcall(coroutine.yield, \"pc\") end",
        "function() return select(2, xpcall(coroutine.yield, print, \"xp\")) end",
        "function() print(setmetatable({}, { __tostring = function() return coroutine.yield(\"pr\") end })) end",
    ]);
    let args = g.pick(&["", "1", "\"x\", \"[\"", "nil, 2", "\"ab\", 2"]);
    // The arguments after the coroutine, with their comma.
    let more = if args.is_empty() {
        String::new()
    } else {
        format!(", {args}")
    };
    match g.below(7) {
        0 => format!("local co = coroutine.create({body}) return coroutine.resume(co{more})"),
        1 => format!(
            "local co = coroutine.create({body}) local a, b, c = coroutine.resume(co{more}) \
             return a, b, c, coroutine.status(co), coroutine.resume(co, 7)"
        ),
        2 => format!("local f = coroutine.wrap({body}) return f({args})"),
        3 => format!("local f = coroutine.wrap({body}) local a, b = f({args}) return a, b, f(8)"),
        4 => format!(
            "local co = coroutine.create({body}) coroutine.resume(co{more}) \
             return coroutine.close(co), coroutine.status(co)"
        ),
        5 => {
            let f = g.pick(&[
                "coroutine.resume",
                "coroutine.status",
                "coroutine.close",
                "coroutine.wrap",
                "coroutine.create",
                "coroutine.yield",
                "coroutine.isyieldable",
            ]);
            let a = g.pick(&[
                "",
                "1",
                "nil",
                "coroutine.running()",
                "print",
                "coroutine.create(print)",
                "{}",
            ]);
            let list: Vec<String> = if a.is_empty() {
                vec![]
            } else {
                vec![a.to_string()]
            };
            g.call(f, &list)
        }
        _ => format!(
            "local co = coroutine.create({body}) coroutine.resume(co{more}) coroutine.resume(co) \
             return coroutine.resume(co)"
        ),
    }
}

/// Longer strings and tables, where the sandbox charges work by size (its
/// wrappers take other paths above 256 bytes, or 4096 elements).
fn long_case(g: &mut Gen) -> String {
    let n = g.pick(&["100", "300", "1000", "2100", "5000"]);
    let s = format!(
        "string.rep({}, {n})",
        g.pick(&["\"ab\"", "\"a\\0\"", "\" \"", "\"1\"", "\"\\200\""])
    );
    match g.below(10) {
        0 => {
            let f = g.pick(&["upper", "lower", "reverse", "len"]);
            format!("local s = {s} local r = s:{f}() return r")
        }
        1 => {
            let f = g.pick(&["\"%q\"", "\"%s\"", "\"%.3s\"", "\"%20s\"", "\"[%s]%d\""]);
            format!("local s = {s} return string.format({f}, s, 1)")
        }
        2 => {
            let tail = g.pick(&["\"5\"", "\"5x\"", "\"\"", "\"0x10\"", "\"1e5\""]);
            match g.below(3) {
                0 => format!("local s = string.rep(\" \", {n}) .. {tail} return tonumber(s)"),
                1 => format!("local s = string.rep(\" \", {n}) .. {tail} return s + 1"),
                _ => {
                    format!("local s = string.rep(\"1\", {n}) return tonumber(s), math.type(s * 1)")
                }
            }
        }
        3 => {
            let hole = g.pick(&[
                "",
                "t[4500] = {}",
                "t[3] = nil",
                "t[4097] = false",
                "t[#t] = print",
            ]);
            let sep = g.pick(&["", ", \",\"", ", \"\"", ", 1"]);
            let range = if sep.is_empty() {
                ""
            } else {
                g.pick(&["", ", 1", ", 4000, 4200", ", 10, 9", ", -5, 5"])
            };
            format!(
                "local t = {{}} for i = 1, {n} do t[i] = i % 7 end {hole} local r = table.concat(t{sep}{range}) return #r, r:sub(1, 20), r:sub(-20)"
            )
        }
        4 => {
            let range = g.pick(&["", ", 1", ", 2, 3", ", 990, 1010", ", -2, 2"]);
            format!(
                "local t = {{}} for i = 1, {n} do t[i] = i end return select(\"#\", table.unpack(t{range})), (table.unpack(t{range}))"
            )
        }
        5 => {
            let op = g.pick(&[
                "table.insert(t, 1, 0)",
                "table.insert(t, 0)",
                "table.remove(t, 1)",
                "table.remove(t)",
                "table.move(t, 1, 50, 3)",
                "table.move(t, 1, #t, 2, {})",
                "table.insert(t, #t + 2, 0)",
            ]);
            format!(
                "local t = {{}} for i = 1, {n} do t[i] = i end {op} return #t, t[1], t[2], t[#t]"
            )
        }
        6 => {
            let cmp = g.pick(&[
                "",
                ", function(a, b) return a > b end",
                ", function(a, b) if a == 77 then error(\"at 77\") end return a < b end",
                ", function(a, b) return a <= b end",
                ", function(a, b) return true end",
            ]);
            format!(
                "local t = {{}} for i = 1, {n} do t[i] = (i * 7919) % 1000 end local ok, e = pcall(table.sort, t{cmp}) return ok, e, t[1], t[#t]"
            )
        }
        7 => {
            let tail = g.pick(&[
                "",
                " .. \"\\255\"",
                " .. \"\\226\\130\"",
                " .. \"\\226\\130\\172\"",
            ]);
            let f = g.pick(&[
                "utf8.len(s)",
                "utf8.len(s, -3)",
                "utf8.codepoint(s, -3, -1)",
                "utf8.offset(s, -2)",
            ]);
            match g.below(2) {
                0 => format!("local s = {s}{tail} return {f}"),
                _ => format!(
                    "local s = {s}{tail} local n = 0 for p, c in utf8.codes(s) do n = n + 1 end return n"
                ),
            }
        }
        8 => {
            let p = g.pick(&[
                "\"b\"", "\"ba\"", "\"(a)b\"", "\"a*$\"", "\"%z\"", "\"x\"", "\"^ab\"",
            ]);
            let f = g.pick(&["find", "match", "gsub"]);
            let extra = if f == "gsub" {
                ", \"<%0>\", 5"
            } else {
                ", -30"
            };
            format!("local s = {s} local a, b = s:{f}({p}{extra}) return a, b")
        }
        _ => {
            let f = g.pick(&["\"%s\"", "\"%q\"", "\"%10.3s\""]);
            format!(
                "local s = {s} local t = setmetatable({{}}, {{ __tostring = function() return s end }}) return string.format({f}, t)"
            )
        }
    }
}

fn base_case(g: &mut Gen) -> String {
    let v = |g: &mut Gen| {
        g.pick(&[
            "",
            "nil",
            "false",
            "1",
            "\"msg\"",
            "{}",
            "{ 1, 2, nil, 4 }",
            "setmetatable({}, { __index = function(t, i) if i < 4 then return i end end })",
            "setmetatable({}, { __pairs = function(t) return function(_, k) if not k then return 1, 2 end end, t, nil end })",
            "print",
        ])
        .to_string()
    };
    match g.below(8) {
        7 => {
            // Where the text goes differs (the bot's log); what the call
            // returns and raises does not.
            let f = g.pick(&["print", "warn"]);
            let a = g.pick(&[
                "",
                "1, nil, \"x\"",
                "{}",
                "setmetatable({}, { __tostring = function() return 5 end })",
                "setmetatable({}, { __tostring = function() return {} end })",
                "setmetatable({}, { __tostring = function() error(\"pt\") end })",
                "setmetatable({}, { __tostring = function() error(\"pt\", 2) end })",
                "setmetatable({}, { __name = \"N\" })",
                "\"@on\"",
                "1, 2",
            ]);
            format!("return {f}({a})")
        }
        0 => {
            let a = v(g);
            let m = g.pick(&["", ", \"why\"", ", { 1 }", ", nil", ", 42"]);
            if a.is_empty() {
                "return assert()".to_string()
            } else {
                g.call("assert", &[format!("{a}{m}")])
            }
        }
        1 => {
            let a = v(g);
            let args: Vec<String> = if a.is_empty() { vec![] } else { vec![a] };
            g.call("type", &args)
        }
        2 => {
            let a = v(g);
            let it = g.pick(&["ipairs", "pairs"]);
            format!(
                "local t = {{}} for k, x in {it}({a}) do t[#t + 1] = tostring(k) .. \"=\" .. tostring(x) if #t > 10 then break end end return t"
            )
        }
        3 => {
            let k = g.pick(&["", ", nil", ", 1", ", \"nokey\"", ", 3", ", {}"]);
            format!("local t = {{ 1, 2, x = 3 }} return next(t{k})")
        }
        4 => {
            let a = v(g);
            let op = g.pick(&["#", "-", "not "]);
            if a.is_empty() {
                "return #\"abc\"".to_string()
            } else {
                format!("local x = {a} return {op}x")
            }
        }
        5 => {
            let f = g.pick(&["string.pack", "string.packsize", "string.unpack"]);
            let fmt = g.pick(&[
                "\"i4\"",
                "\"<i8\"",
                "\">d\"",
                "\"s1\"",
                "\"z\"",
                "\"!4 i3\"",
                "\"j\"",
                "\"y\"",
                "\"i17\"",
                "\"s\"",
                "\"bB\"",
                "\"c3\"",
                "\"Xi4\"",
                "\"=I2\"",
                "1",
            ]);
            let rest: &[&str] = match f {
                "string.packsize" => &[],
                "string.unpack" => match g.below(6) {
                    0 => &["\"abcdefgh\""],
                    1 => &["\"ab\""],
                    2 => &["\"\\3abc\"", "1"],
                    3 => &["\"abcd\"", "9"],
                    4 => &["\"abcd\"", "-2"],
                    _ => &[],
                },
                _ => match g.below(7) {
                    0 => &["1"],
                    1 => &["\"abc\""],
                    2 => &["1.5"],
                    3 => &["2^40"],
                    4 => &["nil"],
                    5 => &["-1", "2"],
                    _ => &[],
                },
            };
            let mut args = vec![fmt.to_string()];
            args.extend(rest.iter().map(|a| a.to_string()));
            // Packed bytes are compared as text: the canonical form escapes them.
            g.call(f, &args)
        }
        _ => {
            let a = g.pick(&[
                "1",
                "-0.0",
                "1e15",
                "1e16",
                "2^63",
                "-2^63",
                "math.pi",
                "1/0",
                "3",
                "0x10",
                "1e100",
                "255 // 1",
                "7 // 0.0",
                "-7 % math.huge",
            ]);
            format!(
                "local x = {a} return x .. \"\", tostring(x), math.type(x), string.format(\"%.14g\", x)"
            )
        }
    }
}

/// The table functions on tables whose metamethods log each call: the
/// sandbox loops over such tables in Lua, and must call them as C does
/// (the same keys, in the same order).
fn metalog_case(g: &mut Gen) -> String {
    let len = g.pick(&["3", "0", "5", "2.0"]);
    let op = g.pick(&[
        "table.insert(t, 2, \"x\")",
        "table.insert(t, \"y\")",
        "table.insert(t, 5, \"z\")",
        "table.insert(t, 7, \"z\")",
        "table.remove(t)",
        "table.remove(t, 1)",
        "table.remove(t, 4)",
        "table.remove(t, 9)",
        "table.concat(t, \",\")",
        "table.concat(t, \"-\", 2, 3)",
        "table.unpack(t)",
        "table.unpack(t, 2)",
        "table.move(t, 1, 3, 2)",
        "table.move(t, 2, 4, 1)",
        "table.move(t, 1, 2, 1, {})",
        "table.move({ 1, 2, 3 }, 1, 3, 2, t)",
        "table.sort(t)",
        "table.sort(t, function(a, b) return a > b end)",
        "#t",
        "ipairs(t)(t, 0)",
    ]);
    format!(
        "local log = {{}} local t = setmetatable({{}}, {{ \
         __index = function(_, k) log[#log + 1] = \"get \" .. tostring(k) if type(k) == \"number\" and k >= 1 and k <= 5 then return k * 2 end end, \
         __newindex = function(_, k, v) log[#log + 1] = \"set \" .. tostring(k) .. \"=\" .. tostring(v) end, \
         __len = function() log[#log + 1] = \"len\" return {len} end }}) \
         local ok, a, b = pcall(function() return {op} end) return ok, a, b, table.concat(log, \";\")"
    )
}

/// Recursion and nesting: how deep Lua lets code go, and where errors of
/// nested calls are located.
fn deep_case(g: &mut Gen) -> String {
    match g.below(6) {
        0 => {
            let via = g.pick(&[
                "pcall(f, n + 1)",
                "xpcall(f, tostring, n + 1)",
                "pcall(pcall, f, n + 1)",
            ]);
            format!(
                "local function f(n) local ok, r = {via} if ok then return r end return n end local r = f(1) return r"
            )
        }
        1 => {
            let via = g.pick(&[
                "tostring(setmetatable({}, { __tostring = function() return f(n + 1) end }))",
                // (Not gsub: its callbacks nest two C calls deep, Lua's one;
                // "C stack overflow" comes at half the depth.)
                "table.concat(setmetatable({}, { __len = function() return 1 end, __index = function() return f(n + 1) end }))",
                "coroutine.wrap(f)(n + 1)",
                "select(2, pcall(string.format, \"%s\", setmetatable({}, { __tostring = function() return f(n + 1) end })))",
            ]);
            format!(
                "local depth = 0 local function f(n) depth = n if n > 300 then return \"deep\" end return {via} end \
                 local ok, e = pcall(f, 1) return ok, type(e), depth"
            )
        }
        2 => {
            "local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end return f(190)"
                .to_string()
        }
        3 => {
            let lvl = g.pick(&["1", "2", "3", "4", "5"]);
            let inner = g
                .pick(&[
                    "error(\"deep\", LVL)",
                    "string.rep()",
                    "string.find(\"x\", \"[\")",
                    "table.insert(1, 2)",
                    "setmetatable(1)",
                ])
                .replace("LVL", lvl);
            format!(
                "local function a() {inner} end local function b() a() end local function c() b() end local ok, e = pcall(c) return e"
            )
        }
        4 => {
            let lvl = g.pick(&["1", "2", "3", "4"]);
            let wrap = g.pick(&[
                "tostring(setmetatable({}, { __tostring = function() error(\"m\", LVL) end }))",
                "string.gsub(\"a\", \"a\", function() error(\"m\", LVL) end)",
                "table.sort({ 2, 1 }, function() error(\"m\", LVL) end)",
                "load(function() error(\"m\", LVL) end)",
                "table.insert(setmetatable({}, { __len = function() error(\"m\", LVL) end }), 1, 1)",
                "xpcall(function() error(\"x\") end, function() error(\"m\", LVL) end)",
                "coroutine.wrap(function() error(\"m\", LVL) end)()",
                "string.format(\"%s\", setmetatable({}, { __tostring = function() error(\"m\", LVL) end }))",
            ])
            .replace("LVL", lvl);
            format!("local function b() return {wrap} end local ok, e = pcall(b) return e")
        }
        _ => {
            let n = g.pick(&["10", "150", "190", "250"]);
            format!(
                "local s = \"return 1\" for i = 1, {n} do s = \"return (function() \" .. s .. \" end)()\" end local f, e = load(s) \
                 if not f then return e end return pcall(f)"
            )
        }
    }
}

/// The families, by name, with their generators.
type Family = (&'static str, fn(&mut Gen) -> String);

const FAMILIES: &[Family] = &[
    ("pattern", pattern_case),
    ("pattern", pattern_case),
    ("pattern", pattern_case),
    ("string", string_case),
    ("string", string_case),
    ("table", table_case),
    ("table", table_case),
    ("convert", convert_case),
    ("math", math_case),
    ("utf8", utf8_case),
    ("select", select_case),
    ("method", method_case),
    ("arith", arith_case),
    ("meta", meta_case),
    ("load", load_case),
    ("error", error_case),
    ("coroutine", coroutine_case),
    ("long", long_case),
    ("base", base_case),
    ("metalog", metalog_case),
    ("deep", deep_case),
];

fn case(seed: u64, i: u64) -> (&'static str, String) {
    let mut g = Gen::new(seed, i);
    let (family, make) = FAMILIES[g.below(FAMILIES.len())];
    (family, make(&mut g))
}

// ---------------------------------------------------------------------------
// The run.
// ---------------------------------------------------------------------------

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// One difference: the case, and what each side gave.
struct Difference {
    index: u64,
    family: &'static str,
    code: String,
    sandbox: String,
    lua: String,
}

/// Runs the cases `indices` as one batch; on a failure of the whole batch
/// (the bot did not load), runs them one by one.
fn run_batch(seed: u64, indices: &[u64], out: &mut Vec<Difference>) {
    let cases: Vec<(&'static str, String)> = indices.iter().map(|&i| case(seed, i)).collect();
    let codes: Vec<String> = cases.iter().map(|(_, c)| c.clone()).collect();
    let code = program(&codes);
    let lua = in_reference(&code);
    let sandbox = in_sandbox(&code);
    match (&sandbox, &lua) {
        (Ok(s), Ok(l)) if s.len() == indices.len() && l.len() == indices.len() => {
            for (k, ((family, code), (s, l))) in cases.iter().zip(s.iter().zip(l)).enumerate() {
                if s != l {
                    out.push(Difference {
                        index: indices[k],
                        family,
                        code: code.clone(),
                        sandbox: s.clone(),
                        lua: l.clone(),
                    });
                }
            }
        }
        _ if indices.len() > 1 => {
            for &i in indices {
                run_batch(seed, &[i], out);
            }
        }
        _ => {
            let (family, code) = &cases[0];
            let show = |r: &Result<Vec<String>, String>| match r {
                Ok(v) => v.join(" | "),
                Err(e) => format!("(batch failed) {e}"),
            };
            out.push(Difference {
                index: indices[0],
                family,
                code: code.clone(),
                sandbox: show(&sandbox),
                lua: show(&lua),
            });
        }
    }
}

#[test]
fn lua_fuzz_sandbox_agrees_with_plain_lua() {
    let seed = env_u64("LIAR_FUZZ_SEED").unwrap_or(32);
    let total = env_u64("LIAR_FUZZ_CASES").unwrap_or(20_000);
    let batch = env_u64("LIAR_FUZZ_BATCH").unwrap_or(500).max(1);
    let indices: Vec<u64> = match env_u64("LIAR_FUZZ_ONLY") {
        Some(i) => vec![i],
        None => {
            let from = env_u64("LIAR_FUZZ_FROM").unwrap_or(0);
            (from..from + total).collect()
        }
    };
    if let [i] = indices[..] {
        eprintln!("case {i}: {}", case(seed, i).1);
    }
    let started = Instant::now();
    let mut differences = Vec::new();
    let verbose = std::env::var_os("LIAR_FUZZ_VERBOSE").is_some();
    for chunk in indices.chunks(batch as usize) {
        let at = Instant::now();
        let before = differences.len();
        run_batch(seed, chunk, &mut differences);
        if verbose {
            eprintln!(
                "batch from {}: {} differences, {:.2} s",
                chunk[0],
                differences.len() - before,
                at.elapsed().as_secs_f64()
            );
        }
    }
    let took = started.elapsed();
    let mut by_family: std::collections::BTreeMap<&str, (u64, u64)> = Default::default();
    for &i in &indices {
        by_family.entry(case(seed, i).0).or_default().0 += 1;
    }
    for d in &differences {
        by_family.entry(d.family).or_default().1 += 1;
    }
    let families: Vec<String> = by_family
        .iter()
        .map(|(f, (n, bad))| format!("{f} {bad}/{n}"))
        .collect();
    eprintln!(
        "lua_fuzz: seed {seed}, {} cases, {} differences, {:.1} s ({})",
        indices.len(),
        differences.len(),
        took.as_secs_f64(),
        families.join(", ")
    );
    let show = env_u64("LIAR_FUZZ_SHOW").unwrap_or(40) as usize;
    let shown: Vec<String> = differences
        .iter()
        .take(show)
        .map(|d| {
            format!(
                "seed {seed} case {} ({}): {}\n  sandbox: {}\n  lua:     {}",
                d.index, d.family, d.code, d.sandbox, d.lua
            )
        })
        .collect();
    assert!(
        differences.is_empty(),
        "{} of {} cases differ (LIAR_FUZZ_SEED={seed} LIAR_FUZZ_ONLY=<case> repeats one):\n{}",
        differences.len(),
        indices.len(),
        shown.join("\n")
    );
}
