//! [`LuaBot`]: a seat played by a Lua script.

use super::api::{API_VERSION, Shared};
use super::bank::{self, Allowance, Bank};
use super::decision;
use super::failure::{self, Failure, Overrun};
use super::hook::{Interrupt, Meter};
use super::sandbox;
use super::view::{HostFns, ViewSync, event_table, kind_code};
use super::watchdog::CallClock;
use crate::engine::{
    MatchInfo, PenaltyReason, Player, PlayerError, PublicEvent, SeatInfo, SeatKind,
};
use crate::rules::{Decision, Ranking, Seat, SeatView};
use crate::setup::{BotLimits, BotParams};
use mlua::chunk::ChunkMode;
use mlua::{Function, Lua, LuaSerdeExt, Table, Value};
use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Why a bot could not be loaded. The message is meant for the bot's
/// author; its words, in English (the Display) and Russian
/// (`BotLoadError::text`), are in `crate::i18n`. What Lua itself says (a
/// syntax error, a runtime error) stays in its own words.
#[derive(Debug)]
pub enum BotLoadError {
    /// The file could not be read.
    Read {
        /// The path given.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The script failed while it ran its top-level code (a syntax error, a
    /// runtime error, or a limit overrun).
    Failed {
        /// The script's name.
        chunk: String,
        /// What kind of failure.
        reason: PenaltyReason,
        /// What happened, with `file:line` where Lua gives one (in
        /// English).
        detail: String,
        /// The limit overrun, when it was one (said in the run's language;
        /// boxed: errors stay small).
        overrun: Option<Box<Overrun>>,
    },
    /// The script did not return a table.
    NotATable {
        /// The script's name.
        chunk: String,
        /// What it returned.
        got: LuaValue,
    },
    /// `api_version` is missing or not one this engine speaks.
    ApiVersion {
        /// The script's name.
        chunk: String,
        /// The value found, if any.
        found: Option<LuaValue>,
    },
    /// A required function is missing.
    MissingFunction {
        /// The script's name.
        chunk: String,
        /// The missing function.
        name: &'static str,
    },
    /// A field has the wrong type or value.
    BadField {
        /// The script's name.
        chunk: String,
        /// The field.
        field: &'static str,
        /// What is wrong with it (boxed: errors stay small).
        problem: Box<FieldProblem>,
    },
    /// The sandbox could not be set up (out of memory, for example).
    Sandbox {
        /// The script's name.
        chunk: String,
        /// What went wrong (boxed: errors stay small).
        cause: Box<StartProblem>,
    },
    /// The code is longer than [`MAX_CODE_BYTES`].
    TooLarge {
        /// The script's name.
        chunk: String,
        /// Its length.
        bytes: usize,
    },
    /// The bot's own process refused it (process isolation): the message is
    /// the refusal as that process worded it, in English and Russian.
    InProcess {
        /// What kind of failure, when the bot's code failed.
        reason: Option<PenaltyReason>,
        /// The whole message.
        message: String,
        /// The whole message in Russian.
        russian: String,
    },
}

/// A Lua value as a message shows it: scalars with their value, other
/// types by Lua's name for them (`table`, `function`).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum LuaValue {
    /// `nil`.
    Nil,
    /// A boolean.
    Boolean(bool),
    /// An integer.
    Integer(i64),
    /// A float, as Rust writes it.
    Number(f64),
    /// A string, quoted and cut.
    String(String),
    /// Any other type, by Lua's name.
    Other(&'static str),
}

/// What is wrong with a field of a bot's table.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum FieldProblem {
    /// A required function that is something else.
    NotAFunction {
        /// What it is (Lua's words for the value).
        found: LuaValue,
    },
    /// `observe`, given but not a function.
    NotAFunctionOrAbsent {
        /// What it is.
        found: LuaValue,
    },
    /// `name` that is not UTF-8.
    NotUtf8,
    /// `name` that is empty, too long or not printable.
    BadName {
        /// The longest allowed, in characters.
        max: usize,
        /// The name, quoted and cut.
        got: String,
    },
    /// `name` that is not a string.
    NotAString {
        /// What it is.
        found: LuaValue,
    },
}

/// Why a bot's sandbox or process could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StartProblem {
    /// Lua refused (out of memory, for example): its words.
    Lua(String),
    /// The running program's path is unknown: the system's words.
    NoProgram(String),
    /// The bot's process could not be started.
    NoProcess {
        /// The program run.
        program: String,
        /// The system's words.
        error: String,
    },
}

