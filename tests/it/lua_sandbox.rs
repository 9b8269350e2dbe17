//! One hostile bot per threat of the sandbox's threat list: each plays real
//! games next to other players, and each test checks that the game went on,
//! that the hostile seat was penalised for the right reason, and that
//! nothing escaped.

use liar::engine::{
    Event, GameStart, MatchSetup, MatchStats, NativePlayer, Observer, Penalty, PenaltyReason,
    Player, Policy, play_match,
};
use liar::lua::{BotLimits, BotLoadError, LuaBot};
use liar::replay::ReplayWriter;
use liar::rules::Rules;
use std::time::{Duration, Instant};

/// Small limits keep runaway bots cheap to stop.
fn limits() -> BotLimits {
    BotLimits {
        instructions: 200_000,
        wall_ms: 5_000,
        memory_mb: 8,
        log_lines: 50,
        ..BotLimits::default()
    }
}

fn bot(code: &str) -> LuaBot {
    bot_with(code, limits())
}

fn bot_with(code: &str, l: BotLimits) -> LuaBot {
    match LuaBot::from_source("hostile.lua", code, &l) {
        Ok(b) => b,
        Err(e) => panic!("the test bot should load: {e}"),
    }
}

#[derive(Default)]
struct Events(Vec<Event>);

impl Observer for Events {
    fn event(&mut self, event: &Event) {
        self.0.push(event.clone());
    }
}

/// Plays `games` games with `hostile` at seat 0 and the `others` after it.
fn play_with(
    hostile: LuaBot,
    others: Vec<Box<dyn Player>>,
    games: u32,
) -> (MatchStats, Vec<Event>) {
    let names: Vec<&str> = std::iter::repeat_n("honest", others.len() + 1).collect();
    let mut setup = MatchSetup::native(Rules::default(), 42, games, &names);
    setup.seats[0] = hostile.seat_info(0);
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(hostile)];
    players.extend(others);
    let mut events = Events::default();
    let stats = match play_match(&setup, &mut players, &mut events) {
        Ok(s) => s,
        Err(e) => panic!("the match should start: {e}"),
    };
    assert_eq!(stats.games, games, "every game is played to its end");
    assert!(!stats.aborted);
    (stats, events.0)
}

/// The seats of a match for [`play_kept`]: the hostile bot takes seat 0.
fn kept_setup(rules: Rules, seed: u64, games: u32) -> MatchSetup {
    MatchSetup::native(rules, seed, games, &["honest", "honest", "random"])
}

/// Plays `setup` with `hostile` at seat 0, lent (the caller keeps it for its
/// next match), and an honest and a random player after it.
fn play_kept(hostile: &mut LuaBot, mut setup: MatchSetup) -> (MatchStats, Vec<Event>) {
    setup.seats[0] = hostile.seat_info(0);
    let mut events = Events::default();
    let mut players: Vec<Box<dyn Player + '_>> = vec![
        Box::new(hostile),
        Box::new(NativePlayer::new(Policy::Honest)),
        Box::new(NativePlayer::new(Policy::Random)),
    ];
    match play_match(&setup, &mut players, &mut events) {
        Ok(stats) => (stats, events.0),
        Err(e) => panic!("the match should start: {e}"),
    }
}

/// Plays with two native players after the hostile bot.
fn play(hostile: LuaBot, games: u32) -> (MatchStats, Vec<Event>) {
    let others: Vec<Box<dyn Player>> = vec![
        Box::new(NativePlayer::new(Policy::Honest)),
        Box::new(NativePlayer::new(Policy::Random)),
    ];
    play_with(hostile, others, games)
}

/// Each body, run in the bot's `claim`, is penalised for its budget, in time.
fn each_stopped_by_the_budget(bodies: &[&str]) {
    for body in bodies {
        let started = Instant::now();
        let (stats, _) = play(bot(&claim_bot(body)), 1);
        assert_penalised_for(&stats, PenaltyReason::Budget);
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "stopped in time: {body}"
        );
    }
}

fn count(stats: &MatchStats, seat: usize, reason: PenaltyReason) -> u32 {
    let i = PenaltyReason::ALL
        .iter()
        .position(|&r| r == reason)
        .unwrap_or(5);
    stats.penalties[seat][i]
}

/// Every penalty of seat 0 is for `reason`, there is at least one, and no
/// other seat was penalised.
fn assert_penalised_for(stats: &MatchStats, reason: PenaltyReason) {
    let total = stats.penalty_total(0);
    assert!(total > 0, "the hostile seat is penalised");
    assert_eq!(
        count(stats, 0, reason),
        total,
        "all penalties are {reason:?}: {:?}",
        stats.penalties[0]
    );
    for seat in 1..stats.penalties.len() {
        assert_eq!(stats.penalty_total(seat), 0, "seat {seat} is not penalised");
    }
}

fn details(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Penalty(Penalty {
                seat: 0, detail, ..
            }) => Some(detail.clone()),
            _ => None,
        })
        .collect()
}

fn logs(events: &[Event], seat: usize) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Log { seat: s, text } if *s == seat => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// A bot whose `claim` runs `body` (a Lua block that may use `view` and the
/// call counter `n`); it challenges everything except when told otherwise.
fn claim_bot(body: &str) -> String {
    format!(
        r#"
local n = 0
local bot = {{ api_version = 1 }}
function bot.challenge(view) return true end
function bot.reroll(view) return {{}} end
function bot.claim(view)
  n = n + 1
  {body}
  return liar.lowest_above(view.claim)
end
return bot
"#
    )
}