impl std::error::Error for BotLoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BotLoadError::Read { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Figures about a bot's calls, for `liar check-bot` and reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BotStats {
    /// Decisions asked of the bot.
    pub decisions: u64,
    /// Calls of its `observe`.
    pub observed: u64,
    /// The slowest call (wall clock).
    pub slowest: Duration,
    /// Which function that was (`challenge`, `reroll`, `claim`, `observe`).
    pub slowest_call: &'static str,
    /// The most instructions one call used.
    pub most_instructions: u64,
    /// The fewest instructions the match bank held after a call (`None`
    /// before the first call of a match).
    pub lowest_bank: Option<u64>,
    /// The first calls the clock stopped or found late, as this run
    /// measured them (which call, how long it took, where it was): what
    /// the replay leaves out, since it differs from run to run. At most
    /// [`BotStats::TIMEOUTS_KEPT`].
    pub timeouts: Vec<String>,
    /// The largest memory the bot's state held after a call, in bytes.
    pub memory_peak: u64,
}

impl BotStats {
    /// How many measured timeouts [`BotStats::timeouts`] keeps.
    pub const TIMEOUTS_KEPT: usize = 5;

    /// Keeps a measured timeout, if there is room.
    fn note_timeout(&mut self, text: String) {
        if self.timeouts.len() < Self::TIMEOUTS_KEPT {
            self.timeouts.push(text);
        }
    }

    /// Adds the figures of `other` (another process of the same bot).
    pub fn merge(&mut self, other: &BotStats) {
        self.decisions = self.decisions.saturating_add(other.decisions);
        self.observed = self.observed.saturating_add(other.observed);
        if other.slowest > self.slowest {
            self.slowest = other.slowest;
            self.slowest_call = other.slowest_call;
        }
        self.most_instructions = self.most_instructions.max(other.most_instructions);
        self.memory_peak = self.memory_peak.max(other.memory_peak);
        self.lowest_bank = match (self.lowest_bank, other.lowest_bank) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        for t in &other.timeouts {
            self.note_timeout(t.clone());
        }
    }

    fn record(&mut self, call: &'static str, took: Duration, instructions: u64, memory: u64) {
        if took > self.slowest {
            self.slowest = took;
            self.slowest_call = call;
        }
        self.most_instructions = self.most_instructions.max(instructions);
        self.memory_peak = self.memory_peak.max(memory);
    }
}

/// A script, kept to rebuild the state for each new match.
struct Script {
    /// How messages name it (a path, or `bots/<name>.lua` for bundled bots).
    chunk: String,
    code: Vec<u8>,
    /// What the table file gave the bot as `liar.params`.
    params: BotParams,
    /// The main chunk compiled at the first load (with its debug information,
    /// so messages keep their line numbers).
    bytecode: OnceLock<Vec<u8>>,
}

/// How far the bytes of a cleared state may stray from the first match's
/// before it is built anew. The main thread's stack and call frames are
/// trimmed at every clear (`trim.rs`); what may still stray a little is the
/// reserve of mlua's own stack of values held by Rust. Lua's string table,
/// the largest thing a match can leave grown, grows by at least 8 KiB at a
/// time.
const CLEAN_SLACK: usize = 2 << 10;

/// One loaded state of a bot.
struct State {
    shared: Arc<Shared>,
    host: HostFns,
    /// Installs a ranking's tables in the `liar` helpers.
    set_ranking: Function,
    observe: Option<Function>,
    /// "challenge (bot.lua:12)" and so on, by `kind_code - 1`.
    labels: [String; 3],
    name: Option<String>,
    /// Dropped last: the values above belong to it.
    lua: Lua,
}

impl Drop for State {
    fn drop(&mut self) {
        // The meter outlives the state (the thread keeps it as its current
        // meter until the next call starts): it must not reach into the
        // closed state when other Lua code on this thread reports work.
        self.shared.meter.detach();
    }
}

/// What a loaded bot's table provides.
struct BotParts {
    observe: Option<Function>,
    labels: [String; 3],
    name: Option<String>,
}

impl State {
    /// A new state with the bot loaded in it.
    fn build(
        script: &Script,
        limits: &BotLimits,
        clock: Option<&CallClock>,
    ) -> Result<State, BotLoadError> {
        let shared = Shared::new(limits);
        if let Some(clock) = clock {
            clock.listen(&shared.meter);
        }
        let sandbox::Sandbox {
            host,
            set_ranking,
            lua,
        } = sandbox::new_state(limits, &script.params, &shared)
            .map_err(|e| sandbox_error(script, &e))?;
        let host = HostFns::from_table(&host).map_err(|e| sandbox_error(script, &e))?;
        let mut state = State {
            shared,
            host,
            set_ranking,
            observe: None,
            labels: Default::default(),
            name: None,
            lua,
        };
        // Even the first run of the bot's code gets fresh globals, so that
        // every run starts alike.
        state.clear(script, limits)?;
        state.load(script, limits)?;
        Ok(state)
    }

    /// Forgets the last match: new globals with new copies of every table
    /// reachable from them (what the bot did to the old ones is garbage),
    /// and a full collection. Returns the bytes the state then holds, which
    /// are the same after every match unless something of a match outlived
    /// it (Lua's string table, for one, stays as large as a match made it).
    fn clear(&mut self, script: &Script, limits: &BotLimits) -> Result<usize, BotLoadError> {
        // The old match's functions keep its globals alive.
        self.observe = None;
        self.shared
            .meter
            .start_at(limits.instructions, limits.wall(), Instant::now());
        let env: Table = self
            .host
            .fresh_env
            .call(())
            .map_err(|e| sandbox_error(script, &e))?;
        self.lua
            .set_globals(env)
            .map_err(|e| sandbox_error(script, &e))?;
        // Nothing reaches the old match's values now: collect them, so that
        // the new match's memory (its limit, `collectgarbage("count")`)
        // holds none of them; and the stack's reserve for deep calls set
        // back to what the first match found.
        self.lua
            .gc_collect()
            .map_err(|e| sandbox_error(script, &e))?;
        super::trim::trim_main_thread(&self.lua).map_err(|e| sandbox_error(script, &e))?;
        self.shared.reset_log();
        Ok(self.lua.used_memory())
    }

    /// Runs the bot's code in the globals [`State::clear`] made. As good as
    /// a new state for the bot, at a tenth of the cost.
    fn load(&mut self, script: &Script, limits: &BotLimits) -> Result<(), BotLoadError> {
        let started = Instant::now();
        let parts = load_bot(&self.lua, &self.host, &self.shared, script, limits)?;
        // The bot's code may also return after its limit.
        if let Some(overrun) = late_load(&self.shared.meter, started.elapsed(), limits.wall()) {
            let (reason, detail) = overrun.failure();
            return Err(BotLoadError::Failed {
                chunk: script.chunk.clone(),
                reason,
                detail,
                overrun: Some(Box::new(overrun)),
            });
        }
        self.observe = parts.observe;
        self.labels = parts.labels;
        self.name = parts.name;
        Ok(())
    }
}

impl LuaBot {
    /// Starts the bot afresh for a match whose seat's seed is `seed`.
    ///
    /// Every match must find the state as the first match found it: the
    /// bot's code run once (when it was loaded), then cleared. A cleared
    /// state that holds more or fewer bytes than it did before the first
    /// match (by more than [`CLEAN_SLACK`]) keeps something of an earlier
    /// one that Lua never shrinks back (its string table, mlua's stack of
    /// values held by Rust), which the bot could measure
    /// (`collectgarbage("count")`): then the state is thrown away and built
    /// again, exactly as the first was.
    fn restart(&mut self, seed: u64) -> Result<(), Failure> {
        let failed = |e: BotLoadError| (reload_reason(&e), e.to_string());
        let clean = self
            .state
            .clear(&self.script, &self.limits)
            .map_err(failed)?;
        let reference = *self.clean_bytes.get_or_insert(clean);
        if clean.abs_diff(reference) > CLEAN_SLACK {
            let mut fresh =
                State::build(&self.script, &self.limits, self.clock.as_deref()).map_err(failed)?;
            fresh.clear(&self.script, &self.limits).map_err(failed)?;
            self.state = fresh;
        }
        self.install_ranking()?;
        // The bot's top-level code draws from the match's own stream, not
        // from where the previous match left the seat's stream.
        self.state.shared.begin_game(seed);
        self.state.load(&self.script, &self.limits).map_err(failed)
    }

    /// Installs the match's ranking in the `liar` helpers, if it changed.
    fn install_ranking(&self) -> Result<(), Failure> {
        let st = &self.state;
        if st.shared.ranking() == self.ranking {
            return Ok(());
        }
        super::api::set_ranking(&st.set_ranking, self.ranking)
            .map_err(|e| (PenaltyReason::Error, failure::message(&e)))?;
        st.shared.set_ranking(self.ranking);
        Ok(())
    }
}

/// The penalty reason of a failed reload.
fn reload_reason(e: &BotLoadError) -> PenaltyReason {
    match e {
        BotLoadError::Failed { reason, .. } => *reason,
        _ => PenaltyReason::Error,
    }
}

fn sandbox_error(script: &Script, e: &mlua::Error) -> BotLoadError {
    BotLoadError::Sandbox {
        chunk: script.chunk.clone(),
        cause: Box::new(StartProblem::Lua(failure::message(e))),
    }
}