// 1. os.execute, io.open, require, package.loadlib, dofile, loadfile: not reachable.
#[test]
fn threat_01_no_system_access() {
    let dir = crate::support::temp_dir("sandbox-escape");
    let marker = dir.join("marker");
    let code = claim_bot(&format!(
        r#"
  local attempts = {{
    function() return os.execute("touch {m}") end,
    function() return io.open("{m}", "w") end,
    function() return require("os") end,
    function() return package.loadlib("libc.so.6", "system") end,
    function() return dofile("/etc/hostname") end,
    function() return loadfile("/etc/hostname") end,
    function() return debug.getinfo(1) end,
  }}
  attempts[(n - 1) % #attempts + 1]()
  error("escaped on attempt " .. n)
"#,
        m = marker.display()
    ));
    let (stats, events) = play(bot(&code), 6);
    assert_penalised_for(&stats, PenaltyReason::Error);
    let d = details(&events);
    assert!(d.len() >= 7, "{d:?}");
    for (name, detail) in [
        "os", "io", "require", "package", "dofile", "loadfile", "debug",
    ]
    .iter()
    .zip(&d)
    {
        assert!(detail.contains(name), "{detail}");
        assert!(detail.contains("hostile.lua:"), "located: {detail}");
        assert!(!detail.contains("escaped"), "{detail}");
    }
    assert!(!marker.exists(), "no file was created");
}

#[test]
fn threat_01_only_safe_globals_exist() {
    let code = r#"
local names = {}
for k in pairs(_G) do names[#names + 1] = tostring(k) end
table.sort(names)
local libs = {}
for _, lib in ipairs({ "string", "table", "math", "coroutine", "utf8" }) do
  local fs = {}
  for k in pairs(_G[lib]) do fs[#fs + 1] = k end
  table.sort(fs)
  libs[#libs + 1] = lib .. ": " .. table.concat(fs, " ")
end
local bot = { api_version = 1 }
local said = false
local function say()
  if not said then
    said = true
    print(table.concat(names, " "))
    for _, l in ipairs(libs) do print(l) end
  end
end
function bot.challenge(view) say() return true end
function bot.reroll(view) return {} end
function bot.claim(view) say() return liar.lowest_above(view.claim) end
return bot
"#;
    let (stats, events) = play(bot(code), 1);
    assert_eq!(stats.penalty_total(0), 0);
    let lines = logs(&events, 0);
    assert_eq!(
        lines[0],
        "_G _VERSION assert collectgarbage coroutine error getmetatable ipairs liar load math \
         next pairs pcall print rawequal rawget rawlen rawset select setmetatable string table \
         tonumber tostring type utf8 warn xpcall"
    );
    let string = lines
        .iter()
        .find(|l| l.starts_with("string:"))
        .cloned()
        .unwrap_or_default();
    assert!(!string.contains("dump"), "{string}");
    assert!(
        string.contains(" find ") && string.contains(" gsub "),
        "{string}"
    );
}

// 2. load(string.dump(f)) and hand-made bytecode: refused.
#[test]
fn threat_02_no_bytecode() {
    let code = claim_bot(
        r#"
  if n % 2 == 1 then
    load(string.dump(function() return 1 end))
  else
    local f, err = load("\27Lua\84\0\25\147\13\10\26\10\4\8\8\120\86\0\0\0\0\0\0\0\0\0\0\0\40\119\64\1", "x", "b")
    if f then error("a binary chunk was loaded") end
    error(err)
  end
"#,
    );
    let (stats, events) = play(bot(&code), 2);
    assert_penalised_for(&stats, PenaltyReason::Error);
    let d = details(&events);
    assert!(d.iter().any(|x| x.contains("dump")), "{d:?}");
    assert!(d.iter().any(|x| x.contains("binary chunk")), "{d:?}");
    assert!(!d.iter().any(|x| x.contains("was loaded")), "{d:?}");

    // A whole file of bytecode is refused at load.
    let dumped = b"\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08\x78\x56\x00\x00";
    match LuaBot::from_source("bin.lua", dumped.to_vec(), &limits()) {
        Err(BotLoadError::Failed { detail, .. }) => assert!(detail.contains("binary"), "{detail}"),
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("bytecode must not load"),
    }
}

// load's mode, setmetatable's arguments and math.random's conversions
// behave as in Lua 5.4 (the messages are Lua's own).
#[test]
fn load_setmetatable_and_random_as_in_lua() {
    let code = claim_bot(
        r#"
  if n == 1 then
    print("load b", load("return 1", "x", "b"))
    print("load t", load("return 1", "x", "t")())
    print("load bt", load("return 2")())
    print("load mode", pcall(load, "return 1", "x", {}))
    print("smt none", pcall(setmetatable, {}))
    print("smt number", pcall(setmetatable, {}, 5))
    print("smt arg 1", pcall(setmetatable, 5, {}))
    local locked = setmetatable({}, { __metatable = "locked" })
    print("smt locked", pcall(setmetatable, locked, {}))
    print("smt nil", getmetatable(setmetatable(setmetatable({}, {}), nil)))
    local r = math.random("3")
    print("random", math.type(r), r >= 1 and r <= 3)
    print("random bad", pcall(math.random, "x"))
    print("smt line", pcall(function() setmetatable({}) end))
  end
"#,
    );
    let (_, events) = play(bot(&code), 1);
    let got = logs(&events, 0).join(
        "
",
    );
    for line in [
        "load b\tnil\tattempt to load a text chunk (mode is 'b')",
        "load t\t1",
        "load bt\t2",
        "load mode\tfalse\tbad argument #3 to 'load' (string expected, got table)",
        "smt none\tfalse\tbad argument #2 to 'setmetatable' (nil or table expected, got no value)",
        "smt number\tfalse\tbad argument #2 to 'setmetatable' (nil or table expected, got number)",
        "smt arg 1\tfalse\tbad argument #1 to 'setmetatable' (table expected, got number)",
        "smt locked\tfalse\tcannot change a protected metatable",
        "smt nil\tnil",
        "random\tinteger\ttrue",
    ] {
        assert!(got.lines().any(|l| l == line), "missing {line:?} in\n{got}");
    }
    assert!(got.contains("random bad\tfalse"), "{got}");
    // Called from the bot's code, the error names the bot's line.
    let line = got
        .lines()
        .find(|l| l.starts_with("smt line"))
        .unwrap_or_default();
    assert!(
        line.starts_with("smt line\tfalse\thostile.lua:")
            && line.contains(": bad argument #2 to 'setmetatable'"),
        "{line}"
    );
}

// An error raised by a function written in Rust reaches pcall and xpcall's
// handler as its message, as a C function's would (not as a userdata).
#[test]
fn errors_of_rust_functions_are_strings() {
    let code = claim_bot(
        r#"
  if n == 1 then
    print("find", pcall(string.find, "x", "["))
    local ok, e = pcall(string.gsub, "abc", "%w", function() error("boom") end)
    print("gsub", ok, type(e), e)
    print("xpcall", xpcall(string.match, function(m) return type(m) .. ": " .. m end, "x", "%"))
  end
"#,
    );
    let (_, events) = play(bot(&code), 1);
    let got = logs(&events, 0).join("\n");
    let line = |tag: &str| {
        got.lines()
            .find(|l| l.starts_with(tag))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        line("find\t").starts_with("find\tfalse\t")
            && line("find\t").ends_with("malformed pattern (missing ']')"),
        "{got}"
    );
    assert!(
        line("gsub\t").starts_with("gsub\tfalse\tstring\thostile.lua:")
            && line("gsub\t").ends_with(": boom"),
        "{got}"
    );
    assert!(
        line("xpcall\t").starts_with("xpcall\tfalse\tstring: ")
            && line("xpcall\t").ends_with("malformed pattern (ends with '%')"),
        "{got}"
    );
}

// Calls that C refuses at once are Lua's errors, not the price of the span
// they name (the messages are stock Lua 5.4.9's).
#[test]
fn huge_spans_that_c_refuses_are_errors() {
    let code = claim_bot(
        r#"
  if n == 1 then
    print("concat", pcall(table.concat, {}, "", 1, 1e9))
    print("unpack", pcall(table.unpack, {}, 1, 1e8))
    print("joined", table.concat({ 1, 2, 3 }, "-", 1, 3))
    local long = {}
    for k = 1, 10000 do long[k] = k % 10 end
    local s = table.concat(long, ",")
    print("long", #s, s:sub(1, 6), s:sub(-6))
    print("at", pcall(function()
      local s = table.concat({ 1, 2, {} }, ",")
      return s
    end))
  end
"#,
    );
    let (stats, events) = play(bot(&code), 1);
    assert_eq!(count(&stats, 0, PenaltyReason::Budget), 0, "{stats:?}");
    let got = logs(&events, 0).join("\n");
    for line in [
        "concat\tfalse\tinvalid value (nil) at index 1 in table for 'concat'",
        "unpack\tfalse\ttoo many results to unpack",
        "joined\t1-2-3",
        "long\t19999\t1,2,3,\t,8,9,0",
    ] {
        assert!(got.lines().any(|l| l == line), "missing {line:?} in\n{got}");
    }
    let at = got
        .lines()
        .find(|l| l.starts_with("at\t"))
        .unwrap_or_default();
    assert!(
        at.starts_with("at\tfalse\thostile.lua:")
            && at.ends_with(": invalid value (table) at index 3 in table for 'concat'"),
        "{at}"
    );
}

// 3. while true do end: stopped by the budget.
#[test]
fn threat_03_endless_loop() {
    let code = claim_bot("while true do end");
    let started = Instant::now();
    let (stats, events) = play(bot(&code), 3);
    assert_penalised_for(&stats, PenaltyReason::Budget);
    let d = details(&events);
    assert!(d[0].contains("200000 instructions"), "{}", d[0]);
    assert!(d[0].contains("hostile.lua:8"), "located: {}", d[0]);
    assert!(started.elapsed() < Duration::from_secs(20));
}

// The wall clock stops what the budget allows but takes too long.
#[test]
fn wall_clock_limit() {
    let l = BotLimits {
        instructions: 1_000_000_000_000,
        wall_ms: 50,
        ..limits()
    };
    let code = claim_bot("while true do end");
    let (stats, events) = play(bot_with(&code, l), 2);
    assert_penalised_for(&stats, PenaltyReason::Timeout);
    assert!(details(&events)[0].contains("50 ms"));

    // Slow instructions (comparing two 8 MB strings) are stopped soon too.
    let l = BotLimits { memory_mb: 32, ..l };
    let code = claim_bot(
        r#"
  local a = string.rep("x", 8000000)
  local b = a .. ""
  while a == b do end
"#,
    );
    let started = Instant::now();
    let (stats, _) = play(bot_with(&code, l), 1);
    assert_penalised_for(&stats, PenaltyReason::Timeout);
    let per_call = started.elapsed() / stats.penalty_total(0).max(1);
    assert!(per_call < Duration::from_secs(3), "{per_call:?}");
}

// 4. A loop inside a coroutine.
#[test]
fn threat_04_loop_in_coroutine() {
    let code = claim_bot(
        r#"
  coroutine.wrap(function() while true do end end)()
"#,
    );
    let (stats, _) = play(bot(&code), 2);
    assert_penalised_for(&stats, PenaltyReason::Budget);
}

// 5. Loops that catch the budget error, and to-be-closed values whose
// `__close` loops while the call is being stopped.
#[test]
fn threat_05_catching_the_budget_error() {
    let bodies = [
        "while true do pcall(function() while true do end end) end",
        "while true do coroutine.resume(coroutine.create(function() while true do end end)) end",
        "while true do xpcall(function() while true do end end, function() while true do end end) end",
        "while true do load(function() while true do end end) end",
        "while true do coroutine.close(coroutine.create(function() end)) pcall(error, 'x') end",
        r#"
  local function deep(k)
    if k > 0 then pcall(deep, k - 1) end
    while true do pcall(function() while true do end end) end
  end
  deep(50)
"#,
        r#"
  local co = coroutine.wrap(function()
    while true do pcall(coroutine.yield) end
  end)
  while true do pcall(co) end
"#,
        r#"
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
"#,
        r#"
  local co = coroutine.create(function()
    local x <close> = setmetatable({}, { __close = function() while true do end end })
    coroutine.yield()
  end)
  coroutine.resume(co)
  while true do coroutine.close(co) end
"#,
        r#"
  local closing = setmetatable({}, { __close = function() while true do end end })
  for _ in function() return true end, nil, nil, closing do end
"#,
    ];
    each_stopped_by_the_budget(&bodies);
}

// 6. An error object whose __tostring loops: the host's formatting stays bounded.
#[test]
fn threat_06_error_object_with_looping_tostring() {
    let code = claim_bot(
        r#"
  if n % 2 == 1 then
    error(setmetatable({}, { __tostring = function() while true do end end }))
  else
    error(setmetatable({}, { __tostring = function() return string.rep("x", 1000000) end }))
  end
"#,
    );
    let (stats, events) = play(bot(&code), 2);
    assert!(stats.penalty_total(0) >= 2);
    assert_eq!(stats.penalty_total(1) + stats.penalty_total(2), 0);
    for d in details(&events) {
        assert!(
            d.chars().count() <= 420,
            "bounded detail: {} chars",
            d.len()
        );
    }
    assert!(count(&stats, 0, PenaltyReason::Budget) >= 1);
}

// 7. Returned values the host must read boundedly.
#[test]
fn threat_07_tricky_return_values() {
    let code = r#"
local loop = function() while true do end end
local trap = { __index = loop, __newindex = loop, __len = loop, __pairs = loop, __eq = loop }
local n = 0
local bot = { api_version = 1 }
function bot.challenge(view)
  n = n + 1
  if liar.is_top(view.claim) then return true end
  if n % 4 == 0 then return setmetatable({}, trap) end
  return false
end
function bot.reroll(view)
  n = n + 1
  local choice = n % 3
  if choice == 0 then return setmetatable({}, trap) end
  if choice == 1 then local t = {} t[1] = t return t end
  return { string.byte(string.rep("a", 10000), 1, -1) }
end
function bot.claim(view)
  n = n + 1
  if n % 2 == 0 then return setmetatable({ "A", "A", "A", "A", "A" }, trap) end
  return string.rep("A", 1000000)
end
return bot
"#;
    let (stats, events) = play(bot(code), 4);
    assert_penalised_for(&stats, PenaltyReason::Illegal);
    let d = details(&events).join("\n");
    assert!(d.contains("metatable"), "{d}");
    assert!(d.contains("bytes"), "{d}");
}

// 8. A looping __gc finalizer: refused.
#[test]
fn threat_08_finalizers_refused() {
    let code = claim_bot(
        r#"
  local mt = {}
  setmetatable({}, mt)
  mt.__gc = function() while true do end end -- too late: no finalizer
  setmetatable({}, { __gc = function() while true do end end })
"#,
    );
    let (stats, events) = play(bot(&code), 2);
    assert_penalised_for(&stats, PenaltyReason::Error);
    assert!(details(&events)[0].contains("__gc"));

    let top_level = "setmetatable({}, { __gc = function() while true do end end }) return {}";
    match LuaBot::from_source("gc.lua", top_level, &limits()) {
        Err(BotLoadError::Failed { detail, .. }) => {
            assert!(detail.contains("gc.lua:1"), "{detail}");
            assert!(detail.contains("__gc"), "{detail}");
        }
        Err(e) => panic!("unexpected {e}"),
        Ok(_) => panic!("must not load"),
    }
}

// 9. Memory bombs.
#[test]
fn threat_09_memory_bombs() {
    let bodies = [
        "local x = 'x' while true do x = x .. x end",
        "local t = {} local i = 0 while true do i = i + 1 t[i] = { i } end",
        "local s = string.rep('x', 2^30)",
        "local s = string.gsub(string.rep('x', 100000), 'x', string.rep('y', 1000))",
        "local s = string.rep('x', 1000000) local t = {} for i = 1, 100 do t[i] = s .. i end",
    ];
    // Enough instructions for the bombs to reach the memory limit first,
    // in every call.
    let l = BotLimits {
        instructions: 50_000_000,
        bank_instructions: 1 << 50,
        ..limits()
    };
    for body in bodies {
        let hostile = bot_with(&claim_bot(body), l);
        assert!(hostile.memory_used() < 1 << 20, "a fresh state is small");
        let (stats, events) = play(hostile, 1);
        assert_eq!(
            count(&stats, 0, PenaltyReason::Memory),
            stats.penalty_total(0),
            "{body}: {:?}",
            details(&events)
        );
        assert_penalised_for(&stats, PenaltyReason::Memory);
    }
}

// 10. Pathological patterns: charged to the budget.
#[test]
fn threat_10_pathological_patterns() {
    let bodies = [
        r#"string.find(string.rep("a", 3000), ".-.-.-b")"#,
        r#"string.match(string.rep("a", 3000), "(.*)(.*)(.*)b")"#,
        r#"for w in string.gmatch(string.rep("a", 3000), "a*a*a*b") do end"#,
        r#"string.gsub(string.rep("a", 3000), "(a-)(a-)(a-)b", "%1")"#,
        r#"string.find(string.rep("a", 100000), string.rep("a", 50000) .. "b", 1, true)"#,
        r#"local s = string.rep("a", 1000) s:find(".-.-.-.-b")"#,
    ];
    each_stopped_by_the_budget(&bodies);
}

// 11. Deep recursion.
#[test]
fn threat_11_deep_recursion() {
    let bodies = [
        "local function f(k) return 1 + f(k + 1) end f(1)",
        "local function g() return string.gsub('a', 'a', g) end g()",
        "local t = setmetatable({}, {}) getmetatable(t).__index = function(t, k) return t[k] end local x = t.x",
        "local function h() return tostring(setmetatable({}, { __tostring = h })) end h()",
    ];
    for body in bodies {
        let (stats, _) = play(bot(&claim_bot(body)), 1);
        assert!(stats.penalty_total(0) > 0, "{body}");
        let contained = count(&stats, 0, PenaltyReason::Error)
            + count(&stats, 0, PenaltyReason::Memory)
            + count(&stats, 0, PenaltyReason::Budget);
        assert_eq!(contained, stats.penalty_total(0), "{body}");
        assert_eq!(stats.penalty_total(1) + stats.penalty_total(2), 0);
    }
}

// 12. Poisoning the string metatable, the globals and the host API.
#[test]
fn threat_12_poisoning_stays_local() {
    let code = r#"
local lowest_above, is_top = liar.lowest_above, liar.is_top
local ok = pcall(function() getmetatable("").__index = function() return "pwned" end end)
assert(not ok, "the string metatable is locked")
assert(getmetatable("") == false)
string.sub = function() return "pwned" end
string.format, string.rep, string.byte = nil, nil, nil
table.unpack = function() error("pwned") end
table.insert, table.concat = nil, nil
math.random = function() return 4 end
liar.is_top = function() return false end
rawset(_G, "tostring", nil)
rawset(_G, "liar", nil)
setmetatable(_G, { __index = function(_, k) error("pwned " .. tostring(k)) end })
next, pairs, ipairs, pcall, select, type = nil, nil, nil, nil, nil, nil
local bot = { api_version = 1 }
function bot.challenge(view) return is_top(view.claim) end
function bot.reroll(view) return {} end
function bot.claim(view) return lowest_above(view.claim) end
return bot
"#;
    let honest = |l: &BotLimits| -> Box<dyn Player> {
        match LuaBot::bundled("honest", l) {
            Ok(b) => Box::new(b),
            Err(e) => panic!("{e}"),
        }
    };
    let others = vec![honest(&limits()), honest(&limits())];
    let (stats, _) = play_with(bot(code), others, 20);
    for seat in 0..3 {
        assert_eq!(
            stats.penalty_total(seat),
            0,
            "seat {seat}: {:?}",
            stats.penalties
        );
    }
}

// 13. collectgarbage beyond "count" and "collect".
#[test]
fn threat_13_collectgarbage() {
    let code = claim_bot(
        r#"
  local kb = collectgarbage("count")
  assert(type(kb) == "number" and kb > 0)
  local opts = { "stop", "step", "restart", "incremental", "generational", "isrunning" }
  collectgarbage(opts[(n - 1) % #opts + 1])
"#,
    );
    let (stats, events) = play(bot(&code), 3);
    assert_penalised_for(&stats, PenaltyReason::Error);
    for d in details(&events) {
        assert!(d.contains("collectgarbage"), "{d}");
    }
}

// 14. Flooding the debug log: capped per game.
#[test]
fn threat_14_log_flood() {
    let code = r#"
local bot = { api_version = 1 }
local function flood()
  for i = 1, 2000 do liar.log("spam", i) end
  print(string.rep("x", 5000))
  warn("also ", "spam")
end
function bot.challenge(view) flood() return liar.is_top(view.claim) or liar.random(2) == 1 end
function bot.reroll(view) flood() return {} end
function bot.claim(view) flood() return liar.lowest_above(view.claim) end
return bot
"#;
    let (stats, events) = play(bot(code), 3);
    assert_eq!(stats.penalty_total(0), 0, "{:?}", details(&events));
    let mut game = 0;
    let mut per_game = std::collections::HashMap::<u32, usize>::new();
    for e in &events {
        match e {
            Event::GameStart(GameStart { game: g, .. }) => game = *g,
            Event::Log { seat: 0, text } => {
                *per_game.entry(game).or_default() += 1;
                assert!(
                    text.len() <= BotLimits::LOG_LINE_BYTES + 3,
                    "{}",
                    text.len()
                );
            }
            _ => {}
        }
    }
    assert!(!per_game.is_empty());
    for (g, n) in per_game {
        assert!(n <= 51, "game {g}: {n} lines");
    }
    let lines = logs(&events, 0);
    assert!(lines.iter().any(|l| l.contains("log limit")));
}

// 15. Malformed decisions: illegal, penalised, explained.
#[test]
fn threat_15_malformed_decisions() {
    let code = r#"
local bad_challenge = { n = 0, nil, 1, "yes", {} }
local bad_reroll = { { 1.5 }, { -1 }, { 6 }, { 0 }, { 1, 1 }, { 1, 2, 3, 4, 5, 6 }, { a = 1 }, "12", 3 }
local bad_claim = { "garbage", 42, "", "AQJT9", "ZZZZZ", { "Q" }, "seven dwarves" }
local c, r, k = 0, 0, 0
local bot = { api_version = 1 }
function bot.challenge(view)
  c = c + 1
  if c % 3 == 0 then return ({ nil, 1, "yes" })[(c // 3 - 1) % 3 + 1] end
  return liar.is_top(view.claim)
end
function bot.reroll(view)
  r = r + 1
  if r % 2 == 0 then return {} end
  return bad_reroll[(r // 2) % #bad_reroll + 1]
end
function bot.claim(view)
  k = k + 1
  if view.claim ~= nil then return "AQJT9" end -- the lowest hand: never higher
  if k % 2 == 0 then return view.hand end
  return bad_claim[(k // 2) % #bad_claim + 1]
end
return bot
"#;
    let others: Vec<Box<dyn Player>> = vec![
        Box::new(NativePlayer::new(Policy::Honest)),
        Box::new(NativePlayer::new(Policy::Honest)),
    ];
    let mut setup = MatchSetup::native(Rules::default(), 42, 10, &["honest", "honest", "honest"]);
    setup.penalty.disqualify_after = None;
    let hostile = bot(code);
    setup.seats[0] = hostile.seat_info(0);
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(hostile)];
    players.extend(others);
    let mut events = Events::default();
    let stats = play_match(&setup, &mut players, &mut events).unwrap_or_default();
    assert_eq!(stats.games, 10);
    assert_penalised_for(&stats, PenaltyReason::Illegal);
    let d = details(&events.0).join("\n");
    for phrase in [
        "true (challenge) or false (accept)",
        "positions are whole numbers",
        "positions run from 1 to 5",
        "twice",
        "does not read as a hand",
        "not higher than",
        "plain list",
    ] {
        assert!(d.contains(phrase), "missing {phrase:?} in\n{d}");
    }
    assert!(d.contains("hostile.lua:"), "the function is located");
}

// 16. The same seed twice with deterministic bots: byte-identical replays.
#[test]
fn threat_16_same_seed_same_replay() {
    let code = r#"
local bot = { api_version = 1 }
local seen = {}
function bot.observe(e)
  if e.type == "claim" then seen["seat" .. e.seat] = (seen["seat" .. e.seat] or 0) + 1 end
end
local function pick(view)
  -- Iterating string keys: only sorted_pairs gives a fixed order.
  local acc = 0
  for k, v in liar.sorted_pairs(seen) do acc = (acc * 31 + #k + v) % 1000003 end
  return acc + liar.random(100)
end
function bot.challenge(view) return liar.is_top(view.claim) or pick(view) % 3 == 0 end
function bot.reroll(view)
  local p = {}
  for i = 1, 5 do if pick(view) % 2 == 0 then p[#p + 1] = i end end
  return p
end
function bot.claim(view)
  local n = liar.count_above(view.claim)
  liar.log("choosing among", n)
  return liar.nth_above(view.claim, pick(view) % math.min(n, 5) + 1)
end
return bot
"#;
    let run = || {
        let mut setup =
            MatchSetup::native(Rules::default(), 2024, 30, &["honest", "random", "honest"]);
        let hostile = bot(code);
        setup.seats[0] = hostile.seat_info(0);
        let statistician =
            LuaBot::bundled("statistician", &limits()).unwrap_or_else(|e| panic!("{e}"));
        setup.seats[2] = statistician.seat_info(2);
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(hostile),
            Box::new(NativePlayer::new(Policy::Random)),
            Box::new(statistician),
        ];
        let mut writer = ReplayWriter::new(Vec::new());
        let _ = play_match(&setup, &mut players, &mut writer);
        writer.finish().unwrap_or_default()
    };
    let first = run();
    let second = run();
    assert!(first.len() > 1000);
    assert!(first == second, "the replays differ");
}

// 17. Learning other seats' dice: the view and the globals hold nothing.
#[test]
fn threat_17_no_hidden_information() {
    let code = r#"
local function keys(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = tostring(k) end
  table.sort(ks)
  return table.concat(ks, ",")
end
-- Search everything reachable from the globals for anything dice-like:
-- a "dice" key, or a string that could be a hand.
local function search(t, seen, found)
  if seen[t] then return end
  seen[t] = true
  for k, v in pairs(t) do
    if k == "dice" then found[#found + 1] = tostring(k) end
    if type(v) == "string" and #v == 5 and v:match("^[9TJQKA]+$") then found[#found + 1] = v end
    if type(v) == "table" then search(v, seen, found) end
  end
end
local bot = { api_version = 1 }
local function spy(view)
  local found = {}
  search(_G, {}, found)
  liar.log(view.decision .. ": " .. keys(view) .. " | globals: " .. table.concat(found, ","))
  liar.log("clock: " .. tostring(os) .. " " .. tostring(debug))
end
function bot.challenge(view) spy(view) return liar.is_top(view.claim) or liar.random(3) == 1 end
function bot.reroll(view) spy(view) return {} end
function bot.claim(view) spy(view) return liar.lowest_above(view.claim) end
return bot
"#;
    let (stats, events) = play(bot(code), 5);
    assert_eq!(stats.penalty_total(0), 0, "{:?}", details(&events));
    let lines = logs(&events, 0);
    let mut kinds = 0;
    for l in &lines {
        let view_keys = l.split(" | ").next().unwrap_or_default();
        if let Some(rest) = view_keys.strip_prefix("challenge: ") {
            kinds |= 1;
            // `rerolled` is nil when the claimer opened the round.
            assert_eq!(
                rest.replace("rerolled,", ""),
                "bank,chips,claim,claimer,decision,game,history,names,order,pot,round,rules,seat,\
                 seats"
            );
        }
        if let Some(rest) = view_keys
            .strip_prefix("claim: ")
            .or_else(|| view_keys.strip_prefix("reroll: "))
        {
            kinds |= 2;
            assert!(rest.contains("dice") && rest.contains("hand"), "{l}");
        }
        if l.contains("| globals:") {
            assert!(
                l.ends_with("| globals: "),
                "nothing dice-like in globals: {l}"
            );
        }
        if l.starts_with("clock:") {
            assert_eq!(l, "clock: nil nil");
        }
    }
    assert_eq!(kinds, 3, "both kinds of view were seen");
}

// Loading is limited like a decision, with clear messages.
#[test]
fn hostile_top_level_code_is_refused() {
    let cases: [(&str, &str); 6] = [
        ("while true do end", "budget"),
        ("local x = 'x' while true do x = x .. x end", "memory"),
        ("local t = nil\nreturn t.x", "load.lua:2"),
        ("return 42", "return a table of functions"),
        ("return { api_version = 2 }", "api_version = 2"),
        (
            "return { api_version = 1, challenge = function() end }",
            "no `reroll` function",
        ),
    ];
    for (code, expected) in cases {
        match LuaBot::from_source("load.lua", code, &limits()) {
            Ok(_) => panic!("{code} must not load"),
            Err(e) => {
                let text = e.to_string();
                assert!(text.contains(expected), "{code}: {text}");
            }
        }
    }
    match LuaBot::from_source("load.lua", "return {", &limits()) {
        Err(BotLoadError::Failed { detail, .. }) => {
            assert!(detail.contains("load.lua:1"), "{detail}")
        }
        other => panic!("a syntax error must be reported: {:?}", other.err()),
    }
}

// A failing observe is reported at the bot's next decision.
#[test]
fn observe_failures_become_penalties() {
    let code = r#"
local bot = { api_version = 1 }
function bot.observe(e) if e.type == "claim" then error("observe broke") end end
function bot.challenge(view) return liar.is_top(view.claim) end
function bot.reroll(view) return {} end
function bot.claim(view) return liar.lowest_above(view.claim) end
return bot
"#;
    let (stats, events) = play(bot(code), 2);
    assert_penalised_for(&stats, PenaltyReason::Error);
    let d = details(&events);
    assert!(
        d[0].starts_with("in observe: hostile.lua:3: observe broke"),
        "{}",
        d[0]
    );
}

// 12 (continued). What a bot poisons in one match does not reach the next:
// each match starts with fresh globals and fresh library tables.
#[test]
fn threat_12_nothing_carries_over_to_the_next_match() {
    let code = r#"
local lowest_above, is_top, concat, format = liar.lowest_above, liar.is_top, table.concat, string.format
local reported = false
local function report_and_poison()
  if reported then return end
  reported = true
  liar.log(concat({ tostring(leftover), type(string.rep), type(table.insert), type(liar.beats),
    tostring(getmetatable(_G) == nil), ("ab"):rep(2) }, " "))
  leftover = "from the last match"
  string.rep, table.insert, liar.beats = nil, nil, nil
  setmetatable(_G, { __index = function() error("poisoned") end })
end
local bot = { api_version = 1 }
function bot.challenge(view) report_and_poison() return is_top(view.claim) end
function bot.reroll(view) return {} end
function bot.claim(view) report_and_poison() return lowest_above(view.claim) end
return bot
"#;
    let mut hostile = bot(code);
    for round in 0..3 {
        let (stats, events) = play_kept(&mut hostile, kept_setup(Rules::default(), 7 + round, 2));
        assert_eq!(stats.games, 2);
        assert_eq!(stats.penalty_total(0), 0, "{:?}", details(&events));
        let lines = logs(&events, 0);
        assert_eq!(
            lines.first().map(String::as_str),
            Some("nil function function function true abab"),
            "match {round}"
        );
    }
}

// A bot reloaded for its next match (from the bytecode compiled at its first
// load) still reports its errors at its own file and line.
#[test]
fn errors_are_located_in_every_match() {
    let mut hostile = bot(&claim_bot("local t = nil\n  local x = t.field"));
    for round in 0..2 {
        let (stats, events) = play_kept(&mut hostile, kept_setup(Rules::default(), 3 + round, 1));
        assert!(stats.penalty_total(0) > 0);
        let d = details(&events);
        assert!(
            d[0].starts_with("hostile.lua:9: attempt to index a nil value (local 't')"),
            "match {round}: {}",
            d[0]
        );
    }
}

// ---------------------------------------------------------------------------
// Hardening against the classes found after the first release (threats 18,
// 19 and 22 of the design notes). Each hostile bot runs under the default
// limits (5,000,000 instructions, 1000 ms, 32 MiB), and each test checks that
// the hostile call ends in a penalty well within the wall-clock limit plus
// a little, and for which reason.
// ---------------------------------------------------------------------------

/// Longest a hostile call may take under the default limits (1000 ms): the
/// limit itself plus room for a loaded machine (the whole test binary runs
/// its tests in parallel on 2 cores, and one slow instruction may convert a
/// 12 MiB string). A call the clock did not stop would run far longer.
const PROMPT: Duration = Duration::from_millis(5_000);

/// With `LIAR_SANDBOX_TIMES` set, prints how long a hostile call took.
fn report(what: &str, code: &str, reason: PenaltyReason, took: Duration) {
    if std::env::var_os("LIAR_SANDBOX_TIMES").is_some() {
        let first = code.lines().map(str::trim).collect::<Vec<_>>().join(" ");
        eprintln!(
            "{what} {:>7.1} ms {reason:?}: {first}",
            took.as_secs_f64() * 1000.0
        );
    }
}

/// Loads `code` as a bot's top-level code under the default limits: the
/// load must fail for one of `reasons`, promptly. Returns the reason, the
/// detail and the time taken.
fn stopped_at_load(code: &str, reasons: &[PenaltyReason]) -> (PenaltyReason, String, Duration) {
    let started = Instant::now();
    let result = LuaBot::from_source("hostile.lua", code, &BotLimits::default());
    let took = started.elapsed();
    match result {
        Err(BotLoadError::Failed { reason, detail, .. }) => {
            assert!(
                reasons.contains(&reason),
                "{code}\nstopped for {reason:?}, not {reasons:?}: {detail}"
            );
            assert!(took < PROMPT, "{code}\ntook {took:?}");
            report("load", code, reason, took);
            (reason, detail, took)
        }
        Err(e) => panic!("{code}\nunexpected error: {e}"),
        Ok(_) => panic!("{code}\nmust not load"),
    }
}

/// Plays one game in which the bot's first `claim` runs `body` under the
/// default limits: that call must be penalised (and no other seat), for one
/// of `reasons`, promptly. Returns the penalty's detail and the time the
/// slowest call of the bot took.
fn stopped_in_call(body: &str, reasons: &[PenaltyReason]) -> (String, Duration) {
    let code = claim_bot(&format!("if n == 1 then\n{body}\nend"));
    let mut hostile = bot_with(&code, BotLimits::default());
    let (stats, events) = play_kept(&mut hostile, kept_setup(Rules::default(), 42, 1));
    assert_eq!(stats.games, 1, "the game is played to its end");
    let d = details(&events);
    assert_eq!(stats.penalty_total(0), 1, "{body}\none penalty: {d:?}");
    let reason = PenaltyReason::ALL
        .iter()
        .copied()
        .find(|&r| count(&stats, 0, r) == 1)
        .unwrap_or(PenaltyReason::Error);
    assert!(
        reasons.contains(&reason),
        "{body}\npenalised for {reason:?}, not {reasons:?}: {d:?}"
    );
    assert_eq!(stats.penalty_total(1) + stats.penalty_total(2), 0);
    let slowest = hostile.stats().slowest;
    assert!(
        slowest < PROMPT,
        "{body}\nthe slowest call took {slowest:?}"
    );
    report("call", body, reason, slowest);
    (d[0].clone(), slowest)
}

use PenaltyReason::{Budget, Error as Failed, Memory, Timeout};

// 18. Loops in C that the hook never sees: bounds C accepts but a wrapper
// might not (numeric strings, integral floats), and a __len that answers
// differently each time it is asked.
#[test]
fn threat_18_c_loops_with_strange_bounds() {
    let bodies = [
        r#"table.move({}, "1", "9e18", 1, {})"#,
        r#"table.move({}, 1.0, 9e18, 1, {})"#,
        r#"table.move({}, "0x1", "0x7fffffffffffffff", 1, {})"#,
        r#"table.move("abc", 1, math.maxinteger, 1, {})"#,
        r#"table.move(setmetatable({}, { __index = rawlen }), 1, "9e18", 1, {})"#,
        r#"table.concat(setmetatable({}, { __index = rawlen }), "", "1", "9e18")"#,
        r#"table.concat(setmetatable({}, { __index = function() return "" end }), "", "1", "9e18")"#,
        r#"local t = setmetatable({}, { __index = rawlen })
           while true do table.unpack(t, "1", "99999") end"#,
        r#"while true do table.unpack({}, 1.0, 99999.0) end"#,
        r#"string.rep("", 2^62)"#,
        r#"string.rep("", "9e18", "")"#,
        // A plain table whose border is huge although it holds 63 values.
        r#"local t = {} for k = 62, 0, -1 do t[1 << k] = 1 end table.insert(t, 1, 0)"#,
    ];
    for body in bodies {
        stopped_at_load(&format!("{body}\nreturn {{}}"), &[Budget]);
        stopped_in_call(body, &[Budget]);
    }
}

#[test]
fn threat_18_lying_lengths() {
    // __len answers a huge length (or a numeric string C converts) and then
    // something else: the wrappers ask once and loop in Lua.
    let lying = r#"
local asked = 0
local function big_first() asked = asked + 1 if asked % 2 == 1 then return 1 << 62 end return 0 end
local function small_first() asked = asked + 1 if asked % 2 == 1 then return 0 end return 1 << 62 end
"#;
    let bodies = [
        r#"table.insert(setmetatable({}, { __len = big_first }), 1, "x")"#,
        r#"table.remove(setmetatable({}, { __len = big_first }), 1)"#,
        r#"table.insert(setmetatable({}, { __len = function() return "4e18" end }), 1, "x")"#,
        r#"table.remove(setmetatable({}, { __len = function() return 2^62 end }), 1)"#,
        r#"table.concat(setmetatable({}, { __len = function() return "9e18" end, __index = rawlen }))"#,
        r#"while true do
             table.unpack(setmetatable({}, { __len = function() return "99999" end, __index = rawlen }))
           end"#,
        r#"table.sort(setmetatable({}, { __len = function() return 2^30 end, __index = type }), rawequal)"#,
    ];
    for body in bodies {
        let body = format!("{lying}\n{body}");
        stopped_at_load(&format!("{body}\nreturn {{}}"), &[Budget]);
        stopped_in_call(&body, &[Budget]);
    }
    // table.sort reads the length once, as Lua's does, and refuses a huge
    // one before it looks at any element.
    let body = format!(
        "{lying}\ntable.sort(setmetatable({{}}, {{ __len = big_first, __index = type }}), rawequal)"
    );
    let (_, detail, _) = stopped_at_load(&format!("{body}\nreturn {{}}"), &[Failed]);
    assert!(detail.contains("array too big"), "{detail}");
    stopped_in_call(&body, &[Failed]);
    // Asked once, a small answer is the answer: nothing to do, at once.
    let code = format!(
        "{lying}\n{}\nreturn {{ api_version = 1, challenge = print, reroll = print, claim = print }}",
        r##"
local t = setmetatable({}, { __len = small_first })
asked = 0 table.insert(t, 1, "x")
assert(rawget(t, 1) == "x")
asked = 0 assert(table.remove(t) == nil)
asked = 0 table.sort(t, rawequal)
asked = 0 assert(table.concat(t) == "")
asked = 0 assert(select("#", table.unpack(t)) == 0)
"##
    );
    let started = Instant::now();
    let loaded = LuaBot::from_source("small.lua", code, &BotLimits::default());
    assert!(loaded.is_ok(), "{:?}", loaded.err().map(|e| e.to_string()));
    assert!(started.elapsed() < PROMPT);
}

// 19. One C call or one VM instruction doing unbounded work.
#[test]
fn threat_19_comparing_strings_of_nul_bytes() {
    // Lua's l_strcmp calls strcoll once per NUL-separated segment: millions
    // of calls in one comparison. The engine's own strcoll charges them, so
    // the budget (not the clock) stops this: proof that it is the one
    // linked.
    let bodies = [
        r#"local s = string.rep("\0", 12 * 2^20) while true do local _ = s < s end"#,
        r#"local a, b = string.rep("\0", 9 * 2^20), string.rep("\0", 9 * 2^20)
           while true do local _ = a <= b end"#,
        r#"local s = string.rep("\0", 2^20)
           local t = {} for i = 1, 200 do t[i] = s end
           table.sort(t)"#,
    ];
    for body in bodies {
        let (_, detail, took) = stopped_at_load(&format!("{body}\nreturn {{}}"), &[Budget]);
        assert!(detail.contains("5000000 instructions"), "{detail}");
        assert!(took < PROMPT, "{body}: {took:?}");
        stopped_in_call(body, &[Budget]);
    }
}

#[test]
fn threat_19_c_work_on_long_strings() {
    let bodies = [
        // C comparators that scan megabyte strings.
        r#"local big = string.rep(" ", 2^20) .. "10"
           local t = {} for i = 1, 1000 do t[i] = big end
           table.sort(t, math.max)"#,
        r#"local big = string.rep(" ", 2^20) .. "10"
           local t = {} for i = 1, 1000 do t[i] = big end
           table.sort(t, tonumber)"#,
        // %q escapes byte by byte (control characters through snprintf).
        r#"local s = string.rep("\1", 8 * 2^20) while true do pcall(string.format, "%q", s) end"#,
        r#"local s = string.rep("x", 4 * 2^20) while true do local _ = string.format("%s%s", s, s) end"#,
        // A reader that hands load megabytes of blanks, forever.
        r#"local piece = string.rep(" ", 8 * 2^20) load(function() return piece end)"#,
        r#"local piece = string.rep(" ", 2^20)
           while true do load(function() return piece end) end"#,
        // Concatenating and copying big strings.
        r#"local s = string.rep("x", 8 * 2^20) while true do local x = s .. s end"#,
        r#"local s = string.rep("x", 8 * 2^20)
           while true do pcall(function() local x = s .. s .. s end) end"#,
        r#"local s = string.rep("x", 8 * 2^20) while true do local x = s:sub(2) end"#,
        r#"local s = string.rep("x", 8 * 2^20)
           while true do local x = table.concat({ s, s }) end"#,
        // Converting long numeric strings: tonumber, string arithmetic.
        r#"local s = string.rep(" ", 12 * 2^20) .. "1" while true do local _ = tonumber(s) end"#,
        r#"local s = string.rep(" ", 12 * 2^20) .. "1" while true do local _ = s + 0 end"#,
        r#"local s = string.rep("7", 12 * 2^20) while true do local _ = s * 1 end"#,
        r#"local s = string.rep(" ", 12 * 2^20) .. "10" while true do local _ = tonumber("1", s) end"#,
        // string.pack with a long format.
        r#"local f = string.rep("<", 12 * 2^20) while true do string.packsize(f) end"#,
        // The iterator of utf8.codes skipping megabytes of continuation bytes.
        r#"local s = "a" .. string.rep("\x80", 8 * 2^20) local f = utf8.codes(s)
           while true do f(s, 1) end"#,
        // A replacement that copies a megabyte match thousands of times.
        r#"string.gsub(string.rep("a", 2^20), ".*", string.rep("%0", 8192), 1)"#,
    ];
    for body in bodies {
        stopped_at_load(&format!("{body}\nreturn {{}}"), &[Budget, Memory]);
        stopped_in_call(body, &[Budget, Memory]);
    }
}

#[test]
fn threat_19_slow_instructions_meet_the_clock() {
    // Single instructions whose work nothing can charge: comparing two
    // equal long strings (memcmp), converting a numeric string in the VM
    // (a `for` limit) or in a C function taking a number, copying a million
    // varargs. The hook looks at the clock more often
    // when the state holds long strings or instructions turn slow, so the
    // wall-clock limit still holds to within a little.
    let bodies = [
        r#"local a, b = string.rep("x", 9 * 2^20), string.rep("x", 9 * 2^20)
           while a == b do end"#,
        r#"local a, b = string.rep("x", 9 * 2^20), string.rep("x", 9 * 2^20)
           while rawequal(a, b) or true do local _ = a == b end"#,
        r#"local s = string.rep(" ", 12 * 2^20) .. "1" while true do for i = 1, s do break end end"#,
        r#"local s = string.rep("7", 2^20) while true do local _ = math.abs(s) end"#,
        // Parsing work that grows faster than the text: a chain of `or`
        // walks a jump list as long as the chain so far.
        r#"load("return " .. string.rep("a or ", 100000) .. "a")"#,
        r##"local t = {} for i = 1, 400000 do t[i] = i end
           local function f(...) while true do local _ = select("#", ...) end end
           f(table.unpack(t))"##,
    ];
    for (i, body) in bodies.iter().enumerate() {
        let (_, _, took) = stopped_at_load(&format!("{body}\nreturn {{}}"), &[Budget, Timeout]);
        assert!(took < PROMPT, "{body}: {took:?}");
        // (Each of these takes the whole second: two in a decision suffice.)
        if i == 0 || i == bodies.len() - 1 {
            let (_, slowest) = stopped_in_call(body, &[Budget, Timeout]);
            assert!(slowest < PROMPT, "{body}: {slowest:?}");
        }
    }
}

#[test]
fn threat_19_memory_limit_with_many_objects() {
    // Near the memory limit every refused allocation makes Lua run a full
    // emergency collection over everything the bot holds.
    let bodies = [
        r#"keep = {} for i = 1, 200000 do keep[i] = { i } end
           local pad = string.rep("x", 2^20)
           while true do pcall(function() local x = pad .. pad .. pad .. pad end) end"#,
        r#"keep = {} for i = 1, 200000 do keep[i] = { i } end
           while true do pcall(string.rep, "y", 2^24) end"#,
    ];
    for body in bodies {
        stopped_at_load(&format!("{body}\nreturn {{}}"), &[Budget, Memory, Timeout]);
    }
}

// The table functions keep their meaning on plain tables and on tables
// with metamethods (the wrappers loop in Lua over the latter).
#[test]
fn table_functions_keep_their_meaning() {
    let code = r##"
local function proxy(t)
  local store = t
  return setmetatable({}, {
    __index = function(_, k) return store[k] end,
    __newindex = function(_, k, v) store[k] = v end,
    __len = function() return #store end,
  })
end
local function show(t, n)
  local parts = {}
  for i = 1, n do parts[i] = tostring(rawget(t, i) == nil and t[i] or rawget(t, i)) end
  return table.concat(parts, ",")
end
local out = {}
for _, make in ipairs({ function(t) return t end, proxy }) do
  local t = make({ 1, 2, 3 })
  table.insert(t, 4)
  table.insert(t, 1, 0)
  table.insert(t, "3", 2.5)
  local r1 = table.remove(t, 1)
  local r2 = table.remove(t)
  local r3 = table.remove(t, "2")
  out[#out + 1] = show(t, 4) .. "|" .. r1 .. r2 .. r3
  out[#out + 1] = table.concat(make({ "a", "b", 3 }), "-", "2", 3.0)
  out[#out + 1] = select("#", table.unpack(make({ 1, nil, 3 }), 1, "3")) .. ":" .. table.concat({ table.unpack(make({ 7, 8, 9 }), "2") }, ",")
  local m = table.move(make({ 1, 2, 3, 4 }), 2, 4, 1)
  out[#out + 1] = show(m, 4)
  local d = table.move(make({ 1, 2, 3 }), "1", 3.0, 2, make({}))
  out[#out + 1] = show(d, 4)
  local s = make({ 5, 3, 9, 1 })
  table.sort(s)
  out[#out + 1] = show(s, 4)
  table.sort(s, function(a, b) return a > b end)
  out[#out + 1] = show(s, 4)
  out[#out + 1] = tostring(pcall(table.insert, make({ 1 }), 5, 1))
  out[#out + 1] = tostring(select(2, pcall(table.concat, make({ 1, {} }))))
end
liar.log(table.concat(out, " / "))
return { api_version = 1, challenge = function() return true end, reroll = function() return {} end,
  claim = function(view) return liar.lowest_above(view.claim) end }
"##;
    let (stats, events) = play(bot_with(code, BotLimits::default()), 1);
    assert_eq!(stats.penalty_total(0), 0, "{:?}", details(&events));
    let lines = logs(&events, 0);
    let line = lines.first().cloned().unwrap_or_default();
    let halves: Vec<&str> = line.split(" / ").collect();
    assert_eq!(halves.len(), 18, "{line}");
    // C's errors raised through a wrapper are located at the wrapper.
    let unlocated = |s: &&str| {
        s.strip_prefix("liar prelude:")
            .and_then(|r| r.split_once(": "))
            .map_or(s.to_string(), |(_, m)| m.to_string())
    };
    let plain: Vec<String> = halves[..9].iter().map(unlocated).collect();
    let proxied: Vec<String> = halves[9..].iter().map(unlocated).collect();
    assert_eq!(
        plain.join(" / "),
        "1,2,3,nil|042.5 / b-3 / 3:8,9 / 2,3,4,4 / nil,1,2,3 / 1,3,5,9 / 9,5,3,1 / false / \
         invalid value (table) at index 2 in table for 'concat'",
        "{line}"
    );
    assert_eq!(plain, proxied, "{line}");
}

// 22. Messages a bot can produce or cause carry no heap address and no
// hash order: replays of the same seed are byte-identical even between
// states whose addresses and string hashes differ.
const SHOWING_OFF: &str = r#"
local bot = { api_version = 1 }
local co = coroutine.create(function() end)
local named = setmetatable({}, { __name = "Widget" })
local told = setmetatable({}, { __tostring = function() return "told" end, __metatable = false })
local calls = 0
local function chatter()
  calls = calls + 1
  local t = {}
  print(t, print, co, named, told, {}, t)
  liar.log(tostring(t), tostring(liar.log), tostring(coroutine.running()))
  warn("w", tostring(t))
  liar.log(select(2, pcall(warn, "w", t)))
  liar.log(string.format("%s %s %5.3s %%p %d", t, named, t, 7), ("%s"):format(told))
  liar.log(select(2, pcall(string.format, "%p", t)))
  liar.log(select(2, pcall(error, named)))
  liar.log(select(2, pcall(error, { code = 1 })))
  liar.log(select(2, pcall(table.concat, { {} })))
end
function bot.challenge(view) chatter() return calls % 5 == 0 end
function bot.reroll(view)
  chatter()
  if calls % 3 == 0 then return { zeta = 1, alpha = 2, mid = 3, [true] = 4 } end
  return {}
end
function bot.claim(view)
  chatter()
  if calls % 4 == 0 then error(named) end
  if calls % 4 == 1 then error(setmetatable({}, { __name = "Oops" })) end
  return liar.lowest_above(view.claim)
end
return bot
"#;

#[test]
fn threat_22_no_addresses_or_hash_order_in_replays() {
    let run = || {
        let mut setup =
            MatchSetup::native(Rules::default(), 77, 4, &["honest", "random", "honest"]);
        setup.penalty.disqualify_after = None;
        let hostile = bot_with(SHOWING_OFF, BotLimits::default());
        setup.seats[0] = hostile.seat_info(0);
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(hostile),
            Box::new(NativePlayer::new(Policy::Random)),
            Box::new(NativePlayer::new(Policy::Honest)),
        ];
        let mut writer = ReplayWriter::new(Vec::new());
        let _ = play_match(&setup, &mut players, &mut writer);
        writer.finish().unwrap_or_default()
    };
    let first = run();
    let text = String::from_utf8_lossy(&first).into_owned();
    assert!(
        text.contains(
            "table: #1\\tfunction: #2\\tthread: #3\\tWidget: #4\\ttold\\ttable: #5\\ttable: #1"
        ),
        "{text}"
    );
    assert!(text.contains("%p is not available to bots"), "{text}");
    assert!(
        text.contains("a table with the key \\\"alpha\\\""),
        "{text}"
    );
    let addresses = text
        .match_indices("0x")
        .filter(|(at, _)| {
            text[at + 2..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_hexdigit())
        })
        .count();
    assert_eq!(addresses, 0, "no address: {text}");
    assert!(text.contains("(error object is a Oops value)"), "{text}");
    for _ in 0..3 {
        assert!(run() == first, "the replays differ");
    }
}

// %p is refused with a clear message.
#[test]
fn threat_22_percent_p_is_refused() {
    let (detail, _) = stopped_in_call(r#"string.format("%-20p", {})"#, &[Failed]);
    assert!(detail.contains("hostile.lua:"), "{detail}");
    assert!(
        detail.contains("bad argument #2 to 'format' (%p is not available"),
        "{detail}"
    );
    let (detail, _) = stopped_in_call(
        r#"error(setmetatable({}, { __name = "MyError" }))"#,
        &[Failed],
    );
    assert!(
        !detail.contains("0x5") && !detail.contains("0x7"),
        "{detail}"
    );
    assert!(detail.contains("MyError"), "{detail}");
}

// A call stopped at the end of one match leaves nothing behind: the next
// match (here with another ranking, which the host installs first) plays
// normally.
#[test]
fn a_stopped_call_does_not_spoil_the_next_match() {
    let code = r#"
local bot = { api_version = 1 }
local function maybe_loop(view) if view.rules.kickers then while true do end end end
function bot.challenge(view) maybe_loop(view) return liar.is_top(view.claim) end
function bot.reroll(view) maybe_loop(view) return {} end
function bot.claim(view) maybe_loop(view) return liar.lowest_above(view.claim) end
return bot
"#;
    let mut hostile = bot(code);
    for (round, kickers) in [true, false].into_iter().enumerate() {
        let rules = Rules {
            kickers,
            ..Rules::default()
        };
        let mut setup = kept_setup(rules, 5, 2);
        setup.penalty.disqualify_after = None;
        let (stats, events) = play_kept(&mut hostile, setup);
        assert_eq!(stats.games, 2);
        if round == 0 {
            assert_penalised_for(&stats, PenaltyReason::Budget);
        } else {
            assert_eq!(stats.penalty_total(0), 0, "{:?}", details(&events));
        }
    }
}

/// The metered `coroutine.resume`, `wrap` and `close` give Lua 5.4's own
/// results and messages (the texts below are what Lua's `lcorolib.c`
/// gives, as the engine gave them before it metered the three).
#[test]
fn metered_coroutine_functions_answer_as_lua_does() {
    let code = r#"
local r = {}
r[#r + 1] = select(2, pcall(coroutine.resume, 1))
r[#r + 1] = select(2, pcall(function() return coroutine.resume(1) end))
r[#r + 1] = select(2, pcall(function() return coroutine.close(coroutine.running()) end))
r[#r + 1] = select(2, pcall(coroutine.wrap(function() error("boom") end)))
r[#r + 1] = type(select(2, pcall(coroutine.wrap(function() error({}) end))))
local c = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
r[#r + 1] = table.concat({ tostring(select(2, coroutine.resume(c, 1))),
  tostring(select(2, coroutine.resume(c, 5))), tostring(coroutine.resume(c)),
  coroutine.status(c) }, ",")
r[#r + 1] = select(2, pcall(coroutine.wrap, 5))
local closed = coroutine.create(function() local x <close> = setmetatable({}, {
  __close = function() r[#r + 1] = "closed" end }) coroutine.yield() end)
coroutine.resume(closed)
local ok = coroutine.close(closed)
r[#r + 1] = tostring(ok) .. "," .. coroutine.status(closed)
error(table.concat(r, " | "), 0)
"#;
    let err = LuaBot::from_source("co.lua", code, &limits())
        .err()
        .expect("the bot reports its findings as a load error")
        .to_string();
    let expected = "bad argument #1 to 'coroutine.resume' (thread expected, got number) | \
                    co.lua:4: bad argument #1 to 'resume' (thread expected, got number) | \
                    co.lua:5: cannot close a running coroutine | co.lua:6: boom | table | \
                    2,10,false,dead | \
                    bad argument #1 to 'coroutine.wrap' (function expected, got number) | \
                    closed | true,dead";
    assert!(err.contains(expected), "{err}");
}

/// `pairs` visits string keys in the same order in every run and every
/// state (Lua's string hashes are seeded by a constant, see
/// `vendor/lua-src/lua-5.4.9/lliar.h`), so a bot that iterates a table of names plays
/// the same way from the same seed: here in two processes, and in two
/// states of this one.
#[test]
fn pairs_over_string_keys_visit_them_in_the_same_order_every_run() {
    const NAMES: &str = r#"
local t = {}
for i = 1, 40 do t["key" .. i] = i end
t[string.rep("long", 20)] = 0
local order = {}
for k in pairs(t) do order[#order + 1] = k:sub(1, 6) end
liar.log(table.concat(order, ","))
local bot = { api_version = 1 }
function bot.challenge(view) return true end
function bot.reroll(view) return {} end
function bot.claim(view) return liar.lowest_above(view.claim) end
return bot
"#;
    let dir = crate::support::temp_dir("pairs-order");
    let script = dir.join("names.lua");
    std::fs::write(&script, NAMES).unwrap();
    let order_in = |replay: &[u8]| -> String {
        let text = String::from_utf8_lossy(replay);
        text.lines()
            .find(|l| l.contains("\"log\"") && l.contains("key"))
            .unwrap_or_else(|| panic!("no log line: {text}"))
            .to_string()
    };
    let mut orders = Vec::new();
    for run in 0..2 {
        let replay = dir.join(format!("run{run}.jsonl"));
        crate::support::liar()
            .args(["simulate", "--bot"])
            .arg(&script)
            .args(["--bot", "native-honest", "--games", "1", "--seed", "4"])
            .arg("--replay")
            .arg(&replay)
            .assert()
            .success();
        orders.push(order_in(&std::fs::read(&replay).unwrap()));
    }
    for _ in 0..2 {
        let mut writer = ReplayWriter::new(Vec::new());
        let setup = MatchSetup::native(Rules::default(), 4, 1, &["honest", "honest"]);
        let hostile = bot_with(NAMES, BotLimits::default());
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(hostile),
            Box::new(NativePlayer::new(Policy::Honest)),
        ];
        let _ = play_match(&setup, &mut players, &mut writer);
        orders.push(order_in(&writer.finish().unwrap_or_default()));
    }
    assert!(orders.iter().all(|o| *o == orders[0]), "{orders:#?}");
}