/// Runs the bot's code in the state's current globals and checks the table
/// it returns.
fn load_bot(
    lua: &Lua,
    host: &HostFns,
    shared: &Shared,
    script: &Script,
    limits: &BotLimits,
) -> Result<BotParts, BotLoadError> {
    let chunk = &script.chunk;
    let sandbox = |e: mlua::Error| sandbox_error(script, &e);
    let meter = &shared.meter;
    let failed = |cause: Result<Overrun, Failure>| {
        let (reason, detail, overrun) = match cause {
            Ok(overrun) => {
                let (reason, detail) = overrun.failure();
                (reason, detail, Some(Box::new(overrun)))
            }
            Err((reason, detail)) => (reason, detail, None),
        };
        BotLoadError::Failed {
            chunk: chunk.clone(),
            reason,
            detail,
            overrun,
        }
    };
    // A call's budget and processor time; the wall clock only far later.
    meter.start_load_at(limits.instructions, limits.wall(), Instant::now());
    // The first load parses the text; later loads (one per match) use the
    // bytecode compiled then, which is faster. Bytecode is never taken from
    // a bot: only what this engine compiled from its text.
    let main = match script.bytecode.get() {
        Some(bytes) => lua.load(&bytes[..]).set_mode(ChunkMode::Binary),
        None => lua.load(&script.code[..]).set_mode(ChunkMode::Text),
    }
    .set_name(format!("@{chunk}"))
    .into_function()
    .map_err(|e| failed(failure::cause(&e, meter, limits)))?;
    if script.bytecode.get().is_none() {
        // Dumping only fails if the state has no room left for one stack
        // slot; then the next match simply parses the text again.
        let dumped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| main.dump(false)));
        if let Ok(bytes) = dumped {
            let _ = script.bytecode.set(bytes);
        }
    }
    let returned = main
        .call::<Value>(())
        .map_err(|e| failed(failure::cause(&e, meter, limits)))?;
    if let Some(kind) = meter.tripped() {
        return Err(failed(Ok(failure::overrun(kind, meter, limits))));
    }
    let Value::Table(bot) = returned else {
        return Err(BotLoadError::NotATable {
            chunk: chunk.clone(),
            got: shown_type(&returned),
        });
    };
    check_api_version(&bot, chunk)?;
    let function = |name: &'static str| -> Result<Function, BotLoadError> {
        match bot.raw_get::<Value>(name) {
            Ok(Value::Function(f)) => Ok(f),
            Ok(Value::Nil) => Err(BotLoadError::MissingFunction {
                chunk: chunk.clone(),
                name,
            }),
            Ok(other) => Err(BotLoadError::BadField {
                chunk: chunk.clone(),
                field: name,
                problem: Box::new(FieldProblem::NotAFunction {
                    found: shown_type(&other),
                }),
            }),
            Err(e) => Err(sandbox(e)),
        }
    };
    let challenge = function("challenge")?;
    let reroll = function("reroll")?;
    let claim = function("claim")?;
    let observe = match bot.raw_get::<Value>("observe").map_err(sandbox)? {
        Value::Nil => None,
        Value::Function(f) => Some(f),
        other => {
            return Err(BotLoadError::BadField {
                chunk: chunk.clone(),
                field: "observe",
                problem: Box::new(FieldProblem::NotAFunctionOrAbsent {
                    found: shown_type(&other),
                }),
            });
        }
    };
    let name = read_name(&bot, chunk)?;
    let label = |n: &str, f: &Function| {
        let info = f.info();
        match (info.short_src, info.line_defined) {
            (Some(src), Some(line)) => format!("{n} ({src}:{line})"),
            _ => n.to_string(),
        }
    };
    let labels = [
        label("challenge", &challenge),
        label("reroll", &reroll),
        label("claim", &claim),
    ];
    host.set_bot
        .call::<()>((challenge, reroll, claim))
        .map_err(sandbox)?;
    Ok(BotParts {
        observe,
        labels,
        name,
    })
}

fn shown_type(v: &Value) -> LuaValue {
    match v {
        Value::Nil => LuaValue::Nil,
        Value::Boolean(b) => LuaValue::Boolean(*b),
        Value::Integer(i) => LuaValue::Integer(*i),
        Value::Number(x) => LuaValue::Number(*x),
        Value::String(s) => LuaValue::String(format!(
            "{:?}",
            crate::text::cut_bytes(&s.to_string_lossy(), 40)
        )),
        other => LuaValue::Other(other.type_name()),
    }
}

fn check_api_version(bot: &Table, chunk: &str) -> Result<(), BotLoadError> {
    let v: Value = bot.raw_get("api_version").unwrap_or(Value::Nil);
    let ok = match v {
        Value::Integer(n) => n == API_VERSION,
        Value::Number(x) => x == API_VERSION as f64,
        _ => false,
    };
    if ok {
        return Ok(());
    }
    Err(BotLoadError::ApiVersion {
        chunk: chunk.to_string(),
        found: (!v.is_nil()).then(|| shown_type(&v)),
    })
}

/// The longest name a bot may give itself.
const MAX_NAME: usize = 40;

fn read_name(bot: &Table, chunk: &str) -> Result<Option<String>, BotLoadError> {
    let bad = |problem: FieldProblem| BotLoadError::BadField {
        chunk: chunk.to_string(),
        field: "name",
        problem: Box::new(problem),
    };
    match bot.raw_get::<Value>("name").unwrap_or(Value::Nil) {
        Value::Nil => Ok(None),
        Value::String(s) => {
            let text = s.to_str().map_err(|_| bad(FieldProblem::NotUtf8))?;
            let name = text.trim();
            if name.is_empty()
                || name.chars().count() > MAX_NAME
                || name.chars().any(char::is_control)
            {
                return Err(bad(FieldProblem::BadName {
                    max: MAX_NAME,
                    got: format!("{:?}", crate::text::cut_bytes(&text, 60)),
                }));
            }
            Ok(Some(name.to_string()))
        }
        other => Err(bad(FieldProblem::NotAString {
            found: shown_type(&other),
        })),
    }
}

/// A stable hash of a bot's code (the first 64 bits of SHA-256, in hex), recorded with its
/// results so they say which code played.
///
/// ```
/// assert_eq!(liar::lua::code_hash(b"return {}"), liar::lua::code_hash(b"return {}"));
/// assert_eq!(liar::lua::code_hash(b""), "e3b0c44298fc1c14"); // SHA-256 of nothing
/// ```
pub fn code_hash(code: &[u8]) -> String {
    // The first 64 bits of SHA-256: enough to tell versions of a bot apart,
    // short enough for a results table.
    let mut hex = crate::engine::sha256_hex(code);
    hex.truncate(16);
    hex
}

/// A seat played by a Lua script, in its own sandboxed Lua state.
///
/// The state lives for a whole match, so a bot may learn about its
/// opponents from game to game; each new match starts from a freshly loaded
/// state. Every call is limited by [`BotLimits`]; whatever goes wrong
/// becomes a [`PlayerError::Failed`] with a penalty reason (`error`,
/// `illegal`, `budget`, `timeout`, `memory`) and a message with the
/// `file:line` of the problem, and the game plays on.
///
/// ```
/// use liar::engine::{MatchSetup, NoObserver, Player, native_players, play_match};
/// use liar::lua::{BotLimits, LuaBot};
/// use liar::rules::Rules;
///
/// let bot = LuaBot::bundled("honest", &BotLimits::default()).unwrap();
/// let setup = MatchSetup::native(Rules::default(), 7, 5, &["random", "random", "random"]);
/// let mut players: Vec<Box<dyn Player>> = vec![Box::new(bot)];
/// for p in native_players(&setup).unwrap().into_iter().skip(1) {
///     players.push(Box::new(p));
/// }
/// let stats = play_match(&setup, &mut players, &mut NoObserver).unwrap();
/// assert_eq!(stats.games, 5);
/// assert_eq!(stats.penalty_total(0), 0);
/// ```
pub struct LuaBot {
    script: Arc<Script>,
    limits: BotLimits,
    hash: String,
    seat: Seat,
    ranking: Ranking,
    /// A failure that makes every decision fail (the state could not be rebuilt).
    broken: Option<Failure>,
    /// A failure of `observe` or of match set-up, reported at the next decision.
    pending: Option<Failure>,
    /// What the bot has left to spend in the match.
    bank: Bank,
    sync: ViewSync,
    stats: BotStats,
    /// The watchdog's view of the running call (thread isolation only).
    clock: Option<Arc<CallClock>>,
    /// The bytes a cleared state held before the first match (see
    /// [`LuaBot::restart`]).
    clean_bytes: Option<usize>,
    state: State,
}

impl LuaBot {
    /// Loads the bot in the file at `path`.
    pub fn load(path: impl AsRef<Path>, limits: &BotLimits) -> Result<LuaBot, BotLoadError> {
        let (chunk, code) = read_script(path.as_ref())?;
        LuaBot::from_source(&chunk, code, limits)
    }

    /// Loads a bot from its code; `chunk` names it in messages (`file:line`).
    ///
    /// ```
    /// use liar::lua::{BotLimits, LuaBot};
    /// let err = LuaBot::from_source("x.lua", "return { api_version = 2 }", &BotLimits::default())
    ///     .err()
    ///     .unwrap();
    /// assert!(err.to_string().contains("api_version = 2"));
    /// ```
    pub fn from_source(
        chunk: &str,
        code: impl Into<Vec<u8>>,
        limits: &BotLimits,
    ) -> Result<LuaBot, BotLoadError> {
        LuaBot::with_params(chunk, code, &BotParams::default(), limits)
    }

    /// [`LuaBot::from_source`], with `params` as the bot's `liar.params`.
    ///
    /// ```
    /// use liar::lua::{BotLimits, LuaBot};
    /// use liar::setup::{BotParams, ParamValue};
    /// let mut params = BotParams::default();
    /// params.insert("bold", ParamValue::Bool(true)).unwrap();
    /// let code = r#"assert(liar.params.bold == true)
    ///     local function pass() end
    ///     return { api_version = 1, challenge = pass, reroll = pass, claim = pass }"#;
    /// let bot = LuaBot::with_params("x.lua", code, &params, &BotLimits::default()).unwrap();
    /// assert_eq!(bot.seat_info(0).params, params);
    /// ```
    pub fn with_params(
        chunk: &str,
        code: impl Into<Vec<u8>>,
        params: &BotParams,
        limits: &BotLimits,
    ) -> Result<LuaBot, BotLoadError> {
        LuaBot::load_watched(chunk, code.into(), params, limits, None)
    }

    /// [`LuaBot::from_source`], with the watchdog ending the program if the
    /// load or any later call of the bot is ever stuck far past its limit
    /// (for bots played in the engine's own process, where such a call
    /// cannot be stopped otherwise).
    pub fn watched(
        chunk: &str,
        code: impl Into<Vec<u8>>,
        params: &BotParams,
        limits: &BotLimits,
    ) -> Result<LuaBot, BotLoadError> {
        let clock = CallClock::watched(chunk.to_string(), limits.wall());
        LuaBot::load_watched(chunk, code.into(), params, limits, Some(clock))
    }

    fn load_watched(
        chunk: &str,
        code: Vec<u8>,
        params: &BotParams,
        limits: &BotLimits,
        clock: Option<Arc<CallClock>>,
    ) -> Result<LuaBot, BotLoadError> {
        check_size(chunk, &code)?;
        let script = Arc::new(Script {
            chunk: chunk.to_string(),
            code,
            params: params.clone(),
            bytecode: OnceLock::new(),
        });
        let state = {
            let _call = CallClock::call(clock.as_deref());
            State::build(&script, limits, clock.as_deref())?
        };
        Ok(LuaBot {
            hash: code_hash(&script.code),
            script,
            limits: *limits,
            seat: 0,
            ranking: Ranking::default(),
            broken: None,
            pending: None,
            bank: Bank::full(limits),
            sync: ViewSync::default(),
            stats: BotStats::default(),
            clock,
            clean_bytes: None,
            state,
        })
    }

    /// Loads one of the bots bundled with the engine (see
    /// [`super::BUNDLED_BOTS`]).
    pub fn bundled(name: &str, limits: &BotLimits) -> Result<LuaBot, BotLoadError> {
        let bot = super::bundled::bundled_bot(name)?;
        LuaBot::from_source(bot.file, bot.source, limits)
    }

    /// The name the bot gives itself (its `name` field), if any.
    pub fn name(&self) -> Option<&str> {
        self.state.name.as_deref()
    }

    /// The script's name as messages show it (its path).
    pub fn chunk(&self) -> &str {
        &self.script.chunk
    }

    /// The hash of the bot's code ([`code_hash`]).
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The limits the bot runs under.
    pub fn limits(&self) -> &BotLimits {
        &self.limits
    }

    /// The parameters the bot reads as `liar.params`.
    pub fn params(&self) -> &BotParams {
        &self.script.params
    }

    /// Figures about the bot's calls so far.
    pub fn stats(&self) -> &BotStats {
        &self.stats
    }

    /// Bytes the bot's Lua state holds now.
    pub fn memory_used(&self) -> u64 {
        self.state.lua.used_memory() as u64
    }

    /// How the replay's `match` line describes this bot at `seat`.
    pub fn seat_info(&self, seat: Seat) -> SeatInfo {
        seat_info(
            seat,
            &self.script.chunk,
            self.name(),
            &self.hash,
            &self.script.params,
        )
    }

    /// Starts a call that may spend `allowance`: a fresh budget and
    /// deadline, and the watchdog's clock.
    fn start(&self, allowance: &Allowance) -> Instant {
        let now = Instant::now();
        self.state
            .shared
            .meter
            .start_at(allowance.instructions, allowance.time, now);
        if let Some(clock) = &self.clock {
            clock.begin(now);
        }
        now
    }

    /// Records the figures of a call of the match bank (see
    /// [`Bank::open`]) and takes what it used out of the bank. A call that
    /// returned after its time limit fails even so; one that ran the bank
    /// dry fails with that (and the bank says so).
    fn finish(
        &mut self,
        call: &'static str,
        started: Instant,
        allowance: &Allowance,
    ) -> Result<(), Failure> {
        if let Some(clock) = &self.clock {
            clock.end();
        }
        let took = started.elapsed();
        let meter = &self.state.shared.meter;
        let used = i64::try_from(allowance.instructions)
            .unwrap_or(i64::MAX)
            .saturating_sub(meter.remaining())
            .max(0) as u64;
        // A single huge charge (a C function asked to do 2^62 steps) stops
        // the call at once; it did not do that work.
        let used = used.min(
            allowance
                .instructions
                .saturating_add(u64::from(BotLimits::HOOK_STEP)),
        );
        let memory = self.state.lua.used_memory() as u64;
        self.stats.record(call, took, used, memory);
        let late = late_overrun(meter, took, allowance.time);
        let tripped = meter.tripped();
        let stopped = tripped.or(late.as_ref().map(|_| Interrupt::Timeout));
        // What the clock found, as measured (the replay keeps only which
        // limit): stopped where it was, or returned late.
        let measured = match (tripped, &late) {
            (Some(Interrupt::Timeout), _) => Some(Overrun::Timeout {
                ms: u64::try_from(allowance.time.as_millis()).unwrap_or(u64::MAX),
                at: meter.location(),
            }),
            (_, Some(late)) => Some(late.clone()),
            _ => None,
        };
        if let Some(overrun) = measured {
            let text = overrun.text(crate::i18n::Lang::En);
            self.stats
                .note_timeout(format!("{call}: {text}, after {} ms", took.as_millis()));
        }
        let dry = self
            .bank
            .close(allowance, used, meter.call_time(took), stopped);
        let held = u64::try_from(self.bank.instructions).unwrap_or(0);
        self.stats.lowest_bank = Some(self.stats.lowest_bank.map_or(held, |l| l.min(held)));
        if let Some(kind) = dry {
            let at = meter.location().filter(|_| kind == Interrupt::Budget);
            return Err(bank::dry(kind, &self.limits, at));
        }
        late.map_or(Ok(()), |o| Err(o.failure()))
    }

    /// A failure to report (see [`Bank::verdict`]).
    fn failed(&self, failure: Failure) -> PlayerError {
        self.bank.verdict(failure)
    }

    /// What the bot has left in its match bank.
    pub(crate) fn bank(&self) -> Bank {
        self.bank
    }

    /// Goes on with `bank` (the match of a bot whose process was restarted).
    pub(crate) fn resume_bank(&mut self, bank: Bank) {
        self.bank = bank;
    }

    fn set_match(&mut self, info: &MatchInfo<'_>) -> Result<(), Failure> {
        let started = self.start(&Allowance::per_call(&self.limits));
        let st = &self.state;
        let result = (|| {
            let rules = st.lua.to_value(info.rules)?;
            let names = st
                .lua
                .create_sequence_from(info.seats.iter().map(|s| s.name.clone()))?;
            st.host
                .set_match
                .call::<()>((info.seat + 1, info.seats.len(), rules, names))
        })();
        let result = result.map_err(|e| failure::from_error(&e, &st.shared.meter, &self.limits));
        if let Some(clock) = &self.clock {
            clock.end();
        }
        result.and_then(|()| late(&st.shared.meter, started.elapsed(), &self.limits))
    }
}

/// The calls [`BotStats::slowest_call`] may name: the decisions, by
/// `kind_code - 1`, then `observe`.
pub(crate) const CALLS: [&str; 4] = ["challenge", "reroll", "claim", "observe"];

/// The largest bot file accepted. Compiling Lua takes more than linear time
/// on some texts (long chains of `or`, many nested scopes), and a bot is
/// compiled before any limit can stop it; the largest bundled bot is
/// 40 KiB.
pub const MAX_CODE_BYTES: usize = 256 << 10;

/// Reads a bot's file: the name messages give it (its path), and its code.
pub(crate) fn read_script(path: &Path) -> Result<(String, Vec<u8>), BotLoadError> {
    let chunk = path.display().to_string();
    match std::fs::read(path) {
        Ok(code) => Ok((chunk, code)),
        Err(source) => Err(BotLoadError::Read {
            path: chunk,
            source,
        }),
    }
}

/// Refuses code over [`MAX_CODE_BYTES`].
pub(crate) fn check_size(chunk: &str, code: &[u8]) -> Result<(), BotLoadError> {
    if code.len() <= MAX_CODE_BYTES {
        return Ok(());
    }
    Err(BotLoadError::TooLarge {
        chunk: chunk.to_string(),
        bytes: code.len(),
    })
}

/// How the replay's `match` line describes a bot at `seat`: named by its
/// `name` field, or else after its file.
pub(crate) fn seat_info(
    seat: Seat,
    chunk: &str,
    name: Option<&str>,
    hash: &str,
    params: &BotParams,
) -> SeatInfo {
    let name = match name {
        Some(n) => n.to_string(),
        None => Path::new(chunk)
            .file_stem()
            .map_or_else(|| chunk.to_string(), |s| s.to_string_lossy().into_owned()),
    };
    SeatInfo {
        seat,
        name,
        kind: SeatKind::Bot,
        script: Some(chunk.to_string()),
        native: None,
        hash: Some(hash.to_string()),
        params: params.clone(),
    }
}

/// The failure of a call that returned after its time limit.
fn late(meter: &Meter, took: Duration, limits: &BotLimits) -> Result<(), Failure> {
    match late_overrun(meter, took, limits.wall()) {
        Some(overrun) => Err(overrun.failure()),
        None => Ok(()),
    }
}

/// The overrun of a call that returned after its time limit `limit` (by
/// the measure of [`Meter::overran`]: processor time, within a wall-clock
/// bound), if it did; `took` is its wall-clock time.
fn late_overrun(meter: &Meter, took: Duration, limit: Duration) -> Option<Overrun> {
    meter
        .overran(took, limit, crate::lua::hook::hard_limit(limit))
        .then_some(late_by(took, limit))
}

/// [`late_overrun`] for a load, whose wall-clock safety net is
/// [`BotLimits::LOAD_WALL_CLOCK`].
fn late_load(meter: &Meter, took: Duration, limit: Duration) -> Option<Overrun> {
    meter
        .overran(took, limit, crate::lua::hook::load_hard_limit(limit))
        .then_some(late_by(took, limit))
}

fn late_by(took: Duration, limit: Duration) -> Overrun {
    Overrun::Late {
        took_ms: took.as_millis(),
        ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
    }
}

impl Player for LuaBot {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.ranking = info.rules.ranking();
        // Every match starts from a fresh run of the bot's code, with the
        // match's ranking installed, so no match depends on another.
        let clock = self.clock.clone();
        let call = CallClock::call(clock.as_deref());
        let restarted = self.restart(info.seed);
        drop(call);
        self.broken = restarted
            .err()
            .map(|(reason, e)| (reason, format!("the bot could not be restarted: {e}")));
        self.pending = None;
        self.bank = Bank::full(&self.limits);
        self.sync.reset();
        self.seat = info.seat;
        if let Err(f) = self.set_match(info) {
            self.pending = Some(f);
        }
    }

    fn begin_game(&mut self, _game: u32, seed: u64) {
        self.state.shared.begin_game(seed);
    }

    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let fail = |(reason, detail): Failure| PlayerError::failed(reason, detail);
        if let Some(f) = &self.broken {
            return Err(fail(f.clone()));
        }
        if let Some(f) = self.pending.take() {
            return Err(self.failed(f));
        }
        if self.bank.dry {
            // (The engine asks no more once the seat is out.)
            return Err(self.failed(bank::dry(Interrupt::Budget, &self.limits, None)));
        }
        let Some(kind) = view.decision else {
            return Err(PlayerError::failed(
                PenaltyReason::Illegal,
                "asked for a decision while none is owed",
            ));
        };
        let code = usize::from(kind_code(kind)) - 1;
        self.stats.decisions += 1;
        let allowance = self.bank.open(&self.limits);
        let started = self.start(&allowance);
        let held = u64::try_from(self.bank.instructions).unwrap_or(0);
        let result = self.sync.call(&self.state.host, view, kind, held);
        let in_time = self.finish(CALLS[code], started, &allowance);
        if self.bank.dry {
            return Err(self.failed(
                in_time
                    .err()
                    .unwrap_or_else(|| bank::dry(Interrupt::Budget, &self.limits, None)),
            ));
        }
        let meter = &self.state.shared.meter;
        let (value, fast) =
            result.map_err(|e| fail(failure::from_error(&e, meter, &self.limits)))?;
        if let Some(k) = meter.tripped() {
            return Err(fail(failure::interrupted(k, meter, &self.limits)));
        }
        in_time.map_err(fail)?;
        decision::read(
            kind,
            &value,
            fast,
            view,
            self.ranking,
            &self.state.labels[code],
        )
        .map_err(|detail| PlayerError::failed(PenaltyReason::Illegal, detail))
    }

    fn wants_events(&self) -> bool {
        self.state.observe.is_some()
    }

    fn observe(&mut self, event: &PublicEvent) {
        if self.broken.is_some() || self.pending.is_some() || self.bank.dry {
            return;
        }
        let Some(observe) = self.state.observe.clone() else {
            return;
        };
        self.stats.observed += 1;
        let allowance = self.bank.open(&self.limits);
        let started = self.start(&allowance);
        let st = &self.state;
        let result = event_table(&st.lua, event, self.ranking).and_then(|t| observe.call::<()>(t));
        let meter = &st.shared.meter;
        let failed = match result {
            Err(e) => Some(failure::from_error(&e, meter, &self.limits)),
            Ok(()) => meter
                .tripped()
                .map(|k| failure::interrupted(k, meter, &self.limits)),
        };
        let in_time = self.finish(CALLS[3], started, &allowance);
        let failed = if self.bank.dry {
            in_time.err()
        } else {
            failed.or(in_time.err())
        };
        if let Some((reason, detail)) = failed {
            self.pending = Some((reason, format!("in observe: {detail}")));
        }
    }

    fn end_match(&mut self) -> Option<PlayerError> {
        // A broken bot was penalised at every decision already.
        self.pending.take().map(|f| self.failed(f))
    }

    fn take_logs(&mut self, out: &mut Vec<String>) {
        self.state.shared.take_logs(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send<T: Send>() {}

    #[test]
    fn bots_can_move_to_worker_threads() {
        assert_send::<LuaBot>();
    }

    #[test]
    fn hash_is_the_start_of_sha256() {
        assert_eq!(code_hash(b""), "e3b0c44298fc1c14");
        assert_eq!(code_hash(b"abc"), "ba7816bf8f01cfea");
    }
}
